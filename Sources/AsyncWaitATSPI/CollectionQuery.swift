@_spi(Integrations) internal import AsyncWait
internal import AsyncWaitATSPILoader
internal import AsyncWaitElements

/// Queries evaluated by the application itself, through AT-SPI's Collection
/// interface, so that a probe costs what the query matches rather than the
/// size of the application's tree.
///
/// A search of descendants by element type asks the application for the
/// nodes of the type's roles (`GetMatches`, in the tree's order); a search
/// by text asks for the nodes that show text (labels) and reads their
/// names; a search of children reads the children alone. Only the
/// properties the filters need are then read of each candidate (its
/// accessible id, then its name only when the id did not match), and a
/// node is read whole only when the caller wants it. Only the nodes read
/// whole count against the node budget, not the candidates a search
/// checks: the application's answer is finite, and a lookup of one button
/// among 10,000, or a count of them, reads none whole but the one.
///
/// An application that did not answer a search within the call timeout is
/// still working on it: the next probe asks it a one-property question
/// first, and searches again only once it has answered, so that searches
/// never pile up on a slow application.
///
/// The evaluator declines (the query is then walked in a snapshot, as
/// before) a filter it cannot check from the id and the name, and an
/// application whose nodes have no Collection interface.
enum CollectionQuery {
  /// The applications whose last search timed out, by name: each is asked
  /// a question before it is searched again.
  ///
  /// Read and written on the AT-SPI thread only; locked so that the
  /// compiler can prove it.
  private static let unanswered = Locked<Set<String>>([])

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
    let evaluation = try ATSPIApplication.withApplication(named: name, using: atspi) { application in
      try evaluate(plan, request, in: application, named: name, roleNames: roleNames, using: atspi)
    }
    // No application of the name: nothing is found.
    guard let evaluation else { return QueryEvaluation(nodes: [], matchCounts: []) }
    return evaluation
  }

  /// What the plan finds in `application`, or `nil` when the evaluator
  /// declines it.
  ///
  /// Runs on the AT-SPI thread.
  private static func evaluate(
    _ plan: QueryPlan, _ request: QueryRequest, in application: AccessibleHandle, named name: String,
    roleNames: [String], using atspi: ATSPIFunctions
  ) throws -> QueryEvaluation<ATSPINode>? {
    if unanswered.withLock({ $0.contains(name) }) {
      // Answered in the application's turn, after the search it is still
      // running: a timeout here means it is still busy, and no new search
      // is sent.
      _ = try atspi.string { atspi.atspi_accessible_get_accessible_id(application.pointer, $0) }
      unanswered.withLock { _ = $0.remove(name) }
    }
    var budget = Budget(remaining: request.nodeBudget)
    var current = [application]
    var matchCounts: [Int] = []
    for (position, step) in plan.steps.enumerated() {
      switch step {
      case .search(let axis, let type, let filters):
        var found: [AccessibleHandle] = []
        for scope in current {
          let matches: [AccessibleHandle]?
          do {
            matches = try search(
              axis, type, filters, below: scope, roleNames: roleNames, using: atspi)
          } catch let error as ATSPIError where error.isTransient {
            unanswered.withLock { _ = $0.insert(name) }
            throw error
          }
          guard let matches else { return nil }
          found += matches
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
  }

  /// Whether the evaluator checks `filter` itself.
  private static func isSupported(_ filter: QueryPlan.Filter) -> Bool {
    switch filter {
    case .identifierOrLabel, .identifier, .named, .text: true
    default: false
    }
  }

  /// The nodes along `axis` from `scope`, of `type`, that pass `filters`, in
  /// the tree's order; `nil` when the application cannot search there.
  private static func search(
    _ axis: QueryPlan.Axis, _ type: ElementType, _ filters: [QueryPlan.Filter], below scope: AccessibleHandle,
    roleNames: [String], using atspi: ATSPIFunctions
  ) throws -> [AccessibleHandle]? {
    // Only a node of the static text type shows text (`QueryableNode.text`):
    // a search by text is a search of those.
    let showsText = filters.contains { if case .text = $0 { true } else { false } }
    let isCandidate = { (role: String) in
      ATSPINode.role(role, isOfType: type) && (!showsText || ATSPINode.role(role, isOfType: .staticText))
    }
    let candidates: [AccessibleHandle]
    switch axis {
    case .children:
      candidates = try atspi.children(of: scope.pointer).filter { child in
        try (type == .any && !showsText)
          || isCandidate(atspi.string { atspi.atspi_accessible_get_role_name(child.pointer, $0) })
      }
    case .descendants:
      // Value 0 is no role ("invalid").
      let roles = roleNames.indices.dropFirst().filter { isCandidate(roleNames[$0]) }
        .map { AtspiRole(rawValue: UInt32($0)) }
      let anyRole = type == .any && !showsText
      if roles.isEmpty && !anyRole { return [] }
      guard let matches = try self.matches(of: anyRole ? [] : roles, below: scope, using: atspi) else {
        return nil
      }
      candidates = matches
    }
    return try candidates.filter { candidate in
      try filters.allSatisfy { try passes(candidate, $0, roleNames: roleNames, using: atspi) }
    }
  }

  /// What D-Bus and GIO say of a method an object does not have.
  private static let missingMethod = ["UnknownMethod", "No such method", "doesn't exist", "does not exist"]

  /// The descendants of `scope` with one of `roles` (any role when empty),
  /// as the application's Collection interface finds them, in the tree's
  /// order; `nil` when `scope` has no Collection interface or the
  /// application does not have the method.
  ///
  /// - Throws: ``ATSPIError``, transient, when the search timed out: the
  ///   application is slow, not without the method; not transient for any
  ///   other error of the call.
  private static func matches(
    of roles: [AtspiRole], below scope: AccessibleHandle, using atspi: ATSPIFunctions
  ) throws -> [AccessibleHandle]? {
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
      if let array { _ = atspi.g_array_free(array, 1) }
      let reported = ATSPIError.reported(error.pointee.message.map { String(cString: $0) } ?? "unknown error")
      atspi.g_error_free(error)
      // Only an application without the method declines; any other error
      // (an application that quit, whose handle another of its name
      // replaced) is thrown, for the application to be looked up afresh.
      guard Self.missingMethod.contains(where: reported.message.contains) else { throw reported }
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

  /// Whether `node` passes `filter`, reading only what the filter needs:
  /// a subscript reads the name only of a node whose id did not match.
  private static func passes(
    _ node: AccessibleHandle, _ filter: QueryPlan.Filter, roleNames: [String], using atspi: ATSPIFunctions
  ) throws -> Bool {
    let identifier = { try atspi.string { atspi.atspi_accessible_get_accessible_id(node.pointer, $0) } }
    let name = { try atspi.string { atspi.atspi_accessible_get_name(node.pointer, $0) } }
    switch filter {
    case .identifierOrLabel(let key): return try identifier() == key || name() == key
    case .identifier(let expected): return try identifier() == expected
    case .named(let pattern): return try textMatch(pattern).matches(name())
    case .text(let pattern):
      // The innermost node that shows it: not one with a child that shows
      // it too, as the tree's own rule says.
      let match = textMatch(pattern)
      guard try match.matches(name()) else { return false }
      for child in try atspi.children(of: node.pointer) {
        let role = try atspi.string { atspi.atspi_accessible_get_role_name(child.pointer, $0) }
        guard ATSPINode.role(role, isOfType: .staticText) else { continue }
        if try match.matches(atspi.string { atspi.atspi_accessible_get_name(child.pointer, $0) }) {
          return false
        }
      }
      return true
    default: return false
    }
  }

  /// The match a planned text pattern stands for.
  private static func textMatch(_ pattern: TextMatch.Pattern) -> TextMatch {
    pattern.isSubstring
      ? .containing(pattern.text, ignoringCase: pattern.ignoresCase)
      : .exactly(pattern.text, ignoringCase: pattern.ignoresCase)
  }
}
