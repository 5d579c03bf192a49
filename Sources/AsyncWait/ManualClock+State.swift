extension ManualClock {
  /// A task asleep on the clock until `deadline`.
  struct PendingSleep: Sendable {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  /// The clock's state: changed only under its lock, by the clock's
  /// methods and these transitions, which resume no continuation.
  struct State: Sendable {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [PendingSleep] = []
    var cancelledBeforeSuspending: Set<Int> = []
    var sleepRequests: [Instant] = []
    /// The callers of `sleepers(atLeast:)` waiting: each one's identifier,
    /// its count, and its continuation, resumed with `true` when the count
    /// is reached or `false` when its time is up or its task is cancelled.
    var sleeperWaiters: [(id: Int, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    /// The sleepers an advance resumed whose `sleep` has not returned yet.
    var woken: Set<Int> = []
    /// The callers of `settle()` waiting, resumed as `sleeperWaiters` are.
    var settleWaiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    /// The identifier of the last waiter.
    var nextWaiterID = 0
    /// The waiters whose time ran out, or whose task was cancelled, before
    /// they were stored: each finds itself here when it comes to be stored,
    /// and ends at once.
    var endedWaiters: Set<Int> = []

    /// Notes that sleeper `id`'s `sleep` returned; returns the settle
    /// waiters to resume when it was the last woken one.
    mutating func returned(_ id: Int) -> [CheckedContinuation<Bool, Never>] {
      guard woken.remove(id) != nil, woken.isEmpty else { return [] }
      defer { settleWaiters = [] }
      return settleWaiters.map(\.continuation)
    }

    /// Removes and returns the waiters whose count of sleepers has been reached.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Bool, Never>] {
      let count = sleepers.count
      let satisfied = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
      sleeperWaiters.removeAll { $0.count <= count }
      return satisfied
    }

    /// Ends waiter `id` of `sleepers(atLeast:)` or `settle()`: removes it and
    /// returns its continuation when it is stored.
    ///
    /// When it is not stored yet, notes that it has ended, for
    /// `waitInRealTime` to find as it comes to store it.
    mutating func endWaiter(_ id: Int) -> CheckedContinuation<Bool, Never>? {
      if let index = sleeperWaiters.firstIndex(where: { $0.id == id }) {
        return sleeperWaiters.remove(at: index).continuation
      }
      if let index = settleWaiters.firstIndex(where: { $0.id == id }) {
        return settleWaiters.remove(at: index).continuation
      }
      endedWaiters.insert(id)
      return nil
    }
  }
}
