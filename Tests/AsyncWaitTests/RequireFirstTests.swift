@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// The first element of a sequence that matches (`requireFirst`,
/// `waitForFirst`).
@Suite(.timeLimit(.minutes(1)))
struct RequireFirstTests {
  struct Refused: Error {}

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
    // which has three seconds to see two elements, for a machine loaded by
    // the rest of the suite starting at once. The wait takes them all: an
    // ended sequence leaves it to time out.
    let (stream, continuation) = AsyncStream<String>.makeStream()
    continuation.yield("loading")
    continuation.yield("still loading")
    continuation.finish()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireFirst("the page loads", in: stream, timeout: .seconds(3)) { $0 == "loaded" }
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
