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
  ///   - accessibility: The main frame's accessibility tree.
  ///   - frames: The accessibility trees of the page's same-origin frames,
  ///     by the backend node id of the `<iframe>` that holds each: each
  ///     frame's document goes under its frame element.
  ///   - dom: The DOM snapshot of every document of the page.
  ///   - marks: The CSS selectors that select each element, by backend node
  ///     id (`locator(css:)`): each such element is in the
  ///     tree, the selectors in its ``BrowserNode/selectors``.
  ///   - maximumNodes: The most nodes one document's tree holds.
  /// - Returns: The tree, or `nil` when the page has no accessibility tree yet.
  /// - Throws: ``BrowserError/unexpectedResponse`` when an answer lacks its parts.
  static func tree(
    accessibility: JSONValue, frames: [Int: JSONValue] = [:], dom: JSONValue, marks: [Int: [String]] = [:],
    maximumNodes: Int = PageSnapshot.maximumNodes
  ) throws(BrowserError) -> BrowserNode? {
    // The text content of the elements the trees hold, and of no other.
    var elements: Set<Int> = []
    for answer in [accessibility] + Array(frames.values) {
      for node in answer["nodes"]?.array ?? [] {
        if let backendID = node["backendDOMNodeId"]?.int { elements.insert(backendID) }
      }
    }
    // An element the accessibility tree leaves out whose text is split over
    // inline elements (`<span><b>3</b> items left</span>`) is in the tree,
    // so that its text can be found whole, as a marked one with no selector.
    var marks = marks
    for element in splitTextElements(in: dom) where !elements.contains(element) && marks[element] == nil {
      marks[element] = []
    }
    let identities = try identities(in: dom, readingTextsOf: elements.union(marks.keys))
    let marked = Marked(
      selectors: marks, inTree: elements, structure: marks.isEmpty ? DOMStructure() : DOMStructure(dom),
      identities: identities)
    var built: [Int: BrowserNode] = [:]
    // A frame's tree before the tree that holds it: frames nest, and each
    // is grafted under its owner when its owner's tree is built. Each round
    // builds every frame whose inner frames are built; a round that builds
    // none (frames that name each other, which a page cannot make) ends it,
    // and what is left is built without its missing inner frames.
    // The DOM nodes each frame's tree holds, read once.
    let inside = frames.mapValues { answer in
      Set(answer["nodes"]?.array?.compactMap { $0["backendDOMNodeId"]?.int } ?? [])
    }
    var pending = frames
    while !pending.isEmpty {
      let ready = pending.filter { owner, _ in
        !(inside[owner] ?? []).contains { pending[$0] != nil }
      }
      for (owner, answer) in ready.isEmpty ? pending : ready {
        built[owner] = try? documentTree(
          answer, identities: identities, marked: marked, frames: built, maximumNodes: maximumNodes)
        pending[owner] = nil
      }
    }
    return try documentTree(
      accessibility, identities: identities, marked: marked, frames: built, maximumNodes: maximumNodes)
  }

  /// One document's tree, with the frames built so far under their owners.
  private static func documentTree(
    _ accessibility: JSONValue, identities: [Int: Identity], marked: Marked, frames: [Int: BrowserNode],
    maximumNodes: Int
  ) throws(BrowserError) -> BrowserNode? {
    guard let nodes = accessibility["nodes"]?.array else {
      throw .unexpectedResponse("Accessibility.getFullAXTree returned no nodes")
    }
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
      if !marked.selectors.isEmpty, let host = finished.node["backendDOMNodeId"]?.int {
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
    made.domText = identity?.textContent
    if let backendNodeID, let selectors = marks[backendNodeID] { made.selectors = selectors }
    // Text CSS generates belongs to a pseudo-element, which is no DOM node.
    made.isGeneratedText = role == "StaticText" && backendNodeID == nil
    return [made]
  }

  /// Whether the name that won among an accessible name's sources (the
  /// first with a value that no later source superseded) is a label: a
  /// `<label>` or `aria-labelledby` (a related element), or `aria-label`.
  private static func isNamedByALabel(_ name: JSONValue?) -> Bool {
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

extension PageSnapshot {
  /// Each DOM node's parent and place in its document, by backend node id.
  struct DOMStructure {
    /// Each node's parent.
    var parents: [Int: Int] = [:]
    /// Each node's index in its document's order (a snapshot's nodes come
    /// in document order).
    var order: [Int: Int] = [:]
    /// The index after each node's last descendant: its subtree is the
    /// nodes from its own index to this one.
    var subtreeEnd: [Int: Int] = [:]

    /// No structure: for a snapshot that marks no element.
    init() {}

    /// The structure of every document of a DOM snapshot.
    init(_ dom: JSONValue) {
      for document in dom["documents"]?.array ?? [] {
        let backendIDs = document["nodes"]?["backendNodeId"]?.array ?? []
        let parentIndexes = document["nodes"]?["parentIndex"]?.array ?? []
        // The open nodes, innermost last: a node closes when one comes that
        // is not its descendant.
        var open: [Int] = []
        for index in backendIDs.indices {
          let parent = parentIndexes.indices.contains(index) ? parentIndexes[index].int ?? -1 : -1
          while let last = open.last, last != parent {
            if let closed = backendIDs[last].int { subtreeEnd[closed] = index }
            open.removeLast()
          }
          open.append(index)
          guard let node = backendIDs[index].int else { continue }
          order[node] = index
          if parent >= 0, backendIDs.indices.contains(parent), let owner = backendIDs[parent].int {
            parents[node] = owner
          }
        }
        for index in open {
          if let closed = backendIDs[index].int { subtreeEnd[closed] = backendIDs.count }
        }
      }
    }
  }

  /// The elements whose own children are both text that is not only white
  /// space and elements: a text split over inline elements.
  static func splitTextElements(in dom: JSONValue) -> Set<Int> {
    guard let strings = dom["strings"]?.array else { return [] }
    var found: Set<Int> = []
    for document in dom["documents"]?.array ?? [] {
      let nodes = document["nodes"]
      let backendIDs = nodes?["backendNodeId"]?.array ?? []
      let parents = nodes?["parentIndex"]?.array ?? []
      let types = nodes?["nodeType"]?.array ?? []
      let values = nodes?["nodeValue"]?.array ?? []
      var hasText = Set<Int>()
      var hasElement = Set<Int>()
      for index in backendIDs.indices {
        guard parents.indices.contains(index), let parent = parents[index].int, parent >= 0,
          types.indices.contains(index)
        else { continue }
        switch types[index].int {
        case 1?:
          hasElement.insert(parent)
        case 3?:
          guard values.indices.contains(index), let position = values[index].int,
            strings.indices.contains(position),
            strings[position].string?.contains(where: { !$0.isWhitespace }) == true
          else { continue }
          hasText.insert(parent)
        default:
          continue
        }
      }
      for parent in hasText.intersection(hasElement)
      where types.indices.contains(parent) && types[parent].int == 1 {
        if let backendID = backendIDs[parent].int { found.insert(backendID) }
      }
    }
    return found
  }

  /// The elements a query's CSS selectors select (`locator(css:)`)
  /// and what puts those the accessibility tree leaves out into the tree.
  struct Marked {
    /// The selectors that select each element, by backend node id.
    var selectors: [Int: [String]]
    /// The DOM nodes the accessibility trees hold.
    var inTree: Set<Int>
    /// The DOM's structure; read only when an element is marked.
    var structure: DOMStructure
    /// Each DOM node's identity.
    var identities: [Int: Identity]
    /// The elements a selector selects that the accessibility tree leaves
    /// out and that hold nothing it holds (an empty `<span>`, an icon), but
    /// have a layout box, by the DOM node of their nearest ancestor in the
    /// tree, in document order.
    var empty: [Int: [Int]] = [:]

    init(selectors: [Int: [String]], inTree: Set<Int>, structure: DOMStructure, identities: [Int: Identity]) {
      self.selectors = selectors
      self.inTree = inTree
      self.structure = structure
      self.identities = identities
      // Only a selector's marks can be empty elements; a page whose marks are
      // all split texts sorts nothing.
      let candidates = selectors.filter { !$0.value.isEmpty && !inTree.contains($0.key) }
      guard !candidates.isEmpty else { return }
      let treeOrder = inTree.compactMap { structure.order[$0] }.sorted()
      for element in candidates.keys {
        guard let identity = identities[element], identity.box != nil, !identity.isInvisible,
          let start = structure.order[element],
          let end = structure.subtreeEnd[element]
        else { continue }
        // Any node of the tree inside it? Then it is put in the tree around that node.
        var low = 0
        var high = treeOrder.count
        while low < high {
          let middle = (low + high) / 2
          if treeOrder[middle] <= start { low = middle + 1 } else { high = middle }
        }
        if low < treeOrder.count && treeOrder[low] < end { continue }
        var ancestor = structure.parents[element]
        var steps = 0
        while let current = ancestor, !inTree.contains(current), steps < 4_096 {
          ancestor = structure.parents[current]
          steps += 1
        }
        if let ancestor { empty[ancestor, default: []].append(element) }
      }
      for host in empty.keys { empty[host]?.sort { (structure.order[$0] ?? 0) < (structure.order[$1] ?? 0) } }
    }

    /// `children`, the nodes of the DOM node `host`, with each run of them
    /// below a marked element that the accessibility tree leaves out (a
    /// `<span>` around text) put in a node of its own for that element,
    /// nested as the elements nest.
    ///
    /// An element the tree leaves out that holds nothing the tree holds
    /// (an empty or a hidden element) stays out.
    func grouped(_ children: [BrowserNode], below host: Int) -> [BrowserNode] {
      let children = withEmptyElements(children, below: host)
      var result: [BrowserNode] = []
      // The elements being filled, outermost first, with their nodes so far.
      var open: [(element: Int, children: [BrowserNode])] = []
      func close() {
        let (element, children) = open.removeLast()
        let made = node(for: element, children: children)
        if open.isEmpty { result.append(made) } else { open[open.count - 1].children.append(made) }
      }
      for child in children {
        // A text CSS generated has no DOM node: it stays with the node before it.
        let chain = child.backendNodeID.map { missingAncestors(of: $0, below: host) } ?? open.map(\.element)
        var common = 0
        while common < open.count, common < chain.count, open[common].element == chain[common] { common += 1 }
        while open.count > common { close() }
        for element in chain[common...] { open.append((element, [])) }
        if open.isEmpty { result.append(child) } else { open[open.count - 1].children.append(child) }
      }
      while !open.isEmpty { close() }
      return result
    }

    /// `children` with a node for each empty element whose nearest ancestor
    /// in the tree is `host`, each before the first child after it in
    /// document order.
    private func withEmptyElements(_ children: [BrowserNode], below host: Int) -> [BrowserNode] {
      guard let elements = empty[host] else { return children }
      var merged: [BrowserNode] = []
      merged.reserveCapacity(children.count + elements.count)
      var next = 0
      for child in children {
        // A text CSS generated (no DOM node) stays with the node before it.
        if let id = child.backendNodeID, let position = structure.order[id] {
          while next < elements.count, (structure.order[elements[next]] ?? 0) < position {
            merged.append(node(for: elements[next]))
            next += 1
          }
        }
        merged.append(child)
      }
      merged += elements[next...].map { node(for: $0) }
      return merged
    }

    /// The node of a marked element the accessibility tree leaves out.
    private func node(for element: Int, children: [BrowserNode] = []) -> BrowserNode {
      let identity = identities[element]
      var made = BrowserNode(
        role: "none", testID: identity?.testID, htmlID: identity?.htmlID,
        attributes: identity?.attributes ?? [:], textContent: identity?.textContent, box: identity?.box,
        children: children)
      made.backendNodeID = element
      made.selectors = selectors[element] ?? []
      return made
    }

    /// The marked elements between the DOM node `node` and `host`, which the
    /// accessibility tree leaves out, outermost first; none when `host` is
    /// not above `node`.
    private func missingAncestors(of node: Int, below host: Int) -> [Int] {
      var found: [Int] = []
      var current = structure.parents[node]
      // Bounded: a DOM is a tree, but a snapshot is what Chromium sent.
      var steps = 0
      while let element = current, element != host {
        steps += 1
        guard steps < 4_096 else { return [] }
        if selectors[element] != nil && !inTree.contains(element) { found.append(element) }
        current = structure.parents[element]
      }
      return current == host ? found.reversed() : []
    }
  }

  /// The elements whose text content a page's text leaves out, with all
  /// below them, as Playwright's does: scripts, styles, the `<head>`.
  static let textlessElements: Set = ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]

  /// The text content of each of `elements` that is an element of
  /// `document` (``BrowserNode/textContent``): the text nodes below it in
  /// document order, whole, white space normalized.
  ///
  /// One pass over the snapshot, whose nodes come in document order, so
  /// that every element's text is one range of the document's text.
  static func textContents(of document: JSONValue, strings: [String], elements: Set<Int>) -> [Int: String] {
    let nodes = document["nodes"]
    let parents = nodes?["parentIndex"]?.array ?? []
    let types = nodes?["nodeType"]?.array ?? []
    let names = nodes?["nodeName"]?.array ?? []
    let values = nodes?["nodeValue"]?.array ?? []
    let backendIDs = nodes?["backendNodeId"]?.array ?? []
    func string(_ array: [JSONValue], _ index: Int) -> String? {
      guard array.indices.contains(index), let position = array[index].int, strings.indices.contains(position)
      else { return nil }
      return strings[position]
    }
    let attributes = nodes?["attributes"]?.array ?? []
    func buttonValue(at index: Int) -> String? {
      guard attributes.indices.contains(index), let pairs = attributes[index].array else { return nil }
      var named: [String: String] = [:]
      var pair = 0
      while pair + 1 < pairs.count {
        if let name = string(pairs, pair) {
          // An empty value comes as index -1 (see ``identities(in:readingTextsOf:)``).
          named[name] = pairs[pair + 1].int == -1 ? "" : string(pairs, pair + 1)
        }
        pair += 2
      }
      guard let type = named["type"]?.lowercased(), ["submit", "button", "reset"].contains(type) else {
        return nil
      }
      return named["value"] ?? ""
    }
    var text: [UInt8] = []
    var starts: [Int: Int] = [:]
    var found: [Int: String] = [:]
    // The open elements, innermost last, and whether each leaves its text out.
    var open: [(index: Int, isTextless: Bool)] = []
    var textless = 0
    func close() {
      let closed = open.removeLast()
      if closed.isTextless { textless -= 1 }
      if let start = starts[closed.index], let backendID = backendIDs[closed.index].int {
        found[backendID] = normalized(String(decoding: text[start...], as: UTF8.self))
      }
    }
    for index in backendIDs.indices {
      let parent = parents.indices.contains(index) ? parents[index].int ?? -1 : -1
      while let last = open.last, last.index != parent { close() }
      switch types.indices.contains(index) ? types[index].int : nil {
      case 3?, 4?:
        // A text (or CDATA) node.
        if textless == 0, let value = string(values, index) { text += value.utf8 }
      case 1?:
        let name = string(names, index) ?? ""
        let isTextless = textlessElements.contains(name)
        if isTextless { textless += 1 }
        if let backendID = backendIDs[index].int, elements.contains(backendID) { starts[index] = text.count }
        open.append((index, isTextless))
        // A button that is an `<input>` shows its value.
        if name == "INPUT", textless == 0, let value = buttonValue(at: index) { text += value.utf8 }
      default:
        // A document or a fragment: its children's texts go to the elements above.
        open.append((index, false))
      }
    }
    while !open.isEmpty { close() }
    return found
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
