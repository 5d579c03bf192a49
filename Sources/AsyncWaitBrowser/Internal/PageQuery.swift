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
/// (`page.buttons["Save"]`, `.matching(named: "Save")`), of any element
/// type, each followed by a choice of one match or none. One script call
/// finds the candidates (``find``); roles and names are Chromium's own,
/// read from its accessibility tree (`Accessibility.getPartialAXTree`), so
/// a match is what a snapshot would find, in the page's order. It declines
/// (and the query walks a snapshot, as before) a children search, a filter
/// other than those, a page with frames, and a search by name that more
/// than ``mostCandidates`` elements could match, unless Chromium's own
/// search of the page by name (`Accessibility.queryAXTree`) can answer it.
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
          switch filter {
          case .identifierOrLabel(let key) where search.identifier == nil && search.name == nil:
            search.identifier = key
            search.orName = true
          case .identifier(let identifier) where search.identifier == nil && search.name == nil:
            search.identifier = identifier
          case .named(let pattern)
          where !pattern.isSubstring && !pattern.ignoresCase && search.identifier == nil && search.name == nil:
            search.name = pattern.text
          default:
            return nil
          }
        }
        guard search.identifier != nil || search.name != nil else { return nil }
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

  /// The fewest elements a page has for its queries to be evaluated in it.
  ///
  /// Below, a snapshot of the whole page (two commands) costs less than the
  /// commands of a search. Measured on the item-list page (about 60
  /// elements): a probe by test id took 8.9 ms with a snapshot and 37 ms
  /// evaluated in the page; on 100 rows (about 500 elements) 17.8 ms
  /// evaluated, where a snapshot took 77 ms.
  static let smallestPage = 250

  /// The most elements a search by name asks Chromium to name, one command
  /// each; past it the search asks Chromium to search the page.
  static let mostCandidates = 64

  /// The function that finds, below `this`, the elements a search could
  /// match: those whose test id, or `id` without a test id, is
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
  /// `kinds` says what a match can be: `"texts"` (text nodes, and fields,
  /// whose texts are in their own shadow trees), `"elements"`, or `"all"`.
  /// With `describes`, the result's `identities` property holds, as JSON,
  /// each element's attributes and box (``identity``), whose box makes the
  /// page lay itself out after a change; without it, `"[]"`.
  ///
  /// With `enough` above 0, when at least that many elements have the
  /// identifier, the names are not searched and `shortened` is set: a
  /// search whose caller needs only that many matches (see
  /// ``PageQuery/enough(after:of:for:)``).
  ///
  /// It returns an array of elements whose `flags` property has, for each,
  /// `i` when its identifier is `identifier` and `n` otherwise, in capitals
  /// for a field (whose texts are in its own shadow tree); `declined`
  /// is set when the page has fewer than `smallest` elements or has frames
  /// (with `smallest` above 0), and `overflowed` when more than `most`
  /// elements could have the name.
  static let find = findTemplate.replacingOccurrences(
    of: "IDENTITY", with: identityBody.split(separator: "\n").joined(separator: "\n    "))

  /// ``find`` before the body of ``identity`` is put in it.
  private static let findTemplate = #"""
    function(identifier, name, smallest, most, kinds, describes, enough) {
      const scope = this;
      const doc = scope.nodeType === Node.DOCUMENT_NODE ? scope : scope.ownerDocument;
      const result = [];
      result.flags = "";
      // Counted no further than needed; a window's frames are counted
      // wherever they are (in shadow trees too), without a walk.
      const walker = doc.createTreeWalker(doc, NodeFilter.SHOW_ELEMENT);
      let elements = 0;
      while (elements < smallest && walker.nextNode()) elements += 1;
      if (smallest > 0 && (elements < smallest || (doc.defaultView?.frames.length ?? 0) > 0)) {
        result.declined = true;
        return result;
      }
      const found = new Map();
      if (identifier !== null) {
        const quoted = CSS.escape(identifier);
        // Apart: an id alone is looked up in the document's index of ids,
        // which a list of selectors that includes it does not use.
        for (const selector of [`[data-testid="${quoted}"]`, `#${quoted}`]) {
          for (const element of scope.querySelectorAll(selector)) {
            const own = element.getAttribute("data-testid") ?? element.getAttribute("id");
            if (own === identifier) found.set(element, "i");
          }
        }
      }
      // Enough elements by identifier answer the search without its
      // names, whose scan costs the page's size.
      if (enough > 0 && found.size >= enough) {
        result.shortened = true;
      } else if (name !== null) {
        const candidates = findNamed(name);
        if (candidates === null) {
          result.overflowed = true;
        } else {
          for (const element of candidates) if (!found.has(element)) found.set(element, "n");
        }
      }
      const ordered = Array.from(found.keys()).sort((a, b) =>
        a === b ? 0 : (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ? -1 : 1);
      result.identities = describes ? JSON.stringify(ordered.map((element) => identityOf.call(element))) : "[]";
      for (const element of ordered) {
        result.push(element);
        const flag = found.get(element);
        // A field's texts are in its own shadow tree, which no search here
        // walks: "I"/"N" ask for them.
        const field = element.localName === "input" || element.localName === "textarea";
        result.flags += field ? flag.toUpperCase() : flag;
      }
      return result;

      function identityOf() {
        IDENTITY
      }

      function findNamed(name) {
        const squeezed = (text) => text.replace(/\s+/g, "");
        const words = name.toLowerCase().split(/\s+/)
          .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((word) => word.length > 0);
        if (words.length === 0) return null;
        const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
        const bound = 2 * squeezed(name).length + 64;
        const skipped = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
        const root = scope.nodeType === Node.DOCUMENT_NODE ? scope.documentElement : scope;
        if (!root) return [];
        const lengths = new Map();
        const lowered = new Map();
        const squeezedLength = (element) => {
          let length = lengths.get(element);
          if (length === undefined) {
            length = squeezed(element.textContent).length;
            lengths.set(element, length);
          }
          return length;
        };
        const text = (element) => {
          let value = lowered.get(element);
          if (value === undefined) {
            value = element.textContent.toLowerCase();
            lowered.set(element, value);
          }
          return value;
        };
        const holdsWords = (value) => words.every((word) => value.includes(word));
        const named = new Set();
        const add = (node) => {
          if (!node || node === scope || !scope.contains(node)) return;
          const isText = node.nodeType === Node.TEXT_NODE;
          const isField = node.localName === "input" || node.localName === "textarea";
          if (kinds === "all" || (kinds === "texts") === isText || (kinds === "texts" && isField)) named.add(node);
        };
        const climb = (seed, extra) => {
          for (let element = seed; element && element !== scope; element = element.parentElement) {
            if (squeezedLength(element) > bound) break;
            if (holdsWords(text(element) + " " + extra)) {
              add(element);
              if (element.localName === "label" && element.control) add(element.control);
              if (element.id) {
                for (const labelled of doc.querySelectorAll(`[aria-labelledby~="${CSS.escape(element.id)}"]`)) {
                  add(labelled);
                }
              }
            }
            if (["caption", "legend", "figcaption"].includes(element.localName)) add(element.parentElement);
            if (named.size > most) return false;
          }
          return true;
        };
        // One read of all the text rules out most pages before a walk.
        const pattern = new RegExp(longest.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
        if (pattern.test(root.textContent)) {
          const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!pattern.test(node.data) || skipped.has(node.parentNode.nodeName)) continue;
            if (holdsWords(node.data.toLowerCase())) add(node);
            if (!climb(node.parentElement, "")) return null;
          }
        }
        // Attributes that name: on any element, and on images. A field's
        // placeholder and value are read below; a value in the attribute
        // names nothing else.
        const quoted = CSS.escape(longest);
        const attributed = root.querySelectorAll(
          `[aria-label*="${quoted}" i], [title*="${quoted}" i], img[alt*="${quoted}" i], `
          + `area[alt*="${quoted}" i], input[alt*="${quoted}" i]`);
        for (const element of attributed) {
          const extra = ["aria-label", "title", "alt"]
            .map((attribute) => element.getAttribute(attribute) ?? "").join(" ").toLowerCase();
          if (!climb(element, extra)) return null;
        }
        // What a field holds now and its placeholder; a submit or reset
        // button without a value is named by the browser's word for it.
        const fields = root.querySelectorAll(
          'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="range"], [type="color"]), textarea');
        for (const field of fields) {
          const unnamed = (field.type === "submit" || field.type === "reset") && !field.hasAttribute("value");
          if (!unnamed && !pattern.test(field.value) && !pattern.test(field.placeholder)) continue;
          const extra = `${field.value} ${field.placeholder} ${unnamed ? "submit reset" : ""}`.toLowerCase();
          if (!climb(field, extra)) return null;
        }
        return named;
      }
    }
    """#

  /// The function that reads what a snapshot's DOM gives an element: its
  /// attributes, its text content and its box in the document.
  static let identity = "function() {\n  \(identityBody)\n}"

  /// The body of ``identity``.
  private static let identityBody = """
    const attributes = {};
    for (const attribute of this.attributes || []) attributes[attribute.name] = attribute.value;
    let target = this;
    if (!this.getBoundingClientRect) {
      // A text node: its box is its range's.
      target = document.createRange();
      target.selectNodeContents(this);
    }
    const rect = target.getBoundingClientRect();
    const rendered = target.getClientRects().length > 0;
    // The text content as a snapshot reads it (PageSnapshot.textContents).
    const textless = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]);
    const shown = (element) => element.localName === "input"
      && ["submit", "button", "reset"].includes((element.getAttribute("type") ?? "").toLowerCase())
      ? element.getAttribute("value") ?? "" : "";
    let text = "";
    if (this.nodeType === Node.TEXT_NODE || this.nodeType === Node.CDATA_SECTION_NODE) {
      text = this.data;
    } else if (!textless.has(this.nodeName)) {
      text = shown(this);
      const walker = (this.ownerDocument ?? document).createTreeWalker(
        this, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION,
        (node) => textless.has(node.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        text += node.nodeType === Node.ELEMENT_NODE ? shown(node) : node.data;
      }
    }
    return { attributes, text, box: rendered
      ? [rect.x + scrollX, rect.y + scrollY, rect.width, rect.height] : null };
    """
}

extension BrowserPage {
  /// The elements and their accessibility nodes that a query evaluates to
  /// in the page, or `nil` when ``PageQuery`` declines the plan.
  ///
  /// - Parameters:
  ///   - plan: The query.
  ///   - request: How many nodes, and whether strictly.
  ///   - smallestPage: The fewest elements a page has for the query to be
  ///     evaluated in it; ``PageQuery/smallestPage`` by default.
  /// - Returns: What the query finds, or `nil` to walk a snapshot.
  /// - Throws: ``BrowserError`` when Chromium goes away; a command that
  ///   times out is transient (a slow probe).
  func evaluateQuery(
    _ plan: QueryPlan, _ request: QueryRequest, smallestPage: Int = PageQuery.smallestPage
  ) async throws -> QueryEvaluation<BrowserNode>? {
    guard let steps = PageQuery.steps(of: plan) else { return nil }
    let group = "asyncwait-query-\(UInt64.random(in: 0...UInt64.max))"
    defer {
      Task { [self] in _ = try? await send("Runtime.releaseObjectGroup", ["objectGroup": .string(group)]) }
    }
    do {
      // The first search runs on the document and checks the page: frames
      // hold trees a search from the document does not reach, and a small
      // page's snapshot costs less than the commands of a search.
      var current: [Found] = [Found(objectID: nil, backendNodeID: nil, ax: nil)]
      var matchCounts: [Int] = []
      for (position, step) in steps.enumerated() {
        switch step {
        case .search(let search):
          var found: [Found] = []
          for scope in current {
            // A text in a field's shadow tree has no object to search below.
            guard scope.objectID != nil || scope.backendNodeID == nil else { return nil }
            guard
              let matches = try await self.search(
                search, below: scope, smallestPage: position == 0 ? smallestPage : 0,
                readsNodes: request.limit != 0 && !steps[(position + 1)...].contains(where: \.isSearch),
                enough: PageQuery.enough(after: position, of: steps, for: request), group: group)
            else { return nil }
            found += matches
          }
          current = found
        case .select(let index, let isImplicit):
          if request.isStrict && isImplicit && current.count > 1 {
            let candidates = try await nodes(
              for: Array(current.prefix(AmbiguousElementError.listedMatches)), group: group)
            return QueryEvaluation(
              nodes: [], matchCounts: matchCounts,
              ambiguity: .init(step: position, count: current.count, candidates: candidates))
          }
          current = current.indices.contains(index) ? [current[index]] : []
        case .selectLast:
          current = current.last.map { [$0] } ?? []
        }
        matchCounts.append(current.count)
        if current.isEmpty { break }
      }
      let chosen = request.limit.map { Array(current.prefix($0)) } ?? current
      return QueryEvaluation(nodes: try await nodes(for: chosen, group: group), matchCounts: matchCounts)
    } catch let error as BrowserError where error == .commandFailed {
      // The document went while the commands ran (a navigation), or a node
      // went between two of them: a snapshot resolves the query again.
      return nil
    }
  }

  /// An element a search found: its script object (`nil` for the
  /// document, whose backend node is `nil` too, and for a text in a field's
  /// shadow tree), its backend node and its accessibility node.
  struct Found {
    var objectID: String?
    var backendNodeID: Int?
    var ax: JSONValue?
    /// Its attributes and box as ``PageQuery/identity`` reads them, when
    /// the search read them.
    var identity: JSONValue?
    /// The static texts below it as `Accessibility.queryAXTree` answers,
    /// when the search read them.
    var texts: JSONValue?
  }

  /// The elements below `scope` that `search` finds, in document order, or
  /// `nil` when the answer would need a snapshot.
  ///
  /// One call in the page finds the elements the search could match
  /// (``PageQuery/find``); Chromium's accessibility tree then gives each its
  /// role and name, all asked at once, and the search keeps those of its
  /// type that have its identifier or its name.
  ///
  /// With `readsNodes`, for a query whose nodes the caller needs, the
  /// candidates' attributes and boxes are read by the search, and the
  /// static texts of a few with their accessibility nodes (a node's texts
  /// are its children).
  ///
  /// With `enough` above 0 (``PageQuery/enough(after:of:for:)``), the
  /// search may stop at that many matches by identifier without reading
  /// names; when fewer of the elements it found by identifier match (one
  /// of another type), it searches again in full.
  private func search(
    _ search: PageQuery.Search, below scope: Found, smallestPage: Int, readsNodes: Bool, enough: Int = 0,
    group: String
  ) async throws -> [Found]? {
    let name = search.name ?? (search.orName ? search.identifier : nil)
    let arguments: [JSONValue] = [
      search.identifier.map(JSONValue.string) ?? .null, name.map(JSONValue.string) ?? .null,
      .number(Double(smallestPage)), .number(Double(PageQuery.mostCandidates)),
      .string(search.type == .staticText ? "texts" : search.type == .any ? "all" : "elements"),
      .bool(readsNodes), .number(Double(enough)),
    ]
    let answer: JSONValue
    if let objectID = scope.objectID {
      answer = try await send(
        "Runtime.callFunctionOn",
        [
          "objectId": .string(objectID), "functionDeclaration": .string(PageQuery.find),
          "arguments": .array(arguments.map { ["value": $0] }), "objectGroup": .string(group),
          "returnByValue": false,
        ])
    } else {
      let call = "(\(PageQuery.find)).apply(document, \(JSONValue.array(arguments).serialized))"
      answer = try await send(
        "Runtime.evaluate",
        ["expression": .string(call), "objectGroup": .string(group), "returnByValue": false])
    }
    guard answer["exceptionDetails"] == nil, let list = answer["result"]?["objectId"]?.string else {
      return nil
    }
    let properties = try await send(
      "Runtime.getProperties", ["objectId": .string(list), "ownProperties": true])
    var elements: [(index: Int, objectID: String)] = []
    var flags: [Character] = []
    var identities: [JSONValue] = []
    var isShortened = false
    for property in properties["result"]?.array ?? [] {
      guard let key = property["name"]?.string else { continue }
      switch key {
      case "shortened":
        isShortened = property["value"]?["value"]?.bool == true
      case "declined", "overflowed":
        if property["value"]?["value"]?.bool == true {
          if key == "declined" { return nil }
          return try await searchAllNames(search, below: scope, group: group)
        }
      case "flags":
        flags = Array(property["value"]?["value"]?.string ?? "")
      case "identities":
        let text = property["value"]?["value"]?.string ?? ""
        identities = (try? JSONValue.parse(Data(text.utf8)))?.array ?? []
      default:
        if let index = Int(key), let objectID = property["value"]?["objectId"]?.string {
          elements.append((index, objectID))
        }
      }
    }
    elements.sort { $0.index < $1.index }
    // Texts are read with the nodes when a match is likely among few.
    let named = try await accessibilityNodes(
      of: elements.map(\.objectID), withTexts: readsNodes && search.type != .staticText && elements.count <= 4
    )
    var matches: [Found] = []
    for ((index, objectID), (ax, texts)) in zip(elements, named) {
      guard let ax, let backendNodeID = ax["backendDOMNodeId"]?.int else { continue }
      let flag = flags.indices.contains(index) ? flags[index] : "n"
      let hasIdentifier = flag == "i" || flag == "I"
      // Compared as a snapshot's label reads the name.
      let hasName = name.map { PageSnapshot.normalized(ax["name"]?["value"]?.string ?? "") == $0 } ?? false
      let isMatch =
        switch (search.identifier != nil, search.orName, search.name != nil) {
        case (true, false, _): hasIdentifier
        case (true, true, _): hasIdentifier || hasName
        default: hasName
        }
      // A node left out of the tree is kept, as role "none", for its identity.
      let isKept = ax["ignored"]?.bool != true || hasIdentifier
      if isMatch && isKept && Self.isMatch(ax, of: search.type) {
        matches.append(
          Found(
            objectID: objectID, backendNodeID: backendNodeID, ax: ax,
            identity: identities.indices.contains(index) ? identities[index] : nil, texts: texts))
      }
      // A field's texts (a button's value, what a text field holds) are
      // static texts in its own shadow tree, after it in a snapshot, which
      // has no DOM identity for them.
      if let name, flag.isUppercase, search.type == .any || search.type == .staticText {
        let texts = try await send(
          "Accessibility.queryAXTree",
          ["objectId": .string(objectID), "accessibleName": .string(name), "role": "StaticText"])
        for text in texts["nodes"]?.array ?? [] where Self.isMatch(text, of: search.type) {
          matches.append(Found(objectID: nil, backendNodeID: text["backendDOMNodeId"]?.int, ax: text))
        }
      }
    }
    if isShortened && matches.count < enough {
      return try await self.search(
        search, below: scope, smallestPage: smallestPage, readsNodes: readsNodes, group: group)
    }
    return matches
  }

  /// The accessibility node of each of `objects`, and the static texts
  /// below it when `withTexts` (a search of few candidates, most of which
  /// are likely matches), asked all at once; `nil` for one that has none.
  private func accessibilityNodes(of objects: [String], withTexts: Bool) async throws
    -> [(node: JSONValue?, texts: JSONValue?)]
  {
    try await withThrowingTaskGroup(of: (Int, JSONValue?, JSONValue?).self) { group in
      for (index, objectID) in objects.enumerated() {
        group.addTask {
          async let texts =
            withTexts
            ? self.send("Accessibility.queryAXTree", ["objectId": .string(objectID), "role": "StaticText"])
            : nil
          let partial = try await self.send(
            "Accessibility.getPartialAXTree", ["objectId": .string(objectID), "fetchRelatives": false])
          return (index, partial["nodes"]?.array?.first, try await texts)
        }
      }
      var nodes = [(node: JSONValue?, texts: JSONValue?)](repeating: (nil, nil), count: objects.count)
      for try await (index, node, texts) in group { nodes[index] = (node, texts) }
      return nodes
    }
  }

  /// The elements below `scope` that `search` finds when more elements
  /// could have its name than the page should name one by one: Chromium
  /// searches its accessibility tree by name, which costs the page's size,
  /// or `nil` when the answer would need a snapshot.
  private func searchAllNames(_ search: PageQuery.Search, below scope: Found, group: String) async throws
    -> [Found]?
  {
    // Identifiers and names found apart have no order between them.
    guard search.identifier == nil || !search.orName, let name = search.name else { return nil }
    var parameters: JSONValue = ["accessibleName": .string(name)]
    if case .object(var members) = parameters {
      if let objectID = scope.objectID {
        members["objectId"] = .string(objectID)
      } else {
        let document = try await send(
          "Runtime.evaluate",
          ["expression": "document", "objectGroup": .string(group), "returnByValue": false])
        guard let objectID = document["result"]?["objectId"]?.string else { return nil }
        members["objectId"] = .string(objectID)
      }
      parameters = .object(members)
    }
    let answer = try await send("Accessibility.queryAXTree", parameters)
    var found: [Found] = []
    for ax in answer["nodes"]?.array ?? [] {
      guard let backendNodeID = ax["backendDOMNodeId"]?.int, backendNodeID != scope.backendNodeID,
        Self.isMatch(ax, of: search.type)
      else { continue }
      let resolved = try await send(
        "DOM.resolveNode", ["backendNodeId": .number(Double(backendNodeID)), "objectGroup": .string(group)])
      guard let objectID = resolved["object"]?["objectId"]?.string else { continue }
      found.append(Found(objectID: objectID, backendNodeID: backendNodeID, ax: ax))
    }
    // An accessible name as Chromium searches it keeps spaces a label
    // drops: no match proves nothing for a type whose names are text.
    if found.isEmpty && (search.type == .staticText || search.type == .any) { return nil }
    return found
  }

  /// Whether an accessibility node is one a snapshot keeps, of `type`.
  private static func isMatch(_ ax: JSONValue?, of type: ElementType) -> Bool {
    guard let ax else { return false }
    let role = ax["role"]?["value"]?.string ?? ""
    if role == "InlineTextBox" || role == "ListMarker" { return false }
    if ax["ignored"]?.bool == true {
      let reasons = ax["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
      if reasons.contains(where: PageSnapshot.hiddenReasons.contains) { return false }
      // Left out but identified: a snapshot keeps it, as role "none".
      return BrowserNode.role("none", isOfType: type)
    }
    return BrowserNode.role(role, isOfType: type)
  }

  /// The nodes for found elements, each with its attributes, its box and,
  /// as its children, the static texts below it, all asked at once.
  private func nodes(for found: [Found], group: String) async throws -> [BrowserNode] {
    try await withThrowingTaskGroup(of: (Int, [BrowserNode]).self) { tasks in
      for (position, element) in found.enumerated() {
        guard let ax = element.ax, let backendNodeID = element.backendNodeID else { continue }
        guard let objectID = element.objectID else {
          // A text in a field's shadow tree: no identity, no texts below.
          tasks.addTask { (position, PageSnapshot.nodes(for: ax, children: [], identities: [:])) }
          continue
        }
        tasks.addTask {
          // A static text has no texts below it.
          let isText = ax["role"]?["value"]?.string == "StaticText"
          let known = isText ? [:] : element.texts
          async let texts =
            known == nil
            ? self.send("Accessibility.queryAXTree", ["objectId": .string(objectID), "role": "StaticText"])
            : known ?? [:]
          let value: JSONValue?
          if let identity = element.identity {
            value = identity
          } else {
            value = try await self.send(
              "Runtime.callFunctionOn",
              [
                "objectId": .string(objectID), "functionDeclaration": .string(PageQuery.identity),
                "returnByValue": true,
              ])["result"]?["value"]
          }
          var identity = PageSnapshot.Identity()
          if case .object(let attributes)? = value?["attributes"] {
            for case (let name, .string(let text)) in attributes {
              identity.attributes[name] = text
              if name == "data-testid" { identity.testID = text }
              if name == "id" { identity.htmlID = text }
            }
          }
          identity.textContent = value?["text"]?.string.map(PageSnapshot.normalized)
          if let rect = value?["box"]?.array?.compactMap(\.double), rect.count == 4 {
            identity.box = BrowserNode.Box(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
          }
          let children = (try await texts["nodes"]?.array ?? []).flatMap {
            PageSnapshot.nodes(for: $0, children: [], identities: [:])
          }
          return (
            position, PageSnapshot.nodes(for: ax, children: children, identities: [backendNodeID: identity])
          )
        }
      }
      var made = [[BrowserNode]](repeating: [], count: found.count)
      for try await (position, nodes) in tasks { made[position] = nodes }
      return made.flatMap { $0 }
    }
  }
}
