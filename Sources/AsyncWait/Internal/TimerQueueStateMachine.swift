/// The state of a ``TimerQueue``, a value apart from its lock and its tasks,
/// so that each transition can be tested without threads.
///
/// Every method is an event, called under the queue's lock; what must happen
/// outside the lock (resume a driver, start one, resume the entries due) is
/// returned as an action. `Driver` is what a parked driver waits on: a
/// continuation in the queue, any value in a test.
///
/// The rules, each one a transition below:
/// - A deadline is never served late: whenever a new deadline is earlier
///   than every driver's target, a driver is started, an idle one woken, or
///   the one about to park handed the deadline.
/// - A completed sleep of the clock counts as having reached its target,
///   whatever the clock's `now` reads, so a clock that stands still cannot
///   make a driver spin.
/// - At most one driver waits for work; the others end.
/// - After ``shutDown()`` nothing is scheduled, every driver ends and no
///   entry is left.
struct TimerQueueStateMachine<Instant: Comparable, Driver> {
  /// The driver kept for reuse: at most one driver waits for work.
  enum Spare {
    /// No driver waits for work: a deadline that needs one starts one.
    case none
    /// A driver found no work and is on its way to wait for some; a target
    /// handed to it meanwhile is taken instead of parking.
    case goingIdle(handoff: Instant?)
    /// A driver waits for work.
    case idle(Driver)
  }

  /// What to do after ``schedule(_:sleep:at:)``, outside the lock.
  enum ScheduleAction {
    /// Nothing: a driver covers the deadline.
    case none
    /// Resume the idle driver with this target.
    case wake(Driver, Instant)
    /// Start a driver that sleeps until this target.
    case startDriver(Instant)
  }

  /// What a driver does after ``driverWoke(finishing:now:into:batchSize:)``.
  enum WokenAction: Equatable {
    /// Resume the batch taken, then wake again: more entries are due.
    case resumeBatchAndTakeMore
    /// Resume the batch taken, then sleep until this target.
    case sleep(until: Instant)
    /// Resume the batch taken, then park: it is the one driver kept for reuse.
    case park
    /// Resume the batch taken, then end.
    case end
  }

  /// What a driver that parks does, after ``driverParks(_:)``.
  enum ParkAction: Equatable {
    /// Stay parked until ``schedule(_:sleep:at:)`` or ``shutDown()``
    /// returns the driver.
    case stayParked
    /// Do not park: sleep until this target.
    case sleep(until: Instant)
    /// Do not park: end.
    case end
  }

  private(set) var timers = TimerHeap<Instant>()
  /// The instants the running drivers sleep until.
  private(set) var targets: [Instant] = []
  private(set) var spare = Spare.none
  private(set) var isShutDown = false

  /// A sleep is scheduled: sleep `id` of `parking` wakes at `deadline`.
  ///
  /// - Returns: What to do so that a driver covers the deadline.
  mutating func schedule(_ parking: Parking, sleep id: UInt64, at deadline: Instant) -> ScheduleAction {
    precondition(
      !isShutDown, "Internal inconsistency: a sleep was scheduled on a timer queue that was shut down")
    timers.insert(parking, sleep: id, at: deadline)
    guard !targets.contains(where: { $0 <= deadline }) else { return .none }
    targets.append(deadline)
    switch spare {
    case .idle(let driver):
      spare = .none
      return .wake(driver, deadline)
    case .goingIdle(handoff: nil):
      spare = .goingIdle(handoff: deadline)
      return .none
    case .goingIdle, .none:
      return .startDriver(deadline)
    }
  }

  /// A driver woke: its sleep until `target` completed (or failed), or it
  /// comes back for more after resuming a full batch (`target` is `nil`).
  ///
  /// Takes the entries due into `due`, at most `batchSize`, and claims the
  /// next target when no other driver covers it. A driver with no target
  /// left commits to parking here, so that a sleep scheduled a moment later
  /// hands it the target instead of starting another driver.
  ///
  /// - Parameters:
  ///   - target: The target whose sleep ended, or `nil`.
  ///   - now: The clock's reading; a completed sleep counts as `target`
  ///     reached even when `now` is earlier.
  ///   - due: Where the entries due go, to be resumed outside the lock.
  ///   - batchSize: The most entries `due` may hold.
  /// - Returns: What the driver does next.
  mutating func driverWoke(
    finishing target: Instant?, now: Instant, into due: inout [TimerHeap<Instant>.Entry], batchSize: Int
  ) -> WokenAction {
    let reached = target.map { Swift.max($0, now) } ?? now
    if let target, let index = targets.firstIndex(of: target) { targets.remove(at: index) }
    if timers.takeDue(by: reached, into: &due, limit: batchSize) { return .resumeBatchAndTakeMore }
    if isShutDown { return .end }
    if let earliest = timers.earliest, !targets.contains(where: { $0 <= earliest }) {
      targets.append(earliest)
      return .sleep(until: earliest)
    }
    guard case .none = spare else { return .end }
    spare = .goingIdle(handoff: nil)
    return .park
  }

  /// The driver that committed to parking parks, waiting on `driver`.
  ///
  /// - Returns: Whether it stays parked, or takes a target handed to it, or
  ///   ends because the queue was shut down.
  mutating func driverParks(_ driver: Driver) -> ParkAction {
    guard case .goingIdle(let handoff) = spare else {
      preconditionFailure("Internal inconsistency: a timer driver parked without going idle first")
    }
    // The end of the queue first: a target handed over just before it has
    // no entry left to serve, and a driver that took it would sleep on the
    // clock until it for nothing.
    if isShutDown {
      spare = .none
      return .end
    }
    if let handoff {
      spare = .none
      return .sleep(until: handoff)
    }
    spare = .idle(driver)
    return .stayParked
  }

  /// The wait ended: drop every entry and end every driver.
  ///
  /// - Returns: The parked driver, to resume so that it ends; `nil` when none
  ///   is parked.
  mutating func shutDown() -> Driver? {
    isShutDown = true
    timers.removeAll()
    guard case .idle(let driver) = spare else { return nil }
    spare = .none
    return driver
  }

  /// A sleep ended before its deadline and left a stale entry.
  ///
  /// - Returns: The parking places of the stale entries removed, to release
  ///   outside the lock.
  mutating func sleepEndedEarly() -> [Unmanaged<Parking>] {
    timers.noteStaleEntry()
  }
}

extension TimerQueueStateMachine: Sendable where Instant: Sendable, Driver: Sendable {}
extension TimerQueueStateMachine.Spare: Sendable where Instant: Sendable, Driver: Sendable {}
