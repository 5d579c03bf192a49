@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// A timing scenario run in virtual time, with the probe start times it must produce.
struct TimingScenario: Sendable, CustomTestStringConvertible {
  var timeout: Duration
  var interval: Duration
  var probeDuration: Duration
  /// When each probe starts, as offsets from the start of the wait.
  var expectedProbes: [Duration]

  var testDescription: String {
    "timeout \(timeout.shortDescription), interval \(interval.shortDescription), "
      + "probe \(probeDuration.shortDescription)"
  }
}

@Suite struct TimingTests {
  static let scenarios: [TimingScenario] = [
    // Aligned: the last full interval ends exactly at the deadline.
    TimingScenario(
      timeout: .seconds(1), interval: .milliseconds(100), probeDuration: .zero,
      expectedProbes: (0...10).map { .milliseconds(100 * $0) }),
    // The interval counts from the end of a probe, so slow probes stretch the period.
    TimingScenario(
      timeout: .seconds(1), interval: .milliseconds(100), probeDuration: .milliseconds(30),
      expectedProbes: (0...7).map { .milliseconds(130 * $0) } + [.milliseconds(1000)]),
    // The last sleep is shortened to the deadline and followed by a final probe.
    TimingScenario(
      timeout: .milliseconds(250), interval: .milliseconds(100), probeDuration: .zero,
      expectedProbes: [.zero, .milliseconds(100), .milliseconds(200), .milliseconds(250)]),
    // An interval longer than the timeout: one probe now, one at the deadline.
    TimingScenario(
      timeout: .milliseconds(100), interval: .seconds(1), probeDuration: .zero,
      expectedProbes: [.zero, .milliseconds(100)]),
    // A probe that ends past the deadline is the last one.
    TimingScenario(
      timeout: .milliseconds(100), interval: .milliseconds(10), probeDuration: .milliseconds(60),
      expectedProbes: [.zero, .milliseconds(70)]),
    // A probe longer than the whole timeout runs once.
    TimingScenario(
      timeout: .milliseconds(50), interval: .milliseconds(10), probeDuration: .milliseconds(80),
      expectedProbes: [.zero]),
    // Zero timeout: exactly one probe, no sleep.
    TimingScenario(
      timeout: .zero, interval: .milliseconds(100), probeDuration: .zero,
      expectedProbes: [.zero]),
    TimingScenario(
      timeout: .zero, interval: .milliseconds(100), probeDuration: .milliseconds(5),
      expectedProbes: [.zero]),
  ]

  @Test(arguments: scenarios)
  func neverTrueConditionIsProbedOnSchedule(scenario: TimingScenario) async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(
      timeout: scenario.timeout, pollingInterval: scenario.interval, clock: clock
    ) {
      log.record(clock.now)
      clock.advance(by: scenario.probeDuration)
      return false
    }

    #expect(result == false)
    #expect(log.probes.map(\.offset) == scenario.expectedProbes)
  }

  @Test(arguments: scenarios)
  func noSleepExtendsPastTheDeadline(scenario: TimingScenario) async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let deadline = clock.now.advanced(by: scenario.timeout)

    _ = try await waitUntil(timeout: scenario.timeout, pollingInterval: scenario.interval, clock: clock) {
      clock.advance(by: scenario.probeDuration)
      return false
    }

    #expect(clock.sleepRequests.allSatisfy { $0 <= deadline })
    #expect(clock.sleepRequests.count == scenario.expectedProbes.count - 1)
  }

  @Test func zeroTimeoutProbesExactlyOnceAndReportsTheProbe() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let holds = try await waitUntil(timeout: .zero, clock: clock) {
      log.record(1)
      return true
    }
    let fails = try await waitUntil(timeout: .zero, clock: clock) {
      log.record(2)
      return false
    }

    #expect(holds == true)
    #expect(fails == false)
    #expect(log.probes == [1, 2])
    #expect(clock.sleepRequests.isEmpty)
  }

  @Test func firstProbeThatHoldsReturnsWithoutSleeping() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(timeout: .seconds(10), clock: clock) {
      log.record(clock.now)
      return true
    }

    #expect(result == true)
    #expect(log.count == 1)
    #expect(clock.sleepRequests.isEmpty)
    #expect(clock.now == clock.start)
  }

  @Test func finalProbeAtTheDeadlineCatchesALateChange() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let deadline = clock.now.advanced(by: .milliseconds(250))
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(
      timeout: .milliseconds(250), pollingInterval: .milliseconds(100), clock: clock
    ) {
      log.record(clock.now)
      return clock.now >= deadline
    }

    #expect(result == true)
    #expect(log.probes.last == deadline)
    #expect(log.count == 4)
  }

  @Test func conditionThatComesTrueStopsTheWaitAtThatProbe() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await waitUntil(
      timeout: .seconds(10), pollingInterval: .milliseconds(100), clock: clock
    ) {
      log.record(clock.now)
      return log.count == 3
    }

    #expect(result == true)
    #expect(log.probes.map(\.offset) == [.zero, .milliseconds(100), .milliseconds(200)])
    #expect(clock.now.offset == .milliseconds(200))
  }

  @Test func asyncConditionIsAwaitedOnEveryProbe() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let source = CountingSource()

    let result = try await waitUntil(timeout: .seconds(1), clock: clock) {
      await source.next() >= 5
    }

    #expect(result == true)
    #expect(await source.reads == 5)
  }
}

/// An actor-isolated value that counts how often it was read.
actor CountingSource {
  private(set) var reads = 0

  func next() -> Int {
    reads += 1
    return reads
  }
}
