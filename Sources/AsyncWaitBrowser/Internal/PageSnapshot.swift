/// Joins one probe's two answers into a tree of ``BrowserNode``: the
/// accessibility tree (`Accessibility.getFullAXTree`) gives the nodes, their
/// roles, names, values and states; the DOM snapshot
/// (`DOMSnapshot.captureSnapshot`) gives each DOM node's `data-testid`, `id`
/// and layout box, by backend node id.
enum PageSnapshot {
  /// The deepest a snapshot goes: nodes deeper are left out, so that a
  /// pathological page cannot exhaust a stack when the tree is destroyed.
  static let maximumDepth = 512
  /// The most nodes a snapshot holds.
  static let maximumNodes = 200_000

  /// What the DOM snapshot says of one DOM node.
  struct Identity {
    var testID: String?
    var htmlID: String?
    var attributes: [String: String] = [:]
    var box: BrowserNode.Box?
    /// The element's text content (``BrowserNode/textContent``), when read.
    var textContent: String?
    /// Whether its `visibility` is `hidden` or `collapse`, when the snapshot
    /// read styles (one that marks elements does).
    var isInvisible = false
  }

  /// Joins the answers into one tree.
  ///
  /// - Parameters:
  ///   - accessibility: The nodes of the main frame's accessibility tree.
  ///   - frames: The nodes of the accessibility trees of the page's
  ///     same-origin frames,
  ///     by the backend node id of the `<iframe>` that holds each: each
  ///     frame's document goes under its frame element.
  ///   - dom: The DOM snapshot of every document of the page.
  ///   - remoteFrames: The trees of the page's frames from another origin,
  ///     each built from its own process's answers, by the backend node id
  ///     of the `<iframe>` that holds each: each goes under its frame
  ///     element, as a same-origin frame's document does.
  ///   - marks: The CSS selectors that select each element, by backend node
  ///     id (`locator(css:)`): each such element is in the
  ///     tree, the selectors in its ``BrowserNode/selectors``.
  ///   - marksTextHolders: Whether every element that shows text is in
  ///     the tree (``textHolders(in:)``), for a query that searches by text.
  ///   - maximumNodes: The most nodes one document's tree holds.
  ///   - includesHidden: Whether the elements hidden from everyone are in
  ///     the tree, each with the role, name and states the DOM gives it
  ///     (``hiddenElements(in:accessibility:identities:marks:maximumNodes:)``);
  ///     by default, as this task's ``includesHidden`` says.
  /// - Returns: The tree, or `nil` when the page has no accessibility tree yet.
  /// - Throws: ``BrowserError/unexpectedResponse`` when an answer lacks its parts.
  static func tree(
    accessibility: [JSONValue], frames: [Int: [JSONValue]] = [:], dom: JSONValue,
    remoteFrames: [Int: BrowserNode] = [:], marks: [Int: [String]] = [:],
    marksTextHolders: Bool = false, maximumNodes: Int = PageSnapshot.maximumNodes,
    includesHidden: Bool = PageSnapshot.includesHidden
  ) throws(BrowserError) -> BrowserNode? {
    // The text content of the elements the trees hold, and of no other.
    var elements: Set<Int> = []
    for nodes in [accessibility] + Array(frames.values) {
      for node in nodes {
        if let backendID = node["backendDOMNodeId"]?.int { elements.insert(backendID) }
      }
    }
    // For a query by text, every element that shows text is in the tree,
    // as a marked one with no selector when the accessibility tree leaves
    // it out or ignores it (`<span>Item 5</span>`), so that the innermost
    // element whose text matches is found whatever CSS lays it out.
    var marks = marks
    if marksTextHolders {
      for element in textHolders(in: dom) where marks[element] == nil { marks[element] = [] }
    }
    let identities = try identities(in: dom, readingTextsOf: elements.union(marks.keys))
    let hidden =
      includesHidden
      ? hiddenElements(
        in: dom, accessibility: [accessibility] + Array(frames.values), identities: identities, marks: marks,
        maximumNodes: maximumNodes)
      : [:]
    let marked = Marked(
      selectors: marks, inTree: elements,
      structure: marks.isEmpty && hidden.isEmpty ? DOMStructure() : DOMStructure(dom),
      identities: identities, hidden: hidden)
    var built = remoteFrames
    // A frame's tree before the tree that holds it: frames nest, and each
    // is grafted under its owner when its owner's tree is built. Each round
    // builds every frame whose inner frames are built; a round that builds
    // none (frames that name each other, which a page cannot make) ends it,
    // and what is left is built without its missing inner frames.
    // The DOM nodes each frame's tree holds, read once.
    let inside = frames.mapValues { nodes in Set(nodes.compactMap { $0["backendDOMNodeId"]?.int }) }
    var pending = frames
    while !pending.isEmpty {
      let ready = pending.filter { owner, _ in
        !(inside[owner] ?? []).contains { pending[$0] != nil }
      }
      for (owner, nodes) in ready.isEmpty ? pending : ready {
        built[owner] = documentTree(
          nodes, identities: identities, marked: marked, frames: built, maximumNodes: maximumNodes)
        pending[owner] = nil
      }
    }
    return documentTree(
      accessibility, identities: identities, marked: marked, frames: built, maximumNodes: maximumNodes)
  }

  /// One document's tree, with the frames built so far under their owners.
  private static func documentTree(
    _ nodes: [JSONValue], identities: [Int: Identity], marked: Marked, frames: [Int: BrowserNode],
    maximumNodes: Int
  ) -> BrowserNode? {
    var byID: [String: JSONValue] = [:]
    byID.reserveCapacity(nodes.count)
    for node in nodes {
      if let id = node["nodeId"]?.string { byID[id] = node }
    }
    guard let root = nodes.first(where: { $0["parentId"] == nil }) ?? nodes.first else { return nil }
    return build(
      from: root, byID: byID, identities: identities, marked: marked, frames: frames,
      maximumNodes: maximumNodes
    )
    .first
  }

  /// Accessibility nodes of a frame from another origin, each backend node
  /// id moved by `offset` (``BrowserPage/RemoteFrames/shift``), so that no
  /// id is also one of the page's process.
  static func rebased(accessibility nodes: [JSONValue], by offset: Int) -> [JSONValue] {
    guard offset != 0 else { return nodes }
    return nodes.map { node in
      guard case .object(var members) = node, let id = members["backendDOMNodeId"]?.int else { return node }
      members["backendDOMNodeId"] = .number(Double(id + offset))
      return .object(members)
    }
  }

  /// A DOM snapshot of a frame from another origin, each backend node id
  /// moved by `offset`, as ``rebased(accessibility:by:)`` moves them.
  static func rebased(dom: JSONValue, by offset: Int) -> JSONValue {
    guard offset != 0, case .object(var members) = dom, let documents = members["documents"]?.array else {
      return dom
    }
    members["documents"] = .array(
      documents.map { document in
        guard case .object(var parts) = document, case .object(var nodes)? = parts["nodes"],
          let ids = nodes["backendNodeId"]?.array
        else { return document }
        nodes["backendNodeId"] = .array(ids.map { id in id.int.map { .number(Double($0 + offset)) } ?? id })
        parts["nodes"] = .object(nodes)
        return .object(parts)
      })
    return .object(members)
  }

  /// The same-origin frames of the page: each `<iframe>` element's backend
  /// node id and the id of the frame its document is in.
  static func childFrames(in dom: JSONValue) -> [(owner: Int, frameID: String)] {
    guard let documents = dom["documents"]?.array, let strings = dom["strings"]?.array else { return [] }
    var frames: [(owner: Int, frameID: String)] = []
    for document in documents {
      let backendIDs = document["nodes"]?["backendNodeId"]?.array ?? []
      let content = document["nodes"]?["contentDocumentIndex"]
      let indexes = content?["index"]?.array ?? []
      let values = content?["value"]?.array ?? []
      for (index, value) in zip(indexes, values) {
        guard let index = index.int, backendIDs.indices.contains(index), let owner = backendIDs[index].int,
          let child = value.int, documents.indices.contains(child),
          let frameIndex = documents[child]["frameId"]?.int, strings.indices.contains(frameIndex),
          let frameID = strings[frameIndex].string, !frameID.isEmpty
        else { continue }
        frames.append((owner, frameID))
      }
    }
    return frames
  }

  /// Builds the subtree of `root` without recursion: a page's tree can be
  /// deeper than a thread's stack allows.
  private static func build(
    from root: JSONValue, byID: [String: JSONValue], identities: [Int: Identity], marked: Marked,
    frames: [Int: BrowserNode], maximumNodes: Int
  ) -> [BrowserNode] {
    struct Frame {
      var node: JSONValue
      var childIDs: [String]
      var next = 0
      var children: [BrowserNode] = []
    }
    func frame(_ node: JSONValue) -> Frame {
      Frame(node: node, childIDs: node["childIds"]?.array?.compactMap(\.string) ?? [])
    }
    var visited: Set<String> = []
    if let id = root["nodeId"]?.string { visited.insert(id) }
    var budget = maximumNodes - 1
    var stack = [frame(root)]
    while true {
      let top = stack.count - 1
      if stack[top].next < stack[top].childIDs.count {
        let childID = stack[top].childIDs[stack[top].next]
        stack[top].next += 1
        // A cycle or a shared child is visited once; depth and size are bounded.
        guard stack.count < maximumDepth, budget > 0, let child = byID[childID],
          visited.insert(childID).inserted
        else { continue }
        budget -= 1
        stack.append(frame(child))
        continue
      }
      let finished = stack.removeLast()
      var children = finished.children
      if let owner = finished.node["backendDOMNodeId"]?.int, let frame = frames[owner] {
        children.append(frame.placed(in: identities[owner]?.box))
      }
      if marked.placesElements, let host = finished.node["backendDOMNodeId"]?.int {
        children = marked.grouped(children, below: host)
      }
      let made = nodes(
        for: finished.node, children: children, identities: identities, marks: marked.selectors)
      if stack.isEmpty { return made }
      stack[stack.count - 1].children += made
    }
  }

  /// The nodes one accessibility node stands for: itself, or its children in
  /// its place when it is left out.
  static func nodes(
    for node: JSONValue, children: [BrowserNode], identities: [Int: Identity], marks: [Int: [String]] = [:]
  ) -> [BrowserNode] {
    let role = node["role"]?["value"]?.string ?? ""
    if role == "InlineTextBox" || role == "ListMarker" { return [] }
    let backendNodeID = node["backendDOMNodeId"]?.int
    let identity = backendNodeID.flatMap { identities[$0] }
    let ignored = node["ignored"]?.bool ?? false
    if ignored {
      // Hidden from everyone: gone, with its subtree, whatever its identity.
      let reasons = node["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
      if reasons.contains(where: hiddenReasons.contains) { return [] }
      let isMarked = backendNodeID.map { marks[$0] != nil } ?? false
      if identity?.testID == nil && identity?.htmlID == nil && !isMarked { return children }
    }
    var properties: [String: JSONValue] = [:]
    for property in node["properties"]?.array ?? [] {
      if let name = property["name"]?.string { properties[name] = property["value"]?["value"] }
    }
    let isEditable = properties["editable"] != nil && !flag(properties["readonly"])
    var value = valueText(node["value"]?["value"])
    // One rule for every text field (textbox, searchbox, combobox,
    // spinbutton): empty reads "", not "no value".
    if value == nil && BrowserNode.elementType(forRole: role) == .textField { value = "" }
    let label = normalized(node["name"]?["value"]?.string ?? "")
    var made = BrowserNode(
      role: ignored ? "none" : role, testID: identity?.testID, htmlID: identity?.htmlID,
      label: label, labelText: isNamedByALabel(node["name"]) && !label.isEmpty ? label : nil, value: value,
      isEnabled: properties["disabled"]?.bool != true, isFocused: properties["focused"]?.bool == true,
      isEditable: isEditable, isChecked: tristate(properties["checked"]),
      isSelected: flag(properties["selected"]),
      isExpanded: properties["expanded"].map(flag), isPressed: tristate(properties["pressed"]),
      attributes: identity?.attributes ?? [:], box: identity?.box, children: children)
    made.backendNodeID = backendNodeID
    made.level = properties["level"]?.int
    made.isCheckedMixed = properties["checked"]?.string == "mixed"
    made.isPressedMixed = properties["pressed"]?.string == "mixed"
    made.domText = identity?.textContent
    if let backendNodeID, let selectors = marks[backendNodeID] { made.selectors = selectors }
    // Text CSS generates belongs to a pseudo-element, which is no DOM node.
    made.isGeneratedText = role == "StaticText" && backendNodeID == nil
    return [made]
  }

  /// Whether the name that won among an accessible name's sources (the
  /// first with a value that no later source superseded) is a label: a
  /// `<label>` or `aria-labelledby` (a related element), or `aria-label`.
  static func isNamedByALabel(_ name: JSONValue?) -> Bool {
    guard
      let source = name?["sources"]?.array?.first(where: {
        $0["value"] != nil && $0["superseded"]?.bool != true
      })
    else { return false }
    switch source["type"]?.string {
    case "relatedElement": return true
    case "attribute": return source["attribute"]?.string == "aria-label"
    default: return false
    }
  }

  /// Whether a boolean property is set: `true`, or the text `"true"`.
  private static func flag(_ value: JSONValue?) -> Bool {
    value?.bool == true || value?.string == "true"
  }

  /// A tristate property (`checked`, `pressed`): `true`, `false`, or `nil`
  /// when the element has no such state; `mixed` reads `false`.
  private static func tristate(_ value: JSONValue?) -> Bool? {
    guard let value else { return nil }
    return flag(value)
  }

  /// Why Chromium ignores a node that no user can perceive: `aria-hidden`,
  /// `display: none`, `visibility: hidden`.
  static let hiddenReasons: Set = ["ariaHiddenElement", "ariaHiddenSubtree", "notRendered", "notVisible"]

  /// A name with its runs of white space made one space, and none at either
  /// end: `Milk ` in `<li>Milk <button>…` reads `Milk`.
  static func normalized(_ name: String) -> String {
    name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// An accessible value as text: strings as they are, numbers and booleans
  /// spelled out.
  private static func valueText(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text): text
    case .number(let number): Int(exactly: number).map(String.init) ?? String(number)
    case .bool(let flag): String(flag)
    default: nil
    }
  }

  /// Each DOM node's identity and box, by backend node id, and the text
  /// content of the elements in `readingTextsOf`.
  static func identities(in dom: JSONValue, readingTextsOf elements: Set<Int> = [])
    throws(BrowserError) -> [Int: Identity]
  {
    guard let documents = dom["documents"]?.array,
      let strings = dom["strings"]?.array?.map({ $0.string ?? "" })
    else { throw .unexpectedResponse("DOMSnapshot.captureSnapshot returned no documents") }
    func string(_ index: JSONValue) -> String? {
      guard let index = index.int, strings.indices.contains(index) else { return nil }
      return strings[index]
    }
    var identities: [Int: Identity] = [:]
    for document in documents {
      let backendIDs = document["nodes"]?["backendNodeId"]?.array ?? []
      let attributes = document["nodes"]?["attributes"]?.array ?? []
      var byIndex: [Int] = []
      byIndex.reserveCapacity(backendIDs.count)
      for (index, backendID) in backendIDs.enumerated() {
        let backendID = backendID.int ?? -1
        byIndex.append(backendID)
        guard index < attributes.count, let pairs = attributes[index].array, !pairs.isEmpty else { continue }
        var identity = Identity()
        var pair = 0
        while pair + 1 < pairs.count {
          // Chromium sends an empty value as index -1, not as an index of "".
          let value = pairs[pair + 1].int == -1 ? "" : string(pairs[pair + 1])
          if let name = string(pairs[pair]), let value {
            identity.attributes[name] = value
            switch name {
            case "data-testid": identity.testID = value
            case "id": identity.htmlID = value
            default: break
            }
          }
          pair += 2
        }
        identities[backendID] = identity
      }
      if !elements.isEmpty {
        for (backendID, text) in textContents(of: document, strings: strings, elements: elements) {
          identities[backendID, default: Identity()].textContent = text
        }
      }
      let layoutNodes = document["layout"]?["nodeIndex"]?.array ?? []
      let bounds = document["layout"]?["bounds"]?.array ?? []
      // The one style a snapshot that marks elements asks for: `visibility`.
      let styles = document["layout"]?["styles"]?.array ?? []
      for (layoutIndex, nodeIndex) in zip(styles.indices, layoutNodes) {
        guard let nodeIndex = nodeIndex.int, byIndex.indices.contains(nodeIndex),
          let visibility = styles[layoutIndex].array?.first.flatMap(string),
          visibility == "hidden" || visibility == "collapse"
        else { continue }
        identities[byIndex[nodeIndex], default: Identity()].isInvisible = true
      }
      for (layoutIndex, nodeIndex) in zip(layoutNodes.indices, layoutNodes) {
        guard let nodeIndex = nodeIndex.int, byIndex.indices.contains(nodeIndex), layoutIndex < bounds.count,
          let rect = bounds[layoutIndex].array?.compactMap(\.double), rect.count == 4
        else { continue }
        let backendID = byIndex[nodeIndex]
        // A node's first layout object is its box; later ones are fragments.
        guard identities[backendID]?.box == nil else { continue }
        identities[backendID, default: Identity()].box = BrowserNode.Box(
          x: rect[0], y: rect[1], width: rect[2], height: rect[3])
      }
    }
    return identities
  }
}

extension BrowserNode {
  /// A frame's tree with its boxes moved from its document's corner to the
  /// page's: by the frame element's box, less an even border around the
  /// frame's document.
  fileprivate func placed(in owner: BrowserNode.Box?) -> BrowserNode {
    guard let owner, let inner = box else { return self }
    let dx = owner.x + max(0, owner.width - inner.width) / 2
    let dy = owner.y + max(0, owner.height - inner.height) / 2
    return shifted(dx, dy, depth: 0)
  }

  private func shifted(_ dx: Double, _ dy: Double, depth: Int) -> BrowserNode {
    var copy = self
    if let box { copy.box = Box(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height) }
    // Bounded as a snapshot is: no deeper than its deepest node.
    if depth < PageSnapshot.maximumDepth {
      copy.children = children.map { $0.shifted(dx, dy, depth: depth + 1) }
    }
    return copy
  }
}
