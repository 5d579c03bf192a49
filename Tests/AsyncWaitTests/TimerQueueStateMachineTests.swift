import Testing

@testable import AsyncWait

/// `TimerQueue`'s state machine, one transition at a time, without threads:
/// instants are integers and a parked driver is a name.
@Suite struct TimerQueueStateMachineTests {
  typealias Machine = TimerQueueStateMachine<Int, String>

  /// A parking place with a sleep begun, as a wait has when it schedules.
  static func sleeping() -> (Parking, UInt64) {
    let parking = Parking()
    return (parking, parking.beginFreshSleep())
  }

  static func schedule(_ machine: inout Machine, at deadline: Int) -> Machine.ScheduleAction {
    let (parking, id) = sleeping()
    return machine.schedule(parking, sleep: id, at: deadline)
  }

  static func isStart(_ action: Machine.ScheduleAction, at target: Int) -> Bool {
    if case .startDriver(target) = action { true } else { false }
  }

  static func isNone(_ action: Machine.ScheduleAction) -> Bool {
    if case .none = action { true } else { false }
  }

  static func isNoneSpare(_ spare: Machine.Spare) -> Bool {
    if case .none = spare { true } else { false }
  }

  static func isGoingIdle(_ spare: Machine.Spare, handoff: Int?) -> Bool {
    if case .goingIdle(handoff) = spare { true } else { false }
  }

  /// A machine whose one driver served everything and committed to parking.
  static func driverGoingIdle() -> Machine {
    var machine = Machine()
    _ = schedule(&machine, at: 10)
    var due: [TimerHeap<Int>.Entry] = []
    _ = machine.driverWoke(finishing: 10, now: 10, into: &due, batchSize: 64)
    for entry in due { entry.resume(with: .deadline) }
    return machine
  }

  @Test func theFirstDeadlineStartsADriver() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }

    let action = Self.schedule(&machine, at: 10)

    #expect(Self.isStart(action, at: 10))
    #expect(machine.targets == [10])
    #expect(machine.timers.count == 1)
  }

  @Test func aLaterDeadlineIsLeftToTheRunningDriver() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)

    let later = Self.schedule(&machine, at: 20)
    let same = Self.schedule(&machine, at: 10)

    #expect(Self.isNone(later))
    #expect(Self.isNone(same))
    #expect(machine.targets == [10])
  }

  @Test func anEarlierDeadlineStartsAnotherDriverWhenNoneIsSpare() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)

    let action = Self.schedule(&machine, at: 5)

    #expect(Self.isStart(action, at: 5))
    #expect(machine.targets == [10, 5])
  }

  @Test func aDriverTakesWhatIsDueAndSleepsUntilTheNextDeadline() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)
    _ = Self.schedule(&machine, at: 10)
    _ = Self.schedule(&machine, at: 30)
    var due: [TimerHeap<Int>.Entry] = []

    let next = machine.driverWoke(finishing: 10, now: 12, into: &due, batchSize: 64)

    #expect(due.map(\.deadline) == [10, 10])
    #expect(next == .sleep(until: 30))
    #expect(machine.targets == [30])
    for entry in due { entry.resume(with: .deadline) }
  }

  @Test func aCompletedSleepReachesItsTargetWhenTheClockReadsEarlier() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)
    var due: [TimerHeap<Int>.Entry] = []

    let next = machine.driverWoke(finishing: 10, now: 3, into: &due, batchSize: 64)

    #expect(due.map(\.deadline) == [10])
    #expect(next == .park)
    for entry in due { entry.resume(with: .deadline) }
  }

  @Test func aFullBatchSendsTheDriverBackForMoreAtTheSameInstant() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    for _ in 0..<5 { _ = Self.schedule(&machine, at: 10) }
    var due: [TimerHeap<Int>.Entry] = []

    let first = machine.driverWoke(finishing: 10, now: 10, into: &due, batchSize: 2)
    let firstBatch = due.count
    for entry in due { entry.resume(with: .deadline) }
    due.removeAll()
    // The driver passes the instant it reached, whatever the clock reads now.
    let second = machine.driverWoke(finishing: nil, now: 10, into: &due, batchSize: 2)
    for entry in due { entry.resume(with: .deadline) }
    due.removeAll()
    let third = machine.driverWoke(finishing: nil, now: 10, into: &due, batchSize: 2)

    #expect(first == .resumeBatchAndTakeMore)
    #expect(firstBatch == 2)
    #expect(second == .resumeBatchAndTakeMore)
    #expect(due.count == 1)
    #expect(third == .park)
    for entry in due { entry.resume(with: .deadline) }
  }

  @Test func aDriverWhoseNextDeadlineIsCoveredParksAndASecondIdleDriverEnds() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)
    _ = Self.schedule(&machine, at: 5)
    _ = Self.schedule(&machine, at: 20)
    var due: [TimerHeap<Int>.Entry] = []

    // The driver for 5 finds 10 next, covered by the driver for 10: it
    // commits to parking.
    let early = machine.driverWoke(finishing: 5, now: 5, into: &due, batchSize: 64)
    // The driver for 10 finds 20 next, which no driver covers: it claims it.
    let middle = machine.driverWoke(finishing: 10, now: 10, into: &due, batchSize: 64)
    // The driver for 20 finds nothing left and a driver parking already: it ends.
    let late = machine.driverWoke(finishing: 20, now: 20, into: &due, batchSize: 64)

    #expect(early == .park)
    #expect(middle == .sleep(until: 20))
    #expect(late == .end)
    #expect(due.map(\.deadline) == [5, 10, 20])
    #expect(machine.targets.isEmpty)
    for entry in due { entry.resume(with: .deadline) }
  }

  @Test func aDeadlineScheduledWhileADriverGoesIdleIsHandedToIt() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }

    let action = Self.schedule(&machine, at: 40)
    let parked = machine.driverParks("driver")

    #expect(Self.isNone(action))
    #expect(parked == .sleep(until: 40))
    #expect(machine.targets == [40])
  }

  @Test func aSecondEarlierDeadlineDuringTheHandoffStartsADriver() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 40)

    let action = Self.schedule(&machine, at: 30)

    #expect(Self.isStart(action, at: 30))
    #expect(Self.isGoingIdle(machine.spare, handoff: 40))
  }

  @Test func aParkedDriverIsWokenByTheNextDeadline() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    let parked = machine.driverParks("driver")

    let action = Self.schedule(&machine, at: 50)

    #expect(parked == .stayParked)
    guard case .wake(let driver, let target) = action else {
      Issue.record("expected the parked driver to be woken, got \(action)")
      return
    }
    #expect(driver == "driver")
    #expect(target == 50)
    #expect(Self.isNoneSpare(machine.spare))
  }

  @Test func shuttingDownReturnsTheParkedDriverAndDropsEveryEntry() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = machine.driverParks("driver")
    _ = Self.schedule(&machine, at: 70)
    _ = Self.schedule(&machine, at: 80)

    let parked = machine.shutDown()

    // The schedule of 70 woke the parked driver, so none is parked now.
    #expect(parked == nil)
    #expect(machine.timers.count == 0)
    #expect(machine.isShutDown)
  }

  @Test func shuttingDownEndsTheDriverThatIsAboutToPark() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 40)

    let parked = machine.shutDown()
    let action = machine.driverParks("driver")

    #expect(parked == nil)
    #expect(action == .end)
  }

  @Test func shuttingDownHandsBackAnIdleDriver() {
    var machine = Self.driverGoingIdle()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = machine.driverParks("driver")

    let parked = machine.shutDown()

    #expect(parked == "driver")
  }

  @Test func aDriverThatWakesAfterTheShutDownEnds() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    _ = Self.schedule(&machine, at: 10)
    _ = Self.schedule(&machine, at: 20)
    _ = machine.shutDown()
    var due: [TimerHeap<Int>.Entry] = []

    let next = machine.driverWoke(finishing: 10, now: 10, into: &due, batchSize: 64)

    #expect(next == .end)
    #expect(due.isEmpty)
  }

  @Test func staleEntriesAreRemovedOnceTheyMayOutnumberTheLiveOnes() {
    var machine = Machine()
    // Entries still queued hold their parking places: the end releases them.
    defer { _ = machine.shutDown() }
    let threshold = TimerHeap<Int>.compactionThreshold
    let live = (0..<8).map { _ in Self.sleeping() }
    for (parking, id) in live { _ = machine.schedule(parking, sleep: id, at: 100) }
    var stale: [Parking] = []
    for _ in 0..<threshold {
      let (parking, id) = Self.sleeping()
      _ = machine.schedule(parking, sleep: id, at: 100)
      parking.resume(id, with: .trigger)
      stale.append(parking)
    }

    var released = 0
    for _ in 0..<(threshold - 1) { released += machine.sleepEndedEarly().count }
    let countBefore = machine.timers.count
    let removed = machine.sleepEndedEarly()
    for parking in removed { parking.release() }

    #expect(released == 0)
    #expect(countBefore == 8 + threshold)
    #expect(removed.count == threshold)
    #expect(machine.timers.count == 8)
    _ = machine.shutDown()
  }
}
