@_spi(Internals) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Expectations that callbacks fulfil, the first element of a sequence,
/// values with their last reading, and blocks of assertions.
@Suite(.timeLimit(.minutes(1)))
struct EventWaitTests {
  struct Refused: Error {}

  // MARK: WaitExpectation

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

  // MARK: The first element of a sequence

  @Test func theFirstMatchingElementIsReturned() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    for value in [1, 3, 4, 6] { continuation.yield(value) }

    let even = try await requireFirst("an even number", in: stream, timeout: .seconds(30)) {
      $0.isMultiple(of: 2)
    }

    #expect(even == 4)
  }

  @Test func noMatchInTimeFailsWithTheLastElementAndTheEndOfTheSequence() async throws {
    // On the real clock: the sequence is iterated by a task of its own,
    // which has half a second to see two elements.
    let (stream, continuation) = AsyncStream<String>.makeStream()
    continuation.yield("loading")
    continuation.yield("still loading")
    continuation.finish()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireFirst("the page loads", in: stream, timeout: .milliseconds(500)) { $0 == "loaded" }
    }

    #expect(error.comment == "the page loads")
    #expect(
      error.lastObservation
        == """
        the sequence ended after 2 elements, none matching
        last element: "still loading"
        """)
  }

  @Test func aSequenceThatNeverYieldsAndIgnoresCancellationCannotHoldTheWait() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let stuck = NeverYielding()
    defer { stuck.release() }

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireFirst("a message", in: stuck, timeout: .seconds(5), clock: clock)
    }

    #expect(error.lastObservation == "0 elements so far, none matching")
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func anErrorTheSequenceThrowsEndsTheWait() async throws {
    let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
    continuation.finish(throwing: Refused())

    await #expect(throws: Refused.self) {
      try await requireFirst(in: stream, timeout: .seconds(30))
    }
  }

  // MARK: Values with their last reading

  @Test func aValueWaitShowsTheLastValue() async throws {
    enum Phase { case loading, loaded }
    let clock = ManualClock(.advancesWhenSleeping)
    let phase: Phase? = .loading

    let equal = try await #require(throws: WaitTimeoutError.self) {
      try await requireEventually(
        "the feed loads", for: phase, toEqual: .loaded, timeout: .seconds(1), clock: clock)
    }
    let satisfied = try await #require(throws: WaitTimeoutError.self) {
      try await requireEventually(for: 7, timeout: .seconds(1), clock: clock) { $0 >= 20 }
    }

    #expect(equal.lastObservation == "last value: .loading")
    #expect(satisfied.comment == "a value to satisfy the predicate")
    #expect(satisfied.lastObservation == "last value: 7")
  }

  @Test func aValueWaitReturnsWhenTheValueComes() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    try await requireEventually(
      for: clock.now.offset, toEqual: .seconds(1), timeout: .seconds(5), clock: clock)
    try await requireEventually(for: clock.now.offset, timeout: .seconds(5), clock: clock) {
      $0 >= .seconds(2)
    }
    try await Wait(timeout: .seconds(5), clock: clock).require(for: clock.now.offset) { $0 >= .seconds(3) }
    try await Wait(timeout: .seconds(5), clock: clock).require(for: clock.now.offset, toEqual: .seconds(4))

    try await Wait(timeout: .seconds(5), clock: clock).require(
      reading: { () async throws -> Bool in
        try await clock.sleep(for: .seconds(1))
        return clock.now.offset >= .seconds(6)
      }, toEqual: true)

    // Two reads of a second each, and the interval between them.
    #expect(clock.now.offset == .milliseconds(6_100))
  }

  // MARK: Blocks of assertions (without a test framework's recorder)

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

/// A sequence that never yields and ignores cancellation, until the test
/// releases it (so that no suspended task outlives the test).
final class NeverYielding: AsyncSequence, Sendable {
  private let parked = Locked<(released: Bool, waiting: [UnsafeContinuation<Void, Never>])>((false, []))

  struct AsyncIterator: AsyncIteratorProtocol {
    let sequence: NeverYielding
    mutating func next() async -> Int? {
      await withUnsafeContinuation { continuation in
        let released = sequence.parked.withLock { state in
          if !state.released { state.waiting.append(continuation) }
          return state.released
        }
        if released { continuation.resume() }
      }
      return nil
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }

  /// Lets every iteration end.
  func release() {
    let waiting = parked.withLock { state in
      state.released = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
