import AsyncWait

/// A clock whose time moves only when a test moves it.
///
/// In ``Mode/advancesWhenSleeping`` a sleep moves the clock to the sleep's
/// deadline and returns without suspending, so a wait driven by it runs in
/// virtual time, on one task, deterministically; a condition moves the clock
/// itself (``advance(by:)``) to simulate a probe that takes time.
///
/// In ``Mode/manual`` a sleep suspends until the test advances the clock past
/// its deadline or cancels the sleeping task. ``sleepers(atLeast:)`` suspends
/// the test until a given number of tasks are asleep, so a test never guesses
/// how long to let another task run.
///
/// Every deadline asked of ``sleep(until:tolerance:)`` is recorded in
/// ``sleepRequests``.
public final class ManualClock: Clock, Sendable {
  /// A point in the clock's virtual time: an offset from its creation.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock was created.
    public var offset: Duration

    /// The instant `duration` later.
    ///
    /// - Parameter duration: The offset to add.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this instant to another.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: The difference.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: Whether `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    /// The offset, as `t=…`.
    public var description: String { "t=\(offset.shortDescription)" }
  }

  /// How the clock treats a sleep.
  public enum Mode: Sendable {
    /// A sleep suspends until the test advances the clock past its deadline.
    case manual
    /// A sleep moves the clock to its deadline and returns at once.
    case advancesWhenSleeping
  }

  private struct Sleeper: Sendable {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    var cancelledBeforeSuspending: Set<Int> = []
    var sleepRequests: [Instant] = []
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes and returns the waiters whose count of sleepers has been reached.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let count = sleepers.count
      let satisfied = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
      sleeperWaiters.removeAll { $0.count <= count }
      return satisfied
    }
  }

  /// How the clock treats a sleep.
  public let mode: Mode
  private let state = Locked(State())

  /// Creates a clock at time zero.
  ///
  /// - Parameter mode: How the clock treats a sleep; manual by default.
  public init(_ mode: Mode = .manual) {
    self.mode = mode
  }

  /// The clock's current time.
  public var now: Instant { state.withLock { $0.now } }
  /// Zero: virtual time has no granularity.
  public var minimumResolution: Duration { .zero }

  /// The origin of the clock's time.
  public var start: Instant { Instant(offset: .zero) }

  /// Every deadline asked of `sleep(until:tolerance:)`, in order.
  public var sleepRequests: [Instant] { state.withLock { $0.sleepRequests } }

  /// The deadlines of the tasks asleep now, earliest first.
  public var sleepingDeadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

  /// Sleeps until the clock reaches `deadline`, as the clock's mode says.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let id: Int? = state.withLock { state in
      state.sleepRequests.append(deadline)
      if deadline <= state.now { return nil }
      if mode == .advancesWhenSleeping {
        state.now = deadline
        return nil
      }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (cancelled, waiters) = state.withLock { state in
          if state.cancelledBeforeSuspending.remove(id) != nil {
            return (true, [CheckedContinuation<Void, Never>]())
          }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (false, state.takeSatisfiedWaiters())
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        for waiter in waiters { waiter.resume() }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          state.cancelledBeforeSuspending.insert(id)
          return CheckedContinuation<Void, any Error>?.none
        }
        return state.sleepers.remove(at: index).continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking the sleepers that fall due in deadline order.
  ///
  /// Each woken sleeper runs concurrently with the caller. For exact timing of
  /// a multi-step wait, advance to one deadline at a time and await
  /// ``sleepers(atLeast:)`` between steps.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `target`, waking the sleepers that fall due in deadline order.
  public func advance(to target: Instant) {
    while true {
      let due: Sleeper? = state.withLock { state in
        let candidates = state.sleepers.enumerated().filter { $0.element.deadline <= target }
        guard
          let next = candidates.min(by: {
            ($0.element.deadline, $0.element.id) < ($1.element.deadline, $1.element.id)
          })
        else {
          state.now = max(state.now, target)
          return nil
        }
        state.now = max(state.now, next.element.deadline)
        return state.sleepers.remove(at: next.offset)
      }
      guard let due else { return }
      due.continuation.resume()
    }
  }

  /// Suspends until at least `count` tasks are asleep on this clock.
  public func sleepers(atLeast count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

extension ManualClock.Instant: Comparable, Hashable {}
