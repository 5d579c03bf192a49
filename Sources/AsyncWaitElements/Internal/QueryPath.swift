import AsyncWait

/// One step of a query: a search along an axis with filters, or the choice of
/// one element of the set found so far.
@usableFromInline
enum QueryStep<Node: QueryableNode>: Sendable {
  /// Nodes below each node of the current set.
  @usableFromInline
  enum Axis: Sendable {
    case children
    case descendants
  }

  case search(Axis, ElementType, filters: Filters)
  /// The element at `index` of the set, shown as `description` in a query;
  /// an empty description for the choice a subscript makes, which reads as
  /// part of the subscript. An implicit choice (a subscript's, `.element`)
  /// is one the query expects to be the only candidate: a strict resolution
  /// fails when it is not.
  case select(index: Int, description: String, isImplicit: Bool = false)
  /// The last element of the set.
  case selectLast

  /// A predicate on a node, with how it reads in a query's description.
  @usableFromInline
  struct Filter: Sendable {
    /// How a filter reads; formatted only when a description is asked for,
    /// so building a query costs no string formatting.
    @usableFromInline
    enum Label: Sendable {
      /// `["key"]`
      case subscripted(String)
      /// `.matching(identifier: "id")`
      case identifier(String)
      /// `.matching(description)`
      case predicate(String)
      /// `.matching(named: "Add")`
      case named(TextMatch)
      /// `.matching(text: "Add")`
      case text(TextMatch)
      /// `.matching(labelled: "Name")`
      case labelled(TextMatch)
      /// `.matching(placeholder: "Name")`
      case placeholder(TextMatch)
      /// `.containing(text: "Milk")`
      case containingText(TextMatch)
      /// `.containing(query)`: the query's steps, run below each candidate,
      /// and how the query reads.
      indirect case containing(QueryPath<Node>, description: String)
      /// A selector in the tree's own language (``TreeSelectors``), which
      /// reads as the whole search it narrows: `.locator(css: "li")`.
      case selector(String, description: String)
    }

    @usableFromInline var label: Label
    /// The predicate of a `.predicate` filter; the others match by their
    /// label's text, so that `app.buttons["Save"]` allocates no closure.
    @usableFromInline var predicate: (@Sendable (Node) -> Bool)?

    @inlinable
    init(label: Label, predicate: (@Sendable (Node) -> Bool)? = nil) {
      self.label = label
      self.predicate = predicate
    }

    /// Whether `node` passes the filter; a filter that searches below the
    /// node counts its visits against the resolution's budget.
    @inlinable
    func matches(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch label {
      case .subscripted(let key): return node.identifier == key || node.label == key
      case .identifier(let identifier): return node.identifier == identifier
      case .predicate, .selector: return predicate?(node) ?? true
      default: return try matchesSemantically(node, visits: &visits)
      }
    }

    /// The filters of the locators: kept out of line, so the subscript's
    /// filter stays small where it is inlined.
    @usableFromInline
    func matchesSemantically(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch label {
      case .subscripted, .identifier, .predicate, .selector:
        return false
      case .named(let name):
        return name.matches(node.label)
      case .text(let text):
        guard node.text.map(text.matches) == true else { return false }
        // The innermost node that shows it: not one whose child shows it too.
        for child in node.children where child.text.map(text.matches) == true { return false }
        return true
      case .labelled(let label):
        return node.labelText.map(label.matches) ?? false
      case .placeholder(let placeholder):
        return node.placeholder.map(placeholder.matches) ?? false
      case .containingText(let text):
        if node.text.map(text.matches) == true { return true }
        var stack = Array(node.children.reversed())
        while let next = stack.popLast() {
          guard try visits.visit() else { return false }
          if next.text.map(text.matches) == true { return true }
          stack.append(contentsOf: next.children.reversed())
        }
        return false
      case .containing(let inner, _):
        return try inner.resolve(from: node, limit: 1, strict: false, visits: &visits).nodes.isEmpty == false
      }
    }

    /// The filter as data, or `nil` when only Swift can run it (a
    /// predicate, a regular expression).
    var planned: QueryPlan.Filter? {
      switch label {
      case .subscripted(let key): .identifierOrLabel(key)
      case .identifier(let identifier): .identifier(identifier)
      case .predicate, .selector: nil
      case .named(let name): name.pattern.map(QueryPlan.Filter.named)
      case .text(let text): text.pattern.map(QueryPlan.Filter.text)
      case .labelled(let label): label.pattern.map(QueryPlan.Filter.labelled)
      case .placeholder(let placeholder): placeholder.pattern.map(QueryPlan.Filter.placeholder)
      case .containingText(let text): text.pattern.map(QueryPlan.Filter.containingText)
      case .containing(let inner, _): inner.plan.map(QueryPlan.Filter.containing)
      }
    }

    var description: String {
      switch label {
      case .subscripted(let key): "[\(String(reflecting: key))]"
      case .identifier(let identifier): ".matching(identifier: \(String(reflecting: identifier)))"
      case .predicate(let description): ".matching(\(description))"
      case .named(let name): ".matching(named: \(name))"
      case .text(let text): ".matching(text: \(text))"
      case .labelled(let label): ".matching(labelled: \(label))"
      case .placeholder(let placeholder): ".matching(placeholder: \(placeholder))"
      case .containingText(let text): ".containing(text: \(text))"
      case .containing(_, let description): ".containing(\(description))"
      case .selector(_, let description): description
      }
    }
  }

  /// The filters of a search, with one or none held inline: a subscript's
  /// filter costs no array.
  @usableFromInline
  enum Filters: Sendable {
    case none
    case one(Filter)
    case many([Filter])

    /// The same filters and `filter` after them.
    @inlinable
    func appending(_ filter: Filter) -> Filters {
      switch self {
      case .none: .one(filter)
      case .one(let first): .many([first, filter])
      case .many(let filters): .many(filters + [filter])
      }
    }

    /// Whether `node` passes every filter.
    @inlinable
    func match(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch self {
      case .none: return true
      case .one(let filter): return try filter.matches(node, visits: &visits)
      case .many(let filters):
        // Indices, not `allSatisfy`: no generic call per candidate.
        var index = 0
        while index < filters.count {
          guard try filters[index].matches(node, visits: &visits) else { return false }
          index += 1
        }
        return true
      }
    }

    /// The first filter.
    var first: Filter? {
      switch self {
      case .none: nil
      case .one(let filter): filter
      case .many(let filters): filters.first
      }
    }

    /// How the filters read, in order.
    var description: String {
      switch self {
      case .none: ""
      case .one(let filter): filter.description
      case .many(let filters): filters.map(\.description).joined()
      }
    }
  }

  /// The step as data, or `nil` when only Swift can run it.
  var planned: QueryPlan.Step? {
    switch self {
    case .search(let axis, let type, let filters):
      let list: [Filter]
      switch filters {
      case .none: list = []
      case .one(let filter): list = [filter]
      case .many(let filters): list = filters
      }
      var planned: [QueryPlan.Filter] = []
      for filter in list {
        guard let filter = filter.planned else { return nil }
        planned.append(filter)
      }
      return .search(axis == .children ? .children : .descendants, type, planned)
    case .select(let index, _, let isImplicit): return .select(index: index, isImplicit: isImplicit)
    case .selectLast: return .selectLast
    }
  }

  /// Whether the step is a search, or the choice of the first element: the
  /// steps `QueryPath.first()` walks lazily.
  @inlinable
  var isSearchOrFirst: Bool {
    switch self {
    case .search: true
    case .select(let index, _, _): index == 0
    case .selectLast: false
    }
  }

  var description: String {
    switch self {
    case .search(let axis, let type, let filters):
      // A selector's search reads as the selector alone.
      if case .selector = filters.first?.label { return filters.description }
      let axisName = axis == .children ? "children" : "descendants"
      return ".\(axisName)(matching: \(type.sourceDescription))" + filters.description
    case .select(_, let description, _):
      return description
    case .selectLast:
      return ".lastMatch"
    }
  }
}

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
      throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget)
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
    if visits.exceeded { throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget) }
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
      if visits.exceeded { throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget) }
      return found
    }
    let lookup = try first(from: root, at: 0, visits: &visits)
    if visits.exceeded { throw NodeBudgetExceededError(query: description, nodeBudget: nodeBudget) }
    guard case .found(let node) = lookup else { return nil }
    return node
  }

  /// Reads the root, with the steps' selectors in ``TreeSelectors/current``
  /// when they use any.
  @inlinable
  func readRoot() async throws -> Node? {
    if selectors.isEmpty { return try await root() }
    return try await readRootWithSelectors()
  }

  /// Reads the root with the steps' selectors in ``TreeSelectors/current``.
  @usableFromInline
  func readRootWithSelectors() async throws -> Node? {
    try await TreeSelectors.$current.withValue(selectors) { try await root() }
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
      case .descendants:
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
      case .descendants:
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

/// The selectors in a tree's own language, such as CSS, that the query
/// being resolved uses, while its root is read: the root provider of a tree
/// that has such selectors reads them and marks the nodes each selects, and
/// the query's filter finds the marks (a web page's `locator(css:)`).
package enum TreeSelectors {
  /// The selectors of the query whose root is being read.
  @TaskLocal package static var current: [String] = []
}

/// Counts the nodes one resolution or dump visits, against a budget, and
/// checks for cancellation as it goes, so that no walk of a cyclic or huge
/// tree can run on unbounded.
@usableFromInline
struct NodeVisits {
  @usableFromInline let budget: Int
  @usableFromInline var count = 0
  @usableFromInline var exceeded = false

  @inlinable
  init(budget: Int) {
    self.budget = budget
  }

  /// Counts one more node.
  ///
  /// - Returns: `false` once the budget is spent: the walk must stop.
  /// - Throws: `CancellationError` when the task is cancelled.
  @inlinable
  mutating func visit() throws -> Bool {
    count += 1
    if count & 0xFFF == 0 { try Task.checkCancellation() }
    guard count <= budget else {
      exceeded = true
      return false
    }
    return true
  }
}
