/// The timer of a wait on a clock other than the system clocks, such as a
/// test's manual clock: driver tasks that sleep on the wait's own clock.
///
/// A sleeping wait adds its deadline to the queue and parks. A driver task
/// sleeps on the clock until the earliest deadline, then resumes what is due
/// and sleeps again, so a manual clock in tests sees the same sleeps, at the
/// same deadlines, as a wait that slept on it directly. (Waits on
/// `ContinuousClock` and `SuspendingClock` use a ``TimerThread`` instead.)
///
/// The rules that keep it exact:
/// - A deadline is never served late by the queue: whenever a new deadline is
///   earlier than every driver's target, a driver is started (or an idle one
///   woken) for it. A driver that wakes with nothing left to do parks, and at
///   most one parks; others end.
/// - Waits schedule deadlines at most ``Poller/maximumSleep`` ahead, so a
///   driver never asks a clock for an instant it cannot represent.
/// - A sleep of the clock that completed counts as having reached its instant,
///   as callers of `Task.sleep` assume: a driver resumes every entry due by
///   its target even when the clock's `now` reads earlier, so a clock whose
///   time stands still cannot make a driver spin.
/// - A sleep of the clock that throws ends the sleeps that driver was
///   serving with the clock's error; the driver goes on serving the rest.
/// - A wait that is resumed early (by a trigger or cancellation) leaves its
///   entry behind, skipped when it falls due because its sleep identifier no
///   longer matches; once such stale entries outnumber the live ones they
///   are removed in one pass and the heap's storage shrinks, so memory
///   follows the number of live sleeps, not the history of wake-ups.
///
/// Each wait gets a private queue, which it shuts down when it ends.
final class TimerQueue<C: Clock>: Sendable where C.Duration == Duration {
  private struct Entry: Comparable, Sendable {
    var deadline: C.Instant
    var order: UInt64
    /// Retained when the entry is scheduled and released when it is taken,
    /// so that moving entries about the heap costs no reference counting.
    var parking: Unmanaged<Parking>
    var sleep: UInt64

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.deadline == rhs.deadline && lhs.order == rhs.order
    }
  }

  /// The driver kept for reuse: at most one driver waits for work.
  ///
  /// Its transitions, each under the queue's lock:
  /// - `none` → `goingIdle(handoff: nil)`: a driver with nothing left to do
  ///   commits to waiting for work (`takeDue`).
  /// - `goingIdle(handoff: nil)` → `goingIdle(handoff: target)`: a wait
  ///   schedules a deadline before that driver has parked (`schedule`).
  /// - `goingIdle` → `idle`, or → `none` taking the handoff: the driver parks,
  ///   or goes straight on to the target handed to it (`idle()`).
  /// - `goingIdle` → `none` once the queue is shut down: the driver ends, a
  ///   handoff or not (`idle()`).
  /// - `idle` → `none`: a deadline, or the end of the queue, wakes it.
  private enum Spare {
    /// No driver waits for work: a deadline that needs one starts one.
    case none
    /// A driver found no work and is on its way to wait for some; a target
    /// handed to it meanwhile is taken instead of parking.
    case goingIdle(handoff: C.Instant?)
    /// A driver waits for work on this continuation.
    case idle(UnsafeContinuation<C.Instant?, Never>)
  }

  private struct State: Sendable {
    var entries = Heap<Entry>()
    var order: UInt64 = 0
    /// The instants the running drivers sleep until.
    var targets: [C.Instant] = []
    /// The driver kept for reuse.
    var spare = Spare.none
    /// Driver tasks, kept so that the queue can cancel them.
    var drivers: [Task<Void, Never>] = []
    var isShutDown = false
    /// Sleeps ended early since the last compaction: an upper bound on the
    /// stale entries in the heap.
    var discarded = 0
  }

  private enum Action {
    case none
    case wake(UnsafeContinuation<C.Instant?, Never>, C.Instant)
    case start(C.Instant)
  }

  /// The most entries a driver takes from the queue under one hold of the lock.
  static var batchSize: Int { 64 }

  let clock: C
  // Protects the queue's state. While holding it the queue takes a wait's
  // parking lock (to tell stale entries during a compaction), and nothing
  // else; no code takes it while holding a parking lock.
  private let state = Locked(State())

  private init(clock: C) {
    self.clock = clock
  }

  /// A new private queue for one wait on `clock`.
  static func forWait(on clock: C) -> TimerQueue<C> {
    TimerQueue(clock: clock)
  }

  /// Schedules a wake-up of sleep `id` of `parking` at `deadline`.
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  func schedule(_ parking: Parking, sleep id: UInt64, at deadline: C.Instant) {
    let action: Action = state.withLock { state in
      state.order &+= 1
      state.entries.insert(
        Entry(deadline: deadline, order: state.order, parking: .passRetained(parking), sleep: id))
      guard !state.targets.contains(where: { $0 <= deadline }) else { return .none }
      state.targets.append(deadline)
      switch state.spare {
      case .idle(let driver):
        state.spare = .none
        return .wake(driver, deadline)
      case .goingIdle(handoff: nil):
        state.spare = .goingIdle(handoff: deadline)
        return .none
      case .goingIdle, .none:
        return .start(deadline)
      }
    }
    switch action {
    case .none:
      break
    case .wake(let driver, let target):
      driver.resume(returning: target)
    case .start(let target):
      let driver = Task.detached(priority: Task.currentPriority) { await self.drive(from: target) }
      state.withLock { $0.drivers.append(driver) }
    }
  }

  /// Ends the queue's drivers; the wait calls it when it ends.
  func shutDown() {
    let (idle, drivers) = state.withLock { state in
      state.isShutDown = true
      while let entry = state.entries.removeMin() { entry.parking.release() }
      var idle: UnsafeContinuation<C.Instant?, Never>?
      if case .idle(let driver) = state.spare {
        state.spare = .none
        idle = driver
      }
      defer { state.drivers = [] }
      return (idle, state.drivers)
    }
    idle?.resume(returning: nil)
    for driver in drivers { driver.cancel() }
  }

  /// Notes that a sleep scheduled on this queue ended before its deadline,
  /// leaving a stale entry; removes the stale entries once they may
  /// outnumber the live ones.
  func discard() {
    let released: [Unmanaged<Parking>] = state.withLock { state in
      state.discarded += 1
      guard state.discarded >= Self.compactionThreshold, state.discarded * 2 > state.entries.count else {
        return []
      }
      state.discarded = 0
      var released: [Unmanaged<Parking>] = []
      state.entries.compact(
        keeping: { $0.parking.takeUnretainedValue().isWaiting(for: $0.sleep) },
        removed: { released.append($0.parking) })
      return released
    }
    for parking in released { parking.release() }
  }

  /// How many sleeps must end early before the queue looks for stale entries.
  static var compactionThreshold: Int { 32 }

  /// A driver: sleeps until its target, resumes what is due, and goes on to
  /// the next target while no other driver covers it.
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  private func drive(from first: C.Instant) async {
    var target = first
    // Reused from wake-up to wake-up, so a driver allocates nothing in steady state.
    var due: [Entry] = []
    while true {
      var wake = Parking.Wake.deadline
      do {
        // Waits never schedule more than `Poller.maximumSleep` ahead, so the
        // clock is never asked for an instant it cannot represent.
        try await clock.sleep(until: target, tolerance: nil)
      } catch {
        // Cancelled because a private queue was shut down, or the clock
        // failed: its error ends the sleeps this driver was serving.
        if isShutDown { return }
        wake = .clockFailure(error)
      }
      var finished: C.Instant? = target
      var next = Next.more
      while case .more = next {
        next = takeDue(finishing: finished, into: &due)
        finished = nil
        for entry in due { entry.parking.takeRetainedValue().resume(entry.sleep, with: wake) }
        due.removeAll(keepingCapacity: true)
      }
      switch next {
      case .target(let next):
        target = next
      case .idle:
        guard let next = await idle() else { return }
        target = next
      case .end, .more:
        return
      }
    }
  }

  /// What a driver does after a wake-up.
  private enum Next {
    /// Resumes the batch taken, then takes the next: more entries are due.
    case more
    /// Sleeps until this target.
    case target(C.Instant)
    /// Waits for work: it is the one driver kept for reuse.
    case idle
    /// Ends: another driver covers what is left, or is kept for reuse.
    case end
  }

  /// Removes the driver's finished target and the entries now due; claims the
  /// next target when no other driver covers it.
  ///
  /// A driver with no target left commits to going idle inside the same lock,
  /// so a wait that schedules a deadline a moment later hands it the target
  /// instead of starting another driver.
  ///
  /// It takes at most ``batchSize`` entries at a time, so that waits
  /// scheduling their next deadline on other threads never wait long for the lock.
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  private func takeDue(finishing target: C.Instant?, into due: inout [Entry]) -> Next {
    // A completed sleep has reached its target, whatever `now` reads.
    let now = target.map { Swift.max($0, clock.now) } ?? clock.now
    return state.withLock { state in
      if let target, let index = state.targets.firstIndex(of: target) { state.targets.remove(at: index) }
      while let first = state.entries.min, first.deadline <= now {
        guard due.count < Self.batchSize else { return .more }
        due.append(first)
        _ = state.entries.removeMin()
      }
      if state.isShutDown { return .end }
      if let earliest = state.entries.min?.deadline, !state.targets.contains(where: { $0 <= earliest }) {
        state.targets.append(earliest)
        return .target(earliest)
      }
      guard case .none = state.spare else { return .end }
      state.spare = .goingIdle(handoff: nil)
      return .idle
    }
  }

  /// Whether the queue has been shut down.
  private var isShutDown: Bool { state.withLock { $0.isShutDown } }

  /// Parks the driver until a deadline needs it; `nil` tells it to end.
  private func idle() async -> C.Instant? {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<C.Instant?, Never>) in
      let handoff: C.Instant?? = state.withLock { state in
        guard case .goingIdle(let handoff) = state.spare else {
          preconditionFailure("Internal inconsistency: a timer driver parked without going idle first")
        }
        // The end of the queue first: a target handed over just before it
        // has no entry left to serve, and a driver that took it would sleep
        // on the clock until it for nothing.
        if state.isShutDown {
          state.spare = .none
          return .some(nil)
        }
        if let handoff {
          state.spare = .none
          return .some(handoff)
        }
        state.spare = .idle(continuation)
        return .none
      }
      if let handoff { continuation.resume(returning: handoff) }
    }
  }
}
