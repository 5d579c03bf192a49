// What a snapshot reads from the DOM snapshot beyond identities: the
// document's structure, the elements CSS selectors mark, and text content.
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

  /// The elements that show text, for a query that searches by text: each
  /// element with a text below it that is not only white space (or that is
  /// a button `<input>` with a value), outside scripts, styles and the head
  /// (``textlessElements``), as Playwright's `getByText` reads a page.
  static func textHolders(in dom: JSONValue) -> Set<Int> {
    guard let strings = dom["strings"]?.array else { return [] }
    var found: Set<Int> = []
    for document in dom["documents"]?.array ?? [] {
      let nodes = document["nodes"]
      let backendIDs = nodes?["backendNodeId"]?.array ?? []
      let parents = nodes?["parentIndex"]?.array ?? []
      let types = nodes?["nodeType"]?.array ?? []
      let names = nodes?["nodeName"]?.array ?? []
      let values = nodes?["nodeValue"]?.array ?? []
      let attributes = nodes?["attributes"]?.array ?? []
      func string(_ array: [JSONValue], _ index: Int) -> String? {
        guard array.indices.contains(index), let position = array[index].int,
          strings.indices.contains(position)
        else { return nil }
        return strings[position].string
      }
      func parent(of index: Int) -> Int? {
        guard parents.indices.contains(index), let parent = parents[index].int, parent >= 0 else {
          return nil
        }
        return parent
      }
      func isElement(_ index: Int) -> Bool { types.indices.contains(index) && types[index].int == 1 }
      // Indexes known to hold text, and known to be inside a textless element.
      var holders = Set<Int>()
      var textless = Set<Int>()
      for index in backendIDs.indices {
        let shows: Bool
        switch types.indices.contains(index) ? types[index].int : nil {
        case 3?, 4?:
          shows = string(values, index)?.contains(where: { !$0.isWhitespace }) == true
        case 1? where string(names, index) == "INPUT":
          // A button `<input>` shows its value.
          let pairs = attributes.indices.contains(index) ? attributes[index].array ?? [] : []
          let value = buttonValue(of: pairs) { position in
            position.int.flatMap { strings.indices.contains($0) ? strings[$0].string : nil }
          }
          shows = value?.contains(where: { !$0.isWhitespace }) == true
        default:
          shows = false
        }
        guard shows else { continue }
        // The chain of ancestors up to one already known; bounded, since a
        // snapshot is what Chromium sent.
        var chain: [Int] = isElement(index) ? [index] : []
        var current = parent(of: index)
        var isInsideTextless = false
        while let above = current, !holders.contains(above), chain.count < 4_096 {
          if textless.contains(above)
            || (isElement(above) && textlessElements.contains(string(names, above) ?? ""))
          {
            isInsideTextless = true
            break
          }
          if isElement(above) { chain.append(above) }
          current = parent(of: above)
        }
        if isInsideTextless {
          textless.formUnion(chain)
          continue
        }
        holders.formUnion(chain)
      }
      for index in holders {
        if let backendID = backendIDs[index].int { found.insert(backendID) }
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
    /// The nodes of the elements hidden from everyone, for a tree that
    /// holds them, by the DOM node of their nearest ancestor in the tree,
    /// each with its place in document order
    /// (``PageSnapshot/hiddenElements(in:accessibility:identities:marks:maximumNodes:)``).
    var hidden: [Int: [(order: Int, node: BrowserNode)]]

    /// Whether any element is put in the tree that the accessibility tree
    /// leaves out.
    var placesElements: Bool { !selectors.isEmpty || !hidden.isEmpty }

    init(
      selectors: [Int: [String]], inTree: Set<Int>, structure: DOMStructure, identities: [Int: Identity],
      hidden: [Int: [(order: Int, node: BrowserNode)]] = [:]
    ) {
      self.selectors = selectors
      self.inTree = inTree
      self.structure = structure
      self.identities = identities
      self.hidden = hidden
      // Only a selector's marks can be empty elements; a page whose marks are
      // all elements that show text sorts nothing.
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

    /// `children` with a node for each empty element, and each hidden
    /// element's, whose nearest ancestor in the tree is `host`, each
    /// before the first child after it in document order.
    private func withEmptyElements(_ children: [BrowserNode], below host: Int) -> [BrowserNode] {
      var elements = (empty[host] ?? []).map { (order: structure.order[$0] ?? 0, node: node(for: $0)) }
      if let hidden = hidden[host] {
        elements += hidden
        elements.sort { $0.order < $1.order }
      }
      guard !elements.isEmpty else { return children }
      var merged: [BrowserNode] = []
      merged.reserveCapacity(children.count + elements.count)
      var next = 0
      for child in children {
        // A text CSS generated (no DOM node) stays with the node before it.
        if let id = child.backendNodeID, let position = structure.order[id] {
          while next < elements.count, elements[next].order < position {
            merged.append(elements[next].node)
            next += 1
          }
        }
        merged.append(child)
      }
      merged += elements[next...].map(\.node)
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

  /// The value a button `<input>` (of type `submit`, `button` or `reset`)
  /// shows, from its attributes as a DOM snapshot gives them: name and
  /// value as positions in the snapshot's strings, read by `string`, and an
  /// empty value as position -1 (see ``identities(in:readingTextsOf:)``);
  /// `nil` for an element of another type.
  static func buttonValue(of pairs: [JSONValue], string: (JSONValue) -> String?) -> String? {
    var named: [String: String] = [:]
    var pair = 0
    while pair + 1 < pairs.count {
      if let name = string(pairs[pair]) {
        named[name] = pairs[pair + 1].int == -1 ? "" : string(pairs[pair + 1])
      }
      pair += 2
    }
    guard let type = named["type"]?.lowercased(), ["submit", "button", "reset"].contains(type) else {
      return nil
    }
    return named["value"] ?? ""
  }

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
      return Self.buttonValue(of: pairs) { position in
        position.int.flatMap { strings.indices.contains($0) ? strings[$0] : nil }
      }
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
