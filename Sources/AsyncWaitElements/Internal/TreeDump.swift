/// Text renderings of nodes and trees for timeout errors.
package enum TreeDump {
  /// The most lines a dump of a tree prints.
  static let maximumLines = 40
  /// The deepest indentation a dump prints; deeper nodes say their depth.
  static let maximumIndent = 20

  /// One line for a node: kind, label, identifier, value and a disabled flag.
  static func line<Node: QueryableNode>(for node: Node) -> String {
    var parts = [node.elementType.rawValue]
    if !node.label.isEmpty { parts.append(String(reflecting: node.label)) }
    if !node.identifier.isEmpty { parts.append("id=\(node.identifier)") }
    if let value = node.value { parts.append("value=\(String(reflecting: value))") }
    if !node.isEnabled { parts.append("disabled") }
    parts += node.dumpedStates
    return parts.joined(separator: " ")
  }

  /// One line for a candidate of an ambiguous choice: the node's line, and
  /// where it is when the node can say.
  static func candidateLine<Node: QueryableNode>(for node: Node) -> String {
    let place = (node as? any LocatableNode)?.locationDescription
    return line(for: node) + (place.map { " at \($0)" } ?? "")
  }

  /// The tree below `root`, one indented line a node in depth-first order,
  /// cut at `maximumLines` (``maximumLines`` for a failure's message) with a
  /// count of the nodes left out, and at `nodeBudget` nodes in all.
  package static func tree<Node: QueryableNode>(
    _ root: Node, nodeBudget: Int, maximumLines: Int = TreeDump.maximumLines
  ) -> String {
    var lines: [String] = []
    var omitted = 0
    var visits = NodeVisits(budget: nodeBudget)
    var stack: [(node: Node, depth: Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
      guard (try? visits.visit()) == true else { break }
      if lines.count < maximumLines {
        let indent = String(repeating: "  ", count: min(depth, maximumIndent))
        let deep = depth > maximumIndent ? "[depth \(depth)] " : ""
        lines.append(indent + deep + line(for: node))
      } else {
        omitted += 1
      }
      stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
    }
    if visits.exceeded {
      lines.append(
        "… stopped after \(nodeBudget) nodes, the node budget: a larger tree needs a larger "
          + "nodeBudget:, and a tree that never ends is cyclic")
    } else if visits.count < nodeBudget, !stack.isEmpty {
      lines.append("… the dump was cancelled")
    } else if omitted > 0 {
      lines.append("… \(omitted) more node\(omitted == 1 ? "" : "s")")
    }
    return lines.joined(separator: "\n")
  }

  /// What a resolution of `path` saw: the matches of each step the user
  /// wrote, the node found, and the tree it searched.
  ///
  /// With `forFailure`, the root's diagnostics add their lines.
  static func state<Node: QueryableNode>(of path: QueryPath<Node>, forFailure: Bool) async -> String {
    let state = await resolvedState(of: path)
    guard forFailure, let diagnostics = path.diagnostics, let more = await diagnostics(state) else {
      return state
    }
    return state + "\n" + more
  }

  /// What a resolution of `path` saw, without the root's diagnostics.
  private static func resolvedState<Node: QueryableNode>(of path: QueryPath<Node>) async -> String {
    let resolution: (root: Node?, nodes: [Node], matchCounts: [Int])
    do {
      resolution = try await path.resolve(limit: nil, countingAll: true, evaluates: false)
    } catch let error as NodeBudgetExceededError {
      return "\(error)"
    } catch {
      return "the root could not be read: \(error)"
    }
    guard let root = resolution.root else { return "the tree has no root" }
    var lines = ["query: \(path.description)"]
    // A subscript's choice of the first match reads as part of the
    // subscript, so it gets no line of its own; an implicit choice among
    // several candidates (a subscript's, `.element`) says it chose none.
    var ambiguous = false
    for (index, (step, matched)) in zip(path.steps, resolution.matchCounts).enumerated() {
      let before = index > 0 ? resolution.matchCounts[index - 1] : 1
      if case .select(_, let description, isImplicit: true) = step, before > 1 {
        ambiguous = true
        lines.append(
          "  \(description.isEmpty ? "the subscript's one element" : description): ambiguous, \(before) candidates"
        )
        continue
      }
      guard !step.description.isEmpty else { continue }
      let count = matched == 0 ? "no matches" : matched == 1 ? "1 match" : "\(matched) matches"
      lines.append("  \(step.description): \(count)")
    }
    let unreached = path.steps.dropFirst(resolution.matchCounts.count).map(\.description).joined()
    if !unreached.isEmpty {
      lines.append("  (not reached: \(unreached))")
    }
    // The element found, when the query names one element and found it
    // alone; a query of many elements (a count) has no one element found.
    let namesOneElement =
      switch path.steps.last {
      case .select?, .selectLast?: true
      default: false
      }
    if let node = resolution.nodes.first, !ambiguous, namesOneElement {
      lines.append("found: \(line(for: node))")
    }
    lines.append("tree:")
    lines.append(
      tree(root, nodeBudget: path.nodeBudget).split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
    )
    return lines.joined(separator: "\n")
  }
}
