/// The real-time guard of one wait on a clock that does not measure real
/// time (``Standstill``): one task for the whole wait, however many times
/// it sleeps.
///
/// The wait's timer queue tells it of every sleep it schedules
/// (``watch(_:sleep:)``); the guard keeps only the last, with the clock's
/// reading and the real time then. Its task sleeps in real time, in steps,
/// until that sleep has been watched for the limit, and then, if it is still
/// waiting and the clock has not moved, ends it with
/// ``Parking/Wake/standstill(_:)``. A sleep that ended, or that a later one
/// replaced, costs it nothing: it is never woken early, because every sleep
/// is checked later than the one before it (the limit is the same for all
/// of a wait's sleeps), so the task sleeps on to the newer check.
///
/// The task sleeps in steps of a tenth of the limit. A step that wakes
/// later than it asked shows that the whole process stood still (a machine
/// under load, a debugger, ThreadSanitizer), not the clock: the watched
/// sleep's check moves on by the lateness, so only the real time in which
/// the process ran counts toward the limit. A stall of 12 seconds had
/// ended a wait whose clock a main-actor task was about to move, before
/// that task could run.
///
/// It replaces a task a sleep, each cancelled by the next, whose sleeps
/// in real time held their memory until the limit passed: about 500 bytes a
/// probe for 10 seconds, 50 MB after 100,000 probes of a wait on an instant
/// clock (#55).
final class StandstillGuard<C: Clock, Real: Clock>: Sendable
where C.Duration == Duration, Real.Duration == Duration {
  /// The sleep watched, and where the watch stands.
  private struct Watched: Sendable {
    let parking: Parking
    let id: UInt64
    /// The clock's reading when the watch began, or at its last check.
    var reading: C.Instant
    /// When, in real time, the sleep has been watched for the limit.
    var checkAt: Real.Instant
  }

  private struct State: Sendable {
    var watched: Watched?
    var started = false
    var ended = false
    var task: Task<Void, Never>?
  }

  /// The wait's clock.
  let clock: C
  /// How long the clock may stand still while a sleep waits.
  let limit: Duration
  /// The clock of real time: `ContinuousClock`, or a test's.
  let realTime: Real
  // Protects the state; no other lock is taken while it is held.
  private let state = Locked(State())

  /// A guard for one wait, whose task starts at the first sleep.
  ///
  /// - Parameters:
  ///   - clock: The wait's clock, which does not measure real time.
  ///   - limit: How long the clock may stand still while a sleep waits.
  ///   - realTime: The clock of real time.
  init(clock: C, limit: Duration, realTime: Real) {
    self.clock = clock
    self.limit = limit
    self.realTime = realTime
  }

  /// Watches sleep `id` of `parking` from now on, in place of the sleep
  /// before it; starts the guard's task at the first.
  ///
  /// - Parameters:
  ///   - parking: The wait's parking place.
  ///   - id: The sleep just scheduled.
  func watch(_ parking: Parking, sleep id: UInt64) {
    let watched = Watched(
      parking: parking, id: id, reading: clock.now, checkAt: realTime.now.advanced(by: limit))
    let starts = state.withLock { state -> Bool in
      guard !state.ended else { return false }
      state.watched = watched
      defer { state.started = true }
      return !state.started
    }
    guard starts else { return }
    let task = Task.detached { await self.run() }
    let cancel = state.withLock { state -> Bool in
      state.task = task
      return state.ended
    }
    if cancel { task.cancel() }
  }

  /// Ends the guard, once the wait has returned.
  ///
  /// Its task ends at once if it is sleeping.
  func end() {
    let task = state.withLock { state in
      state.ended = true
      state.watched = nil
      return state.task
    }
    task?.cancel()
  }

  /// The guard's task: sleeps until the next check, checks, and again,
  /// until the guard ends.
  private func run() async {
    let step = RunningTime.step(of: limit)
    var target = state.withLock { $0.watched?.checkAt } ?? realTime.now.advanced(by: limit)
    while true {
      let asked = min(target, realTime.now.advanced(by: step))
      do {
        try await realTime.sleep(until: asked, tolerance: nil)
      } catch {
        return
      }
      postpone(by: asked.duration(to: realTime.now))
      guard let next = check() else { return }
      target = next
    }
  }

  /// Moves the watched sleep's check on by `lateness`, the real time the
  /// guard's task woke past what it asked: time the process did not run.
  ///
  /// - Parameter lateness: How late the task woke; nothing moves unless it
  ///   is positive.
  func postpone(by lateness: Duration) {
    guard lateness > .zero else { return }
    state.withLock { state in
      guard let checkAt = state.watched?.checkAt else { return }
      state.watched?.checkAt = checkAt.advanced(by: lateness)
    }
  }

  /// Checks the watched sleep when its time has come.
  ///
  /// - Returns: When to check again, in real time; `nil` once the guard
  ///   has ended.
  func check() -> Real.Instant? {
    let now = realTime.now
    let next = now.advanced(by: limit)
    let (ended, current) = state.withLock { ($0.ended, $0.watched) }
    guard !ended else { return nil }
    // Nothing watched yet, or a sleep scheduled since the last look: its
    // own check is later.
    guard let watched = current, watched.checkAt <= now else { return current?.checkAt ?? next }
    // The sleep ended; the next one, when it comes, is checked in its turn.
    guard watched.parking.isWaiting(for: watched.id) else { return next }
    let reading = clock.now
    if reading == watched.reading {
      watched.parking.resume(watched.id, with: .standstill(limit))
      return next
    }
    // The clock moved: watch the same sleep for another stretch, unless a
    // newer one took its place meanwhile.
    return state.withLock { state -> Real.Instant in
      guard let newer = state.watched, newer.id == watched.id else { return state.watched?.checkAt ?? next }
      state.watched?.reading = reading
      state.watched?.checkAt = next
      return next
    }
  }
}

/// Real time in which the process ran: what the real-time limits of virtual
/// time count (the standstill guard, and ``ManualClock``'s
/// `sleepers(atLeast:)` and `settle()`).
///
/// Each sleeps in steps of a tenth of its limit, and a step that wakes late
/// does not count its lateness: a process that stood still (a loaded
/// machine, a debugger, ThreadSanitizer) did not wait.
enum RunningTime {
  /// The step of real time for `limit`: a tenth of it.
  static func step(of limit: Duration) -> Duration { limit / 10 }

  /// Sleeps until `limit` of real time has passed in which the process
  /// ran.
  ///
  /// - Parameters:
  ///   - limit: How long.
  ///   - realTime: The clock of real time: `ContinuousClock`, or a test's.
  /// - Throws: `CancellationError` when the task is cancelled.
  static func sleep<Real: Clock>(_ limit: Duration, on realTime: Real) async throws
  where Real.Duration == Duration {
    var left = limit
    while left > .zero {
      let step = min(Self.step(of: limit), left)
      try await realTime.sleep(until: realTime.now.advanced(by: step), tolerance: nil)
      left -= step
    }
  }
}
