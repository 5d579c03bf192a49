/// One element of a tree, found afresh by its query on every read.
///
/// A tree element starts at a root provider, a closure that returns the
/// tree's current root, and narrows down with queries in the style of
/// XCUITest:
///
/// ```swift
/// let app = TreeElement("app") { model.tree.root }
/// let add = app.buttons["ItemListScreen.button.add"]
/// try await add.requireExistence(timeout: .seconds(2))
/// let delete = app.buttons["ItemListScreen.button.delete"]
/// try await delete.require(
///   for: \.isEnabled, toEqual: false, timeout: .seconds(2))
/// ```
///
/// Nothing is resolved when a query is built. Every read of ``exists``, every
/// probe of a wait, reads the root once and resolves the whole query against
/// that one snapshot, stopping as soon as the element is found. When a query
/// matches several nodes, the element is the first in depth-first order. A
/// probe visits at most the root's node budget (``defaultNodeBudget`` unless
/// given), so a cyclic tree ends a wait with ``NodeBudgetExceededError``
/// instead of hanging it.
///
/// Elements and queries are `Sendable` values: hand them to other tasks
/// freely. The root provider is `@Sendable`; one that reads main-actor state
/// awaits it, as in `TreeElement("app") { await model.render() }`. Pass the
/// tree's triggers too, or its waits wake only at their ticks:
/// ``NodeTree/rootElement(_:)`` does both for a ``NodeTree``.
public struct TreeElement<Node: QueryableNode>: ElementLocator, ElementTypeQueryProvider, Sendable {
  /// The most nodes one probe visits unless the root says otherwise: a
  /// million.
  public static var defaultNodeBudget: Int { 1_000_000 }

  @usableFromInline var path: QueryPath<Node>

  @inlinable
  init(path: QueryPath<Node>) {
    self.path = path
  }

  /// Creates the root element of a tree.
  ///
  /// - Parameters:
  ///   - name: How the root reads in descriptions and errors, such as `app`.
  ///   - nodeBudget: The most nodes one probe of a query from this root may
  ///     visit, and one dump of the tree may print from;
  ///     ``defaultNodeBudget`` by default.
  ///   - triggers: Triggers that fire when the tree changes, so that waits
  ///     probe again at once; none by default.
  ///   - diagnostics: Called when a wait on a query from this root fails
  ///     (for its ``failureDescription``), with what the query found and
  ///     the tree's dump; returns lines to add to them, such as where a
  ///     screenshot was kept, or `nil`. Never called while waits pass, nor
  ///     for ``stateDescription``. None by default.
  ///   - evaluator: Evaluates a query where the tree lives, for a tree whose
  ///     nodes are costly to copy (``QueryPlan``): returns what the plan
  ///     finds, or `nil` to have the query walked in Swift. None by
  ///     default: every probe walks the root in Swift.
  ///   - root: Returns the tree's current root, or `nil` when there is none
  ///     (the application is not running). Called once per probe that the
  ///     evaluator does not answer, and for a failure's dump.
  @inlinable
  public init(
    _ name: String = "root",
    nodeBudget: Int = TreeElement.defaultNodeBudget,
    triggers: [WaitTrigger] = [],
    diagnostics: (@Sendable (_ state: String) async -> String?)? = nil,
    evaluator: (
      @Sendable (_ plan: QueryPlan, _ request: QueryRequest) async throws -> QueryEvaluation<Node>?
    )? =
      nil,
    root: @escaping @Sendable () async throws -> Node?
  ) {
    self.path = QueryPath(
      rootName: name, root: root, triggers: triggers, nodeBudget: max(nodeBudget, 1),
      diagnostics: diagnostics,
      evaluator: evaluator)
  }

  /// The element itself.
  public var element: TreeElement<Node> { self }

  /// The same root, whose budget error names `setting`, the call of the
  /// integration that made the tree, as the call that sets its budget.
  ///
  /// - Parameter setting: The call, such as
  ///   `ATSPIApplication(named:nodeBudget:callTimeout:)`.
  /// - Returns: The same element.
  package func budgetSet(by setting: String) -> TreeElement {
    var element = self
    element.path.budgetSetting = setting
    return element
  }

  /// The triggers given when the tree's root element was made.
  public var triggers: [WaitTrigger] { path.triggers }

  /// Whether the query finds the element in the tree right now.
  @inlinable
  public var exists: Bool {
    get async throws { try await path.exists() }
  }

  /// The node the query finds right now, or `nil`.
  ///
  /// - Returns: A snapshot of the element's node, as the root provider gave it.
  /// - Throws: Any error the root provider throws; ``NodeBudgetExceededError``
  ///   when the query visits more nodes than the budget.
  @inlinable
  public func snapshot() async throws -> Node? {
    try await path.first()
  }

  /// The node the query finds right now, or `nil`, when every choice it
  /// leaves implicit has one candidate: what an action acts on.
  ///
  /// A subscript (`app.buttons["Delete"]`) and ``ElementQuery/element`` are
  /// implicit choices; ``ElementQuery/firstMatch``, ``ElementQuery/lastMatch``
  /// and ``ElementQuery/element(boundBy:)`` say which. Unlike ``snapshot()``,
  /// this walks every candidate of an implicit choice.
  ///
  /// - Returns: A snapshot of the element's node.
  /// - Throws: ``AmbiguousElementError`` listing the candidates when an
  ///   implicit choice has several; what ``snapshot()`` throws.
  public func uniqueSnapshot() async throws -> Node? {
    try await path.resolve(limit: 1, strict: true).nodes.first
  }

  /// The query that finds the element, such as `app.buttons["Save"]`.
  public var elementDescription: String { path.description }

  /// What the query finds now, step by step, and a dump of the tree.
  public var stateDescription: String? {
    get async { await TreeDump.state(of: path, forFailure: false) }
  }

  /// The ``stateDescription``, and what the root's diagnostics add for a
  /// failure (see ``TreeElement/init(_:nodeBudget:triggers:diagnostics:evaluator:root:)``).
  public var failureDescription: String? {
    get async { await TreeDump.state(of: path, forFailure: true) }
  }

  /// All nodes of a kind anywhere below this element.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those nodes, in depth-first order.
  @inlinable
  public func descendants(matching type: ElementType) -> ElementQuery<Node> {
    ElementQuery(path: path.appending(.search(.descendants, type, filters: .none)))
  }

  /// The children of this element of a kind.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those children, in order.
  @inlinable
  public func children(matching type: ElementType) -> ElementQuery<Node> {
    ElementQuery(path: path.appending(.search(.children, type, filters: .none)))
  }
}
