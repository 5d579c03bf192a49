@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// An error the condition throws ends the wait with that error, on any
/// probe, the last included; no more probes run.
@Suite struct ConditionErrorTests {
  struct Broken: Error, Equatable {
    var probe: Int
  }

  @Test func conditionErrorPropagatesUnchangedAndStopsProbing() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    await #expect(throws: Broken(probe: 3)) {
      try await waitUntil(timeout: .seconds(10), clock: clock) {
        log.record(log.count + 1)
        if log.count == 3 { throw Broken(probe: 3) }
        return false
      }
    }

    #expect(log.count == 3)
    #expect(clock.now.offset == .milliseconds(200))
  }

  @Test func conditionErrorOnTheFinalProbeIsNotATimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    await #expect(throws: Broken(probe: 2)) {
      try await requireEventually(timeout: .milliseconds(50), clock: clock) {
        if clock.now.offset == .milliseconds(50) { throw Broken(probe: 2) }
        return false
      }
    }
  }
}

/// A probe that runs out of time ends its wait as a timeout, however late
/// the wait's timer wakes (#55).
@Suite struct ProbeOutOfTimeTests {
  struct IOTimeout: Error {}

  /// Real time, whose sleeps wake 2 s late: a loaded machine, with room
  /// for the probe to throw first however loaded this one is.
  struct LateClock: Clock {
    let base = ContinuousClock()
    var now: ContinuousClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
      try await base.sleep(until: deadline.advanced(by: .seconds(2)), tolerance: tolerance)
    }
  }

  @Test func aBoundedProbeWhoseOwnTimeoutFiresPastTheDeadlineTimesOut() async throws {
    let wait = Wait(timeout: .milliseconds(300), clock: LateClock())

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await wait.require("the server answers") { remaining in
        try await Task.sleep(for: remaining + .milliseconds(20))
        throw IOTimeout()
      }
    }

    #expect(error.lastError is IOTimeout)
    #expect(error.description.hasPrefix("Timed out after"))
  }
}

/// A probe that begins past the deadline throws its own error.
///
/// Its wait's timer woke late: it did not run out of time. The same on the
/// plain path (`waitUntil`) and on the path that reads its place
/// (`requireEventually`): every probe's start is measured.
@Suite struct LateWakeErrorTests {
  struct Broken: Error, Equatable {}

  /// A manual clock whose sleeps wake 2 s of its time late.
  struct LateManualClock: Clock {
    let manual = ManualClock(.advancesWhenSleeping)
    var now: ManualClock.Instant { manual.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
      try await manual.sleep(until: deadline.advanced(by: .seconds(2)), tolerance: tolerance)
    }
  }

  @Test func aProbeBegunPastTheDeadlineThrowsItsOwnErrorOnEitherPath() async throws {
    let clock = LateManualClock()
    let probes = Locked(0)
    func condition() throws -> Bool {
      let probe = probes.withLock {
        $0 += 1
        return $0
      }
      if probe == 2 { throw Broken() }
      return false
    }

    await #expect(throws: Broken()) {
      _ = try await waitUntil(timeout: .milliseconds(300), pollingInterval: .milliseconds(100), clock: clock)
      {
        try condition()
      }
    }
    probes.withLock { $0 = 0 }
    await #expect(throws: Broken()) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually(
          timeout: .milliseconds(300), pollingInterval: .milliseconds(100), clock: clock
        ) { try condition() }
      }
    }
  }
}
