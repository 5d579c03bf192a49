import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Durations the API accepts but whose seconds do not fit in an `Int64`:
/// every parameter that takes a duration handles them without a trap.
@Suite struct ExtremeDurationTests {
  static let pastInt64: [Duration] = [
    Duration(secondsComponent: .max, attosecondsComponent: .max),
    .seconds(Int64.max) * 2,
    .seconds(Int64.max) * 18,
  ]

  @Test(arguments: pastInt64)
  func everyDurationParameterAcceptsDurationsPastInt64Seconds(huge: Duration) async throws {
    let schedules: [PollingSchedule] = [
      .fixed(huge),
      .exponentialBackoff(initial: .milliseconds(10), maximum: huge),
      .exponentialBackoff(initial: huge, maximum: huge, jitter: 1),
      .sequence([.milliseconds(10), huge]),
    ]
    for schedule in schedules {
      #expect(!schedule.description.isEmpty)
      let clock = ManualClock(.advancesWhenSleeping)
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await Wait(timeout: .milliseconds(50), schedule: schedule, clock: clock).require("x") { false }
      }
      #expect(error.description.contains("Timed out after 50 ms"))
    }

    let clock = ManualClock(.advancesWhenSleeping)
    #expect(try await Wait(timeout: .milliseconds(10), clock: clock).stable(for: huge) { true } == false)
    #expect(try await Wait(timeout: .milliseconds(10), clock: clock).until(notBefore: huge) { true } == false)
    #expect(try await Wait(timeout: huge, clock: ManualClock(.advancesWhenSleeping)).until { true })

    let description = WaitTimeoutError(
      comment: nil, timeout: huge, schedule: .fixed(huge), probeCount: 1, elapsed: huge, clockName: "C",
      location: CallSite(fileID: "M/F.swift", filePath: "/F.swift", line: 1, column: 1)
    ).description
    #expect(description.hasPrefix("Timed out after "))
  }

  @Test(arguments: pastInt64)
  func neverAndAlwaysWindowsPastInt64SecondsEndOnAViolation(huge: Duration) async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: huge, schedule: .fixed(.seconds(3600)), clock: clock).requireNever(
        "two days pass"
      ) {
        clock.now.offset >= .seconds(86_400 * 2)
      }
    }

    #expect(error.window == huge)
    #expect(error.description.contains("during a window of"))
  }
}

@Suite struct ExtremeInputTests {
  static let huge: [Duration] = [
    .seconds(Int64.max),
    Duration(secondsComponent: .max, attosecondsComponent: .max),
    .seconds(Int64.max / 2),
  ]

  @Test(arguments: huge)
  func hugeTimeoutWithATinyIntervalEndsWhenTheConditionHolds(timeout: Duration) async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(timeout: timeout, pollingInterval: .nanoseconds(1), clock: clock) {
      log.record(clock.now)
      return log.count == 5
    }

    #expect(result)
    #expect(log.probes.map(\.offset) == (0...4).map { .nanoseconds($0) })
  }

  @Test(arguments: huge)
  func hugeIntervalSleepsInBoundedStepsUntilCancelled(interval: Duration) async throws {
    let clock = ManualClock()
    let task = Task {
      try await waitUntil(timeout: interval, pollingInterval: interval, clock: clock) { false }
    }
    try await clock.sleepers(atLeast: 1)
    #expect(clock.sleepingDeadlines == [clock.start.advanced(by: .seconds(86_400))])

    clock.advance(by: .seconds(86_400))
    try await clock.sleepers(atLeast: 1)
    #expect(clock.sleepingDeadlines == [clock.start.advanced(by: .seconds(2 * 86_400))])

    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func hugeIntervalWithAShortTimeoutProbesAtTheDeadline() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(
      timeout: .seconds(3 * 86_400 + 1), pollingInterval: .seconds(Int64.max), clock: clock
    ) {
      log.record(clock.now)
      return false
    }

    #expect(result == false)
    #expect(log.probes.map(\.offset) == [.zero, .seconds(3 * 86_400 + 1)])
    #expect(clock.sleepRequests.count == 4)
  }

  @Test(.timeLimit(.minutes(1)))
  func realClockSleepWithAnUnrepresentableDeadlineDoesNotTrap() async throws {
    let clock = SleepSignalingClock(ContinuousClock())
    let task = Task {
      try await waitUntil(timeout: .seconds(Int64.max), pollingInterval: .seconds(Int64.max), clock: clock) {
        false
      }
    }
    var sleeps = clock.sleeps.makeAsyncIterator()
    _ = await sleeps.next()

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test(.timeLimit(.minutes(1)))
  func realClockWithAnInfiniteTimeoutEndsWhenTheConditionHolds() async throws {
    let log = ProbeLog<Int>()

    let result = try await waitUntil(timeout: .seconds(Int64.max), pollingInterval: .nanoseconds(1)) {
      log.record(0)
      return log.count == 4
    }

    #expect(result)
    #expect(log.count == 4)
  }
}
