@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite struct WaitTriggerTests {
  @Test func firingATriggerWakesASleepingWaitWithoutTimePassing() async throws {
    let clock = ManualClock()
    let trigger = WaitTrigger()
    let flag = Locked(false)
    let log = ProbeLog<ManualClock.Instant>()
    let wait = Task {
      try await Wait(timeout: .seconds(60), schedule: .fixed(.seconds(10)), triggers: [trigger], clock: clock)
        .until {
          log.record(clock.now)
          return flag.withLock { $0 }
        }
    }
    try await clock.sleepers(atLeast: 1)

    flag.withLock { $0 = true }
    trigger.fire()

    #expect(try await wait.value)
    #expect(log.probes == [clock.start, clock.start])
    #expect(clock.now == clock.start)
  }

  @Test func triggerFiredDuringAProbeMakesTheWaitProbeAgainWithoutSleeping() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let trigger = WaitTrigger()
    let log = ProbeLog<Int>()

    let result = try await Wait(timeout: .seconds(1), triggers: [trigger], clock: clock).until {
      log.record(log.count + 1)
      if log.count == 1 { trigger.fire() }
      return log.count == 2
    }

    #expect(result)
    #expect(clock.sleepRequests.isEmpty)
  }

  @Test func waitWithoutAFiringTriggerStillPollsOnSchedule() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<ManualClock.Instant>()

    let result = try await Wait(timeout: .milliseconds(250), triggers: [WaitTrigger()], clock: clock).until {
      log.record(clock.now)
      return false
    }

    #expect(result == false)
    #expect(log.probes.map(\.offset) == [.zero, .milliseconds(100), .milliseconds(200), .milliseconds(250)])
  }

  @Test func intervalRestartsAfterATriggeredProbe() async throws {
    let clock = ManualClock()
    let trigger = WaitTrigger()
    let log = ProbeLog<ManualClock.Instant>()
    let (probed, signal) = AsyncStream<Void>.makeStream()
    var probes = probed.makeAsyncIterator()
    let wait = Task {
      try await Wait(timeout: .seconds(60), schedule: .fixed(.seconds(10)), triggers: [trigger], clock: clock)
        .until {
          log.record(clock.now)
          signal.yield()
          return false
        }
    }
    _ = await probes.next()
    try await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(4))

    trigger.fire()
    _ = await probes.next()
    clock.advance(to: clock.start.advanced(by: .seconds(10)))
    try await clock.sleepers(atLeast: 1)

    // The re-probe at 4 s sleeps a full interval from there: nothing probes at 10 s.
    #expect(clock.sleepingDeadlines == [clock.start.advanced(by: .seconds(14))])
    #expect(log.probes.map(\.offset) == [.zero, .seconds(4)])
    wait.cancel()
    await #expect(throws: CancellationError.self) { try await wait.value }
  }

  @Test func triggerFiredFromManyTasksAtOnceWakesTheWaitOnce() async throws {
    let clock = ManualClock()
    let trigger = WaitTrigger()
    let flag = Locked(false)
    let wait = Task {
      try await Wait(timeout: .seconds(60), triggers: [trigger], clock: clock).until { flag.withLock { $0 } }
    }
    try await clock.sleepers(atLeast: 1)

    flag.withLock { $0 = true }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<200 { group.addTask { trigger.fire() } }
    }

    #expect(try await wait.value)
  }

  @Test func oneTriggerWakesEveryWaitSleepingOnIt() async throws {
    let clock = ManualClock()
    let trigger = WaitTrigger()
    let flag = Locked(false)
    let waits = (0..<500).map { _ in
      Task {
        try await Wait(timeout: .seconds(60), triggers: [trigger], clock: clock).until {
          flag.withLock { $0 }
        }
      }
    }
    try await clock.sleepers(atLeast: 500)

    flag.withLock { $0 = true }
    trigger.fire()

    for wait in waits { #expect(try await wait.value) }
    #expect(clock.now == clock.start)
  }
}
