/// An error that ends a query that visited more nodes in one probe than its
/// tree element allows: a tree that is cyclic, or larger than expected.
///
/// Every walk of a tree the package makes — resolving a query, counting its
/// matches, dumping the tree for a timeout error — stops at the node budget
/// of the tree element it started from (``TreeElement/defaultNodeBudget``
/// unless its root was made with another) and checks for cancellation as it
/// goes, so a node that is its own descendant cannot make a wait hang. A
/// wait whose probe throws this error ends with it, unless it retries it.
///
/// ```
/// The query app.buttons["x"] stopped after 1000000 nodes in one probe, the node
/// budget of its tree element. A tree this large needs a larger budget
/// (TreeElement(_:nodeBudget:triggers:diagnostics:evaluator:root:)); a tree that never ends is cyclic.
/// ```
public struct NodeBudgetExceededError: Error, Sendable, CustomStringConvertible {
  /// The query that was being resolved, such as `app.buttons["Save"]`.
  public var query: String
  /// The most nodes a probe of the query may visit.
  public var nodeBudget: Int
  /// The call that sets the budget of the query's tree, which the
  /// description names: `TreeElement(_:nodeBudget:…)` unless the tree was
  /// made by an integration with a call of its own
  /// (`ATSPIApplication(named:nodeBudget:callTimeout:)`).
  public var budgetSetting: String

  /// The call that sets the budget of a ``TreeElement``.
  public static let treeElementBudgetSetting =
    "TreeElement(_:nodeBudget:triggers:diagnostics:evaluator:root:)"

  /// Creates the error of a ``TreeElement``'s tree.
  ///
  /// - Parameters:
  ///   - query: The query that was being resolved.
  ///   - nodeBudget: The budget it exceeded.
  public init(query: String, nodeBudget: Int) {
    self.init(query: query, nodeBudget: nodeBudget, budgetSetting: Self.treeElementBudgetSetting)
  }

  /// Creates the error of a tree whose budget a call of its own sets.
  ///
  /// - Parameters:
  ///   - query: The query that was being resolved.
  ///   - nodeBudget: The budget it exceeded.
  ///   - budgetSetting: The call that sets the budget, for the description.
  public init(query: String, nodeBudget: Int, budgetSetting: String) {
    self.query = query
    self.nodeBudget = nodeBudget
    self.budgetSetting = budgetSetting
  }

  /// What happened, the likely cause, and how to allow a larger tree.
  public var description: String {
    "The query \(query) stopped after \(nodeBudget) nodes in one probe, the node budget of its tree element. "
      + "A tree this large needs a larger budget (\(budgetSetting)); a tree that never ends is cyclic."
  }
}
