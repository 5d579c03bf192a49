import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite struct CancellationTests {
  @Test func alreadyCancelledTaskThrowsWithoutProbing() async throws {
    let log = ProbeLog<Int>()
    let (started, resume) = AsyncStream<Void>.makeStream()

    let task = Task {
      // Wait to be cancelled before starting the wait.
      for await _ in started {}
      return try await waitUntil(timeout: .seconds(1), clock: ManualClock()) {
        log.record(0)
        return true
      }
    }
    task.cancel()
    resume.finish()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.count == 0)
  }

  @Test func cancellationDuringASleepThrowsWithoutTimePassing() async throws {
    let clock = ManualClock()
    let log = ProbeLog<ManualClock.Instant>()
    let task = Task {
      try await waitUntil(timeout: .seconds(60), pollingInterval: .seconds(10), clock: clock) {
        log.record(clock.now)
        return false
      }
    }
    try await clock.sleepers(atLeast: 1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.probes == [clock.start])
    #expect(clock.now == clock.start)
  }

  @Test func probeThatHoldsAfterItsTaskWasCancelledReturnsTrue() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let task = Task {
      try await waitUntil(timeout: .seconds(1), clock: clock) {
        withUnsafeCurrentTask { $0?.cancel() }
        return true
      }
    }

    #expect(try await task.value == true)
  }

  @Test func probeThatFailsAfterItsTaskWasCancelledEndsTheWait() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let task = Task {
      try await waitUntil(timeout: .seconds(1), clock: clock) {
        log.record(0)
        withUnsafeCurrentTask { $0?.cancel() }
        return false
      }
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.count == 1)
    #expect(clock.sleepRequests.isEmpty)
  }

  @Test func probeThatCancelsItsTaskOnALaterProbeEndsTheWaitBeforeAnotherSleep() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let task = Task {
      try await waitUntil(timeout: .seconds(60), pollingInterval: .seconds(1), clock: clock) {
        log.record(0)
        if log.count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        return false
      }
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.count == 3)
    #expect(clock.sleepRequests.count == 2)
  }

  @Test(.timeLimit(.minutes(1)))
  func probeThatCancelsItsTaskEndsTheWaitWhenTheTimerThreadServesItsSleeps() async throws {
    // Three more waits on the clock, so that the cancelled wait's sleeps go
    // through the clock's timer thread rather than the clock's own sleep.
    // Each has slept once before the cancelled wait begins, so the timer
    // counts it.
    let (slept, sleptOnce) = AsyncStream.makeStream(of: Void.self)
    let others = (0..<3).map { _ in
      Task {
        let probes = ProbeLog<Int>()
        return try await waitUntil(timeout: .seconds(60), pollingInterval: .milliseconds(1)) {
          probes.record(0)
          if probes.count == 2 { sleptOnce.yield() }
          return false
        }
      }
    }
    var sleeps = slept.makeAsyncIterator()
    for _ in others { _ = await sleeps.next() }
    let log = ProbeLog<Int>()

    let task = Task {
      try await waitUntil(timeout: .seconds(60), pollingInterval: .milliseconds(1)) {
        log.record(0)
        if log.count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        return false
      }
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(log.count == 3)
    for other in others {
      other.cancel()
      await #expect(throws: CancellationError.self) { try await other.value }
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellationDuringAnHourLongRealSleepIsPrompt() async throws {
    let clock = SleepSignalingClock(ContinuousClock())
    let task = Task {
      try await waitUntil(timeout: .seconds(7200), pollingInterval: .seconds(3600), clock: clock) { false }
    }
    var sleeps = clock.sleeps.makeAsyncIterator()
    _ = await sleeps.next()

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
