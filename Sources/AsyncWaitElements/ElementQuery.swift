/// A set of nodes of a tree, found afresh by a query on every read.
///
/// Queries come from a ``TreeElement`` and chain like XCUITest's:
///
/// ```swift
/// let list = app.descendants(matching: .list)["ItemListScreen.list.items"]
/// let rows = list.children(matching: .cell)
/// #expect(try await rows.count == 4)
/// let milk = rows.matching { $0.label == "Milk" }.firstMatch
/// ```
///
/// A query is also a ``WaitableElement``: it exists while it matches at least
/// one node, so `waitForNonExistence` on a query waits until nothing matches.
public struct ElementQuery<Node: QueryableNode>: ElementLocator, ElementTypeQueryProvider, Sendable {
  @usableFromInline let path: QueryPath<Node>

  @inlinable
  init(path: QueryPath<Node>) {
    self.path = path
  }

  /// The number of nodes the query matches right now.
  ///
  /// Counting walks every candidate, unlike ``exists`` and ``firstMatch``;
  /// it throws ``NodeBudgetExceededError`` past the root's node budget.
  public var count: Int {
    get async throws { try await path.count() }
  }

  /// Whether the query matches at least one node right now.
  @inlinable
  public var exists: Bool {
    get async throws { try await path.exists() }
  }

  /// Snapshots of all the nodes the query matches right now, in depth-first order.
  ///
  /// - Returns: The matching nodes.
  /// - Throws: Any error the root provider throws.
  public func snapshots() async throws -> [Node] {
    try await path.resolve(limit: nil).nodes
  }

  /// The triggers given when the tree's root element was made.
  public var triggers: [WaitTrigger] { path.triggers }

  /// The query, as written, such as `app.cells`.
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

  /// The first node the query matches; resolving it stops at that node.
  @inlinable
  public var firstMatch: TreeElement<Node> {
    TreeElement(path: path.appending(.select(index: 0, description: ".firstMatch")))
  }

  /// The node at a position among the matches, counting from zero in depth-first order.
  ///
  /// A negative index, or any index from the number of matches on, finds
  /// nothing; `Int.max` included.
  ///
  /// - Parameter index: The position of the node.
  /// - Returns: The element at that position.
  public func element(boundBy index: Int) -> TreeElement<Node> {
    TreeElement(path: path.appending(.select(index: index, description: ".element(boundBy: \(index))")))
  }

  /// The last node the query matches; resolving it walks every candidate.
  public var lastMatch: TreeElement<Node> {
    TreeElement(path: path.appending(.selectLast))
  }

  /// The query's only match, as XCUITest's `element` is.
  ///
  /// Reads (``TreeElement/exists``, ``TreeElement/snapshot()``, waits) take
  /// the first match; an action, through ``TreeElement/uniqueSnapshot()``,
  /// fails with ``AmbiguousElementError`` when there are several.
  public var element: TreeElement<Node> {
    TreeElement(path: path.appending(.select(index: 0, description: ".element", isImplicit: true)))
  }

  /// The first match whose identifier or label is `key`.
  ///
  /// `app.buttons["Save"]` finds the first button identified as `Save` or
  /// labelled `Save`. The choice is implicit: an action on it fails with
  /// ``AmbiguousElementError`` when several buttons match.
  ///
  /// - Parameter key: The identifier or label to match.
  @inlinable
  public subscript(key: String) -> TreeElement<Node> {
    TreeElement(
      path: path.filtered(
        by: QueryStep.Filter(label: .subscripted(key)),
        then: .select(index: 0, description: "", isImplicit: true)))
  }

  /// The matches for which a predicate holds.
  ///
  /// - Parameters:
  ///   - description: How the predicate reads in errors.
  ///   - predicate: Returns whether a node belongs in the set.
  /// - Returns: The narrowed query.
  public func matching(
    _ description: String = "predicate",
    _ predicate: @escaping @Sendable (Node) -> Bool
  ) -> ElementQuery {
    ElementQuery(
      path: path.filtered(by: QueryStep.Filter(label: .predicate(description), predicate: predicate)))
  }

  /// The matches with an identifier.
  ///
  /// - Parameter identifier: The identifier to match exactly.
  /// - Returns: The narrowed query.
  public func matching(identifier: String) -> ElementQuery {
    ElementQuery(
      path: path.filtered(
        by: QueryStep.Filter(label: .identifier(identifier))))
  }

  /// The matches whose name, their ``QueryableNode/label``, matches.
  ///
  /// - Parameter name: The name to match, such as `"Add item"` or
  ///   `.containing("add", ignoringCase: true)`.
  /// - Returns: The narrowed query.
  public func matching(named name: TextMatch) -> ElementQuery {
    ElementQuery(path: path.filtered(by: QueryStep.Filter(label: .named(name))))
  }

  /// The matches whose ``QueryableNode/text`` matches, and none of whose
  /// children's does: the innermost node that shows the text, as
  /// Playwright's `getByText` finds it.
  ///
  /// In most trees only text nodes have a text. On a web page only
  /// elements do, each its whole text content, so `Hello <b>world</b>!` is
  /// found by its paragraph, and `world` by the `<b>` around it, as
  /// Playwright's `getByText` finds them.
  ///
  /// - Parameter text: The text to match.
  /// - Returns: The narrowed query.
  public func matching(text: TextMatch) -> ElementQuery {
    var narrowed = path.filtered(by: QueryStep.Filter(label: .text(text)))
    narrowed.searchesText = true
    return ElementQuery(path: narrowed)
  }

  /// The matches labelled so: whose ``QueryableNode/labelText`` matches,
  /// such as a text field named by its `<label>` or a button by its
  /// `aria-label`, but not a button named by the text it shows.
  ///
  /// - Parameter label: The label to match.
  /// - Returns: The narrowed query.
  public func matching(labelled label: TextMatch) -> ElementQuery {
    ElementQuery(path: path.filtered(by: QueryStep.Filter(label: .labelled(label))))
  }

  /// The matches whose ``QueryableNode/placeholder`` matches.
  ///
  /// - Parameter placeholder: The placeholder to match.
  /// - Returns: The narrowed query.
  public func matching(placeholder: TextMatch) -> ElementQuery {
    ElementQuery(path: path.filtered(by: QueryStep.Filter(label: .placeholder(placeholder))))
  }

  /// The matches below which another query finds a node, as Playwright's
  /// `filter({ has: })` does.
  ///
  /// Only the other query's steps count: they run below each match, wherever
  /// that query started.
  ///
  /// ```swift
  /// let milkRow = page.cells.containing(page.staticTexts["Milk"])
  /// ```
  ///
  /// - Parameter locator: The query to run below each match, an element or
  ///   a set.
  /// - Returns: The narrowed query.
  public func containing(_ locator: some ElementLocator<Node>) -> ElementQuery {
    let inner = locator.element.path
    var narrowed = path.filtered(
      by: QueryStep.Filter(label: .containing(inner, description: locator.elementDescription)))
    // The root is read for the inner steps too.
    narrowed.selectors += inner.selectors.filter { !narrowed.selectors.contains($0) }
    narrowed.searchesText = narrowed.searchesText || inner.searchesText
    return ElementQuery(path: narrowed)
  }

  /// The matches that a selector in the tree's own language selects, as the
  /// tree's root provider marks them when it reads the root with the
  /// selector in ``TreeSelectors/current``: a web page's `locator(css:)`.
  ///
  /// - Parameters:
  ///   - selector: The selector.
  ///   - description: How the search this narrows reads in a failure, in
  ///     place of the search: `.locator(css: "li")`.
  ///   - isSelected: Whether the root provider marked a node as selected.
  /// - Returns: The narrowed query.
  package func selected(
    by selector: String, describedAs description: String,
    where isSelected: @escaping @Sendable (Node) -> Bool
  ) -> ElementQuery {
    var narrowed = path.filtered(
      by: QueryStep.Filter(label: .selector(selector, description: description), predicate: isSelected))
    if !narrowed.selectors.contains(selector) { narrowed.selectors.append(selector) }
    return ElementQuery(path: narrowed)
  }

  /// The same query, its last search read as the shortcut property that
  /// wrote it (`buttons`, not `descendants(matching: .button)`).
  ///
  /// - Returns: The same query, described as written.
  @usableFromInline
  func writtenAsProperty() -> ElementQuery {
    var written = path
    guard case .search(.descendants, let type, let filters)? = written.last else { return self }
    written.last = .search(.descendantsByProperty, type, filters: filters)
    return ElementQuery(path: written)
  }

  /// The query with its last search and that search's one filter read as
  /// the shorthand that wrote both: `.descendants(withText: "Saved")`.
  ///
  /// - Parameter shorthand: The shorthand.
  /// - Returns: The same query, described as written.
  func written(as shorthand: QueryStep<Node>.Filter.Shorthand) -> ElementQuery {
    var written = path
    guard case .search(let axis, let type, .one(var filter))? = written.last else { return self }
    filter.shorthand = shorthand
    written.last = .search(axis, type, filters: .one(filter))
    return ElementQuery(path: written)
  }

  /// The matches whose state of a name, in the tree's own terms, reads
  /// `value`, as the predicate judges a node and as a tree that evaluates
  /// plans compares it (``QueryPlan/Filter/state(_:value:)``): a web page's
  /// `.matching(checked: true)`.
  ///
  /// - Parameters:
  ///   - name: The state's name, such as `checked`.
  ///   - value: The value it must read, such as `true`.
  ///   - description: How the filter reads in a failure:
  ///     `.matching(checked: true)`.
  ///   - predicate: Whether a node's state reads `value`.
  /// - Returns: The narrowed query.
  package func filtered(
    byState name: String, equals value: String, describedAs description: String,
    where predicate: @escaping @Sendable (Node) -> Bool
  ) -> ElementQuery {
    ElementQuery(
      path: path.filtered(
        by: QueryStep.Filter(
          label: .state(name, value: value, description: description), predicate: predicate)))
  }

  /// The matches that have text that matches, in themselves or below, as
  /// Playwright's `filter({ hasText: })` does: their own
  /// ``QueryableNode/text`` (on a web page, an element's whole text
  /// content), or that of a node below them.
  ///
  /// - Parameter text: The text to match, such as `.containing("Milk")`.
  /// - Returns: The narrowed query.
  public func containing(text: TextMatch) -> ElementQuery {
    var narrowed = path.filtered(by: QueryStep.Filter(label: .containingText(text)))
    narrowed.searchesText = true
    return ElementQuery(path: narrowed)
  }

  /// The nodes of a kind anywhere below any match.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those nodes.
  @inlinable
  public func descendants(matching type: ElementType) -> ElementQuery {
    ElementQuery(path: path.appending(.search(.descendants, type, filters: .none)))
  }

  /// The children of a kind of any match.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those children.
  @inlinable
  public func children(matching type: ElementType) -> ElementQuery {
    ElementQuery(path: path.appending(.search(.children, type, filters: .none)))
  }
}
