import AsyncWait
import AsyncWaitTestSupport
import Testing

/// A manual clock in virtual time that says it measures real time, so the
/// timeout scale applies to it: the scale rule tested without real time.
struct RealTimeManualClock: RealTimeClock {
  let base = ManualClock(.advancesWhenSleeping)
  var now: ManualClock.Instant { base.now }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// The scale applies to the timeouts of waits on clocks that measure real
/// time, and to nothing else: not to a virtual clock, not to a hold's
/// window, a stable-for duration or a not-before minimum.
@Suite struct TimeoutScaleTests {
  /// A kind of wait, run on a clock at scale 3.
  enum Kind: String, CaseIterable, Sendable {
    case eventually, value, stableTimeout, neverWindow, alwaysWindow, notBeforeMinimum
  }

  /// What a kind of wait resolved: its timeout (or window, or minimum) and
  /// the scale it shows.
  struct Resolved: Equatable {
    var duration: Duration
    var scale: Double
  }

  /// Runs `kind` with a 2 s timeout (a 1 s minimum or stable-for duration)
  /// at scale 3, and reads what it resolved from the error it fails with.
  func resolved<C: Clock>(_ kind: Kind, on clock: C, scalesTimeout: Bool = true) async throws -> Resolved
  where C.Duration == Duration {
    let wait = Wait(
      timeout: .seconds(2), schedule: .fixed(.milliseconds(500)), scalesTimeout: scalesTimeout, clock: clock)
    return try await withTimeoutScale(3) {
      switch kind {
      case .eventually:
        let error = try await #require(throws: WaitTimeoutError.self) { try await wait.require { false } }
        return Resolved(duration: error.timeout, scale: error.timeoutScale)
      case .value:
        let error = try await #require(throws: WaitTimeoutError.self) {
          _ = try await wait.requireValue { () -> Int? in nil }
        }
        return Resolved(duration: error.timeout, scale: error.timeoutScale)
      case .stableTimeout:
        let error = try await #require(throws: WaitTimeoutError.self) {
          try await wait.requireStable(for: .seconds(1)) { false }
        }
        return Resolved(duration: error.timeout, scale: error.timeoutScale)
      case .neverWindow:
        let error = try await #require(throws: WaitViolationError.self) {
          try await wait.requireNever { true }
        }
        return Resolved(duration: error.window, scale: 1)
      case .alwaysWindow:
        let error = try await #require(throws: WaitViolationError.self) {
          try await wait.requireAlways { false }
        }
        return Resolved(duration: error.window, scale: 1)
      case .notBeforeMinimum:
        let error = try await #require(throws: WaitViolationError.self) {
          try await wait.require(notBefore: .seconds(1)) { true }
        }
        return Resolved(duration: error.window, scale: 1)
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func theScaleAppliesOnlyToTimeoutsOnAClockOfRealTime(kind: Kind) async throws {
    let isTimeout = [.eventually, .value, .stableTimeout].contains(kind)
    let unscaled = kind == .notBeforeMinimum ? Duration.seconds(1) : .seconds(2)

    let realTime = try await resolved(kind, on: RealTimeManualClock())
    let virtual = try await resolved(kind, on: ManualClock(.advancesWhenSleeping))
    let optedOut = try await resolved(kind, on: RealTimeManualClock(), scalesTimeout: false)

    #expect(
      realTime
        == (isTimeout ? Resolved(duration: .seconds(6), scale: 3) : Resolved(duration: unscaled, scale: 1)))
    #expect(virtual == Resolved(duration: unscaled, scale: 1))
    #expect(optedOut == Resolved(duration: unscaled, scale: 1))
  }

  @Test func aScaledTimeoutShowsTheUnscaledFigureAndTheScale() async throws {
    let error = try await withTimeoutScale(3) {
      try await #require(throws: WaitTimeoutError.self) {
        try await requireEventually("it loads", timeout: .seconds(2), clock: RealTimeManualClock()) { false }
      }
    }

    #expect(
      error.description.hasPrefix(#"Timed out after 6 s (2 s × timeout scale 3) waiting for "it loads""#))
  }

  @Test func theSystemClocksMeasureRealTime() async throws {
    let continuous = try await withTimeoutScale(3) {
      try await #require(throws: WaitTimeoutError.self) {
        try await requireEventually(timeout: .milliseconds(10), pollingInterval: .milliseconds(5)) { false }
      }
    }
    let suspending = try await withTimeoutScale(3) {
      try await #require(throws: WaitTimeoutError.self) {
        try await requireEventually(
          timeout: .milliseconds(10), pollingInterval: .milliseconds(5), clock: SuspendingClock()
        ) { false }
      }
    }

    #expect(continuous.timeout == .milliseconds(30))
    #expect(suspending.timeout == .milliseconds(30))
  }

  @Test func aScopeDeadlineOnAVirtualClockIsNotScaled() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await withTimeoutScale(3) {
      try await withWaitDefaults(deadline: .seconds(2), clock: clock) {
        try await #require(throws: WaitTimeoutError.self) {
          try await requireEventually(timeout: .seconds(10), pollingInterval: .seconds(1), clock: clock) {
            false
          }
        }
      }
    }

    #expect(error.endedAtScopeDeadline)
    #expect(error.timeout == .seconds(2))
  }

  // The two holds a new user's suite broke with ASYNCWAIT_TIMEOUT_SCALE=3.

  @Test func aHoldOnTheManualClockStaysInsideTheTimeToLiveItWasChosenFor() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let expiry = clock.now.advanced(by: .seconds(60))

    // Before: the 30 s window became 90 s and crossed the 60 s lifetime.
    try await withTimeoutScale(3) {
      try await Wait(timeout: .seconds(30), clock: clock).requireNever("the entry expires") {
        clock.now >= expiry
      }
    }

    #expect(clock.now.offset == .seconds(30))
  }

  @Test func aHoldOnAClockOfRealTimeKeepsTheWindowTheTestChose() async throws {
    // A download takes a second; no banner shows during the first 500 ms.
    // Before: the window became 1.5 s, longer than the download. (On a
    // manual clock that says it measures real time: the same rule, in
    // virtual time, so a loaded machine cannot move the probes.)
    let clock = RealTimeManualClock()
    let downloaded = clock.now.advanced(by: .seconds(1))

    try await withTimeoutScale(3) {
      try await Wait(timeout: .milliseconds(500), clock: clock).requireNever("the banner shows") {
        clock.now >= downloaded
      }
    }

    #expect(clock.now.offset == .milliseconds(500))
  }
}
