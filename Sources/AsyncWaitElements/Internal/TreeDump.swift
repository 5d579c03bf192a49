/// Text renderings of nodes and trees for timeout errors.
enum TreeDump {
  /// The most lines a dump of a tree prints.
  static let maximumLines = 40

  /// One line for a node: kind, label, identifier, value and a disabled flag.
  static func line<Node: QueryableNode>(for node: Node) -> String {
    var parts = [node.elementType.rawValue]
    if !node.label.isEmpty { parts.append(String(reflecting: node.label)) }
    if !node.identifier.isEmpty { parts.append("id=\(node.identifier)") }
    if let value = node.value { parts.append("value=\(String(reflecting: value))") }
    if !node.isEnabled { parts.append("disabled") }
    return parts.joined(separator: " ")
  }

  /// The tree below `root`, one indented line a node in depth-first order,
  /// cut at ``maximumLines`` with a count of the nodes left out.
  static func tree<Node: QueryableNode>(_ root: Node) -> String {
    var lines: [String] = []
    var omitted = 0
    var stack: [(node: Node, depth: Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
      if lines.count < maximumLines {
        lines.append(String(repeating: "  ", count: depth) + line(for: node))
      } else {
        omitted += 1
      }
      stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
    }
    if omitted > 0 { lines.append("… \(omitted) more node\(omitted == 1 ? "" : "s")") }
    return lines.joined(separator: "\n")
  }

  /// What a resolution of `path` saw: the matches of each step, the node
  /// found, and the tree it searched.
  static func state<Node: QueryableNode>(of path: QueryPath<Node>) async -> String {
    let resolution: (root: Node?, nodes: [Node], matchCounts: [Int])
    do {
      resolution = try await path.resolve(limit: nil)
    } catch {
      return "the root could not be read: \(error)"
    }
    guard let root = resolution.root else { return "the tree has no root" }
    var lines = ["query: \(path.description)"]
    for (step, matched) in zip(path.steps, resolution.matchCounts) {
      let count = matched == 0 ? "no matches" : matched == 1 ? "1 match" : "\(matched) matches"
      lines.append("  \(step.description): \(count)")
    }
    let unreached = path.steps.dropFirst(resolution.matchCounts.count).map(\.description).joined()
    if !unreached.isEmpty {
      lines.append("  (not reached: \(unreached))")
    }
    if let node = resolution.nodes.first, !path.steps.isEmpty {
      lines.append("found: \(line(for: node))")
    }
    lines.append("tree:")
    lines.append(tree(root).split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
    return lines.joined(separator: "\n")
  }
}
