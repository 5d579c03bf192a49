@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Blocks of assertions without a test framework's recorder
/// (`Wait+Passing.swift`).
@Suite(.timeLimit(.minutes(1)))
struct WaitPassingTests {
  struct Refused: Error {}

  @Test func aBlockThatPassesOnItsThirdAttemptPasses() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let attempts = ProbeLog<Int>()

    try await requirePassing("the cart settles", timeout: .seconds(5), clock: clock) {
      attempts.record(0)
      guard attempts.count >= 3 else { throw Refused() }
    }

    #expect(attempts.count == 3)
  }

  @Test func aBlockThatNeverPassesFailsWithItsLastError() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let attempts = ProbeLog<Int>()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requirePassing(
        "the cart settles", timeout: .seconds(1), pollingInterval: .milliseconds(250), clock: clock
      ) {
        attempts.record(0)
        throw Refused()
      }
    }

    #expect(error.lastError is Refused)
    #expect(error.probeCount == 5)
    #expect(attempts.count == 5)
  }

  /// The attempt that runs for real after a quiet one ended past the
  /// deadline is counted in the wait's probes and in its time.
  @Test func theLastAttemptAfterTheDeadlineCountsInTheElapsedTime() async throws {
    let clock = ManualClock()
    let attempts = ProbeLog<Int>()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requirePassing("the cart settles", timeout: .seconds(1), clock: clock) {
        attempts.record(0)
        clock.advance(by: attempts.count == 1 ? .seconds(2) : .milliseconds(300))
        throw Refused()
      }
    }

    #expect(attempts.count == 2)
    #expect(error.probeCount == 2)
    #expect(error.elapsed == .milliseconds(2_300))
  }

  @Test func aBlockThatMustAlwaysPassFailsAtItsFirstFailingAttempt() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let attempts = ProbeLog<Int>()

    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: .seconds(1), schedule: .fixed(.milliseconds(100)), clock: clock)
        .requireAlwaysPassing(
          "the total stays right"
        ) {
          attempts.record(0)
          if attempts.count == 4 { throw Refused() }
        }
    }

    #expect(error.kind == .failedDuringAlways)
    #expect(error.probeIndex == 4)
    #expect(error.lastError is Refused)
    try await Wait(timeout: .seconds(1), clock: clock).requireAlwaysPassing {}
  }
}
