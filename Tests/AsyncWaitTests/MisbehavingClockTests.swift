@_spi(Tests) import AsyncWait
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

  /// A clock whose `now` and `sleep` are scripted against a timeline of
  /// its own, which stands for real time and moves only when one of its
  /// sleeps ends: so the tests count exactly, however loaded the machine.
  ///
  /// `now` maps the timeline's time (and the number of the read) to the
  /// clock's; `sleep(until:)` maps the deadline asked, and the clock's
  /// `now`, to the instant of the timeline the sleep ends at (`nil`: it
  /// returns without suspending).
  final class ScriptedClock: Clock, Sendable {
    typealias Instant = ManualClock.Instant
    /// The timeline that stands for real time.
    let real = ManualClock(.advancesWhenSleeping)
    private let reads = Locked(0)
    private let sleepCount = Locked(0)
    private let mapNow: @Sendable (_ real: Duration, _ read: Int) -> Duration
    private let mapSleep: @Sendable (_ deadline: Duration, _ now: Duration) -> Duration?

    init(
      now: @escaping @Sendable (_ real: Duration, _ read: Int) -> Duration,
      sleep: @escaping @Sendable (_ deadline: Duration, _ now: Duration) -> Duration?
    ) {
      mapNow = now
      mapSleep = sleep
    }

    /// How many times `sleep(until:)` was called.
    var sleeps: Int { sleepCount.withLock { $0 } }
    /// The time on the timeline that stands for real time.
    var realTime: Duration { real.now.offset }

    var now: Instant {
      let read = reads.withLock { count in
        count += 1
        return count
      }
      return real.start.advanced(by: mapNow(realTime, read))
    }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      sleepCount.withLock { $0 += 1 }
      guard let end = mapSleep(deadline.offset, now.offset) else { return }
      try await real.sleep(until: real.start.advanced(by: end), tolerance: nil)
    }
  }

  @Test func stoppedClockWithHonestSleepsWaitsItsTimeoutAndSeesALateChange() async throws {
    // `now` always reads the instant the clock was made; a sleep takes real
    // time until the instant asked. A wait that asked for instants from
    // `now` counted a sleep that returned at once as 20 ms, and ended after
    // 21 ms of real time without seeing the change at 50 ms.
    let clock = ScriptedClock(now: { _, _ in .zero }, sleep: { deadline, _ in deadline })

    let held = try await waitUntil(timeout: .seconds(1), pollingInterval: .milliseconds(20), clock: clock) {
      clock.realTime >= .milliseconds(50)
    }

    #expect(held)
    #expect(clock.realTime == .milliseconds(60))
  }

  @Test func stoppedClockWithHonestSleepsEndsAfterItsSleepsAddUpToTheTimeout() async throws {
    let clock = ScriptedClock(now: { _, _ in .zero }, sleep: { deadline, _ in deadline })

    let held = try await waitUntil(
      timeout: .milliseconds(300), pollingInterval: .milliseconds(20), clock: clock
    ) {
      false
    }

    #expect(held == false)
    // Each sleep is asked to end 20 ms after the last one reached: 15
    // sleeps, each taking its 20 ms of real time.
    #expect(clock.sleeps == 15)
    #expect(clock.realTime == .milliseconds(300))
  }

  @Test func clockThatJumpsBackLastsAtLeastItsTimeoutInItsSleeps() async throws {
    // Real time, then 100 ms earlier from the fourth read on. A wait that
    // asked for instants from `now` ended a 150 ms wait after 10 ms.
    let clock = ScriptedClock(
      now: { real, read in read >= 4 ? real - .milliseconds(100) : real }, sleep: { deadline, _ in deadline })

    let held = try await waitUntil(
      timeout: .milliseconds(150), pollingInterval: .milliseconds(10), clock: clock
    ) {
      false
    }

    #expect(held == false)
    #expect(clock.sleeps == 15)
    #expect(clock.realTime == .milliseconds(150))
  }

  @Test func sleepsThatEndHalfwayCountAsTheirWholeInterval() async throws {
    // Each sleep ends halfway to its deadline: the wait's time runs ahead
    // of the clock's, so the wait ends after its sleeps add up to the
    // timeout, sooner in real time, with the probes of its schedule.
    let clock = ScriptedClock(
      now: { real, _ in real }, sleep: { deadline, now in now + (deadline - now) / 2 })
    let log = ProbeLog<Int>()

    let held = try await waitUntil(
      timeout: .milliseconds(200), pollingInterval: .milliseconds(20), clock: clock
    ) {
      log.record(0)
      return false
    }

    #expect(held == false)
    #expect(clock.sleeps == 10)
    #expect(log.count == 11)
    #expect(clock.realTime < .milliseconds(200))
  }

  @Test func sleepsThatReturnAtOnceRunTheScheduleWithoutSpinning() async throws {
    let clock = ScriptedClock(now: { real, _ in real }, sleep: { _, _ in nil })
    let log = ProbeLog<Int>()

    let held = try await waitUntil(timeout: .seconds(10), pollingInterval: .milliseconds(100), clock: clock) {
      log.record(0)
      return false
    }

    #expect(held == false)
    #expect(clock.sleeps == 100)
    #expect(log.count == 101)
  }

  @Test func clockAThousandTimesSlowerThanRealTimeEndsAfterItsSleeps() async throws {
    // `now` moves at 1/1000 of real speed; a sleep takes the real time it
    // was asked for. The wait's time follows its sleeps, not the slow `now`.
    let clock = ScriptedClock(
      now: { real, _ in real / 1_000 }, sleep: { deadline, now in now * 1_000 + (deadline - now) })
    let log = ProbeLog<Int>()

    let held = try await waitUntil(
      timeout: .milliseconds(100), pollingInterval: .milliseconds(10), clock: clock
    ) {
      log.record(0)
      return false
    }

    #expect(held == false)
    #expect(clock.sleeps == 10)
    #expect(log.count == 11)
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
