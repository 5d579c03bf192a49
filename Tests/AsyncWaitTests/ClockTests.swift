import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ClockTests {
  @Test func continuousClockIsTheDefault() async throws {
    let log = ProbeLog<Int>()

    let result = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(1)) {
      log.record(0)
      return log.count == 3
    }

    #expect(result)
    #expect(log.count == 3)
  }

  @Test func suspendingClockWorks() async throws {
    let log = ProbeLog<SuspendingClock.Instant>()
    let clock = SuspendingClock()

    let result = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(2), clock: clock) {
      log.record(clock.now)
      return log.count == 3
    }

    #expect(result)
    let probes = log.probes
    #expect(probes.count == 3)
    // Each probe starts at least one interval after the previous one ended.
    for (earlier, later) in zip(probes, probes.dropFirst()) {
      #expect(earlier.duration(to: later) >= .milliseconds(2))
    }
  }

  @Test func shortRealTimeoutReturnsFalseAfterTheDeadline() async throws {
    let clock = ContinuousClock()
    let start = clock.now

    let result = try await waitUntil(timeout: .milliseconds(20), pollingInterval: .milliseconds(5)) { false }

    #expect(result == false)
    #expect(start.duration(to: clock.now) >= .milliseconds(20))
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
