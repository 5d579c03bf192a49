import AsyncWaitElements
import Foundation

/// A query evaluated where the page lives (``QueryPlan``): a probe asks the
/// page for the few elements a query's identifiers and names could find,
/// and Chromium for the accessibility nodes of those alone, instead of a
/// snapshot of the whole page, so that it costs what the query matches, not
/// the page's size.
///
/// It answers the queries tests write most: searches below the page or
/// below an element by test id or `id` (`page.buttons["add-item"]`,
/// `.matching(identifier:)`) or by an accessible name given whole
/// (`page.buttons["Save"]`, `.matching(named: "Save")`, a label's
/// `descendants(labelled: "Email")`), or by a text,
/// whole or loose (`descendants(withText:)`, `.containing(text:)`), or by
/// a CSS selector (`locator(css:)`), through open shadow roots, of any
/// element type, each followed by a choice of one match or none. One script call
/// finds the candidates (``find``); roles and names are Chromium's own,
/// read from its accessibility tree (`Accessibility.getPartialAXTree`), so
/// a match is what a snapshot would find, in the page's order. It declines
/// (and the query walks a snapshot, as before) a children search, a filter
/// other than those, a page with a frame its script cannot reach (from
/// another origin on the same site, in the page's process) or closed
/// shadow roots, an element that holds a frame when its nodes are read, a
/// loose text shown in a frame, and a search by
/// name that more than ``mostCandidates`` elements could match, unless
/// Chromium's own search of the page by name (`Accessibility.queryAXTree`)
/// can answer it.
enum PageQuery {
  /// What a search asks for, from the plan.
  struct Search {
    /// The element type; ``ElementType/any`` for all.
    var type: ElementType
    /// A test id or `id` the matches have, if the search names one.
    var identifier: String?
    /// Whether a match may have the key as its name instead of its
    /// identifier (a subscript).
    var orName: Bool
    /// An accessible name the matches have whole, if the search names one.
    var name: String?
    /// Whether the name must come from a label (`<label>`,
    /// `aria-labelledby` or `aria-label`): `descendants(labelled:)`.
    var isNameFromLabel = false
    /// A text the matches show, if the search is by text: their text
    /// content matches it (`.containing(text:)`), and, when `isInnermost`,
    /// none of their element children's does (`matching(text:)`).
    var text: TextMatch.Pattern? = nil
    /// Whether a search by text keeps only the innermost elements.
    var isInnermost = false
    /// The states the matches have, each a name and how it reads
    /// (``BrowserNode/state(_:)``): `getByRole`'s options.
    var states: [(name: String, value: String)] = []
    /// A CSS selector the matches are selected by (`locator(css:)`), run
    /// by the page below the scope.
    var css: String? = nil
  }

  /// One step of a plan this evaluator answers.
  enum Step {
    case search(Search)
    case select(index: Int, isImplicit: Bool)
    case selectLast

    /// Whether the step is a search.
    var isSearch: Bool {
      if case .search = self { true } else { false }
    }
  }

  /// The plan's steps as this evaluator runs them, or `nil` when it
  /// declines the plan.
  static func steps(of plan: QueryPlan) -> [Step]? {
    var steps: [Step] = []
    for step in plan.steps {
      switch step {
      case .search(let axis, let type, let filters):
        guard axis == .descendants else { return nil }
        var search = Search(type: type, identifier: nil, orName: false, name: nil)
        for filter in filters {
          let isFirst =
            search.identifier == nil && search.name == nil && search.text == nil && search.css == nil
          switch filter {
          case .text(let pattern) where isFirst:
            search.text = pattern
            search.isInnermost = true
          case .containingText(let pattern) where isFirst:
            search.text = pattern
          case .identifierOrLabel(let key) where isFirst:
            search.identifier = key
            search.orName = true
          case .identifier(let identifier) where isFirst:
            search.identifier = identifier
          case .named(let pattern)
          where !pattern.isSubstring && !pattern.ignoresCase && isFirst:
            search.name = pattern.text
          case .labelled(let pattern)
          where !pattern.isSubstring && !pattern.ignoresCase && isFirst:
            search.name = pattern.text
            search.isNameFromLabel = true
          case .state(let name, let value):
            search.states.append((name, value))
          case .selector(let selector) where isFirst:
            search.css = selector
          default:
            return nil
          }
        }
        guard search.identifier != nil || search.name != nil || search.text != nil || search.css != nil
        else { return nil }
        steps.append(.search(search))
      case .select(let index, let isImplicit):
        steps.append(.select(index: index, isImplicit: isImplicit))
      case .selectLast:
        steps.append(.selectLast)
      }
    }
    return steps
  }

  /// How many matches the search at `position` must find for `request`,
  /// or 0 when it must find them all.
  ///
  /// A request for counts alone (an element's `exists`) that does not
  /// count all, of a plan whose last step chooses one of the last search's
  /// matches (`page.cells["row-new"]`), needs only as many matches as the
  /// choice's index, and not all of them in order: the choice is there or
  /// not whichever they are. Unless the request is strict and the choice
  /// implicit, which needs to know whether there are more.
  static func enough(after position: Int, of steps: [Step], for request: QueryRequest) -> Int {
    guard request.limit == 0, !request.countsAll, position == steps.count - 2 else { return 0 }
    switch steps[position + 1] {
    case .select(let index, let isImplicit) where !(request.isStrict && isImplicit): return index + 1
    default: return 0
    }
  }

  /// How many of the matches of the search at `position` the step after it
  /// keeps, or 0 when it keeps them all: the index of a choice plus one,
  /// `.firstMatch`'s 1, unless the request counts every match, or is
  /// strict and the choice implicit (which needs to know whether there
  /// are more).
  static func needed(after position: Int, of steps: [Step], for request: QueryRequest) -> Int {
    guard !request.countsAll, position == steps.count - 2 else { return 0 }
    switch steps[position + 1] {
    case .select(let index, let isImplicit) where !(request.isStrict && isImplicit): return index + 1
    default: return 0
    }
  }

  /// The most elements a search by name asks Chromium to name, one command
  /// each; past it the search asks Chromium to search the page.
  static let mostCandidates = 64

  /// Whether the nodes a query finds get the static texts below them.
  ///
  /// As their children: `true` but for an action's reads of its element
  /// (``BrowserPage/ready(_:for:timeout:at:selecting:)``), which read its
  /// role, states and box and never its texts. Chromium answers the search
  /// for the texts (`Accessibility.queryAXTree`) once its accessibility
  /// tree is up to date with the page, which may take until the page's
  /// next frame.
  @TaskLocal static var readsTexts = true

  /// Whether a search calls ``find`` by the name every document gives it
  /// (`__asyncWaitFind`, ``BrowserPage/pageScript``): `true` but in the
  /// tests of what a document that does not define it gets, its source.
  @TaskLocal static var callsFindByName = true

  /// The function that finds, below `this`, the elements a search could
  /// match (`PageScripts/find.js`): those whose test id, or `id` without a test id, is
  /// `identifier`, and those whose accessible name could be `name`, in
  /// document order.
  ///
  /// A name is made of text in the page: an element's contents, the
  /// contents of a `<label>` or an `aria-labelledby` element, one of the
  /// attributes `aria-label`, `title` and `alt`, or a field's placeholder
  /// and value.
  /// The function finds the texts and attributes that hold the name's
  /// longest word (letters and digits, any case), and from each the
  /// elements whose names they could make: the element itself, its
  /// ancestors while their text is not much longer than the name (and a
  /// table, fieldset or figure above its caption, legend or figcaption),
  /// the control of a `<label>`, and the elements that name one in
  /// `aria-labelledby`; each must hold every word of the name in its text
  /// or its seed's attribute. Chromium then names each candidate, and the
  /// search keeps those whose name is `name`. Words that only CSS generated
  /// content adds to a name are not searched for: a name made of them is
  /// not found.
  ///
  /// What the scan of texts and attributes found is kept in the page, per
  /// scope and per name, as is what a search by text found (per scope and
  /// per text), while the document has not changed since: the
  /// change observer (`PageScripts/observeChanges.js`) counts every change
  /// to the DOM, and a search after one scans again. What fields hold is
  /// read every time, since typing changes no node. A page keeps at most
  /// 256 scans between two changes.
  ///
  /// `kinds` says what a match can be: `"texts"` (text nodes, and fields,
  /// whose texts are in their own shadow trees), `"elements"`, or `"all"`.
  /// With `describes`, the answer's `identities` holds, as JSON,
  /// each element's attributes and box (``identity``), whose box makes the
  /// page lay itself out after a change; without it, `"[]"`.
  ///
  /// With `text` (an object: `text`, `substring`, `ignoreCase`,
  /// `innermost`), the elements found are those whose text matches, as
  /// Playwright's `getByText` reads an element's text: every text below it
  /// in document order and a button `<input>`'s value, without scripts,
  /// styles and the head, white space collapsed; with `innermost`, only
  /// those none of whose element children's text matches, and without it,
  /// those and every element around one of them (`containing(text:)`).
  /// A child hidden from everyone (`display: none`, `visibility: hidden`,
  /// `aria-hidden`) does not make its parent a mere container. Through
  /// shadow roots an element's text and children are those the page
  /// renders. Their flag is `t`.
  ///
  /// With `css`, the elements found are those the selector selects below
  /// the scope (`querySelectorAll`), flagged `i`, through open shadow roots
  /// as a snapshot's selector goes and in each same-origin frame's
  /// document, matched alone (`selectCSS.js`; `:scope` below an element
  /// there declines); more than `most` matches decline, and a selector the
  /// page cannot parse answers `invalid`, its reason.
  ///
  /// With `namesDocument`, the scope is the document of a frame from
  /// another origin, searched from its frame element, and its title names
  /// it, as a snapshot's frame document is named.
  ///
  /// With `enough` above 0, when at least that many elements have the
  /// identifier, the names are not searched and `shortened` is set: a
  /// search whose caller needs only that many matches (see
  /// ``PageQuery/enough(after:of:for:)``).
  ///
  /// It searches the scope, every open shadow root below it and the
  /// documents of the same-origin frames below it, and answers in document
  /// order, or, through shadow roots and frames, in the order the page is
  /// rendered in (a host's shadow root in place of its children, a slot's
  /// assigned nodes in place of its own, a frame's document in place of
  /// its frame element's children).
  ///
  /// It answers an object: `elements`, the elements in that order;
  /// `flags`, a letter for each, `i` when its identifier is `identifier`
  /// and `n` otherwise, in capitals for a field (whose texts are in its own
  /// shadow tree); `framed`, when the scope has frames below it, a letter
  /// for each, `f` for one in a same-origin frame's document, `h` for one
  /// that holds a frame, `b` for both, `-` otherwise; `declined`, true when
  /// the page has a closed shadow root (with `checksPage`, for the first
  /// search of a query), when more than `most` elements show the text, or
  /// when a loose text may be shown in a frame from another origin;
  /// `overflowed`, true when more than `most` elements could have the name;
  /// `shortened`, as above; `remote`, the frame elements of the frames from
  /// another origin below the scope, in the page's order, with
  /// `remoteAt` (JSON: where each frame's matches go among `elements`) and
  /// `remoteOrigins` (JSON: where each frame's document is on the page,
  /// its frame element's content box), each searched in its own process
  /// (`BrowserPage+PageQuery.swift`). A probe asks for the
  /// answer serialized deeply, which gives each element's backend node in
  /// the same command.
  static let find = PageScript.find

  /// The function that reads what a snapshot's DOM gives an element: its
  /// attributes, its text content and its box in the document
  /// (`PageScripts/identity.js`).
  static let identity = PageScript.identity
}
