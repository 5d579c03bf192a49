/// The timer of a wait on a clock other than the system clocks, such as a
/// test's manual clock: driver tasks that sleep on the wait's own clock.
///
/// A sleeping wait adds its deadline to the queue and parks. A driver task
/// sleeps on the clock until the earliest deadline, then resumes what is due
/// and sleeps again, so a manual clock in tests sees the same sleeps, at the
/// same deadlines, as a wait that slept on it directly. (Waits on
/// `ContinuousClock` and `SuspendingClock` use a ``TimerThread`` instead.)
///
/// The rules that keep it exact (the state and its transitions are a value,
/// ``TimerQueueStateMachine``, tested one transition at a time):
/// - A deadline is never served late by the queue: whenever a new deadline is
///   earlier than every driver's target, a driver is started (or an idle one
///   woken) for it. A driver that wakes with nothing left to do parks, and at
///   most one parks; others end.
/// - Waits schedule deadlines at most ``SleepStateMachine/maximumPiece`` ahead, so a
///   driver never asks a clock for an instant it cannot represent.
/// - A sleep of the clock that completed counts as having reached its instant,
///   as callers of `Task.sleep` assume: a driver resumes every entry due by
///   its target even when the clock's `now` reads earlier, so a clock whose
///   time stands still cannot make a driver spin.
/// - A sleep of the clock that throws ends the sleeps that driver was
///   serving with the clock's error; the driver goes on serving the rest.
/// - A wait that is resumed early (by a trigger or cancellation) leaves its
///   entry behind, skipped when it falls due because its sleep identifier no
///   longer matches; stale entries are removed as ``TimerHeap`` says.
///
/// Each wait gets a private queue, which it shuts down when it ends.
final class TimerQueue<C: Clock>: Sendable where C.Duration == Duration {
  private typealias Machine = TimerQueueStateMachine<C.Instant, UnsafeContinuation<C.Instant?, Never>>

  private struct State: Sendable {
    var machine = Machine()
    /// Driver tasks, kept so that the queue can cancel them.
    var drivers: [Task<Void, Never>] = []
  }

  /// The most entries a driver takes from the queue under one hold of the lock.
  static var batchSize: Int { 64 }

  let clock: C
  /// The real-time guard of the wait's sleeps (``Standstill``): one for
  /// the wait, told of each sleep; `nil` for a clock that measures real
  /// time, whose sleeps have no guard.
  private let standstillGuard: StandstillGuard<C, ContinuousClock>?
  // Protects the queue's state. While holding it the queue takes a wait's
  // parking lock (to tell stale entries during a compaction), and nothing
  // else; no code takes it while holding a parking lock.
  private let state = Locked(State())

  private init(clock: C, standstillLimit: Duration?) {
    self.clock = clock
    self.standstillGuard = standstillLimit.map {
      StandstillGuard(clock: clock, limit: $0, realTime: ContinuousClock())
    }
  }

  /// A new private queue for one wait on `clock`.
  ///
  /// - Parameters:
  ///   - clock: The wait's clock.
  ///   - standstillLimit: How much real time a sleep may pass while the
  ///     clock stands still before it ends with
  ///     ``Parking/Wake/standstill(_:)``; `nil` for no guard.
  /// - Returns: The queue.
  static func forWait(on clock: C, standstillLimit: Duration? = nil) -> TimerQueue<C> {
    TimerQueue(clock: clock, standstillLimit: standstillLimit)
  }

  /// Schedules a wake-up of sleep `id` of `parking` at `deadline`.
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  func schedule(_ parking: Parking, sleep id: UInt64, at deadline: C.Instant) {
    switch state.withLock({ $0.machine.schedule(parking, sleep: id, at: deadline) }) {
    case .none:
      break
    case .wake(let driver, let target):
      driver.resume(returning: target)
    case .startDriver(let target):
      let driver = Task.detached(priority: Task.currentPriority) { await self.drive(from: target) }
      state.withLock { $0.drivers.append(driver) }
    }
    standstillGuard?.watch(parking, sleep: id)
  }

  /// Ends the queue's drivers; the wait calls it when it ends.
  func shutDown() {
    let (idle, drivers) = state.withLock { state in
      defer { state.drivers = [] }
      return (state.machine.shutDown(), state.drivers)
    }
    idle?.resume(returning: nil)
    for driver in drivers { driver.cancel() }
    standstillGuard?.end()
  }

  /// Notes that a sleep scheduled on this queue ended before its deadline,
  /// leaving a stale entry; removes the stale entries once they may
  /// outnumber the live ones.
  func discard() {
    let released = state.withLock { $0.machine.sleepEndedEarly() }
    for parking in released { parking.release() }
  }

  /// A driver: sleeps until its target, resumes what is due, and goes on to
  /// the next target while no other driver covers it.
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  private func drive(from first: C.Instant) async {
    var target = first
    // Reused from wake-up to wake-up, so a driver allocates nothing in steady state.
    var due: [TimerHeap<C.Instant>.Entry] = []
    while true {
      var wake = Parking.Wake.deadline
      do {
        // Waits never schedule more than `SleepStateMachine.maximumPiece` ahead, so the
        // clock is never asked for an instant it cannot represent.
        try await clock.sleep(until: target, tolerance: nil)
      } catch {
        // Cancelled because a private queue was shut down, or the clock
        // failed: its error ends the sleeps this driver was serving.
        if state.withLock({ $0.machine.isShutDown }) { return }
        wake = .clockFailure(error)
      }
      // A completed sleep has reached its target, whatever `now` reads; the
      // same instant serves every batch of this wake-up.
      let reached = Swift.max(target, clock.now)
      var finished: C.Instant? = target
      var next = Machine.WokenAction.resumeBatchAndTakeMore
      while next == .resumeBatchAndTakeMore {
        next = state.withLock {
          $0.machine.driverWoke(finishing: finished, now: reached, into: &due, batchSize: Self.batchSize)
        }
        finished = nil
        for entry in due { entry.resume(with: wake) }
        due.removeAll(keepingCapacity: true)
      }
      switch next {
      case .sleep(let next):
        target = next
      case .park:
        guard let next = await park() else { return }
        target = next
      case .end, .resumeBatchAndTakeMore:
        return
      }
    }
  }

  /// Parks the driver until a deadline needs it; `nil` tells it to end.
  private func park() async -> C.Instant? {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<C.Instant?, Never>) in
      switch state.withLock({ $0.machine.driverParks(continuation) }) {
      case .stayParked: break
      case .sleep(let target): continuation.resume(returning: target)
      case .end: continuation.resume(returning: nil)
      }
    }
  }
}
