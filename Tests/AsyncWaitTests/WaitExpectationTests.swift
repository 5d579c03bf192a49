@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Expectations that callbacks fulfil (`WaitExpectation`).
@Suite(.timeLimit(.minutes(1)))
struct WaitExpectationTests {
  @Test func anExpectationFulfilledEnoughTimesIsMet() async throws {
    let parts = WaitExpectation("every part arrives", expectedCount: 3)
    for _ in 0..<3 { parts.fulfill() }

    try await parts.require(timeout: .zero)
    #expect(try await parts.wait(timeout: .zero))
  }

  @Test func aFulfilmentWakesTheWaitWithoutATick() async throws {
    // On a manual clock nobody advances, only the fulfilment can end the wait.
    let clock = ManualClock()
    let done = WaitExpectation("the upload finishes")
    let waiter = Task { try await done.require(timeout: .seconds(60), clock: clock) }
    try await clock.sleepers(atLeast: 1)

    done.fulfill()
    try await waiter.value

    #expect(clock.now == clock.start)
  }

  @Test func tooFewFulfilmentsFailSayingHowMany() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let parts = WaitExpectation("every part arrives", expectedCount: 5)
    for _ in 0..<3 { parts.fulfill() }

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await parts.require(timeout: .seconds(2), clock: clock)
    }

    #expect(error.comment == "every part arrives")
    #expect(error.lastObservation == "fulfilled 3 of 5 times")
    #expect(try await parts.wait(timeout: .seconds(1), clock: clock) == false)
  }

  @Test func moreFulfilmentsThanExpectedFail() async throws {
    let done = WaitExpectation("the callback runs once")
    done.fulfill()
    done.fulfill()

    let error = try await #require(throws: WaitViolationError.self) { try await done.require(timeout: .zero) }

    #expect(error.kind == .fulfilledTooOften)
    #expect(error.probeIndex == 2)
    #expect(
      error.description.hasPrefix(
        #""the callback runs once" was fulfilled 2 times, more often than expected"#))
    #expect(try await done.wait(timeout: .zero) == false)
  }

  @Test func anInvertedExpectationMustNotBeFulfilledInItsWindow() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let quiet = WaitExpectation("an error is reported", isInverted: true)

    try await quiet.require(timeout: .seconds(1), clock: clock)
    #expect(clock.now.offset == .seconds(1))

    quiet.fulfill()
    let error = try await #require(throws: WaitViolationError.self) {
      try await quiet.require(timeout: .seconds(1), clock: clock)
    }
    #expect(error.kind == .fulfilledTooOften)
    #expect(
      error.description.hasPrefix(#""an error is reported" was fulfilled 1 time, more often than expected"#))
    #expect(try await quiet.wait(timeout: .seconds(1), clock: clock) == false)
  }

  @Test func tenThousandConcurrentFulfilmentsCountExactly() async throws {
    let hits = WaitExpectation("every request is answered", expectedCount: 10_000)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10_000 { group.addTask { hits.fulfill() } }
    }

    #expect(hits.fulfillmentCount == 10_000)
    try await hits.require(timeout: .zero)
  }

  @Test func cancellingTheAwaitingTaskEndsTheWait() async throws {
    let never = WaitExpectation("never")
    let waiter = Task { try await never.require(timeout: .seconds(3600)) }

    waiter.cancel()

    await #expect(throws: CancellationError.self) { try await waiter.value }
  }
}
