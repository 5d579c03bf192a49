/// What a tree's evaluator is asked for: how many nodes, and how.
public struct QueryRequest: Sendable, Hashable {
  /// How many nodes of the final set the caller needs; `nil` for all.
  ///
  /// Zero asks only how many there are (an element's `exists`, a query's
  /// `count`): the evaluator need build no node, and its
  /// ``QueryEvaluation/matchCounts`` answer, so they must have an entry for
  /// every step unless a step matched none.
  public var limit: Int?
  /// Whether an implicit choice with more than one candidate is an error:
  /// the evaluator reports it as ``QueryEvaluation/ambiguity``.
  public var isStrict: Bool
  /// Whether every search counts all its matches, not only as many as the
  /// step after it needs.
  public var countsAll: Bool
  /// The most nodes the evaluation may visit; past it the evaluator sets
  /// ``QueryEvaluation/exceededNodeBudget``.
  public var nodeBudget: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - limit: How many nodes of the final set the caller needs.
  ///   - isStrict: Whether an ambiguous implicit choice is an error.
  ///   - countsAll: Whether every search counts all its matches.
  ///   - nodeBudget: The most nodes the evaluation may visit.
  public init(limit: Int?, isStrict: Bool, countsAll: Bool, nodeBudget: Int) {
    self.limit = limit
    self.isStrict = isStrict
    self.countsAll = countsAll
    self.nodeBudget = nodeBudget
  }
}
