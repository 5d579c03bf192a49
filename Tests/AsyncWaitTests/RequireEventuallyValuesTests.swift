@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Waits on values, with their last reading
/// (`RequireEventually+Values.swift`).
@Suite(.timeLimit(.minutes(1)))
struct RequireEventuallyValuesTests {
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

  /// A job queue of a server's, whose state is an actor's.
  actor JobQueue {
    enum State: Equatable { case running, done }
    private var reads = 0

    /// Done from the third read on.
    func state(of id: Int) -> State {
      reads += 1
      return reads >= 3 ? .done : .running
    }
  }

  /// Main-actor state, as a view model keeps it.
  @MainActor final class Screen {
    var reads = 0
  }

  @MainActor
  @Test func aValueOnAnActorIsReadByAClosureInTheCallersIsolation() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let screen = Screen()
    let queue = JobQueue()

    // The closure reads main-actor state without `await`: it runs on the
    // caller's actor, and awaits the queue's.
    try await requireEventually(
      "job 7 is done",
      reading: {
        screen.reads += 1
        return await queue.state(of: 7)
      }, toEqual: JobQueue.State.done, timeout: .seconds(5), clock: clock)

    #expect(screen.reads == 3)
    #expect(clock.now.offset == .milliseconds(200))
  }

  @Test func anAwaitedValueShowsTheLastValueInATimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let queue = JobQueue()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireEventually(
        "job 7 is done", reading: { await queue.state(of: 7) }, toEqual: JobQueue.State.done,
        timeout: .milliseconds(100), clock: clock)
    }

    #expect(error.comment == "job 7 is done")
    #expect(error.lastObservation == "last value: .running")
  }
}
