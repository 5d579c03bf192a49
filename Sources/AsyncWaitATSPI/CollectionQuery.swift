internal import AsyncWaitATSPILoader
internal import AsyncWaitElements

/// Queries evaluated by the application itself, through AT-SPI's Collection
/// interface, so that a probe costs what the query matches rather than the
/// size of the application's tree.
///
/// A search of descendants by element type asks the application for the
/// nodes of the type's roles (`GetMatches`, in the tree's order); a search
/// of children reads the children alone. Only the properties the filters
/// need are then read of each match (its accessible id, its name), and a
/// node is read whole only when the caller wants it. Every match and child
/// counts against the node budget.
///
/// The evaluator declines (the query is then walked in a snapshot, as
/// before) a filter it cannot check from the id and the name, and an
/// application whose nodes have no Collection interface.
enum CollectionQuery {
  /// The name libatspi gives each role, by the role's value: up to the
  /// first value it has no name for, past the last it defines.
  ///
  /// Runs on the AT-SPI thread.
  static func roleNames(using atspi: ATSPIFunctions) -> [String] {
    var names: [String] = []
    for value in 0..<1024 {
      guard let name = atspi.atspi_role_get_name(AtspiRole(rawValue: UInt32(value))) else { break }
      defer { atspi.g_free(name) }
      names.append(String(cString: name))
    }
    return names
  }

  /// What the plan finds in the application called `name`, or `nil` when
  /// the evaluator declines it.
  ///
  /// Runs on the AT-SPI thread.
  ///
  /// - Throws: ``ATSPIError`` when a call fails.
  ///
  /// - Parameters:
  ///   - plan: The query.
  ///   - request: How many nodes, and whether strictly.
  ///   - name: The application's name in the desktop.
  ///   - roleNames: The name of each role, by its value (``roleNames(using:)``).
  ///   - atspi: The functions of libatspi and GLib.
  /// - Returns: What the plan finds, or `nil` to walk a snapshot.
  static func evaluate(
    _ plan: QueryPlan, _ request: QueryRequest, application name: String, roleNames: [String],
    using atspi: ATSPIFunctions
  ) throws -> QueryEvaluation<ATSPINode>? {
    // Checked first, so that a plan declined costs no call.
    for step in plan.steps {
      if case .search(_, _, let filters) = step, !filters.allSatisfy(isSupported) { return nil }
    }
    guard let application = try ATSPIApplication.find(named: name, using: atspi) else {
      return QueryEvaluation(nodes: [], matchCounts: [])
    }
    var budget = Budget(remaining: request.nodeBudget)
    var current = [application]
    var matchCounts: [Int] = []
    for (position, step) in plan.steps.enumerated() {
      switch step {
      case .search(let axis, let type, let filters):
        var found: [AccessibleHandle] = []
        for scope in current {
          guard
            let matches = try search(
              axis, type, filters, below: scope, roleNames: roleNames, budget: &budget, using: atspi)
          else { return nil }
          found += matches
          if budget.isExceeded { break }
        }
        current = found
      case .select(let index, let isImplicit):
        if request.isStrict && isImplicit && current.count > 1 {
          let candidates = try current.prefix(AmbiguousElementError.listedMatches).map {
            try ATSPINode.read($0, budget: &budget.remaining, using: atspi)
          }
          return QueryEvaluation(
            nodes: [], matchCounts: matchCounts,
            ambiguity: .init(step: position, count: current.count, candidates: candidates),
            exceededNodeBudget: budget.isExceeded)
        }
        current = current.indices.contains(index) ? [current[index]] : []
      case .selectLast:
        current = current.last.map { [$0] } ?? []
      }
      if budget.isExceeded {
        return QueryEvaluation(nodes: [], matchCounts: matchCounts, exceededNodeBudget: true)
      }
      matchCounts.append(current.count)
      if current.isEmpty { break }
    }
    let chosen = request.limit.map { Array(current.prefix($0)) } ?? current
    let nodes = try chosen.map { try ATSPINode.read($0, budget: &budget.remaining, using: atspi) }
    return QueryEvaluation(nodes: nodes, matchCounts: matchCounts, exceededNodeBudget: budget.isExceeded)
  }

  /// How many more nodes a probe may read.
  private struct Budget {
    /// Below zero once a read went past the budget.
    var remaining: Int

    /// Whether a read went past the budget.
    var isExceeded: Bool { remaining < 0 }

    /// Counts one node; `false` once past the budget.
    mutating func visit() -> Bool {
      remaining -= 1
      return remaining >= 0
    }
  }

  /// Whether the evaluator checks `filter` itself.
  private static func isSupported(_ filter: QueryPlan.Filter) -> Bool {
    switch filter {
    case .identifierOrLabel, .identifier, .named: true
    default: false
    }
  }

  /// The nodes along `axis` from `scope`, of `type`, that pass `filters`, in
  /// the tree's order; `nil` when the application cannot search there.
  private static func search(
    _ axis: QueryPlan.Axis, _ type: ElementType, _ filters: [QueryPlan.Filter], below scope: AccessibleHandle,
    roleNames: [String], budget: inout Budget, using atspi: ATSPIFunctions
  ) throws -> [AccessibleHandle]? {
    let candidates: [AccessibleHandle]
    switch axis {
    case .children:
      candidates = try atspi.children(of: scope.pointer).filter { child in
        try type == .any
          || ATSPINode.role(
            atspi.string { atspi.atspi_accessible_get_role_name(child.pointer, $0) }, isOfType: type)
      }
    case .descendants:
      // Value 0 is no role ("invalid").
      let roles = roleNames.indices.dropFirst().filter {
        ATSPINode.role(roleNames[$0], isOfType: type)
      }.map { AtspiRole(rawValue: UInt32($0)) }
      if roles.isEmpty && type != .any { return [] }
      guard let matches = self.matches(of: type == .any ? [] : roles, below: scope, using: atspi) else {
        return nil
      }
      candidates = matches
    }
    var found: [AccessibleHandle] = []
    for candidate in candidates {
      guard budget.visit() else { break }
      if try filters.allSatisfy({ try passes(candidate, $0, using: atspi) }) { found.append(candidate) }
    }
    return found
  }

  /// The descendants of `scope` with one of `roles` (any role when empty),
  /// as the application's Collection interface finds them, in the tree's
  /// order; `nil` when `scope` has no Collection interface or the search
  /// failed.
  private static func matches(
    of roles: [AtspiRole], below scope: AccessibleHandle, using atspi: ATSPIFunctions
  ) -> [AccessibleHandle]? {
    guard let collection = atspi.atspi_accessible_get_collection_iface(scope.pointer) else { return nil }
    defer { atspi.g_object_unref(UnsafeMutableRawPointer(collection)) }
    let roleArray = atspi.g_array_new(0, 0, UInt32(MemoryLayout<AtspiRole>.stride))
    defer { _ = atspi.g_array_free(roleArray, 1) }
    roles.withUnsafeBufferPointer { buffer in
      _ = atspi.g_array_append_vals(roleArray, buffer.baseAddress, UInt32(buffer.count))
    }
    // No states, attributes or interfaces: all of none holds.
    let rule = atspi.atspi_match_rule_new(
      nil, ATSPI_Collection_MATCH_ALL, nil, ATSPI_Collection_MATCH_ALL, roleArray, ATSPI_Collection_MATCH_ANY,
      nil, ATSPI_Collection_MATCH_ALL, 0)
    defer { atspi.g_object_unref(UnsafeMutableRawPointer(rule)) }
    var error: UnsafeMutablePointer<GError>?
    // A count of zero: every match; traverse: the whole subtree.
    let array = atspi.atspi_collection_get_matches(
      collection, rule, ATSPI_Collection_SORT_ORDER_CANONICAL, 0, 1, &error)
    // An application that says it has the interface but does not answer
    // it (an error for the method) is read as a snapshot instead, which
    // reports an error of its own if the application is gone.
    if let error {
      atspi.g_error_free(error)
      if let array { _ = atspi.g_array_free(array, 1) }
      return nil
    }
    guard let array else { return [] }
    defer { _ = atspi.g_array_free(array, 1) }
    // The array holds a reference to each match, which each handle adopts.
    let count = Int(array.pointee.len)
    guard count > 0, let data = array.pointee.data else { return [] }
    return UnsafeRawPointer(data).withMemoryRebound(to: OpaquePointer?.self, capacity: count) { elements in
      (0..<count).compactMap { elements[$0].map(AccessibleHandle.init(adopting:)) }
    }
  }

  /// Whether `node` passes `filter`, reading only what the filter needs.
  private static func passes(
    _ node: AccessibleHandle, _ filter: QueryPlan.Filter, using atspi: ATSPIFunctions
  ) throws -> Bool {
    let identifier = { try atspi.string { atspi.atspi_accessible_get_accessible_id(node.pointer, $0) } }
    let name = { try atspi.string { atspi.atspi_accessible_get_name(node.pointer, $0) } }
    switch filter {
    case .identifierOrLabel(let key): return try identifier() == key || name() == key
    case .identifier(let expected): return try identifier() == expected
    case .named(let pattern):
      let match: TextMatch =
        pattern.isSubstring
        ? .containing(pattern.text, ignoringCase: pattern.ignoresCase)
        : .exactly(pattern.text, ignoringCase: pattern.ignoresCase)
      return try match.matches(name())
    default: return false
    }
  }
}
