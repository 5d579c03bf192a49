/// A clock whose time moves only when a test moves it.
///
/// Code under test that takes a `some Clock<Duration>` runs on it in tests:
/// a cache's time-to-live, a retry's backoff, a debounce. Two modes:
///
/// - ``Mode/advancesWhenSleeping``: a sleep moves the clock to the sleep's
///   deadline and returns without suspending. A wait on this clock runs in
///   virtual time, at once and deterministically: a minute-long hold takes
///   microseconds, and the code under test sees the minute pass on `now`.
/// - ``Mode/manual``: a sleep suspends until the test moves the clock past
///   its deadline (``advance(by:)``, ``advance(to:)``) or cancels the
///   sleeping task.
///   ``sleepers(atLeast:timeout:callSite:fileID:filePath:line:column:)`` suspends the
///   test until a number of tasks are asleep, and
///   ``settle(timeout:callSite:fileID:filePath:line:column:)`` until every sleeper the
///   clock woke has returned from its sleep, so a test never guesses how
///   long to let another task run; neither waits for ever (see
///   ``VirtualTimeError``).
///
/// A cache whose entries expire after a minute, tested in virtual time:
///
/// ```swift
/// @Test func entriesLiveForTheirTimeToLive() async throws {
///   let clock = ManualClock(.advancesWhenSleeping)
///   let cache = TTLCache<String, Int>(timeToLive: .seconds(60), clock: clock)
///   cache["answer"] = 42
///   // For 59 s of the clock's time, probed every 100 ms: the entry stays.
///   try await Wait(timeout: .seconds(59), clock: clock)
///     .requireNever("the entry expires") { cache["answer"] == nil }
///   // Within a few more seconds, it goes.
///   try await Wait(timeout: .seconds(5), clock: clock)
///     .require("the entry expires") { cache["answer"] == nil }
/// }
/// ```
///
/// The clock's time is not real time, so `ASYNCWAIT_TIMEOUT_SCALE` does not
/// scale the timeouts of waits on it.
///
/// > Important: ``settle(timeout:callSite:fileID:filePath:line:column:)`` returns
/// > once each woken sleeper's `sleep` call has returned, not once the work
/// > after it is done; to see that work's effect, wait for it (a
/// > `requireEventually` on the default clock, or the task's value).
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

  /// How the clock treats a sleep.
  public let mode: Mode
  /// Everything that changes: the time, the sleepers and who waits for them.
  ///
  /// No other lock is taken while it is held, and no continuation is
  /// resumed under it.
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

  /// The deadlines asked of `sleep(until:tolerance:)`, in order: every
  /// one, up to the most recent ``sleepRequestsKept``.
  ///
  /// A run longer than that keeps the most recent ones only, so that a
  /// test of millions of sleeps (an hour of a cache's time polled every
  /// millisecond) holds the same memory as a test of ten.
  public var sleepRequests: [Instant] {
    state.withLock { Array($0.sleepRequests.suffix(Self.sleepRequestsKept)) }
  }

  /// How many of the most recent deadlines ``sleepRequests`` keeps: 10,000.
  public static var sleepRequestsKept: Int { 10_000 }

  /// The deadlines of the tasks asleep now, earliest first.
  public var sleepingDeadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

  /// Sleeps until the clock reaches `deadline`, as the clock's mode says.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored; `nil` by default, as for `ContinuousClock`.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id: Int? = state.withLock { state in
      state.sleepRequests.append(deadline)
      // Trimmed by half the log at a time, so that a sleep costs O(1).
      if state.sleepRequests.count >= 2 * Self.sleepRequestsKept {
        state.sleepRequests.removeFirst(Self.sleepRequestsKept)
      }
      if deadline <= state.now { return nil }
      if mode == .advancesWhenSleeping {
        state.now = deadline
        return nil
      }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    defer {
      for waiter in state.withLock({ $0.returned(id) }) { waiter.resume(returning: true) }
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (cancelled, waiters) = state.withLock { state in
          if state.cancelledBeforeSuspending.remove(id) != nil {
            return (true, [CheckedContinuation<Bool, Never>]())
          }
          state.sleepers.append(PendingSleep(id: id, deadline: deadline, continuation: continuation))
          return (false, state.takeSatisfiedWaiters())
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        for waiter in waiters { waiter.resume(returning: true) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
          // Not asleep yet, or woken already by an advance: only the first
          // needs remembering, for the sleep to end as soon as it starts.
          if !state.woken.contains(id) { state.cancelledBeforeSuspending.insert(id) }
          return CheckedContinuation<Void, any Error>?.none
        }
        return state.sleepers.remove(at: index).continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking the sleepers that fall due in
  /// deadline order.
  ///
  /// Each woken sleeper runs concurrently with the caller;
  /// ``settle(timeout:callSite:fileID:filePath:line:column:)`` waits until each has
  /// returned from its sleep. For exact timing of a multi-step wait, advance
  /// to one deadline at a time and await
  /// ``sleepers(atLeast:timeout:callSite:fileID:filePath:line:column:)`` between
  /// steps.
  ///
  /// - Parameter duration: How far to move the clock; a negative duration
  ///   leaves it where it is.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `target`, waking the sleepers that fall due in
  /// deadline order, the clock's `now` at each one's deadline as it wakes
  /// it.
  ///
  /// The woken tasks run concurrently with the caller and with each other,
  /// so the order their work runs in is not promised.
  ///
  /// A sleeper that went to sleep during the advance with a deadline up to
  /// `target` is woken by it too, when it is asleep before the advance
  /// reaches it. The clock never moves back: a target in the past leaves
  /// it where it is.
  ///
  /// - Parameter target: The instant to move the clock to.
  public func advance(to target: Instant) {
    // Rounds: each takes every sleeper due by the target, in deadline order
    // (ties in the order they slept), and resumes them one at a time with
    // the clock at each one's deadline; a round repeats for sleepers that
    // went to sleep during the last one. A round costs O(n log n) for n
    // sleepers, so 10,000 sleepers wake in one advance without holding the
    // lock for long.
    while true {
      let due: [PendingSleep] = state.withLock { state in
        var due: [PendingSleep] = []
        state.sleepers.removeAll { sleeper in
          guard sleeper.deadline <= target else { return false }
          due.append(sleeper)
          state.woken.insert(sleeper.id)
          return true
        }
        if due.isEmpty { state.now = max(state.now, target) }
        return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
      }
      guard !due.isEmpty else { return }
      for sleeper in due {
        state.withLock { $0.now = max($0.now, sleeper.deadline) }
        sleeper.continuation.resume()
      }
    }
  }

  /// Suspends until every sleeper an advance woke has returned from its
  /// `sleep` call.
  ///
  /// It returns at once when no woken sleeper is still on its way back. The
  /// work a sleeper does after its sleep runs concurrently with the
  /// caller: wait for its effect rather than for time to pass.
  ///
  /// It never hangs a test: after `timeout` of real time it throws
  /// ``VirtualTimeError``, recorded at its line in a running test.
  ///
  /// - Parameters:
  ///   - timeout: How much real time to wait; `nil`, the default, takes the
  ///     scope's ``WaitDefaults/standstillLimit``. Multiplied by
  ///     `ASYNCWAIT_TIMEOUT_SCALE`.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: ``VirtualTimeError`` when woken sleepers are still on their
  ///   way back after `timeout`; `CancellationError` when the task is
  ///   cancelled; ``AsyncWaitError/negativeTimeout`` for a negative timeout.
  public func settle(
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await waitInRealTime(timeout: timeout, location: location) { state, id, continuation in
      if state.woken.isEmpty { return true }
      state.settleWaiters.append((id, continuation))
      return false
    } failure: { state in
      .neverSettled(stillReturning: state.woken.count)
    }
  }

  /// Suspends until at least `count` tasks are asleep on this clock.
  ///
  /// It never hangs a test: when the code under test never reaches its
  /// sleep, it throws ``VirtualTimeError`` after `timeout` of real time,
  /// recorded at its line in a running test.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - timeout: How much real time to wait; `nil`, the default, takes the
  ///     scope's ``WaitDefaults/standstillLimit``. Multiplied by
  ///     `ASYNCWAIT_TIMEOUT_SCALE`.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: ``VirtualTimeError`` when fewer than `count` tasks sleep
  ///   after `timeout`; `CancellationError` when the task is cancelled;
  ///   ``AsyncWaitError/negativeTimeout`` for a negative timeout.
  public func sleepers(
    atLeast count: Int,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await waitInRealTime(timeout: timeout, location: location) { state, id, continuation in
      if state.sleepers.count >= count { return true }
      state.sleeperWaiters.append((id, count, continuation))
      return false
    } failure: { state in
      .sleepersNeverCame(expected: count, found: state.sleepers.count)
    }
  }

  /// Suspends until `register` finds what the caller waits for, or the
  /// clock resumes the waiter it kept; gives up after the caller's timeout
  /// of real time, and at once when the task is cancelled.
  ///
  /// - Parameters:
  ///   - timeout: The caller's timeout, or `nil` for the scope's standstill
  ///     limit; scaled.
  ///   - location: Where the caller was called.
  ///   - register: Under the lock: returns `true` when what the caller
  ///     waits for is there already; otherwise keeps the continuation, under
  ///     the waiter's identifier, for the clock to resume with `true`.
  ///   - failure: Under the lock, when the time is up: what stood still.
  /// - Throws: ``VirtualTimeError`` when the time is up, recorded at
  ///   `location` in a running test; `CancellationError`;
  ///   ``AsyncWaitError/negativeTimeout``.
  private func waitInRealTime(
    timeout: Duration?,
    location: CallSite,
    register: (inout State, Int, CheckedContinuation<Bool, Never>) -> Bool,
    failure: (State) -> VirtualTimeError.Kind
  ) async throws {
    if let timeout, timeout < .zero {
      throw FailureRecording.report(AsyncWaitError.negativeTimeout, at: location)
    }
    let scoped = WaitDefaults.inEffect.standstillLimit
    guard timeout != nil || scoped > .zero else {
      throw FailureRecording.report(AsyncWaitError.nonPositiveStandstillLimit, at: location)
    }
    let limit = Standstill.scaled(timeout ?? scoped)
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
    // Ends the waiter when its time is up, so that none outlives its limit;
    // one not stored yet finds, as it comes to be stored, that it ended.
    let timer = Task.detached { [state] in
      do {
        try await RunningTime.sleep(limit, on: ContinuousClock())
      } catch {
        return
      }
      state.withLock { $0.endWaiter(id) }?.resume(returning: false)
    }
    let found = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        // `nil`: stored, for the clock, the timer or the cancellation to
        // resume; otherwise whether what the caller waits for is there.
        let answer: Bool? = state.withLock { state in
          if state.endedWaiters.remove(id) != nil { return false }
          return register(&state, id, continuation) ? true : nil
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      state.withLock { $0.endWaiter(id) }?.resume(returning: false)
    }
    // A timer that fired after the waiter was resumed noted it as ended:
    // forgotten once the timer is done.
    timer.cancel()
    await timer.value
    state.withLock { _ = $0.endedWaiters.remove(id) }
    if found { return }
    try Task.checkCancellation()
    let error = VirtualTimeError(
      state.withLock { failure($0) }, clockName: "ManualClock", realTime: limit, location: location)
    throw FailureRecording.report(error, at: location)
  }
}

extension ManualClock.Instant: Comparable, Hashable {}
