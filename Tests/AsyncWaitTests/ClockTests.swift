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
