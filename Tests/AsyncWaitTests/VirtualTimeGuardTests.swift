import AsyncWaitTestSupport
import Dispatch
import Testing

@_spi(Tests) @testable import AsyncWait

/// A test on virtual time never hangs: a wait on a clock nothing advances,
/// and a wait for sleepers that never come, stop after a stretch of real
/// time (#39).
///
/// The real-time tests here assert what stopped and why, never how soon: a
/// guard that failed to fire would hold the test past the suite's time
/// limit.
@Suite(.timeLimit(.minutes(1)))
struct VirtualTimeGuardTests {
  // MARK: The guard, in a test's own real time

  /// A guard with a limit of 10 s, and a manual clock standing in for
  /// real time.
  private func guarded(clock: ManualClock, realTime: ManualClock) -> StandstillGuard<ManualClock, ManualClock>
  {
    StandstillGuard(clock: clock, limit: .seconds(10), realTime: realTime)
  }

  /// Lets `duration` of real time pass in the guard's steps of 1 s, each
  /// after the guard's task has gone back to sleep: a process that runs.
  private func pass(_ duration: Duration, of realTime: ManualClock) async throws {
    for _ in 0..<Int(duration / .seconds(1)) {
      realTime.advance(by: .seconds(1))
      try await realTime.sleepers(atLeast: 1)
    }
  }

  @Test func aClockThatMovesIsWatchedOnAndOneThatStandsStillEndsTheSleep() async throws {
    let (clock, realTime) = (ManualClock(), ManualClock())
    let standstill = guarded(clock: clock, realTime: realTime)
    let parking = Parking()
    let sleep = parking.beginFreshSleep()
    standstill.watch(parking, sleep: sleep)

    // The clock moves a little within the first stretch: the watch goes on.
    try await realTime.sleepers(atLeast: 1)
    clock.advance(by: .milliseconds(1))
    try await pass(.seconds(19), of: realTime)
    #expect(parking.isWaiting(for: sleep))

    // A whole stretch without a move ends the sleep.
    realTime.advance(by: .seconds(1))
    let wake = await withUnsafeContinuation { parking.suspend(sleep, $0) }
    standstill.end()
    guard case .standstill(let stoodStill) = wake else {
      Issue.record("the sleep ended by \(wake)")
      return
    }
    #expect(stoodStill == .seconds(10))
  }

  /// The CI run of e17c0ad stalled for 12.6 s under ThreadSanitizer, and
  /// the guard took the stall for a clock standing still.
  @Test func aStallOfTheWholeProcessIsNotTakenForAClockStandingStill() async throws {
    let (clock, realTime) = (ManualClock(), JumpingClock())
    let standstill = StandstillGuard(clock: clock, limit: .seconds(10), realTime: realTime)
    let parking = Parking()
    let sleep = parking.beginFreshSleep()
    standstill.watch(parking, sleep: sleep)
    try await realTime.jump(by: .zero)
    for _ in 0..<5 { try await realTime.jump(by: .seconds(1)) }

    // The guard's step asked for 6 s and wakes at 16 s: 6 s count, and the
    // 10 s of stall do not.
    try await realTime.jump(by: .seconds(11))
    for _ in 0..<3 { try await realTime.jump(by: .seconds(1)) }
    #expect(parking.isWaiting(for: sleep))

    // The fourth second the process ran since the stall ends the sleep.
    try await realTime.jump(by: .seconds(1))
    let wake = await withUnsafeContinuation { parking.suspend(sleep, $0) }
    standstill.end()
    guard case .standstill = wake else {
      Issue.record("the sleep ended by \(wake)")
      return
    }
  }

  /// `ManualClock`'s `sleepers(atLeast:)` and `settle()` count real time by
  /// the same rule: their limit passes in steps, and a stall counts one.
  @Test func aLimitOfRunningTimeDoesNotCountAStall() async throws {
    let realTime = JumpingClock()
    let slept = Task { try await RunningTime.sleep(.seconds(10), on: realTime) }
    try await realTime.jump(by: .zero)
    for _ in 0..<4 { try await realTime.jump(by: .seconds(1)) }
    try await realTime.jump(by: .seconds(30))
    for _ in 0..<4 { try await realTime.jump(by: .seconds(1)) }
    // Nine steps have passed, the stall among them as one.
    #expect(realTime.sleeperCount == 1)
    realTime.jumpAndLeave(by: .seconds(1))
    try await slept.value
    #expect(realTime.sleeperCount == 0)
  }

  @Test func aSleepThatEndsFirstIsLeftAloneAndTheNextIsWatchedInItsTurn() async throws {
    let (clock, realTime) = (ManualClock(), ManualClock())
    let standstill = guarded(clock: clock, realTime: realTime)
    let parking = Parking()
    let first = parking.beginFreshSleep()
    standstill.watch(parking, sleep: first)
    try await realTime.sleepers(atLeast: 1)

    parking.resume(first, with: .deadline)
    let wake = await withUnsafeContinuation { parking.suspend(first, $0) }
    guard case .deadline = wake else {
      Issue.record("the sleep ended by \(wake)")
      return
    }
    // A second sleep, 4 s of real time later: it is checked 10 s after it
    // began, not at the first sleep's check.
    try await pass(.seconds(4), of: realTime)
    let second = parking.beginFreshSleep()
    standstill.watch(parking, sleep: second)
    try await pass(.seconds(9), of: realTime)
    #expect(parking.isWaiting(for: second))

    realTime.advance(by: .seconds(1))
    let secondWake = await withUnsafeContinuation { parking.suspend(second, $0) }
    standstill.end()
    guard case .standstill = secondWake else {
      Issue.record("the second sleep ended by \(secondWake)")
      return
    }
  }

  @Test func aThousandSleepsKeepOneTaskAndOneSleepInRealTime() async throws {
    let (clock, realTime) = (ManualClock(), ManualClock())
    let standstill = guarded(clock: clock, realTime: realTime)
    let parking = Parking()
    for _ in 0..<1_000 {
      let sleep = parking.beginFreshSleep()
      standstill.watch(parking, sleep: sleep)
      parking.resume(sleep, with: .deadline)
      _ = await withUnsafeContinuation { parking.suspend(sleep, $0) }
    }
    try await realTime.sleepers(atLeast: 1)

    // One sleep of real time for the whole wait, not one a probe.
    #expect(realTime.sleepingDeadlines.count == 1)
    standstill.end()
  }

  @Test func anEndedGuardStopsAtOnceAndWatchesNothingMore() async throws {
    let (clock, realTime) = (ManualClock(), ManualClock())
    let standstill = guarded(clock: clock, realTime: realTime)
    let parking = Parking()
    let sleep = parking.beginFreshSleep()
    standstill.watch(parking, sleep: sleep)
    try await realTime.sleepers(atLeast: 1)

    standstill.end()
    standstill.watch(parking, sleep: sleep)

    #expect(standstill.check() == nil)
    #expect(parking.isWaiting(for: sleep))
  }

  // MARK: Waits, end to end, on real time

  @Test func aWaitOnAClockNothingAdvancesFailsAtItsLine() async throws {
    let clock = ManualClock()
    let wait = Wait(timeout: .seconds(5), standstillLimit: .milliseconds(100), clock: clock)
    var stopped: VirtualTimeError?
    let line = #line + 2
    do {
      try await wait.require("the entry expires") { false }
    } catch let error as VirtualTimeError {
      stopped = error
    }
    let error = try #require(stopped)

    #expect(error.kind == .clockStoodStill(sleepingToward: "t=100 ms"))
    #expect(error.realTime == .milliseconds(100))
    #expect(error.comment == "the entry expires")
    #expect(error.location?.line == line)
    #expect(
      error.description.split(separator: "\n").first
        == "ManualClock stood still for 100 ms of real time while waiting for \"the entry expires\"")
    #expect(error.description.contains("ManualClock(.advancesWhenSleeping)"))
    #expect(clock.now == clock.start)
  }

  @Test func aWaitThatReturnsABoolThrowsTooAndTheScopeSetsTheLimit() async throws {
    let clock = ManualClock()

    let error = try await #require(throws: VirtualTimeError.self) {
      try await withWaitDefaults(standstillLimit: .milliseconds(100)) {
        _ = try await waitUntil(timeout: .seconds(5), pollingInterval: .seconds(1), clock: clock) { false }
      }
    }

    #expect(error.kind == .clockStoodStill(sleepingToward: "t=1 s"))
    #expect(error.location == nil)
    #expect(
      error.description.split(separator: "\n").first
        == "ManualClock stood still for 100 ms of real time while a wait slept on it")
  }

  @Test func everyKindOfWaitIsGuarded() async throws {
    // A hold, a value wait, an observed wait and an assertion block, each
    // on a clock that nothing advances; each stops with the same error.
    let clock = ManualClock()
    let wait = Wait(timeout: .seconds(5), standstillLimit: .milliseconds(50), clock: clock)
    await #expect(throws: VirtualTimeError.self) { try await wait.requireNever("a crash") { false } }
    await #expect(throws: VirtualTimeError.self) { try await wait.require(for: 1, toEqual: 2) }
    await #expect(throws: VirtualTimeError.self) { try await wait.untilObserved { false } }
    await #expect(throws: VirtualTimeError.self) {
      try await wait.requirePassing { throw Refused() }
    }
  }

  @Test func theTimeoutScaleMultipliesTheLimit() async throws {
    let clock = ManualClock()

    let error = try await #require(throws: VirtualTimeError.self) {
      try await withTimeoutScale(2) {
        try await Wait(timeout: .seconds(5), standstillLimit: .milliseconds(50), clock: clock).require {
          false
        }
      }
    }

    #expect(error.realTime == .milliseconds(100))
  }

  @Test func aClockAdvancedInTimeIsNeverStopped() async throws {
    // The guard's stretch is far longer than the test takes to advance.
    let clock = ManualClock()
    let wait = Task {
      try await Wait(timeout: .seconds(1), standstillLimit: .seconds(30), clock: clock).until { false }
    }
    for _ in 0..<10 {
      try await clock.sleepers(atLeast: 1)
      clock.advance(by: .milliseconds(100))
    }

    #expect(try await wait.value == false)
  }

  @Test func realTimeClocksHaveNoGuard() {
    #expect(Standstill.limit(given: .seconds(1), clock: ContinuousClock()) == nil)
    #expect(Standstill.limit(given: .seconds(1), clock: SuspendingClock()) == nil)
    #expect(Standstill.limit(given: .seconds(1), clock: ManualClock()) == .seconds(1))
    #expect(Standstill.limit(given: nil, clock: ManualClock()) == .seconds(10))
  }

  @Test func aLimitThatIsNotPositiveIsRefused() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    await #expect(throws: AsyncWaitError.nonPositiveStandstillLimit) {
      try await Wait(standstillLimit: .zero, clock: clock).until { true }
    }
    await #expect(throws: AsyncWaitError.nonPositiveStandstillLimit) {
      try await withWaitDefaults(standstillLimit: .seconds(-1)) {
        _ = try await waitUntil(clock: clock) { true }
      }
    }
  }

  // MARK: The manual clock's helpers

  @Test func sleepersThatNeverComeFailAtTheirLine() async throws {
    let clock = ManualClock()
    var stopped: VirtualTimeError?
    let line = #line + 2
    do {
      try await clock.sleepers(atLeast: 2, timeout: .milliseconds(100))
    } catch let error as VirtualTimeError {
      stopped = error
    }
    let error = try #require(stopped)

    #expect(error.kind == .sleepersNeverCame(expected: 2, found: 0))
    #expect(error.location?.line == line)
    #expect(
      error.description.split(separator: "\n").first
        == "2 sleepers expected on ManualClock, 0 after 100 ms: the code under test never reached its sleep")
  }

  @Test func waitingForSleepersEndsAtOnceWhenCancelled() async throws {
    let clock = ManualClock()
    let waiting = Task { try await clock.sleepers(atLeast: 1, timeout: .seconds(3600)) }

    waiting.cancel()

    await #expect(throws: CancellationError.self) { try await waiting.value }
  }

  @Test func sleepersThatCameLateAreStillSeen() async throws {
    let clock = ManualClock()
    let waiting = Task { try await clock.sleepers(atLeast: 1, timeout: .seconds(3600)) }
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }

    try await waiting.value
    clock.advance(by: .seconds(1))
    try await sleeper.value
  }

  @Test func aNegativeTimeoutIsRefused() async throws {
    let clock = ManualClock()
    await #expect(throws: AsyncWaitError.negativeTimeout) {
      try await clock.sleepers(atLeast: 1, timeout: .seconds(-1))
    }
    await #expect(throws: AsyncWaitError.negativeTimeout) { try await clock.settle(timeout: .seconds(-1)) }
  }

  @Test func aSleeperThatCannotRunKeepsTheClockFromSettling() async throws {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    // The sleeper prefers an executor whose queue the test holds, so that
    // once the advance resumes it, it cannot return from its sleep.
    let clock = ManualClock()
    let gate = GatedExecutor()
    let sleeper = Task {
      try await withTaskExecutorPreference(gate) { try await clock.sleep(for: .seconds(1)) }
    }
    try await clock.sleepers(atLeast: 1)
    gate.close()
    clock.advance(by: .seconds(1))

    let error = try await #require(throws: VirtualTimeError.self) {
      try await clock.settle(timeout: .milliseconds(100))
    }
    gate.open()
    try await sleeper.value

    #expect(error.kind == .neverSettled(stillReturning: 1))
    try await clock.settle(timeout: .seconds(30))
  }

  // MARK: The diagnosis of a wait that ended past its deadline

  @Test func aClockThatJumpsPastTheDeadlineIsNotBlamedOnTheProbe() async throws {
    // The probe moves the clock itself, so the jump lands between the
    // probe's start and the reading after it, at 4 s.
    let clock = ManualClock()
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .seconds(3), clock: clock).require("five seconds pass") {
        if clock.now == clock.start { clock.advance(by: .seconds(4)) }
        return clock.now.offset >= .seconds(5)
      }
    }

    #expect(error.probeOverrun == nil)
    #expect(error.elapsed == .seconds(4))
    #expect(
      error.description.split(separator: "\n").map(String.init).contains(
        "  the clock moved past the deadline to 4 s in one advance; "
          + "a probe after a jump sees the state at the time jumped to"))
    #expect(!error.description.contains("remaining in"))
  }

  @Test func oneAdvancePastTheDeadlineWhileTheWaitSleepsIsNotBlamedOnTheProbe() async throws {
    // The case a user meets: one advance past the deadline. Where the wait
    // is when the clock reaches 4 s is up to the scheduler; in any case the
    // probe is not blamed.
    let clock = ManualClock()
    let wait = Task {
      try await Wait(timeout: .seconds(3), clock: clock).require("five seconds pass") {
        clock.now.offset >= .seconds(5)
      }
    }
    try await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(4))

    let error = try await #require(throws: WaitTimeoutError.self) { try await wait.value }

    #expect(error.probeOverrun == nil)
    #expect(!error.description.contains("remaining in"))
  }

  @Test func sleepersAndSettleWithAZeroTimeoutEndAtOnce() async throws {
    // The timer may fire before the waiter is stored: the waiter still ends.
    let clock = ManualClock()
    for _ in 0..<50 {
      await #expect(throws: VirtualTimeError.self) { try await clock.sleepers(atLeast: 1, timeout: .zero) }
    }
    try await clock.settle(timeout: .zero)
  }

  @Test func aScopeLimitThatIsNotPositiveIsRefusedByTheHelpers() async throws {
    let clock = ManualClock()
    await #expect(throws: AsyncWaitError.nonPositiveStandstillLimit) {
      try await withWaitDefaults(standstillLimit: .zero) { try await clock.sleepers(atLeast: 1) }
    }
  }

  @Test func aWaitThatWokeLateIsToldFromAProbeThatRanLong() {
    var late = WaitTimeoutError(
      comment: nil, timeout: .seconds(1), schedule: .fixed(.milliseconds(100)), probeCount: 10,
      elapsed: .seconds(3), clockName: "ContinuousClock",
      location: CallSite(
        fileID: "M/F.swift", filePath: "/F.swift", line: 1, column: 1))
    late.lastProbeStart = .seconds(3)
    #expect(late.probeOverrun == nil)
    #expect(late.description.contains("the wait woke 2 s after the deadline"))

    var long = late
    long.lastProbeStart = .seconds(1)
    #expect(long.probeOverrun == .seconds(2))
    #expect(long.description.contains("the last probe took 2 s and ended 2 s after the deadline"))
    #expect(!long.description.contains("woke"))
  }
}

private struct Refused: Error {}

/// A task executor whose queue a test can hold, so that a job enqueued on it
/// does not run until the test lets it.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class GatedExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "VirtualTimeGuardTests.GatedExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Holds every job enqueued from now on.
  func close() { queue.suspend() }

  /// Runs the held jobs, and every later one.
  func open() { queue.resume() }
}

/// Real time for the guard's tests, in which the whole process can stall:
/// ``jump(by:)`` moves the time on at once and then wakes every sleeper
/// due, each of which sees the time after the jump, as a sleeper does after
/// its process stood still; then it waits until one is asleep again.
private final class JumpingClock: Clock, Sendable {
  typealias Instant = ManualClock.Instant

  private struct State {
    var now = ManualClock().now
    var nextID = 0
    var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]
    var cancelled: Set<Int> = []
  }

  private let state = Locked(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }
  /// How many sleep now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Moves the time on by `duration` and wakes the sleepers due.
  func jumpAndLeave(by duration: Duration) {
    let due = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.value.deadline <= state.now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Moves the time on by `duration`, wakes the sleepers due, and returns
  /// once a sleeper is asleep again (the guard's task, after its check).
  func jump(by duration: Duration) async throws {
    jumpAndLeave(by: duration)
    // The sleeper goes back to sleep within moments; ten seconds of real
    // time without it fail the test instead of hanging it.
    let giveUp = ContinuousClock.now.advanced(by: .seconds(10))
    while state.withLock({ $0.sleepers.isEmpty }) {
      guard ContinuousClock.now < giveUp else { throw CancellationError() }
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let ready: (any Error)?? = state.withLock { state in
          if state.cancelled.remove(id) != nil { return .some(CancellationError()) }
          if deadline <= state.now { return .some(nil) }
          state.sleepers[id] = (deadline, continuation)
          return nil
        }
        switch ready {
        case .some(.some(let error)): continuation.resume(throwing: error)
        case .some(.none): continuation.resume()
        case .none: break
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return nil as CheckedContinuation<Void, any Error>?
        }
        return sleeper.continuation
      }
      sleeper?.resume(throwing: CancellationError())
    }
  }
}
