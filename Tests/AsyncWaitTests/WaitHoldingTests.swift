@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// A condition that answers from a script, one answer per probe, repeating the last.
final class ScriptedCondition: Sendable {
  private let answers: [Bool]
  private let probes = Locked(0)

  init(_ answers: [Bool]) {
    self.answers = answers
  }

  func next() -> Bool {
    probes.withLock { probes in
      defer { probes += 1 }
      return answers[min(probes, answers.count - 1)]
    }
  }

  var probeCount: Int { probes.withLock { $0 } }
}

@Suite struct StableForTests {
  @Test func flickeringConditionSucceedsOnlyAfterAnUnbrokenRun() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([true, true, false, true, true, true, true])

    let stable = try await Wait(timeout: .seconds(2), clock: clock).stable(for: .milliseconds(300)) {
      condition.next()
    }

    #expect(stable)
    // The run starts with the probe at 300 ms and has lasted 300 ms at 600 ms.
    #expect(clock.now.offset == .milliseconds(600))
    #expect(condition.probeCount == 7)
  }

  @Test func zeroDurationSucceedsOnTheFirstHoldingProbe() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false, true])

    #expect(try await Wait(timeout: .seconds(1), clock: clock).stable(for: .zero) { condition.next() })
    #expect(condition.probeCount == 2)
  }

  @Test func conditionThatNeverSettlesTimesOutWithTheLongestRunAtTheEnd() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false, true, true, true])

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .milliseconds(300), clock: clock).requireStable(
        "layout", for: .milliseconds(500)
      ) {
        condition.next()
      }
    }

    #expect(error.lastObservation == "held for 200 ms of the 500 ms required when the time ran out")
    #expect(error.probeCount == 4)
  }

  @Test func negativeDurationThrowsBeforeAnyProbe() async throws {
    let condition = ScriptedCondition([true])

    await #expect(throws: AsyncWaitError.negativeDuration) {
      try await Wait(timeout: .seconds(1), clock: ManualClock()).stable(for: .milliseconds(-1)) {
        condition.next()
      }
    }
    #expect(condition.probeCount == 0)
  }
}

@Suite struct NeverAndAlwaysTests {
  @Test func neverHoldsWhenTheWholeWindowPassesWithoutTheCondition() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false])

    let held = try await Wait(timeout: .milliseconds(500), clock: clock).never { condition.next() }

    #expect(held)
    // Every tick of the window, and the final probe at its end.
    #expect(condition.probeCount == 6)
    #expect(clock.now.offset == .milliseconds(500))
  }

  @Test func neverFailsAtTheFirstProbeThatSeesTheCondition() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false, false, false, true])

    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: .seconds(1), clock: clock).requireNever("an error is logged") {
        condition.next()
      }
    }

    #expect(error.kind == .heldDuringNever)
    #expect(error.elapsed == .milliseconds(300))
    #expect(error.probeIndex == 4)
    #expect(clock.now.offset == .milliseconds(300))
    #expect(
      error.description.hasPrefix(
        "\"an error is logged\" held at 300 ms, probe 4, during a window of 1 s that it must never hold in\n  at "
      ))
  }

  @Test func alwaysHoldsWhileEveryProbeSeesTheCondition() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([true])

    #expect(try await Wait(timeout: .milliseconds(250), clock: clock).always { condition.next() })
    #expect(condition.probeCount == 4)
  }

  @Test func alwaysFailsAtTheFirstProbeThatMissesTheCondition() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([true, false])

    let laterCondition = ScriptedCondition([true, true, false])

    let held = try await Wait(timeout: .seconds(1), clock: clock).always { condition.next() }
    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping)).requireAlways {
        laterCondition.next()
      }
    }

    #expect(held == false)
    #expect(clock.now.offset == .milliseconds(100))
    #expect(error.kind == .failedDuringAlways)
    #expect(error.description.hasPrefix("The condition failed at 200 ms, probe 3, during a window of 1 s"))
  }

  @Test func zeroWindowProbesOnce() async throws {
    let condition = ScriptedCondition([false])

    #expect(try await Wait(timeout: .zero, clock: ManualClock()).never { condition.next() })
    #expect(condition.probeCount == 1)
  }
}

@Suite struct NotBeforeTests {
  @Test func conditionThatHoldsTooEarlyFails() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false, true])

    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: .seconds(1), clock: clock).require(
        "the upload finishes", notBefore: .milliseconds(200)
      ) {
        condition.next()
      }
    }

    #expect(error.kind == .heldTooEarly)
    #expect(error.elapsed == .milliseconds(100))
    #expect(error.window == .milliseconds(200))
  }

  @Test func conditionThatHoldsAfterTheMinimumSucceeds() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let condition = ScriptedCondition([false, false, true])

    #expect(
      try await Wait(timeout: .seconds(1), clock: clock).until(notBefore: .milliseconds(200)) {
        condition.next()
      })
  }

  @Test func tooEarlyAndTimedOutBothReturnFalse() async throws {
    let early = try await Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping))
      .until(notBefore: .milliseconds(50)) { true }
    let late = try await Wait(timeout: .milliseconds(100), clock: ManualClock(.advancesWhenSleeping))
      .until(notBefore: .milliseconds(50)) { false }

    #expect(early == false)
    #expect(late == false)
  }

  @Test func requireNotBeforeThrowsATimeoutWhenTheConditionNeverHolds() async throws {
    await #expect(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .milliseconds(100), clock: ManualClock(.advancesWhenSleeping))
        .require(notBefore: .milliseconds(50)) { false }
    }
    await #expect(throws: AsyncWaitError.negativeDuration) {
      try await Wait(timeout: .milliseconds(100), clock: ManualClock()).require(notBefore: .seconds(-1)) {
        true
      }
    }
  }
}

/// What an error the wait retries means for each hold.
@Suite struct HoldRetriedErrorTests {
  struct Flaky: Error {}

  static func wait(_ clock: ManualClock) -> Wait<ManualClock> {
    Wait(timeout: .milliseconds(300), retryingErrors: { _ in true }, clock: clock)
  }

  @Test func alwaysAndNeverDoNotPassWhenEveryProbeThrows() async throws {
    let always = try await Self.wait(ManualClock(.advancesWhenSleeping)).always { throw Flaky() }
    let never = try await Self.wait(ManualClock(.advancesWhenSleeping)).never { throw Flaky() }

    #expect(always == false)
    #expect(never == false)
  }

  @Test func requireAlwaysAndRequireNeverReportTheErrorAsAViolation() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var probes = 0

    let error = try await #require(throws: WaitViolationError.self) {
      try await Self.wait(clock).requireAlways("the server stays up") {
        probes += 1
        if probes == 3 { throw Flaky() }
        return true
      }
    }
    let neverError = try await #require(throws: WaitViolationError.self) {
      try await Self.wait(ManualClock(.advancesWhenSleeping)).requireNever("a crash") { throw Flaky() }
    }

    #expect(error.kind == .threwDuringHold)
    #expect(error.probeIndex == 3)
    #expect(error.elapsed == .milliseconds(200))
    #expect(error.lastError is Flaky)
    #expect(error.description.contains("could not be checked at 200 ms, probe 3"))
    #expect(neverError.kind == .threwDuringHold)
    #expect(neverError.probeIndex == 1)
  }

  @Test func stableRestartsItsRunAfterARetriedError() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var probes = 0

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Self.wait(clock).requireStable("settled", for: .milliseconds(250)) {
        probes += 1
        if probes == 2 { throw Flaky() }
        return true
      }
    }

    #expect(error.lastError is Flaky)
    #expect(error.lastObservation?.hasPrefix("held for 100 ms of the 250 ms") == true)
  }

  @Test func violationKindsAreExtensible() {
    let kind = WaitViolationError.Kind.heldDuringNever
    let name: String
    switch kind {
    case .heldDuringNever: name = "never"
    case .failedDuringAlways: name = "always"
    default: name = "other"
    }
    #expect(name == "never")
    #expect(WaitViolationError.Kind.threwDuringHold.description == "threwDuringHold")
  }
}
