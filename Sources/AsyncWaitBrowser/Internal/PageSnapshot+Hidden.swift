// The elements a page hides from everyone, for a tree that holds them too
// (`BrowserPage.includingHidden`, Playwright's `includeHidden`): Chromium's
// accessibility tree leaves them out, or gives them the role `none` and no
// name, so each one's role, name and states are computed here from the DOM
// snapshot, by the rules of HTML's implicit roles and of accessible names.
extension PageSnapshot {
  /// Whether a snapshot taken in this task holds the elements hidden from
  /// everyone (``BrowserPage/includingHidden``).
  @TaskLocal static var includesHidden = false

  /// One document of a DOM snapshot, read for the hidden elements' nodes.
  struct DOMDocument {
    var backendIDs: [Int] = []
    var parents: [Int] = []
    var types: [Int] = []
    var names: [String] = []
    var values: [String?] = []
    var attributes: [[String: String]] = []
    var children: [[Int]] = []
    var hasLayout: [Bool] = []
    var inputValues: [Int: String] = [:]
    var checked: Set<Int> = []
    var selected: Set<Int> = []
    /// Each element of the document by its `id`, the first of each.
    var byHTMLID: [String: Int] = [:]
    /// The `<label>` elements that name a control with `for`, by the
    /// control's `id`.
    var labelsFor: [String: [Int]] = [:]

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
      children = Array(repeating: [], count: count)
      hasLayout = Array(repeating: false, count: count)
      for index in 0..<count {
        let parent = parentValues.indices.contains(index) ? parentValues[index].int ?? -1 : -1
        parents.append(parent)
        // A node comes after its parent: anything else is not a tree.
        if parent >= 0 && parent < index { children[parent].append(index) }
        types.append(typeValues.indices.contains(index) ? typeValues[index].int ?? 0 : 0)
        names.append(nameValues.indices.contains(index) ? string(nameValues[index]) ?? "" : "")
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
        if let id = named["id"], byHTMLID[id] == nil { byHTMLID[id] = index }
        if names[index] == "LABEL", let control = named["for"] {
          labelsFor[control, default: []].append(index)
        }
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
  }

  /// The nodes of the elements hidden from everyone, by the DOM node of
  /// their nearest ancestor that the tree holds: each hidden element whose
  /// parent is not hidden, with all below it, in document order.
  ///
  /// An element is hidden when Chromium's accessibility tree ignores it
  /// for being hidden (`aria-hidden`, `visibility: hidden`, `display:
  /// none`), or leaves it out and it has no layout box. The head, scripts,
  /// styles and templates are none, nor a `<select>`'s options.
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
    marks: [Int: [String]] = [:],
    maximumNodes: Int
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
      // Whether anything in each node's subtree has a layout box: an
      // element without one around one that has one is `display:
      // contents`, and shown. A node comes after its parent.
      var subtreeHasLayout = view.hasLayout
      for index in stride(from: count - 1, through: 0, by: -1) where subtreeHasLayout[index] {
        let parent = view.parents[index]
        if parent >= 0 && parent < index { subtreeHasLayout[parent] = true }
      }
      // Whether each node is inside the head, a script, a style or a
      // template, or is a `<select>`'s option; and whether it is hidden.
      var isOutside = Array(repeating: false, count: count)
      var isHidden = Array(repeating: false, count: count)
      for index in 0..<count {
        let parent = view.parents[index]
        let parentIsOutside = parent >= 0 && parent < index && isOutside[parent]
        let name = view.names[index]
        let inSelect =
          parent >= 0 && parent < index && ["SELECT", "DATALIST", "OPTGROUP"].contains(view.names[parent])
        isOutside[index] = parentIsOutside || textlessElements.contains(name) || inSelect
        guard view.types[index] == 1, !isOutside[index] else { continue }
        let id = view.backendIDs[index]
        let parentIsHidden = parent >= 0 && parent < index && isHidden[parent]
        isHidden[index] =
          parentIsHidden || hiddenInTree.contains(id)
          || view.attributes[index]["aria-hidden"]?.lowercased() == "true"
          || identities[id]?.isInvisible == true || (!present.contains(id) && !subtreeHasLayout[index])
        guard isHidden[index], !parentIsHidden, budget > 0 else { continue }
        // Its nearest ancestor the tree holds.
        var host = parent
        var steps = 0
        while host >= 0, host < count,
          !present.contains(view.backendIDs[host]) || hiddenInTree.contains(view.backendIDs[host]),
          steps < 4_096
        {
          host = view.parents[host]
          steps += 1
        }
        guard host >= 0, host < count else { continue }
        let nodes = tree.nodes(for: index, depth: 0, budget: &budget)
        for node in nodes { found[view.backendIDs[host], default: []].append((index, node)) }
      }
    }
    return found
  }

  /// The nodes of one hidden element and all below it, computed from the
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
    /// place when it has no role of its own and no identity, as the
    /// accessibility tree leaves a layout `<div>` out.
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
        guard !PageSnapshot.textlessElements.contains(view.names[index]) else { return [] }
        let children = view.children[index].flatMap { nodes(for: $0, depth: depth + 1, budget: &budget) }
        let role = role(of: index)
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
      var made = BrowserNode(
        role: role, testID: identity?.testID, htmlID: identity?.htmlID, label: label,
        labelText: isFromLabel && !label.isEmpty ? label : nil, value: value,
        isEnabled: !isDisabled(index),
        isEditable: isTextField && tag != "SELECT" && attributes["readonly"] == nil,
        isChecked: checked.value, isSelected: isSelected(index),
        isExpanded: expanded(of: index), isPressed: pressed.value,
        attributes: identity?.attributes ?? [:], textContent: text(of: index), children: children)
      made.backendNodeID = view.backendIDs[index]
      made.level = level(of: index, role: role)
      made.isCheckedMixed = checked.isMixed
      made.isPressedMixed = pressed.isMixed
      made.domText = made.textContent
      made.selectors = marks[made.backendNodeID ?? -1] ?? []
      return made
    }

    /// The element's role, as Chromium names it: its `role` attribute's
    /// first role Chromium knows, or the one its tag implies.
    func role(of index: Int) -> String {
      let attributes = view.attributes[index]
      for token in (attributes["role"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init) {
        switch token.lowercased() {
        case "img": return "image"
        case "presentation", "none": return "none"
        case let known where Self.ariaRoles.contains(known): return known
        default: continue
        }
      }
      let tag = view.names[index]
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
      case "FOOTER": return "contentinfo"
      case "FORM": return "form"
      case "H1", "H2", "H3", "H4", "H5", "H6": return "heading"
      case "HEADER": return "banner"
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
      case "TH": return "columnheader"
      case "TR": return "row"
      default: return "generic"
      }
    }

    /// The roles whose name comes from their contents when nothing else
    /// names them.
    static let namedByContents: Set = [
      "button", "cell", "checkbox", "columnheader", "DisclosureTriangle", "gridcell", "heading", "LabelText",
      "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader",
      "switch",
      "tab", "tooltip", "treeitem",
    ]

    /// The roles of ARIA that Chromium names as ARIA does.
    static let ariaRoles: Set = [
      "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell",
      "checkbox", "code", "columnheader", "combobox", "complementary", "contentinfo", "definition",
      "deletion",
      "dialog", "document", "emphasis", "feed", "figure", "form", "generic", "grid", "gridcell", "group",
      "heading", "insertion", "link", "list", "listbox", "listitem", "log", "main", "mark", "marquee", "math",
      "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "navigation", "note",
      "option", "paragraph", "progressbar", "radio", "radiogroup", "region", "row", "rowgroup", "rowheader",
      "scrollbar", "search", "searchbox", "separator", "slider", "spinbutton", "status", "strong",
      "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox", "time",
      "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem",
    ]

    /// The element's accessible name, and whether a label gave it (a
    /// `<label>`, `aria-labelledby` or `aria-label`).
    func name(of index: Int, role: String) -> (String, Bool) {
      let attributes = view.attributes[index]
      if let ids = attributes["aria-labelledby"] {
        let named = ids.split(whereSeparator: \.isWhitespace).compactMap { view.byHTMLID[String($0)] }
          .map { text(of: $0) }.joined(separator: " ")
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
        let labelled = labels(of: index).map { labelText($0, without: index) }.joined(separator: " ")
        let normalized = PageSnapshot.normalized(labelled)
        if !normalized.isEmpty { return (normalized, true) }
      case "IMG", "AREA":
        if let alt = attributes["alt"], !alt.isEmpty { return (PageSnapshot.normalized(alt), false) }
      case "FIELDSET", "TABLE", "FIGURE":
        let caption = ["FIELDSET": "LEGEND", "TABLE": "CAPTION", "FIGURE": "FIGCAPTION"][tag]
        // Chromium counts a legend or a caption as a label.
        if let first = view.children[index].first(where: { view.names[$0] == caption }) {
          let normalized = PageSnapshot.normalized(text(of: first))
          if !normalized.isEmpty { return (normalized, true) }
        }
      default:
        break
      }
      if Self.namedByContents.contains(role) {
        let contents = PageSnapshot.normalized(text(of: index))
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

    /// The `<label>` elements of a control: those that name it with `for`,
    /// and the one around it.
    func labels(of index: Int) -> [Int] {
      var found: [Int] = []
      if let id = view.attributes[index]["id"] { found += view.labelsFor[id] ?? [] }
      var current = view.parents[index]
      var steps = 0
      while current >= 0, steps < 4_096 {
        if view.names[current] == "LABEL" && view.attributes[current]["for"] == nil {
          if !found.contains(current) { found.append(current) }
          break
        }
        current = view.parents[current]
        steps += 1
      }
      return found
    }

    /// A label's text, without the control it names.
    func labelText(_ label: Int, without control: Int) -> String {
      text(of: label, skipping: control)
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

    /// The text of every text node below `index`, in document order, as
    /// `textContent` reads it, leaving out the subtree of `skipping`.
    func text(of index: Int, skipping: Int) -> String {
      var parts: [String] = []
      var stack = [index]
      var visited = 0
      while let current = stack.popLast(), visited < 100_000 {
        visited += 1
        guard current != skipping else { continue }
        if view.types[current] == 3 || view.types[current] == 4 {
          parts.append(view.values[current] ?? "")
        } else if view.types[current] == 1 && PageSnapshot.textlessElements.contains(view.names[current]) {
          continue
        } else {
          stack += view.children[current].reversed()
        }
      }
      return parts.joined()
    }

    /// Whether the element is disabled: `disabled` on a control or a
    /// `<fieldset>` around it, or `aria-disabled` on it or around it.
    func isDisabled(_ index: Int) -> Bool {
      // A disabled `<fieldset>` disables the controls in it, and reads
      // enabled itself, as Chromium reads it.
      let controls: Set = ["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP"]
      if controls.contains(view.names[index]) && view.attributes[index]["disabled"] != nil { return true }
      var current = index
      var steps = 0
      while current >= 0, steps < 4_096 {
        if view.attributes[current]["aria-disabled"]?.lowercased() == "true" { return true }
        if current != index && view.names[current] == "FIELDSET"
          && view.attributes[current]["disabled"] != nil
          && controls.contains(view.names[index])
        {
          return true
        }
        current = view.parents[current]
        steps += 1
      }
      return false
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
      if view.names[index] == "SELECT" && role(of: index) == "combobox" { return false }
      if let expanded = view.attributes[index]["aria-expanded"]?.lowercased() {
        return expanded == "true" ? true : expanded == "false" ? false : nil
      }
      let parent = view.parents[index]
      if view.names[index] == "SUMMARY", parent >= 0, view.names[parent] == "DETAILS" {
        return view.attributes[parent]["open"] != nil
      }
      return nil
    }

    /// The element's level: `aria-level`, a heading's own, or how many
    /// lists a list item is in.
    func level(of index: Int, role: String) -> Int? {
      if let level = view.attributes[index]["aria-level"].flatMap({ Int($0) }), level > 0 { return level }
      if role == "listitem" {
        var lists = 0
        var current = view.parents[index]
        var steps = 0
        while current >= 0, steps < 4_096 {
          if view.types[current] == 1 && self.role(of: current) == "list" { lists += 1 }
          current = view.parents[current]
          steps += 1
        }
        return max(lists, 1)
      }
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
