import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite struct ValidationTests {
  @Test(arguments: [Duration.nanoseconds(-1), .seconds(-1), .seconds(Int64.min)])
  func negativeTimeoutThrowsBeforeAnyProbe(timeout: Duration) async throws {
    let log = ProbeLog<Int>()

    await #expect(throws: AsyncWaitError.negativeTimeout) {
      try await waitUntil(timeout: timeout, clock: ManualClock()) {
        log.record(0)
        return true
      }
    }

    #expect(log.count == 0)
  }

  @Test(arguments: [Duration.zero, .nanoseconds(-1), .seconds(-5), .seconds(Int64.min)])
  func nonPositivePollingIntervalThrowsBeforeAnyProbe(interval: Duration) async throws {
    let log = ProbeLog<Int>()

    await #expect(throws: AsyncWaitError.nonPositivePollingInterval) {
      try await waitUntil(timeout: .seconds(1), pollingInterval: interval, clock: ManualClock()) {
        log.record(0)
        return true
      }
    }

    #expect(log.count == 0)
  }

  @Test func requireEventuallyValidatesLikeWaitUntil() async throws {
    let log = ProbeLog<Int>()

    await #expect(throws: AsyncWaitError.negativeTimeout) {
      try await requireEventually(timeout: .seconds(-1), clock: ManualClock()) {
        log.record(0)
        return true
      }
    }
    await #expect(throws: AsyncWaitError.nonPositivePollingInterval) {
      try await requireEventually(timeout: .seconds(1), pollingInterval: .zero, clock: ManualClock()) {
        log.record(0)
        return true
      }
    }

    #expect(log.count == 0)
  }

  @Test func timeoutIsCheckedBeforeInterval() async throws {
    await #expect(throws: AsyncWaitError.negativeTimeout) {
      try await waitUntil(timeout: .seconds(-1), pollingInterval: .zero, clock: ManualClock()) { true }
    }
  }

  @Test func configurationErrorsExplainThemselves() {
    #expect(AsyncWaitError.negativeTimeout.description.contains("timeout is negative"))
    #expect(AsyncWaitError.nonPositivePollingInterval.description.contains("polling interval"))
    #expect(AsyncWaitError.negativeTimeout != .nonPositivePollingInterval)
  }
}
