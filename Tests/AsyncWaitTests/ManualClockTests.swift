import AsyncWait
import AsyncWaitTestSupport
import Testing

/// The contract of the shipped manual clock: deadlines are never early,
/// ties wake in order, cancellation ends a sleep at once, nothing leaks.
@Suite(.timeLimit(.minutes(1)))
struct ManualClockTests {
  /// Starts a task that sleeps until `deadline` and then records `id`.
  func sleeper(_ id: Int, until deadline: Duration, on clock: ManualClock, log: ProbeLog<Int>) -> Task<
    Void, any Error
  > {
    Task {
      try await clock.sleep(until: clock.start.advanced(by: deadline), tolerance: nil)
      log.record(id)
    }
  }

  @Test func aSleepPastNowNeverReturnsBeforeTheClockGetsThere() async throws {
    let clock = ManualClock()
    let log = ProbeLog<Int>()
    let task = sleeper(1, until: .seconds(10), on: clock, log: log)
    try await clock.sleepers(atLeast: 1)

    clock.advance(by: .seconds(9))
    try await clock.settle()
    #expect(clock.sleepingDeadlines == [clock.start.advanced(by: .seconds(10))])

    clock.advance(by: .seconds(1))
    try await task.value
    #expect(log.probes == [1])
  }

  @Test func aSleepNotAfterNowReturnsAtOnce() async throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(5))

    try await clock.sleep(until: clock.start.advanced(by: .seconds(5)), tolerance: nil)
    try await clock.sleep(until: clock.start, tolerance: nil)

    #expect(clock.sleepRequests.count == 2)
  }

  @Test func theLogOfSleepsKeepsTheMostRecentOnesOfALongRun() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let kept = ManualClock.sleepRequestsKept
    let sleeps = 2 * kept + 7

    for step in 1...sleeps {
      try await clock.sleep(until: clock.start.advanced(by: .milliseconds(step)), tolerance: nil)
    }

    let log = clock.sleepRequests
    #expect(log.count == kept)
    #expect(log.first?.offset == .milliseconds(sleeps - kept + 1))
    #expect(log.last?.offset == .milliseconds(sleeps))
  }

  @Test func sleepersDueAtTheSameInstantAllWakeInOneAdvance() async throws {
    let clock = ManualClock()
    let log = ProbeLog<Int>()
    var tasks: [Task<Void, any Error>] = []
    for id in 0..<5 {
      tasks.append(sleeper(id, until: .seconds(1), on: clock, log: log))
      try await clock.sleepers(atLeast: id + 1)
    }

    clock.advance(by: .seconds(1))
    try await clock.settle()
    for task in tasks { try await task.value }

    #expect(Set(log.probes) == Set(0..<5))
    #expect(clock.sleepingDeadlines.isEmpty)
  }

  @Test func eachWokenSleeperSeesTheClockAtLeastAtItsDeadline() async throws {
    let clock = ManualClock()
    let seen = ProbeLog<Duration>()
    var tasks: [Task<Void, any Error>] = []
    for second in 1...3 {
      tasks.append(
        Task {
          try await clock.sleep(until: clock.start.advanced(by: .seconds(second)), tolerance: nil)
          seen.record(clock.now.offset)
        })
      try await clock.sleepers(atLeast: second)
    }

    clock.advance(by: .seconds(3))
    for task in tasks { try await task.value }

    #expect(seen.count == 3)
    #expect(seen.probes.allSatisfy { $0 >= .seconds(1) && $0 <= .seconds(3) })
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func anAdvanceWakesInDeadlineOrderAndStopsAtItsTarget() async throws {
    let clock = ManualClock()
    let log = ProbeLog<Int>()
    let late = sleeper(3, until: .seconds(3), on: clock, log: log)
    try await clock.sleepers(atLeast: 1)
    let early = sleeper(1, until: .seconds(1), on: clock, log: log)
    try await clock.sleepers(atLeast: 2)
    let middle = sleeper(2, until: .seconds(2), on: clock, log: log)
    try await clock.sleepers(atLeast: 3)

    clock.advance(to: clock.start.advanced(by: .seconds(2)))
    try await early.value
    try await middle.value

    #expect(Set(log.probes) == [1, 2])
    #expect(clock.now.offset == .seconds(2))
    #expect(clock.sleepingDeadlines == [clock.start.advanced(by: .seconds(3))])
    late.cancel()
    await #expect(throws: CancellationError.self) { try await late.value }
  }

  @Test func aSleeperThatSleepsAgainDuringAnAdvanceIsWokenByALaterOne() async throws {
    let clock = ManualClock()
    let rounds = ProbeLog<Int>()
    let task = Task {
      for round in 1...3 {
        try await clock.sleep(for: .seconds(1))
        rounds.record(round)
      }
    }

    for round in 1...3 {
      try await clock.sleepers(atLeast: 1)
      clock.advance(by: .seconds(1))
      try await clock.settle()
      #expect(clock.now.offset == .seconds(round))
    }
    try await task.value

    #expect(rounds.probes == [1, 2, 3])
  }

  @Test func cancellingASleepingTaskEndsItsSleepAtOnce() async throws {
    let clock = ManualClock()
    let log = ProbeLog<Int>()
    let task = sleeper(1, until: .seconds(3600), on: clock, log: log)
    try await clock.sleepers(atLeast: 1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleepingDeadlines.isEmpty)
    #expect(log.probes.isEmpty)
    #expect(clock.now.offset == .zero)
  }

  @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async throws {
    let clock = ManualClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }

    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleepingDeadlines.isEmpty)
  }

  @Test func tenThousandSleepersWakeInOneAdvance() async throws {
    let clock = ManualClock()
    let log = ProbeLog<Int>()
    let tasks = (0..<10_000).map { id in sleeper(id, until: .milliseconds(id % 100 + 1), on: clock, log: log)
    }
    try await clock.sleepers(atLeast: 10_000)

    clock.advance(by: .seconds(1))
    try await clock.settle()
    for task in tasks { try await task.value }

    #expect(log.count == 10_000)
    #expect(clock.sleepingDeadlines.isEmpty)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func settleReturnsAtOnceWhenNothingWasWoken() async throws {
    let clock = ManualClock()

    try await clock.settle()

    #expect(clock.now == clock.start)
  }

  @Test func inAdvancingModeASleepMovesTheClockToItsDeadline() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    try await clock.sleep(for: .seconds(90))

    #expect(clock.now.offset == .seconds(90))
    #expect(clock.sleepingDeadlines.isEmpty)
  }
}
