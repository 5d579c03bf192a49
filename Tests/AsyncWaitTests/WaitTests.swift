@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Errors a condition throws, for the retry tests (the holds have their own).
struct Flaky: Error, Equatable {}
struct Fatal: Error, Equatable {}

/// The errors a `Wait` retries (Wait.swift, `retrying:`).
@Suite struct WaitRetryTests {
  @Test func retriedErrorsCountAsNotYet() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let held = try await Wait(timeout: .seconds(1), retryingErrors: { $0 is Flaky }, clock: clock).until {
      log.record(0)
      if log.count < 3 { throw Flaky() }
      return true
    }

    #expect(held)
    #expect(log.count == 3)
  }

  @Test func errorsTheFilterRejectsStillEndTheWait() async throws {
    let log = ProbeLog<Int>()

    await #expect(throws: Fatal()) {
      try await Wait(
        timeout: .seconds(1), retryingErrors: { $0 is Flaky }, clock: ManualClock(.advancesWhenSleeping)
      )
      .until {
        log.record(0)
        throw log.count == 1 ? Flaky() as any Error : Fatal()
      }
    }
    #expect(log.count == 2)
  }

  @Test func cancellationFromTheConditionIsNeverRetried() async throws {
    await #expect(throws: CancellationError.self) {
      try await Wait(
        timeout: .seconds(1), retryingErrors: { _ in true }, clock: ManualClock(.advancesWhenSleeping)
      )
      .until { throw CancellationError() }
    }
  }

  @Test func timeoutCarriesAndDescribesTheLastRetriedError() async throws {
    struct Unavailable: Error, CustomStringConvertible {
      var attempt: Int
      var description: String { "503 on attempt \(attempt)" }
    }
    let log = ProbeLog<Int>()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(
        timeout: .milliseconds(200), retryingErrors: { $0 is Unavailable },
        clock: ManualClock(.advancesWhenSleeping)
      )
      .require("the service") {
        log.record(0)
        throw Unavailable(attempt: log.count)
      }
    }

    #expect((error.lastError as? Unavailable)?.attempt == 3)
    #expect(error.description.contains("\n  last error: 503 on attempt 3\n"))
  }

  /// An error of several lines keeps them indented under its first, as
  /// the last observation's are.
  @Test func aMultiLineLastErrorIsIndentedWhole() async throws {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "the server refused:\n503 Service Unavailable\nretry after 2 s" }
    }
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(
        timeout: .milliseconds(200), retryingErrors: { $0 is Refused },
        clock: ManualClock(.advancesWhenSleeping)
      )
      .require("the service") { throw Refused() }
    }
    #expect(
      error.description.contains(
        "\n  last error: the server refused:\n    503 Service Unavailable\n    retry after 2 s\n  at "))
  }
}

/// `Wait.requireValue`: the value a probe produces, once it produces one.
@Suite struct WaitRequireValueTests {
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
