import AsyncWait
import AsyncWaitTestSupport
import Testing

/// The smallest positive duration.
let oneAttosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)

@Suite struct HostileInputTests {
  @Test func oneAttosecondTimeoutProbesNowAndAtTheDeadline() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let held = try await waitUntil(timeout: oneAttosecond, clock: clock) {
      log.record(clock.now)
      return false
    }

    #expect(held == false)
    #expect(log.probes.map(\.offset) == [.zero, oneAttosecond])
  }

  @Test func oneAttosecondIntervalIsPacedByTheProbesThemselves() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    let held = try await waitUntil(timeout: .milliseconds(10), pollingInterval: oneAttosecond, clock: clock) {
      log.record(0)
      clock.advance(by: .milliseconds(1))
      return false
    }

    #expect(held == false)
    #expect(log.count == 10)
  }

  @Test(arguments: [Duration.zero, oneAttosecond, .seconds(Int64.max)])
  func extremeHoldDurationsAreAccepted(duration: Duration) async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let stable = try await Wait(timeout: .milliseconds(300), clock: clock).stable(for: duration) { true }
    let early = try await Wait(timeout: .milliseconds(300), clock: ManualClock(.advancesWhenSleeping))
      .until(notBefore: duration) { true }

    #expect(stable == (duration <= .milliseconds(300)))
    #expect(early == (duration == .zero))
  }

  @Test(arguments: [
    Duration.seconds(-1), .seconds(Int64.min), Duration(secondsComponent: 0, attosecondsComponent: -1),
  ])
  func negativeHoldDurationsThrow(duration: Duration) async throws {
    await #expect(throws: AsyncWaitError.negativeDuration) {
      try await Wait(timeout: .seconds(1), clock: ManualClock()).stable(for: duration) { true }
    }
    await #expect(throws: AsyncWaitError.negativeDuration) {
      try await Wait(timeout: .seconds(1), clock: ManualClock()).until(notBefore: duration) { true }
    }
  }

  @Test func extremeBackoffParametersNeitherTrapNorHang() async throws {
    let schedules: [PollingSchedule] = [
      .exponentialBackoff(initial: oneAttosecond, factor: 2, maximum: .milliseconds(1)),
      .exponentialBackoff(
        initial: .milliseconds(1), factor: .greatestFiniteMagnitude, maximum: .seconds(Int64.max)),
      .exponentialBackoff(initial: .seconds(Int64.max), factor: 1, maximum: .seconds(Int64.max), jitter: 1),
      .sequence([oneAttosecond, .seconds(Int64.max)]),
    ]
    for schedule in schedules {
      let clock = ManualClock(.advancesWhenSleeping)
      let log = ProbeLog<Int>()

      let held = try await Wait(timeout: .milliseconds(50), schedule: schedule, clock: clock).until {
        log.record(0)
        clock.advance(by: .milliseconds(1))
        return false
      }

      #expect(held == false)
      #expect((1...51).contains(log.count), "\(schedule)")
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func waitsStartedAndCancelledInATightLoopAllEnd() async throws {
    let outcomes = await withTaskGroup(of: String.self, returning: [String: Int].self) { group in
      for index in 0..<1_000 {
        let task = Task {
          try await waitUntil(timeout: .seconds(60), pollingInterval: .milliseconds(index % 3 + 1)) { false }
        }
        task.cancel()
        group.addTask {
          switch await task.result {
          case .success(let held): "returned \(held)"
          case .failure(let error): error is CancellationError ? "cancelled" : "threw \(error)"
          }
        }
      }
      var counts: [String: Int] = [:]
      for await outcome in group { counts[outcome, default: 0] += 1 }
      return counts
    }

    #expect(outcomes == ["cancelled": 1_000])
  }

  @Test(.timeLimit(.minutes(1)))
  func waitsCancelledWhileTheySleepOnTheRealClockAllEnd() async throws {
    let (probed, signal) = AsyncStream<Void>.makeStream()
    let tasks = (0..<200).map { _ in
      Task {
        try await waitUntil(timeout: .seconds(60), pollingInterval: .seconds(30)) {
          signal.yield()
          return false
        }
      }
    }
    // Every wait has probed once and is on its way to a 30-second sleep.
    var probes = probed.makeAsyncIterator()
    for _ in 0..<200 { _ = await probes.next() }

    for task in tasks { task.cancel() }
    var cancelled = 0
    for task in tasks {
      if case .failure(let error) = await task.result, error is CancellationError { cancelled += 1 }
    }

    #expect(cancelled == 200)
  }
}
