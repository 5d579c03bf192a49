import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite struct PollingScheduleTests {
  /// The probe start times of a never-true wait with `schedule`, in virtual time.
  func probeTimes(timeout: Duration, schedule: PollingSchedule) async throws -> [Duration] {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()
    let held = try await Wait(timeout: timeout, schedule: schedule, clock: clock).until {
      log.record(clock.now)
      return false
    }
    #expect(held == false)
    return log.probes.map(\.offset)
  }

  @Test func exponentialBackoffGrowsToItsMaximumAndProbesAtTheDeadline() async throws {
    let times = try await probeTimes(
      timeout: .seconds(1),
      schedule: .exponentialBackoff(initial: .milliseconds(10), factor: 2, maximum: .milliseconds(80)))

    let expected: [Duration] =
      [0, 10, 30, 70, 150, 230, 310, 390, 470, 550, 630, 710, 790, 870, 950, 1000].map { .milliseconds($0) }
    #expect(times == expected)
  }

  @Test func jitterUsesTheInjectedRandomSourceAndStaysWithinTheMaximum() async throws {
    // Always the top of the range: +50%, then clamped to the maximum.
    let times = try await probeTimes(
      timeout: .milliseconds(200),
      schedule: .exponentialBackoff(
        initial: .milliseconds(20), factor: 2, maximum: .milliseconds(50), jitter: 0.5,
        random: { $0.upperBound }))

    // Intervals 30, 50 (60 clamped), 50 (75 clamped), … then the deadline.
    #expect(times == [0, 30, 80, 130, 180, 200].map { .milliseconds($0) })
  }

  @Test func jitterAtTheBottomOfItsRangeShortensIntervals() async throws {
    let times = try await probeTimes(
      timeout: .milliseconds(100),
      schedule: .exponentialBackoff(
        initial: .milliseconds(40), factor: 1, maximum: .milliseconds(40), jitter: 0.25,
        random: { $0.lowerBound }))

    #expect(times == [0, 30, 60, 90, 100].map { .milliseconds($0) })
  }

  @Test func sequenceRepeatsItsLastInterval() async throws {
    let times = try await probeTimes(
      timeout: .seconds(3),
      schedule: .sequence([.milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1)]))

    #expect(times == [0, 100, 350, 850, 1850, 2850, 3000].map { .milliseconds($0) })
  }

  @Test(arguments: [
    (
      PollingSchedule.exponentialBackoff(initial: .milliseconds(10), factor: 0.5, maximum: .seconds(1)),
      AsyncWaitError.invalidSchedule
    ),
    (.exponentialBackoff(initial: .milliseconds(10), maximum: .seconds(1), jitter: 1.5), .invalidSchedule),
    (
      .exponentialBackoff(initial: .milliseconds(10), factor: .infinity, maximum: .seconds(1)),
      .invalidSchedule
    ),
    (.exponentialBackoff(initial: .zero, maximum: .seconds(1)), .nonPositivePollingInterval),
    (.exponentialBackoff(initial: .seconds(2), maximum: .seconds(1)), .invalidSchedule),
    (.sequence([]), .invalidSchedule),
    (.sequence([.milliseconds(10), .zero]), .nonPositivePollingInterval),
    (.fixed(.nanoseconds(-1)), .nonPositivePollingInterval),
  ])
  func invalidSchedulesThrowBeforeAnyProbe(schedule: PollingSchedule, expected: AsyncWaitError) async throws {
    let log = ProbeLog<Int>()

    await #expect(throws: expected) {
      try await Wait(timeout: .seconds(1), schedule: schedule, clock: ManualClock()).until {
        log.record(0)
        return true
      }
    }

    #expect(log.count == 0)
  }

  @Test func hugeBackoffMaximumDoesNotTrap() async throws {
    let times = try await probeTimes(
      timeout: .seconds(10),
      schedule: .exponentialBackoff(initial: .seconds(1), factor: 1e300, maximum: .seconds(Int64.max)))

    #expect(times == [.zero, .seconds(1), .seconds(10)])
  }

  @Test func timeoutErrorDescribesTheSchedule() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let schedule = PollingSchedule.sequence([.milliseconds(100), .milliseconds(250)])

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .milliseconds(300), schedule: schedule, clock: clock).require("the job") {
        false
      }
    }

    #expect(
      error.description.contains("(3 probes over 300 ms, polling at 100 ms, then 250 ms on ManualClock)"))
  }
}
