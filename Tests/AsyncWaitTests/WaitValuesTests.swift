@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Waits for a value (Wait+Values.swift).
@Suite struct WaitValuesTests {
  @Test func returnsTheFirstValueProduced() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let value = try await Wait(timeout: .seconds(1), clock: clock).requireValue("a user") { () -> String? in
      log.record(0)
      return log.count == 3 ? "Ada" : nil
    }

    #expect(value == "Ada")
    #expect(clock.now.offset == .milliseconds(200))
  }

  @Test func throwsATimeoutWhenNoValueArrives() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .milliseconds(100), clock: ManualClock(.advancesWhenSleeping)).requireValue(
        "a receipt"
      ) {
        Int?.none
      }
    }

    #expect(error.comment == "a receipt")
    #expect(error.probeCount == 2)
  }
}
