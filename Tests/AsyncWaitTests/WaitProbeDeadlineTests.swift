import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Probes bounded by the wait's deadline: given the time left, cancelled at it.
@Suite(.timeLimit(.minutes(1)))
struct WaitProbeDeadlineTests {
  @Test func probeIsGivenTheTimeLeft() async throws {
    let clock = ManualClock()
    let trigger = WaitTrigger()
    let given = ProbeLog<Duration>()

    // The first probe takes 100 ms of virtual time and fires the trigger, so
    // the second follows without a sleep.
    let held = try await Wait(timeout: .seconds(1), triggers: [trigger], clock: clock).until { remaining in
      given.record(remaining)
      guard given.count == 2 else {
        clock.advance(by: .milliseconds(100))
        trigger.fire()
        return false
      }
      return true
    }

    #expect(held)
    #expect(given.probes == [.seconds(1), .milliseconds(900)])
  }

  @Test func probeAtTheDeadlineIsGivenOneInterval() async throws {
    let given = ProbeLog<Duration>()

    let held = try await Wait(timeout: .zero, schedule: .fixed(.milliseconds(100)), clock: ManualClock())
      .until {
        remaining in
        given.record(remaining)
        return false
      }

    #expect(held == false)
    #expect(given.probes == [.milliseconds(100)])
  }

  @Test func probeStillRunningAtTheDeadlineIsCancelledAndReported() async throws {
    let clock = ManualClock()
    let started = AsyncStream<Void>.makeStream()

    let wait = Task {
      try await Wait(timeout: .seconds(1), schedule: .fixed(.seconds(5)), clock: clock).require(
        "the server answers"
      ) { _ in
        started.continuation.yield()
        // A request that hangs, but honours cancellation.
        try await Task.sleep(for: .seconds(3600))
        return true
      }
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    try await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(1))

    let error = try await #require(throws: WaitTimeoutError.self) { try await wait.value }
    #expect(error.probeCount == 1)
    #expect(error.lastObservation == "probe 1 was still running at the deadline and was cancelled")
  }

  @Test func hangingProbeOnTheRealClockIsCancelledAtTheDeadline() async throws {
    // What is checked is that the deadline, on the real clock, cancels the
    // probe; not how soon the task runs again, which a loaded machine
    // decides. A probe that were not cancelled would hold the wait for an
    // hour, past the suite's time limit.
    let cancellations = ProbeLog<Bool>()

    let held = try await Wait(timeout: .milliseconds(200)).until { _ in
      do {
        try await Task.sleep(for: .seconds(3600))
      } catch is CancellationError {
        cancellations.record(true)
        throw CancellationError()
      }
      return true
    }

    #expect(held == false)
    #expect(cancellations.count == 1)
  }

  @Test func cancellingTheWaitCancelsTheProbe() async throws {
    let started = AsyncStream<Void>.makeStream()
    let wait = Task {
      try await Wait(timeout: .seconds(3600)).until { _ in
        started.continuation.yield()
        try await Task.sleep(for: .seconds(3600))
        return true
      }
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()

    wait.cancel()

    await #expect(throws: CancellationError.self) { try await wait.value }
  }

  @Test func errorsFromTheProbeFollowTheRetryRules() async throws {
    struct Refused: Error {}
    // A manual clock: the deadline never comes, so the probe's error always wins.
    let clock = ManualClock()
    let attempts = ProbeLog<Int>()

    await #expect(throws: Refused.self) {
      try await Wait(timeout: .seconds(1), clock: clock).require { _ in throw Refused() }
    }
    let retried = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .zero, retryingErrors: { $0 is Refused }, clock: clock).require { _ in
        attempts.record(0)
        throw Refused()
      }
    }

    #expect(retried.lastError is Refused)
    #expect(attempts.count == 1)
  }
}
