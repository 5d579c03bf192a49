import AsyncWait

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
