/// What a tree's evaluator found for a plan.
public struct QueryEvaluation<Node: QueryableNode> {
  /// An implicit choice that had several candidates, in a strict request.
  public struct Ambiguity {
    /// The position of the choice among the plan's steps.
    public var step: Int
    /// How many candidates it had.
    public var count: Int
    /// The first few candidates, for the error.
    public var candidates: [Node]

    /// Creates an ambiguity.
    ///
    /// - Parameters:
    ///   - step: The position of the choice among the plan's steps.
    ///   - count: How many candidates it had.
    ///   - candidates: The first few candidates.
    public init(step: Int, count: Int, candidates: [Node]) {
      self.step = step
      self.count = count
      self.candidates = candidates
    }
  }

  /// The nodes found, at most the request's limit, in depth-first order.
  public var nodes: [Node]
  /// How many nodes each step matched, up to the first that matched none.
  public var matchCounts: [Int]
  /// An ambiguous implicit choice, in a strict request; the evaluation
  /// stops there.
  public var ambiguity: Ambiguity?
  /// Whether the evaluation visited more nodes than the request's budget.
  public var exceededNodeBudget: Bool

  /// Creates an evaluation.
  ///
  /// - Parameters:
  ///   - nodes: The nodes found.
  ///   - matchCounts: How many nodes each step matched.
  ///   - ambiguity: An ambiguous implicit choice, if any.
  ///   - exceededNodeBudget: Whether the budget was exceeded.
  public init(
    nodes: [Node], matchCounts: [Int], ambiguity: Ambiguity? = nil, exceededNodeBudget: Bool = false
  ) {
    self.nodes = nodes
    self.matchCounts = matchCounts
    self.ambiguity = ambiguity
    self.exceededNodeBudget = exceededNodeBudget
  }
}

extension QueryEvaluation: Sendable where Node: Sendable {}

extension QueryEvaluation.Ambiguity: Sendable where Node: Sendable {}
