import AsyncWait

/// A root provider and the steps that lead from the root to a set of nodes.
///
/// One resolution reads the root once, so all its steps see one snapshot of
/// the tree; every step stops as soon as it has as many nodes as the steps
/// after it can use.
@usableFromInline
struct QueryPath<Node: QueryableNode>: Sendable {
  @usableFromInline var rootName: String
  @usableFromInline var root: @Sendable () async throws -> Node?
  /// Triggers that fire when the tree changes.
  @usableFromInline var triggers: [WaitTrigger]
  /// The most nodes one resolution may visit.
  @usableFromInline var nodeBudget: Int
  /// The call that sets ``nodeBudget``, for the error that says it ran out.
  @usableFromInline var budgetSetting = NodeBudgetExceededError.treeElementBudgetSetting
  /// Every step but the last.
  @usableFromInline var earlier: [QueryStep<Node>] = []
  /// The last step, held inline: `app.buttons` allocates no array.
  @usableFromInline var last: QueryStep<Node>?
  /// Whether every step is a search or the choice of the first element, so
  /// that ``first()`` can walk lazily; kept as steps are added, because
  /// scanning the steps in generic code on every probe costs more than the
  /// walk of a small tree.
  @usableFromInline var walksLazily = true

  /// The selectors in the tree's own language that the steps use, for the
  /// root provider to mark the nodes each selects (``TreeSelectors``).
  @usableFromInline var selectors: [String] = []
  /// Whether a step searches by text, for the root provider to read the
  /// nodes that show text (``TreeSelectors/searchesText``).
  @usableFromInline var searchesText = false

  /// What to add to a failed wait's state, from the root's maker.
  @usableFromInline var diagnostics: (@Sendable (String) async -> String?)?
  /// The tree's own evaluation of a plan (``QueryPlan``), if it has one;
  /// `nil` from it means "walk in Swift".
  @usableFromInline var evaluator:
    (@Sendable (QueryPlan, QueryRequest) async throws -> QueryEvaluation<Node>?)?

  @inlinable
  init(
    rootName: String, root: @escaping @Sendable () async throws -> Node?, triggers: [WaitTrigger] = [],
    nodeBudget: Int, diagnostics: (@Sendable (String) async -> String?)? = nil,
    evaluator: (@Sendable (QueryPlan, QueryRequest) async throws -> QueryEvaluation<Node>?)? = nil
  ) {
    self.rootName = rootName
    self.root = root
    self.triggers = triggers
    self.nodeBudget = nodeBudget
    self.diagnostics = diagnostics
    self.evaluator = evaluator
  }

  /// The steps as data, or `nil` when a step is one only Swift can run.
  var plan: QueryPlan? {
    var planned: [QueryPlan.Step] = []
    for step in steps {
      guard let step = step.planned else { return nil }
      planned.append(step)
    }
    return QueryPlan(steps: planned)
  }

  /// What the tree's evaluator finds for the steps, or `nil` when the tree
  /// has none, the path has no step, a step is one only Swift can run, or the
  /// evaluator declined.
  ///
  /// - Throws: What the evaluator throws; ``NodeBudgetExceededError`` and
  ///   ``AmbiguousElementError`` as ``resolve(limit:strict:countingAll:evaluates:)`` does.
  @usableFromInline
  func evaluated(limit: Int?, strict: Bool, countingAll: Bool) async throws -> (
    nodes: [Node], matchCounts: [Int]
  )? {
    // The root itself is what the root provider reads; no query finds it.
    guard let evaluator, stepCount > 0, let plan else { return nil }
    let request = QueryRequest(limit: limit, isStrict: strict, countsAll: countingAll, nodeBudget: nodeBudget)
    guard let evaluation = try await evaluator(plan, request) else { return nil }
    if let ambiguity = evaluation.ambiguity {
      let steps = steps
      let position = min(max(ambiguity.step, 0), steps.count - 1)
      let step = steps[position]
      throw AmbiguousElementError(
        query: rootName + steps[..<position].map(\.description).joined()
          + (step.description.isEmpty ? "" : step.description),
        matchCount: ambiguity.count,
        matches: ambiguity.candidates.prefix(AmbiguousElementError.listedMatches).map(
          TreeDump.candidateLine(for:)))
    }
    if evaluation.exceededNodeBudget {
      throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget, budgetSetting: budgetSetting)
    }
    var nodes = evaluation.nodes
    if let limit, nodes.count > limit { nodes.removeLast(nodes.count - limit) }
    return (nodes, evaluation.matchCounts)
  }

  /// The steps, in order; an array made afresh, for the paths that are not
  /// a probe's (a count, a dump, a description).
  var steps: [QueryStep<Node>] { last.map { earlier + [$0] } ?? earlier }

  /// How many steps the path has.
  @inlinable
  var stepCount: Int { earlier.count + (last == nil ? 0 : 1) }

  /// The step at `position`, which must be below ``stepCount``.
  @inlinable
  func step(at position: Int) -> QueryStep<Node> {
    position < earlier.count ? earlier[position] : last!
  }

  @inlinable
  func appending(_ step: QueryStep<Node>) -> QueryPath {
    var copy = self
    if let previous = copy.last.take() {
      copy.earlier.reserveCapacity(earlier.count + 1)
      copy.earlier.append(previous)
    }
    copy.last = step
    copy.walksLazily = walksLazily && step.isSearchOrFirst
    return copy
  }

  /// Adds a filter to the last search step, and then `step`, if given.
  ///
  /// Building `app.buttons["Save"]` allocates one array, for the search
  /// that `step` follows.
  @inlinable
  func filtered(by filter: QueryStep<Node>.Filter, then step: QueryStep<Node>? = nil) -> QueryPath {
    var copy = self
    guard case .search(let axis, let type, let filters)? = copy.last.take() else {
      preconditionFailure("a query always ends in a search step")
    }
    let filtered = QueryStep<Node>.search(axis, type, filters: filters.appending(filter))
    if let step {
      copy.earlier.reserveCapacity(earlier.count + 1)
      copy.earlier.append(filtered)
      copy.last = step
      copy.walksLazily = walksLazily && step.isSearchOrFirst
    } else {
      copy.last = filtered
    }
    return copy
  }

  @usableFromInline
  var description: String { rootName + steps.map(\.description).joined() }

  /// Resolves the steps through the tree's evaluator when it answers;
  /// otherwise reads the root once and resolves the steps against it.
  ///
  /// - Parameters:
  ///   - limit: How many nodes of the final set the caller needs; `nil`
  ///     for all of them.
  ///   - strict: Whether an implicit choice (a subscript's, `.element`)
  ///     with more than one candidate is an error.
  ///   - countingAll: Whether every search counts all its matches, for
  ///     the counts a failure shows.
  ///   - evaluates: Whether the tree's evaluator may answer (``QueryPlan``);
  ///     `false` for a failure's dump, which shows the tree it walked.
  /// - Returns: The root read (`nil` when the evaluator answered), the
  ///   nodes found (at most `limit`), and how many nodes each step matched,
  ///   up to the first step that matched none.
  /// - Throws: What the root provider or the evaluator throws;
  ///   ``NodeBudgetExceededError``; ``AmbiguousElementError`` when `strict`
  ///   and a choice is ambiguous.
  @usableFromInline
  func resolve(limit: Int?, strict: Bool = false, countingAll: Bool = false, evaluates: Bool = true)
    async throws
    -> (root: Node?, nodes: [Node], matchCounts: [Int])
  {
    if evaluates, let found = try await evaluated(limit: limit, strict: strict, countingAll: countingAll) {
      return (nil, found.nodes, found.matchCounts)
    }
    guard let root = try await readRoot() else { return (nil, [], []) }
    var visits = NodeVisits(budget: nodeBudget)
    let (nodes, matchCounts) = try resolve(
      from: root, limit: limit, strict: strict, countingAll: countingAll, visits: &visits)
    if visits.exceeded {
      throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget, budgetSetting: budgetSetting)
    }
    return (root, nodes, matchCounts)
  }

  /// Resolves the steps against a root already read, counting visits
  /// against `visits`, which the caller checks for an exceeded budget.
  ///
  /// With `countingAll`, every search finds all its matches, so that the
  /// counts a failure shows are whole, not what a select after it needed.
  @usableFromInline
  func resolve(
    from root: Node, limit: Int?, strict: Bool, countingAll: Bool = false, visits: inout NodeVisits
  ) throws -> (nodes: [Node], matchCounts: [Int]) {
    var current = [root]
    var matchCounts: [Int] = []
    let steps = steps
    matchCounts.reserveCapacity(steps.count)
    for (position, step) in steps.enumerated() {
      let isLast = position == steps.count - 1
      switch step {
      case .select(let index, _, let isImplicit):
        if strict && isImplicit && current.count > 1 {
          throw AmbiguousElementError(
            query: rootName + steps[..<position].map(\.description).joined()
              + (step.description.isEmpty ? "" : step.description),
            matchCount: current.count,
            matches: current.prefix(AmbiguousElementError.listedMatches).map(TreeDump.candidateLine(for:)))
        }
        current = current.indices.contains(index) ? [current[index]] : []
      case .selectLast:
        current = current.last.map { [$0] } ?? []
      case .search(let axis, let type, let filters):
        // A search needs as many nodes as the select after it picks from
        // (all of them to check an implicit choice strictly); the last
        // one, as many as the caller needs.
        var needed = isLast ? limit : nil
        if !isLast, !countingAll, case .select(let index, _, let isImplicit) = steps[position + 1],
          !(strict && isImplicit)
        {
          needed = index < 0 ? 0 : index == .max ? .max : index + 1
        }
        current = try Self.search(axis, type, filters, from: current, limit: needed, visits: &visits)
      }
      matchCounts.append(current.count)
      if current.isEmpty || visits.exceeded { break }
    }
    if let limit, current.count > limit { current.removeLast(current.count - limit) }
    return (current, matchCounts)
  }

  /// Whether the path finds a node: from the tree's evaluator's counts
  /// when it answers (no node is built), and otherwise as ``first()``.
  ///
  /// - Throws: What ``first()`` and the evaluator throw.
  @inlinable
  func exists() async throws -> Bool {
    if evaluator != nil, let found = try await evaluated(limit: 0, strict: false, countingAll: false) {
      return found.matchCounts.count == stepCount && found.matchCounts.last ?? 0 > 0
    }
    return try await first() != nil
  }

  /// How many nodes the path finds: from the tree's evaluator's counts
  /// when it answers (no node is built), and otherwise by resolving the
  /// path whole.
  ///
  /// - Throws: What ``resolve(limit:strict:countingAll:evaluates:)`` throws.
  @inlinable
  func count() async throws -> Int {
    if evaluator != nil, let found = try await evaluated(limit: 0, strict: false, countingAll: false) {
      return found.matchCounts.count == stepCount ? found.matchCounts.last ?? 0 : 0
    }
    return try await resolve(limit: nil, evaluates: false).nodes.count
  }

  /// The first node the path finds, from one read of the root: what an
  /// element's `exists` and `snapshot()` need, on every probe.
  ///
  /// The same node as `resolve(limit: 1)` finds, found lazily: a search
  /// stops at its first match from which the rest of the path finds a node,
  /// so a probe visits no more nodes than it must and allocates nothing
  /// beyond the walk's stack (none for a flat tree). A path that selects an
  /// element other than the first resolves whole instead.
  ///
  /// - Throws: What the root provider throws; ``NodeBudgetExceededError``
  ///   when the walk visits more nodes than the budget.
  @inlinable
  func first() async throws -> Node? {
    if evaluator != nil, let found = try await evaluated(limit: 1, strict: false, countingAll: false) {
      return found.nodes.first
    }
    guard let root = try await readRoot() else { return nil }
    var visits = NodeVisits(budget: nodeBudget)
    guard walksLazily else {
      let found = try resolve(from: root, limit: 1, strict: false, visits: &visits).nodes.first
      if visits.exceeded {
        throw NodeBudgetExceededError(
          query: description, nodeBudget: nodeBudget, budgetSetting: budgetSetting)
      }
      return found
    }
    let lookup = try first(from: root, at: 0, visits: &visits)
    if visits.exceeded {
      throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget, budgetSetting: budgetSetting)
    }
    guard case .found(let node) = lookup else { return nil }
    return node
  }

  /// Reads the root, with the steps' selectors in ``TreeSelectors/current``
  /// when they use any.
  @inlinable
  func readRoot() async throws -> Node? {
    if selectors.isEmpty && !searchesText { return try await root() }
    return try await readRootWithSelectors()
  }

  /// Reads the root with the steps' selectors in ``TreeSelectors/current``
  /// and whether they search by text in ``TreeSelectors/searchesText``.
  @usableFromInline
  func readRootWithSelectors() async throws -> Node? {
    try await TreeSelectors.$current.withValue(selectors) {
      try await TreeSelectors.$searchesText.withValue(searchesText) { try await root() }
    }
  }

  /// What the steps from one position find below one node.
  @usableFromInline
  enum Lookup {
    case found(Node)
    /// Nothing below this node: the search above tries its next match.
    case none
    /// Nothing, after a select chose this node: final, since a select takes
    /// the first element of its set and never the next.
    case noneAfterSelect
  }

  /// The first node that steps `position...` find from `node`.
  @inlinable
  func first(from node: Node, at position: Int, visits: inout NodeVisits) throws -> Lookup {
    guard position < stepCount else { return .found(node) }
    switch step(at: position) {
    case .select:
      // `node` is the first element of the set so far: the select's choice.
      let lookup = try first(from: node, at: position + 1, visits: &visits)
      if case .found = lookup { return lookup }
      return .noneAfterSelect
    case .selectLast:
      preconditionFailure("a path with .lastMatch resolves whole")
    case .search(let axis, let type, let filters):
      switch axis {
      case .children:
        for child in node.children {
          guard try visits.visit() else { return .none }
          guard child.isOfType(type), try filters.match(child, visits: &visits) else { continue }
          let lookup = try first(from: child, at: position + 1, visits: &visits)
          if case .none = lookup { continue }
          return lookup
        }
        return .none
      case .descendants, .descendantsByProperty:
        // Depth-first pre-order, with an explicit stack of the sibling
        // lists being walked, so a deep tree cannot overflow the call stack.
        var parents: [(siblings: [Node], next: Int)] = []
        var siblings = node.children
        var next = 0
        while true {
          guard next < siblings.count else {
            guard let parent = parents.popLast() else { return .none }
            (siblings, next) = parent
            continue
          }
          let candidate = siblings[next]
          next += 1
          guard try visits.visit() else { return .none }
          if candidate.isOfType(type), try filters.match(candidate, visits: &visits) {
            let lookup = try first(from: candidate, at: position + 1, visits: &visits)
            if case .none = lookup {} else { return lookup }
          }
          let children = candidate.children
          if !children.isEmpty {
            parents.append((siblings, next))
            (siblings, next) = (children, 0)
          }
        }
      }
    }
  }

  /// The nodes below `nodes` along `axis` of kind `type` that pass
  /// `filters`, in depth-first pre-order, stopping once `limit` have been found.
  private static func search(
    _ axis: QueryStep<Node>.Axis, _ type: ElementType, _ filters: QueryStep<Node>.Filters, from nodes: [Node],
    limit: Int?, visits: inout NodeVisits
  ) throws -> [Node] {
    var found: [Node] = []
    if limit == 0 { return found }
    for node in nodes {
      switch axis {
      case .children:
        for child in node.children {
          guard try visits.visit() else { return found }
          guard child.isOfType(type), try filters.match(child, visits: &visits) else { continue }
          found.append(child)
          if found.count == limit { return found }
        }
      case .descendants, .descendantsByProperty:
        // An explicit stack, so a deep tree cannot overflow the call stack.
        var stack = Array(node.children.reversed())
        while let next = stack.popLast() {
          guard try visits.visit() else { return found }
          if next.isOfType(type), try filters.match(next, visits: &visits) {
            found.append(next)
            if found.count == limit { return found }
          }
          stack.append(contentsOf: next.children.reversed())
        }
      }
    }
    return found
  }
}
