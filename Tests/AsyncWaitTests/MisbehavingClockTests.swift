import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Clocks that break their contract: each may make a wait wrong, none may
/// make it hang, trap, or spin a thread.
@Suite(.timeLimit(.minutes(1)))
struct MisbehavingClockTests {
  struct Boom: Error, Equatable {}

  /// A clock whose `sleep` throws, on its first call or on every call.
  final class ThrowingClock: Clock, Sendable {
    let throwsOnlyOnce: Bool
    private let sleeps = Locked(0)
    init(throwsOnlyOnce: Bool) { self.throwsOnlyOnce = throwsOnlyOnce }
    var now: ContinuousClock.Instant { .now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      let count = sleeps.withLock { count in
        count += 1
        return count
      }
      if !throwsOnlyOnce || count == 1 { throw Boom() }
      try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
    }
  }

  /// A clock whose `now` never moves; its sleeps return at once, or after a
  /// millisecond of real time.
  struct StoppedClock: Clock {
    let start = ContinuousClock.Instant.now
    let sleepsTakeRealTime: Bool
    var now: ContinuousClock.Instant { start }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      if sleepsTakeRealTime { try await Task.sleep(for: .milliseconds(1)) }
    }
  }

  /// A clock that runs backwards for its first `backwardReads` reads of `now`.
  final class BackwardsClock: Clock, Sendable {
    private let reads = Locked(0)
    let origin = ContinuousClock.Instant.now
    let backwardReads: Int
    init(backwardReads: Int) { self.backwardReads = backwardReads }
    var now: ContinuousClock.Instant {
      let count = reads.withLock { count in
        count += 1
        return count
      }
      return count <= backwardReads ? origin.advanced(by: .milliseconds(-count)) : .now
    }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
    }
  }

  @Test func clockWhoseSleepThrowsEndsTheWaitWithItsError() async throws {
    await #expect(throws: Boom()) {
      try await waitUntil(timeout: .milliseconds(300), clock: ThrowingClock(throwsOnlyOnce: false)) { false }
    }
  }

  @Test func clockWhoseFirstSleepThrowsEndsTheWaitAndServesTheNext() async throws {
    let clock = ThrowingClock(throwsOnlyOnce: true)

    await #expect(throws: Boom()) {
      try await waitUntil(timeout: .milliseconds(300), pollingInterval: .milliseconds(5), clock: clock) {
        false
      }
    }
    let log = ProbeLog<Int>()
    let held = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(5), clock: clock) {
      log.record(0)
      return log.count == 3
    }

    #expect(held)
  }

  @Test(arguments: [false, true])
  func stoppedClockEndsTheWaitAfterItsSleepsAddUpToTheTimeout(sleepsTakeRealTime: Bool) async throws {
    let log = ProbeLog<Int>()

    let held = try await waitUntil(
      timeout: .milliseconds(50), pollingInterval: .milliseconds(10),
      clock: StoppedClock(sleepsTakeRealTime: sleepsTakeRealTime)
    ) {
      log.record(0)
      return false
    }

    #expect(held == false)
    // A completed sleep counts as having reached its instant: probes at 0,
    // 10, 20, 30, 40 and 50 ms of the wait's time.
    #expect(log.count == 6)
  }

  @Test func zeroTimeoutProbesOnceOnAClockThatRunsBackwards() async throws {
    let log = ProbeLog<Int>()

    let held = try await waitUntil(timeout: .zero, clock: BackwardsClock(backwardReads: 40)) {
      log.record(0)
      return false
    }
    let neverHeld = try await Wait(timeout: .zero, clock: BackwardsClock(backwardReads: 40)).never {
      log.record(1)
      return false
    }

    #expect(held == false)
    #expect(neverHeld)
    #expect(log.probes == [0, 1])
  }

  @Test func clockThatRunsBackwardsCannotStretchTheWaitBeyondItsSleeps() async throws {
    let log = ProbeLog<Int>()

    let held = try await waitUntil(
      timeout: .milliseconds(30), pollingInterval: .milliseconds(10), clock: BackwardsClock(backwardReads: 40)
    ) {
      log.record(0)
      return false
    }

    // The wait's time never runs backwards and each completed sleep moves it
    // on, so the probes are those of 0, 10, 20 and 30 ms, however far back
    // the clock reads.
    #expect(held == false)
    #expect(log.count == 4)
  }
}
