/// One timer that serves many waits on a clock.
///
/// A wait that sleeps does not ask the clock for a sleep of its own: it adds
/// its deadline to the queue and parks. A driver task sleeps on the clock until
/// the earliest deadline, then resumes every wait that is due in one batch and
/// sleeps again. Ten thousand waits with the same interval cost one clock
/// wake-up a tick instead of ten thousand.
///
/// The rules that keep it exact:
/// - A deadline is never served late by the queue: whenever a new deadline is
///   earlier than every driver's target, a driver is started (or an idle one
///   woken) for it. A driver that wakes with nothing left to do parks, and at
///   most one parks; others end.
/// - Waits schedule deadlines at most ``Poller/maximumSleep`` ahead, so a
///   driver never asks a clock for an instant it cannot represent.
/// - A wait that is resumed early (by a trigger or cancellation) leaves its
///   entry behind; the entry is skipped when it falls due, because its sleep
///   identifier no longer matches.
///
/// `ContinuousClock` and `SuspendingClock` have one shared queue each for the
/// whole process. Any other clock gets a private queue per wait, which the
/// wait shuts down when it ends; a manual clock in tests therefore sees the
/// same sleeps, at the same deadlines, as a wait that slept on it directly.
final class TimerQueue<C: Clock>: Sendable where C.Duration == Duration {
  private struct Entry: Comparable, Sendable {
    var deadline: C.Instant
    var order: UInt64
    var parking: Parking
    var sleep: UInt64

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.deadline == rhs.deadline && lhs.order == rhs.order
    }
  }

  private struct State: Sendable {
    var entries = Heap<Entry>()
    var order: UInt64 = 0
    /// The instants the running drivers sleep until.
    var targets: [C.Instant] = []
    /// The driver waiting for work, if one is.
    var idleDriver: UnsafeContinuation<C.Instant?, Never>?
    /// Driver tasks, kept only by a private queue so that it can cancel them.
    var drivers: [Task<Void, Never>] = []
    var isShutDown = false
  }

  private enum Action {
    case none
    case wake(UnsafeContinuation<C.Instant?, Never>, C.Instant)
    case start(C.Instant)
  }

  let clock: C
  private let isShared: Bool
  private let state = Locked(State())

  private init(clock: C, isShared: Bool) {
    self.clock = clock
    self.isShared = isShared
  }

  /// The queue for waits on `clock`: the process-wide one for the system
  /// clocks, a new private one for any other clock.
  static func forWait(on clock: C) -> TimerQueue<C> {
    if let shared = SharedTimerQueues.continuous as? TimerQueue<C> { return shared }
    if let shared = SharedTimerQueues.suspending as? TimerQueue<C> { return shared }
    return TimerQueue(clock: clock, isShared: false)
  }

  /// Creates the process-wide queue of a system clock.
  static func shared(_ clock: C) -> TimerQueue<C> {
    TimerQueue(clock: clock, isShared: true)
  }

  /// Schedules a wake-up of sleep `id` of `parking` at `deadline`.
  func schedule(_ parking: Parking, sleep id: UInt64, at deadline: C.Instant) {
    let action: Action = state.withLock { state in
      state.order &+= 1
      state.entries.insert(Entry(deadline: deadline, order: state.order, parking: parking, sleep: id))
      guard !state.targets.contains(where: { $0 <= deadline }) else { return .none }
      state.targets.append(deadline)
      if let idle = state.idleDriver {
        state.idleDriver = nil
        return .wake(idle, deadline)
      }
      return .start(deadline)
    }
    switch action {
    case .none:
      break
    case .wake(let driver, let target):
      driver.resume(returning: target)
    case .start(let target):
      let driver = Task.detached(priority: Task.currentPriority) { await self.drive(from: target) }
      if !isShared {
        state.withLock { $0.drivers.append(driver) }
      }
    }
  }

  /// Ends a private queue's drivers; a wait calls it when it ends.
  func shutDownIfPrivate() {
    guard !isShared else { return }
    let (idle, drivers) = state.withLock { state in
      state.isShutDown = true
      defer {
        state.idleDriver = nil
        state.drivers = []
      }
      return (state.idleDriver, state.drivers)
    }
    idle?.resume(returning: nil)
    for driver in drivers { driver.cancel() }
  }

  /// A driver: sleeps until its target, resumes what is due, and goes on to
  /// the next target while no other driver covers it.
  private func drive(from first: C.Instant) async {
    var target = first
    while true {
      do {
        try await sleep(until: target)
      } catch {
        // Cancelled: the private queue was shut down.
        return
      }
      let (due, next) = takeDue(after: target)
      for entry in due { entry.parking.resume(entry.sleep, with: .deadline) }
      if let next {
        target = next
        continue
      }
      guard let next = await idle() else { return }
      target = next
    }
  }

  /// Removes the driver's finished target and the entries now due; claims the
  /// next target when no other driver covers it.
  private func takeDue(after target: C.Instant) -> (due: [Entry], next: C.Instant?) {
    let now = clock.now
    return state.withLock { state in
      if let index = state.targets.firstIndex(of: target) { state.targets.remove(at: index) }
      var due: [Entry] = []
      while let first = state.entries.min, first.deadline <= now {
        due.append(first)
        _ = state.entries.removeMin()
      }
      guard !state.isShutDown, let earliest = state.entries.min?.deadline,
        !state.targets.contains(where: { $0 <= earliest })
      else { return (due, nil) }
      state.targets.append(earliest)
      return (due, earliest)
    }
  }

  /// Parks the driver until a deadline needs it; `nil` tells it to end.
  private func idle() async -> C.Instant? {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<C.Instant?, Never>) in
      let keep = state.withLock { state in
        guard !state.isShutDown, state.idleDriver == nil else { return false }
        state.idleDriver = continuation
        return true
      }
      if !keep { continuation.resume(returning: nil) }
    }
  }

  /// Sleeps on the clock until `target`; waits never ask for a deadline more
  /// than ``Poller/maximumSleep`` ahead.
  private func sleep(until target: C.Instant) async throws {
    try await clock.sleep(until: target, tolerance: nil)
  }
}

/// The process-wide timer queues of the system clocks.
enum SharedTimerQueues {
  static let continuous = TimerQueue.shared(ContinuousClock())
  static let suspending = TimerQueue.shared(SuspendingClock())
}
