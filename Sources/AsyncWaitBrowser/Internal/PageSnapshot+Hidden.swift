// The elements a page hides from everyone, for a tree that holds them too
// (`BrowserPage.includingHidden`, Playwright's `includeHidden`): Chromium's
// accessibility tree leaves them out, or gives them the role `none` and no
// name, so each one's role, name and states are computed here from the DOM
// snapshot, by the rules of HTML's implicit roles and of accessible names.
extension PageSnapshot {
  /// Whether a snapshot taken in this task holds the elements hidden from
  /// everyone (``BrowserPage/includingHidden``).
  @TaskLocal static var includesHidden = false

  /// The elements a hidden element's node, name and contents leave out:
  /// those whose text a page's text leaves out (``textlessElements``), and
  /// an SVG's title, description and metadata.
  static let unreadElements = textlessElements.union(["TITLE", "DESC", "METADATA"])

  /// One document of a DOM snapshot, read for the hidden elements' nodes.
  ///
  /// What a node's ancestors give it (a label around it, a disabled
  /// fieldset, how many lists it is in) is read in one pass, parents first,
  /// so that no element walks its ancestors.
  struct DOMDocument {
    var backendIDs: [Int] = []
    /// Each node's parent, or -1: a parent that does not come before its
    /// child, as it does in a tree, is none.
    var parents: [Int] = []
    var types: [Int] = []
    /// Each node's name, in capitals (an SVG element's is not).
    var names: [String] = []
    var values: [String?] = []
    var attributes: [[String: String]] = []
    var children: [[Int]] = []
    var hasLayout: [Bool] = []
    /// How deep each node is: the document's is 0.
    var depths: [Int] = []
    var inputValues: [Int: String] = [:]
    var checked: Set<Int> = []
    var selected: Set<Int> = []
    /// The host of the shadow tree each node is in, or -1 for the
    /// document: ids name elements of their own tree only.
    var scopes: [Int] = []
    /// The elements of each root by their `id`, the first of each.
    var byHTMLID: [Int: [String: Int]] = [:]
    /// The `<label>` elements of each root that name a control with
    /// `for`, by the control's `id`.
    var labelsFor: [Int: [String: [Int]]] = [:]
    /// The `<label>` without `for` nearest above each node, or -1.
    var enclosingLabels: [Int] = []
    /// Whether `aria-disabled` is set on each node or above it.
    var ariaDisabled: [Bool] = []
    /// Whether a disabled `<fieldset>` is above each node.
    var inDisabledFieldset: [Bool] = []
    /// How many lists are above each node.
    var listDepths: [Int] = []

    init(_ document: JSONValue, strings: [String]) {
      let nodes = document["nodes"]
      func string(_ value: JSONValue?) -> String? {
        guard let index = value?.int, strings.indices.contains(index) else { return nil }
        return strings[index]
      }
      backendIDs = (nodes?["backendNodeId"]?.array ?? []).map { $0.int ?? -1 }
      let count = backendIDs.count
      let parentValues = nodes?["parentIndex"]?.array ?? []
      let typeValues = nodes?["nodeType"]?.array ?? []
      let nameValues = nodes?["nodeName"]?.array ?? []
      let valueValues = nodes?["nodeValue"]?.array ?? []
      let attributeValues = nodes?["attributes"]?.array ?? []
      // The nodes in a shadow tree: Chromium's snapshot puts a shadow
      // root's children under its host, and marks them.
      let inShadowTree = Set((nodes?["shadowRootType"]?["index"]?.array ?? []).compactMap(\.int))
      children = Array(repeating: [], count: count)
      hasLayout = Array(repeating: false, count: count)
      for index in 0..<count {
        let given = parentValues.indices.contains(index) ? parentValues[index].int ?? -1 : -1
        let parent = given >= 0 && given < index ? given : -1
        parents.append(parent)
        if parent >= 0 { children[parent].append(index) }
        types.append(typeValues.indices.contains(index) ? typeValues[index].int ?? 0 : 0)
        let name = nameValues.indices.contains(index) ? string(nameValues[index]) ?? "" : ""
        names.append(name.uppercased())
        values.append(valueValues.indices.contains(index) ? string(valueValues[index]) : nil)
        var named: [String: String] = [:]
        let pairs = attributeValues.indices.contains(index) ? attributeValues[index].array ?? [] : []
        var pair = 0
        while pair + 1 < pairs.count {
          // Chromium sends an empty value as index -1, not as an index of "".
          if let name = string(pairs[pair]) {
            named[name] = pairs[pair + 1].int == -1 ? "" : string(pairs[pair + 1])
          }
          pair += 2
        }
        attributes.append(named)
        depths.append(parent >= 0 ? depths[parent] + 1 : 0)
        // A node of a shadow tree under one that is not starts a scope of
        // its own, named by its host; a component inside another's shadow
        // tree shares its scope.
        let scope =
          inShadowTree.contains(index)
          ? (parent >= 0 && inShadowTree.contains(parent) ? scopes[parent] : parent) : -1
        scopes.append(scope)
        if let id = named["id"], byHTMLID[scope]?[id] == nil { byHTMLID[scope, default: [:]][id] = index }
        let isElement = types[index] == 1
        if isElement && names[index] == "LABEL", let control = named["for"] {
          labelsFor[scope, default: [:]][control, default: []].append(index)
        }
        // What the ancestors give, then what this node adds for its own
        // descendants.
        let above = parent >= 0
        let parentIsLabel =
          above && names[parent] == "LABEL" && types[parent] == 1 && attributes[parent]["for"] == nil
        enclosingLabels.append(parentIsLabel ? parent : above ? enclosingLabels[parent] : -1)
        ariaDisabled.append(
          (above && ariaDisabled[parent]) || named["aria-disabled"]?.lowercased() == "true")
        let parentDisablesFieldset =
          above && names[parent] == "FIELDSET" && attributes[parent]["disabled"] != nil
        inDisabledFieldset.append(above && (inDisabledFieldset[parent] || parentDisablesFieldset))
        let parentIsList =
          above && types[parent] == 1 && Self.role(tag: names[parent], attributes[parent]) == "list"
        listDepths.append(above ? listDepths[parent] + (parentIsList ? 1 : 0) : 0)
      }
      for layoutIndex in document["layout"]?["nodeIndex"]?.array ?? [] {
        if let index = layoutIndex.int, hasLayout.indices.contains(index) { hasLayout[index] = true }
      }
      let inputs = nodes?["inputValue"]
      for (index, value) in zip(inputs?["index"]?.array ?? [], inputs?["value"]?.array ?? []) {
        if let index = index.int { inputValues[index] = value.int == -1 ? "" : string(value) ?? "" }
      }
      checked = Set((nodes?["inputChecked"]?["index"]?.array ?? []).compactMap(\.int))
      selected = Set((nodes?["optionSelected"]?["index"]?.array ?? []).compactMap(\.int))
    }

    /// The element named by `id` in the root `index` is in.
    func element(withID id: String, near index: Int) -> Int? {
      byHTMLID[scopes[index]]?[id]
    }
  }

  /// The nodes of the elements hidden from everyone, by the DOM node of
  /// their nearest ancestor that the tree holds: each hidden element whose
  /// parent is not hidden, with all below it, in document order.
  ///
  /// An element the accessibility tree holds and does not hide is shown,
  /// whatever its attributes and styles say (Chromium shows an
  /// `aria-hidden` element that holds the focus). Otherwise an element is
  /// hidden when the accessibility tree ignores it for being hidden
  /// (`aria-hidden`, `visibility: hidden`, `display: none`), or leaves it
  /// out and it is `aria-hidden`, invisible, or has no layout box and
  /// nothing below it has one (a `display: contents` element has none, and
  /// its children do). The head, scripts, styles, templates, an SVG's
  /// title and description, and a `<select>`'s options are none.
  ///
  /// - Parameters:
  ///   - dom: The DOM snapshot of every document of the page.
  ///   - accessibility: The nodes of every accessibility tree of the page.
  ///   - identities: Each DOM node's identity.
  ///   - marks: The elements a query's CSS selectors select, with them,
  ///     and those that show text for a query by text: each is in the tree.
  ///   - maximumNodes: The most nodes all of them hold.
  /// - Returns: The nodes, by host.
  static func hiddenElements(
    in dom: JSONValue, accessibility: [[JSONValue]], identities: [Int: Identity],
    marks: [Int: [String]] = [:], maximumNodes: Int
  ) -> [Int: [(order: Int, node: BrowserNode)]] {
    var present: Set<Int> = []
    var hiddenInTree: Set<Int> = []
    for nodes in accessibility {
      for node in nodes {
        guard let id = node["backendDOMNodeId"]?.int else { continue }
        present.insert(id)
        let reasons = node["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
        if node["ignored"]?.bool == true && reasons.contains(where: hiddenReasons.contains) {
          hiddenInTree.insert(id)
        }
      }
    }
    let strings = dom["strings"]?.array?.map { $0.string ?? "" } ?? []
    var budget = maximumNodes
    var found: [Int: [(order: Int, node: BrowserNode)]] = [:]
    for document in dom["documents"]?.array ?? [] {
      let view = DOMDocument(document, strings: strings)
      let tree = HiddenTree(view: view, identities: identities, marks: marks)
      let count = view.backendIDs.count
      // Whether anything in each node's subtree has a layout box. A node
      // comes after its parent.
      var subtreeHasLayout = view.hasLayout
      for index in stride(from: count - 1, through: 0, by: -1) where subtreeHasLayout[index] {
        if view.parents[index] >= 0 { subtreeHasLayout[view.parents[index]] = true }
      }
      var isOutside = Array(repeating: false, count: count)
      var isHidden = Array(repeating: false, count: count)
      // The nearest node at or above each that the tree holds shown.
      var shownAbove = Array(repeating: -1, count: count)
      for index in 0..<count {
        let parent = view.parents[index]
        let id = view.backendIDs[index]
        let isShown = present.contains(id) && !hiddenInTree.contains(id)
        shownAbove[index] = isShown ? index : parent >= 0 ? shownAbove[parent] : -1
        let name = view.names[index]
        let inSelect = parent >= 0 && ["SELECT", "DATALIST", "OPTGROUP"].contains(view.names[parent])
        isOutside[index] =
          (parent >= 0 && isOutside[parent]) || unreadElements.contains(name) || inSelect
        let parentIsHidden = parent >= 0 && isHidden[parent]
        // A text, or a shadow root, is hidden with its parent.
        guard view.types[index] == 1, !isOutside[index], !isShown else {
          isHidden[index] = parentIsHidden && !isShown
          continue
        }
        isHidden[index] =
          parentIsHidden || hiddenInTree.contains(id)
          || (!present.contains(id)
            && (view.attributes[index]["aria-hidden"]?.lowercased() == "true"
              || identities[id]?.isInvisible == true || !subtreeHasLayout[index]))
        guard isHidden[index], !parentIsHidden, budget > 0, parent >= 0 else { continue }
        let host = shownAbove[parent]
        guard host >= 0 else { continue }
        let nodes = tree.nodes(for: index, depth: view.depths[host] + 1, budget: &budget)
        for node in nodes { found[view.backendIDs[host], default: []].append((index, node)) }
      }
    }
    return found
  }

  /// The nodes of hidden elements and all below them, computed from the
  /// DOM.
  struct HiddenTree {
    let view: DOMDocument
    let identities: [Int: Identity]
    /// The CSS selectors that select each element, and the elements that
    /// show text for a query by text, by backend node id: each is in the
    /// tree, as a snapshot's marked elements are.
    let marks: [Int: [String]]
    /// Each node's text, once read: an element's is its children's.
    private let texts = TextCache()

    /// The texts read so far, by node index.
    private final class TextCache {
      var texts: [Int: String] = [:]
    }

    init(view: DOMDocument, identities: [Int: Identity], marks: [Int: [String]]) {
      self.view = view
      self.identities = identities
      self.marks = marks
    }

    /// The nodes `index` stands for: its own, or its children's in its
    /// place when it has no role of its own, no identity and no mark, as
    /// the accessibility tree leaves a layout `<div>` out.
    func nodes(for index: Int, depth: Int, budget: inout Int) -> [BrowserNode] {
      guard budget > 0, depth < PageSnapshot.maximumDepth else { return [] }
      switch view.types[index] {
      case 3:
        let text = PageSnapshot.normalized(view.values[index] ?? "")
        guard !text.isEmpty else { return [] }
        budget -= 1
        var made = BrowserNode(role: "StaticText", label: text)
        made.backendNodeID = view.backendIDs[index]
        return [made]
      case 1:
        let tag = view.names[index]
        guard !PageSnapshot.unreadElements.contains(tag) else { return [] }
        let children = view.children[index].flatMap { nodes(for: $0, depth: depth + 1, budget: &budget) }
        let role = DOMDocument.role(tag: tag, view.attributes[index], in: view, at: index)
        let id = view.backendIDs[index]
        let identity = identities[id]
        if (role == "generic" || role == "none") && identity?.testID == nil && identity?.htmlID == nil
          && marks[id] == nil
        {
          return children
        }
        budget -= 1
        return [node(for: index, role: role, identity: identity, children: children)]
      default:
        return []
      }
    }

    /// The node of the element at `index`, with its role.
    func node(for index: Int, role: String, identity: Identity?, children: [BrowserNode]) -> BrowserNode {
      let (label, isFromLabel) = name(of: index, role: role)
      let attributes = view.attributes[index]
      let tag = view.names[index]
      let isTextField = BrowserNode.elementType(forRole: role) == .textField
      var value: String?
      if tag == "SELECT" {
        // The option chosen, or the first.
        let options = view.children[index].flatMap { view.names[$0] == "OPTGROUP" ? view.children[$0] : [$0] }
          .filter { view.names[$0] == "OPTION" }
        value =
          (options.first(where: view.selected.contains) ?? options.first).map {
            PageSnapshot.normalized(text(of: $0))
          } ?? ""
      } else if isTextField || role == "slider" || role == "progressbar" {
        value =
          view.inputValues[index] ?? (tag == "TEXTAREA" ? text(of: index) : nil)
          ?? attributes["aria-valuenow"]
        if isTextField && value == nil { value = "" }
      }
      let checked = checkedState(of: index, role: role)
      let pressed: (value: Bool?, isMixed: Bool) =
        role == "button" ? attributes["aria-pressed"].flatMap(Self.tristate) ?? (nil, false) : (nil, false)
      // An element hidden from the accessibility tree alone (`aria-hidden`)
      // may be on the screen: its box says so, as Playwright's
      // `toBeVisible` reads it.
      let box = identity?.isInvisible == true ? nil : identity?.box
      var made = BrowserNode(
        role: role, testID: identity?.testID, htmlID: identity?.htmlID, label: label,
        labelText: isFromLabel && !label.isEmpty ? label : nil, value: value,
        isEnabled: !isDisabled(index),
        isEditable: isTextField && tag != "SELECT" && attributes["readonly"] == nil,
        isChecked: checked.value, isSelected: isSelected(index),
        isExpanded: expanded(of: index), isPressed: pressed.value,
        attributes: identity?.attributes ?? [:], textContent: PageSnapshot.normalized(text(of: index)),
        box: box,
        children: children)
      made.backendNodeID = view.backendIDs[index]
      made.level = level(of: index, role: role)
      made.isCheckedMixed = checked.isMixed
      made.isPressedMixed = pressed.isMixed
      made.domText = made.textContent
      made.selectors = marks[made.backendNodeID ?? -1] ?? []
      return made
    }

    /// The roles whose name comes from their contents when nothing else
    /// names them.
    static let namedByContents: Set = [
      "button", "cell", "checkbox", "columnheader", "DisclosureTriangle", "gridcell", "heading", "LabelText",
      "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader",
      "switch",
      "tab", "tooltip", "treeitem",
    ]

    /// The element's accessible name, and whether a label gave it (a
    /// `<label>`, `aria-labelledby`, `aria-label`, a legend or a caption).
    func name(of index: Int, role: String) -> (String, Bool) {
      let attributes = view.attributes[index]
      if let ids = attributes["aria-labelledby"] {
        let named = ids.split(whereSeparator: \.isWhitespace)
          .compactMap { view.element(withID: String($0), near: index) }
          .map { contentName(of: $0) }.joined(separator: " ")
        let normalized = PageSnapshot.normalized(named)
        if !normalized.isEmpty { return (normalized, true) }
      }
      if let label = attributes["aria-label"].map(PageSnapshot.normalized), !label.isEmpty {
        return (label, true)
      }
      let tag = view.names[index]
      let type = (attributes["type"] ?? "text").lowercased()
      switch tag {
      case "INPUT" where ["button", "submit", "reset"].contains(type):
        let value = attributes["value"] ?? (type == "submit" ? "Submit" : type == "reset" ? "Reset" : "")
        if !value.isEmpty { return (PageSnapshot.normalized(value), false) }
      case "INPUT" where type == "image":
        if let alt = attributes["alt"], !alt.isEmpty { return (PageSnapshot.normalized(alt), false) }
      case "INPUT", "SELECT", "TEXTAREA", "METER", "PROGRESS", "OUTPUT":
        let labelled = labels(of: index).map { contentName(of: $0, skipping: index) }.joined(separator: " ")
        let normalized = PageSnapshot.normalized(labelled)
        if !normalized.isEmpty { return (normalized, true) }
      case "IMG", "AREA":
        if let alt = attributes["alt"], !alt.isEmpty { return (PageSnapshot.normalized(alt), false) }
      case "FIELDSET", "TABLE", "FIGURE":
        // Chromium counts a legend or a caption as a label.
        let caption = ["FIELDSET": "LEGEND", "TABLE": "CAPTION", "FIGURE": "FIGCAPTION"][tag]
        if let first = view.children[index].first(where: { view.names[$0] == caption }) {
          let normalized = PageSnapshot.normalized(contentName(of: first))
          if !normalized.isEmpty { return (normalized, true) }
        }
      default:
        break
      }
      if Self.namedByContents.contains(role) {
        let contents = PageSnapshot.normalized(contentName(of: index))
        if !contents.isEmpty { return (contents, false) }
      }
      if let title = attributes["title"].map(PageSnapshot.normalized), !title.isEmpty {
        return (title, false)
      }
      if BrowserNode.elementType(forRole: role) == .textField,
        let placeholder = attributes["placeholder"].map(PageSnapshot.normalized), !placeholder.isEmpty
      {
        return (placeholder, false)
      }
      return ("", false)
    }

    /// The `<label>` elements of a control: those of its root that name it
    /// with `for`, and the one around it.
    func labels(of index: Int) -> [Int] {
      var found: [Int] = []
      if let id = view.attributes[index]["id"] {
        found += view.labelsFor[view.scopes[index]]?[id] ?? []
      }
      let around = view.enclosingLabels[index]
      if around >= 0 && !found.contains(around) { found.append(around) }
      return found
    }

    /// The elements that are blocks, whose text a name from contents keeps
    /// apart from its neighbours' with spaces.
    static let blocks: Set = [
      "ADDRESS", "ARTICLE", "ASIDE", "BLOCKQUOTE", "DD", "DIV", "DL", "DT", "FIELDSET", "FIGCAPTION",
      "FIGURE",
      "FOOTER", "FORM", "H1", "H2", "H3", "H4", "H5", "H6", "HEADER", "HR", "LI", "MAIN", "NAV", "OL", "P",
      "PRE",
      "SECTION", "TABLE", "TD", "TH", "TR", "UL",
    ]

    /// A name made of an element's contents, as accessible names read
    /// them: each text, an element's `aria-label` in place of its
    /// contents, an image's `alt`, a line break and a block's edges as
    /// spaces, without the subtree of `skipping` (the control a label
    /// names).
    func contentName(of index: Int, skipping: Int = -1) -> String {
      var parts: [String] = []
      // Each node to read, or a block's end.
      var stack: [(index: Int, isEnd: Bool)] = view.children[index].reversed().map { ($0, false) }
      var visited = 0
      while let (current, isEnd) = stack.popLast(), visited < 100_000 {
        visited += 1
        guard !isEnd else {
          parts.append(" ")
          continue
        }
        guard current != skipping else { continue }
        switch view.types[current] {
        case 3, 4:
          parts.append(view.values[current] ?? "")
        case 1:
          let tag = view.names[current]
          let attributes = view.attributes[current]
          if PageSnapshot.unreadElements.contains(tag) {
            continue
          }
          if let label = attributes["aria-label"], !PageSnapshot.normalized(label).isEmpty {
            parts.append(" \(label) ")
          } else if tag == "IMG" {
            parts.append(attributes["alt"] ?? "")
          } else if tag == "BR" {
            parts.append(" ")
          } else {
            if Self.blocks.contains(tag) {
              parts.append(" ")
              stack.append((current, true))
            }
            stack += view.children[current].reversed().map { ($0, false) }
          }
        default:
          continue
        }
      }
      return parts.joined()
    }

    /// The text of every text node below `index`, in document order, as
    /// `textContent` reads it, without the head, scripts, styles and
    /// templates.
    ///
    /// Each node's is read once, from its children's, without recursion: a
    /// chain of nested elements costs its length, not its square.
    func text(of index: Int) -> String {
      if let known = texts.texts[index] { return known }
      var stack = [(index: index, isOpen: false)]
      while let (current, isOpen) = stack.popLast() {
        guard texts.texts[current] == nil else { continue }
        switch view.types[current] {
        case 3, 4:
          texts.texts[current] = view.values[current] ?? ""
        case 1 where PageSnapshot.textlessElements.contains(view.names[current]):
          texts.texts[current] = ""
        default:
          if isOpen {
            texts.texts[current] = view.children[current].map { texts.texts[$0] ?? "" }.joined()
          } else {
            stack.append((current, true))
            for child in view.children[current].reversed() where texts.texts[child] == nil {
              stack.append((child, false))
            }
          }
        }
      }
      return texts.texts[index] ?? ""
    }

    /// Whether the element is disabled.
    ///
    /// It is with `disabled` on a control or a `<fieldset>` around it, or
    /// `aria-disabled` on it or around it. A disabled `<fieldset>` reads
    /// enabled itself, as Chromium reads it.
    func isDisabled(_ index: Int) -> Bool {
      let controls: Set = ["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP"]
      let isControl = controls.contains(view.names[index])
      return view.ariaDisabled[index]
        || (isControl && (view.attributes[index]["disabled"] != nil || view.inDisabledFieldset[index]))
    }

    /// The element's checked state, and whether it is mixed.
    func checkedState(of index: Int, role: String) -> (value: Bool?, isMixed: Bool) {
      guard ["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].contains(role) else {
        return (nil, false)
      }
      if view.names[index] == "INPUT" { return (view.checked.contains(index), false) }
      return view.attributes[index]["aria-checked"].flatMap(Self.tristate) ?? (false, false)
    }

    /// Whether the element is selected: an option chosen, or
    /// `aria-selected`.
    func isSelected(_ index: Int) -> Bool {
      if view.names[index] == "OPTION" { return view.selected.contains(index) }
      return view.attributes[index]["aria-selected"]?.lowercased() == "true"
    }

    /// The element's expanded state: `aria-expanded`, a `<details>`'s on
    /// its summary, or a `<select>`'s, collapsed.
    func expanded(of index: Int) -> Bool? {
      let tag = view.names[index]
      let attributes = view.attributes[index]
      if tag == "SELECT" && DOMDocument.role(tag: tag, attributes, in: view, at: index) == "combobox" {
        return false
      }
      if let expanded = attributes["aria-expanded"]?.lowercased() {
        return expanded == "true" ? true : expanded == "false" ? false : nil
      }
      let parent = view.parents[index]
      if tag == "SUMMARY", parent >= 0, view.names[parent] == "DETAILS" {
        return view.attributes[parent]["open"] != nil
      }
      return nil
    }

    /// The element's level: `aria-level`, a heading's own, or how many
    /// lists a list item is in.
    func level(of index: Int, role: String) -> Int? {
      if let level = view.attributes[index]["aria-level"].flatMap({ Int($0) }), level > 0 { return level }
      if role == "listitem" { return max(view.listDepths[index], 1) }
      guard role == "heading" else { return nil }
      let tag = view.names[index]
      if tag.count == 2, tag.first == "H", let level = Int(tag.dropFirst()) { return level }
      return 2
    }

    /// A tristate attribute's value (`true`, `false` or `mixed`), and
    /// whether it is mixed; `nil` for another text.
    static func tristate(_ text: String) -> (value: Bool?, isMixed: Bool)? {
      switch text.lowercased() {
      case "true": (true, false)
      case "false": (false, false)
      case "mixed": (false, true)
      default: nil
      }
    }
  }
}

extension PageSnapshot.DOMDocument {
  /// The roles of ARIA that Chromium names as ARIA does.
  static let ariaRoles: Set = [
    "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell",
    "checkbox", "code", "columnheader", "combobox", "complementary", "contentinfo", "definition", "deletion",
    "dialog", "document", "emphasis", "feed", "figure", "form", "generic", "grid", "gridcell", "group",
    "heading", "insertion", "link", "list", "listbox", "listitem", "log", "main", "mark", "marquee", "math",
    "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "navigation", "note",
    "option", "paragraph", "progressbar", "radio", "radiogroup", "region", "row", "rowgroup", "rowheader",
    "scrollbar", "search", "searchbox", "separator", "slider", "spinbutton", "status", "strong",
    "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox", "time",
    "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem",
  ]

  /// The elements inside which a `<header>` or `<footer>` is no landmark
  /// (Chromium's `sectionheader` and `sectionfooter`).
  static let sectioning: Set = ["ARTICLE", "ASIDE", "MAIN", "NAV", "SECTION"]

  /// An element's role, as Chromium names it: its `role` attribute's first
  /// role Chromium knows, or the one its tag implies.
  ///
  /// - Parameters:
  ///   - tag: The element's name, in capitals.
  ///   - attributes: Its attributes.
  ///   - document: Its document, for a role that depends on the elements
  ///     around it (a `<header>`'s); `nil` to read none.
  ///   - index: Its place in `document`.
  /// - Returns: The role.
  static func role(
    tag: String, _ attributes: [String: String], in document: PageSnapshot.DOMDocument? = nil,
    at index: Int = -1
  ) -> String {
    for token in (attributes["role"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init) {
      switch token.lowercased() {
      case "img": return "image"
      case "presentation", "none": return "none"
      case let known where ariaRoles.contains(known): return known
      default: continue
      }
    }
    switch tag {
    case "A", "AREA": return attributes["href"] == nil ? "generic" : "link"
    case "ARTICLE": return "article"
    case "ASIDE": return "complementary"
    case "BUTTON": return "button"
    case "DATALIST": return "listbox"
    case "DD": return "definition"
    case "DETAILS": return "group"
    case "DIALOG": return "dialog"
    case "DT": return "term"
    case "FIELDSET": return "group"
    case "FIGURE": return "figure"
    case "FOOTER": return isInSectioning(document, index) ? "sectionfooter" : "contentinfo"
    case "FORM": return "form"
    case "H1", "H2", "H3", "H4", "H5", "H6": return "heading"
    case "HEADER": return isInSectioning(document, index) ? "sectionheader" : "banner"
    case "HR": return "separator"
    case "IFRAME": return "Iframe"
    case "IMG": return attributes["alt"] == "" ? "none" : "image"
    case "INPUT":
      switch (attributes["type"] ?? "text").lowercased() {
      case "button", "submit", "reset", "image": return "button"
      case "checkbox": return "checkbox"
      case "radio": return "radio"
      case "range": return "slider"
      case "number": return "spinbutton"
      case "search": return attributes["list"] == nil ? "searchbox" : "combobox"
      case "hidden", "file", "color", "date", "datetime-local", "month", "time", "week": return "none"
      default: return attributes["list"] == nil ? "textbox" : "combobox"
      }
    case "LABEL": return "LabelText"
    case "LI": return "listitem"
    case "MAIN": return "main"
    case "MENU", "OL", "UL": return "list"
    case "NAV": return "navigation"
    case "OPTION": return "option"
    case "OUTPUT": return "status"
    case "P": return "paragraph"
    case "PROGRESS": return "progressbar"
    case "SECTION":
      return attributes["aria-label"] != nil || attributes["aria-labelledby"] != nil ? "region" : "generic"
    case "SELECT":
      let size = Int(attributes["size"] ?? "") ?? 0
      return attributes["multiple"] != nil || size > 1 ? "listbox" : "combobox"
    case "SUMMARY": return "DisclosureTriangle"
    case "TABLE": return "table"
    case "TBODY", "THEAD", "TFOOT": return "rowgroup"
    case "TD": return "cell"
    case "TEXTAREA": return "textbox"
    case "TH": return attributes["scope"]?.lowercased() == "row" ? "rowheader" : "columnheader"
    case "TR": return "row"
    default: return "generic"
    }
  }

  /// Whether an element is inside an article, aside, main, nav or section.
  private static func isInSectioning(_ document: PageSnapshot.DOMDocument?, _ index: Int) -> Bool {
    guard let document, document.parents.indices.contains(index) else { return false }
    var current = document.parents[index]
    while current >= 0 {
      if sectioning.contains(document.names[current]) { return true }
      current = document.parents[current]
    }
    return false
  }
}
