import Testing

@testable import AsyncWait

/// The sleeping loop's decisions (`SleepStateMachine`), one transition at a
/// time, without a clock, a timer or a task: a reading is a number of
/// milliseconds since the wait started.
@Suite struct SleepStateMachineTests {
  typealias Machine = SleepStateMachine

  /// A machine after `probes` probes, at wait time `time`, before its sleep.
  static func machine(
    timeout: Duration = .seconds(1), schedule: PollingSchedule = .fixed(.milliseconds(100)),
    readsContext: Bool = false, probes: Int = 1, time: Duration = .zero
  ) -> Machine {
    var loop = LoopState(probeCount: probes, generations: [])
    loop.time.reached(time)
    return Machine(loop: loop, timeout: timeout, schedule: schedule, readsContext: readsContext)
  }

  @Test func aSleepIsTheIntervalFromTheWaitsTime() {
    var machine = Self.machine(time: .milliseconds(30))

    machine.startSleep()

    #expect(machine.sleepEnd == .milliseconds(130))
    #expect(machine.pieceEnd == .milliseconds(130))
  }

  @Test func aSleepIsCutToTheTimeThatIsLeft() {
    var machine = Self.machine(time: .milliseconds(950))

    machine.startSleep()

    #expect(machine.sleepEnd == .seconds(1))
    #expect(machine.pieceEnd == .seconds(1))
  }

  @Test func theScheduleIsAskedForTheIntervalAfterTheProbeCount() {
    let schedule = PollingSchedule.sequence([.milliseconds(10), .milliseconds(20), .milliseconds(40)])
    var machine = Self.machine(schedule: schedule, probes: 2)

    machine.startSleep()

    #expect(machine.sleepEnd == .milliseconds(20))
  }

  @Test func aSleepThatRanToItsEndHasReachedItWithoutAReading() {
    var machine = Self.machine()
    machine.startSleep()

    let end = machine.pieceEnded()
    machine.beginProbe(reading: nil)

    #expect(end == .probe(readsClock: false))
    #expect(machine.loop.probeCount == 2)
    #expect(machine.context.index == 2)
    #expect(machine.context.elapsed == .milliseconds(100))
  }

  @Test func theProbeAtTheTimeoutReadsTheClock() {
    var machine = Self.machine(time: .milliseconds(950))
    machine.startSleep()

    let end = machine.pieceEnded()
    machine.beginProbe(reading: .milliseconds(1_200))

    #expect(end == .probe(readsClock: true))
    #expect(machine.context.elapsed == .milliseconds(1_200))
  }

  @Test func probesThatReadTheirPlaceReadTheClockAfterEverySleep() {
    var machine = Self.machine(readsContext: true)
    machine.startSleep()

    #expect(machine.pieceEnded() == .probe(readsClock: true))
    #expect(machine.triggered() == .probe(readsClock: true))
  }

  @Test func aTriggerReadsTheClockOnlyForProbesThatReadTheirPlace() {
    var machine = Self.machine()

    #expect(machine.triggered() == .probe(readsClock: false))
  }

  @Test func aReadingBehindTheWaitsTimeDoesNotMoveItBack() {
    var machine = Self.machine(readsContext: true)
    machine.startSleep()
    _ = machine.pieceEnded()

    machine.beginProbe(reading: .milliseconds(40))

    #expect(machine.context.elapsed == .milliseconds(100))
  }

  @Test func aLongSleepIsScheduledInPiecesOfAtMostADay() {
    let day = Duration.seconds(86_400)
    var machine = Self.machine(timeout: day * 3, schedule: .fixed(day * 5 / 2))
    machine.startSleep()
    var pieces = [machine.pieceEnd]

    while machine.pieceEnded() == .nextPiece { pieces.append(machine.pieceEnd) }

    #expect(pieces == [day, day * 2, day * 5 / 2])
    #expect(machine.context.elapsed == day * 5 / 2)
  }

  @Test func anUndecidedProbeBeforeTheTimeoutStartsTheNextSleepFromTheReading() {
    var machine = Self.machine()
    machine.startSleep()
    _ = machine.pieceEnded()
    machine.beginProbe(reading: nil)

    let end = machine.probeEnded(reading: .milliseconds(150))

    #expect(end == .sleep)
    #expect(machine.sleepEnd == .milliseconds(250))
    #expect(machine.pieceEnd == .milliseconds(250))
  }

  @Test func aClockThatRunsBackwardsCannotShortenTheNextSleep() {
    var machine = Self.machine(time: .milliseconds(500))

    let end = machine.probeEnded(reading: .milliseconds(10))

    #expect(end == .sleep)
    #expect(machine.sleepEnd == .milliseconds(600))
  }

  @Test func aProbeThatEndsAtTheTimeoutExpiresTheWait() {
    var machine = Self.machine(time: .milliseconds(950))
    machine.startSleep()
    _ = machine.pieceEnded()
    machine.beginProbe(reading: .milliseconds(1_000))

    let end = machine.probeEnded(reading: .milliseconds(1_020))

    #expect(end == .expired)
    #expect(machine.expiry.probeCount == 2)
    #expect(machine.expiry.elapsed == .milliseconds(1_020))
    #expect(machine.expiry.lastProbeStart == .milliseconds(1_000))
  }

  @Test func anExpiryAfterASleepThatEndedBeforeTheTimeoutDoesNotKnowWhenItsProbeStarted() {
    var machine = Self.machine()
    machine.startSleep()
    _ = machine.pieceEnded()
    machine.beginProbe(reading: nil)

    let end = machine.probeEnded(reading: .seconds(3))

    #expect(end == .expired)
    #expect(machine.expiry.elapsed == .seconds(3))
    #expect(machine.expiry.lastProbeStart == nil)
  }

  @Test func anExpiryOfProbesThatReadTheirPlaceKnowsWhenTheLastStarted() {
    var machine = Self.machine(readsContext: true)
    machine.startSleep()
    _ = machine.pieceEnded()
    machine.beginProbe(reading: .milliseconds(120))

    let end = machine.probeEnded(reading: .seconds(3))

    #expect(end == .expired)
    #expect(machine.expiry.lastProbeStart == .milliseconds(120))
  }

  @Test func aZeroTimeoutExpiresAfterItsFirstProbe() {
    var machine = Self.machine(timeout: .zero)

    #expect(machine.probeEnded(reading: .zero) == .expired)
    #expect(machine.expiry.probeCount == 1)
  }

  @Test func theDecisionGivesTheProbeCountAndTheLaterOfTheReadingAndTheWaitsTime() {
    var ahead = Self.machine(probes: 4, time: .milliseconds(300))
    var behind = Self.machine(probes: 4, time: .milliseconds(300))

    let late = ahead.decision(reading: .milliseconds(340))
    let early = behind.decision(reading: .milliseconds(200))

    #expect(late.probeCount == 4)
    #expect(late.elapsed == .milliseconds(340))
    #expect(early.elapsed == .milliseconds(300))
  }

  @Test func theDecisionSaysWhetherATriggerOrTheTimerWokeTheDecidingProbe() {
    var machine = Self.machine()
    machine.startSleep()

    _ = machine.triggered()
    machine.beginProbe(reading: nil)
    #expect(machine.decision(reading: .milliseconds(1)).wake == .trigger)

    #expect(machine.probeEnded(reading: .milliseconds(1)) == .sleep)
    #expect(machine.pieceEnded() == .probe(readsClock: false))
    machine.beginProbe(reading: nil)
    #expect(machine.decision(reading: .milliseconds(120)).wake == .timer)
  }
}
