import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Defaults from scopes, a scope's shared deadline, and the timeout scale, in virtual time.
@Suite struct WaitDefaultsTests {
  @Test func packageDefaultsAreOneSecondEveryHundredMilliseconds() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireEventually(clock: ManualClock(.advancesWhenSleeping)) { false }
    }

    #expect(error.timeout == .seconds(1))
    #expect(error.probeCount == 11)
  }

  @Test func innerScopeBeatsOuterAndArgumentsBeatBoth() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let (inner, explicit) = try await withWaitDefaults(timeout: .seconds(5), pollingInterval: .seconds(1)) {
      try await withWaitDefaults(timeout: .seconds(2)) {
        let inner = try await #require(throws: WaitTimeoutError.self) {
          try await requireEventually(clock: clock) { false }
        }
        let explicit = try await #require(throws: WaitTimeoutError.self) {
          try await requireEventually(
            timeout: .milliseconds(300), pollingInterval: .milliseconds(100), clock: clock
          ) {
            false
          }
        }
        return (inner, explicit)
      }
    }

    #expect(inner.timeout == .seconds(2))
    #expect(inner.probeCount == 3)
    #expect(explicit.timeout == .milliseconds(300))
    #expect(explicit.probeCount == 4)
  }

  @Test func scopeDeadlineEndsEveryWaitByTheEarlierOfTheTwo() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let errors = try await withWaitDefaults(deadline: .seconds(3), clock: clock) {
      var errors: [WaitTimeoutError] = []
      for _ in 0..<3 {
        errors.append(
          try await #require(throws: WaitTimeoutError.self) {
            try await requireEventually(
              timeout: .seconds(2), pollingInterval: .milliseconds(500), clock: clock
            ) {
              false
            }
          })
      }
      return errors
    }

    #expect(errors.map(\.timeout) == [.seconds(2), .seconds(1), .zero])
    #expect(errors.map(\.endedAtScopeDeadline) == [false, true, true])
    #expect(errors[1].description.hasPrefix("Timed out after 1 s (the deadline of the enclosing wait scope)"))
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func scopeDeadlineDoesNotCutAHoldShort() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let held = try await withWaitDefaults(deadline: .milliseconds(100), clock: clock) {
      try await Wait(timeout: .seconds(1), clock: clock).never { false }
    }

    #expect(held)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test(arguments: ["abc", "0", "-1", "nan", "inf", "", "1e3", "0x10", "1.2.3"])
  func invalidTimeoutScalesAreRejectedWithTheirText(text: String) {
    guard case .failure(let error) = TimeoutScale.parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(error == .invalidTimeoutScale)
    #expect(error.description.contains("ASYNCWAIT_TIMEOUT_SCALE is \"\(text)\""))
  }

  @Test(arguments: [("3", 3.0), ("1.5", 1.5), ("0.5", 0.5)])
  func validTimeoutScalesParse(text: String, scale: Double) throws {
    #expect(try TimeoutScale.parse(text).get() == scale)
  }

  @Test func anEmptyOrUnsetVariableMeansNoScale() throws {
    #expect(try TimeoutScale.scale(fromEnvironmentValue: nil).get() == 1)
    #expect(try TimeoutScale.scale(fromEnvironmentValue: "").get() == 1)
    #expect(try TimeoutScale.scale(fromEnvironmentValue: "3").get() == 3)
    #expect(throws: AsyncWaitError.invalidTimeoutScale) {
      try TimeoutScale.scale(fromEnvironmentValue: " ").get()
    }
  }

  @Test func currentDefaultsReflectTheScope() async throws {
    let inside = await withWaitDefaults(timeout: .seconds(7)) { WaitDefaults.current.timeout }

    #expect(inside == .seconds(7))
    #expect(WaitDefaults.current.timeout == WaitDefaults.standard.timeout)
  }

  @Test func actionsFollowTheTimeoutUntilAScopeSetsTheirOwn() async {
    #expect(WaitDefaults.standard.actionTimeout == .seconds(1))
    #expect(WaitDefaults.standard.navigationTimeout == .seconds(30))
    let (action, navigation) = await withWaitDefaults(timeout: .seconds(4)) {
      (WaitDefaults.current.actionTimeout, WaitDefaults.current.navigationTimeout)
    }
    #expect(action == .seconds(4))
    #expect(navigation == .seconds(30))
    let inner = await withWaitDefaults(actionTimeout: .seconds(9), navigationTimeout: .seconds(60)) {
      // An inner scope's timeout leaves an outer action timeout as it was.
      await withWaitDefaults(timeout: .seconds(2)) {
        (
          WaitDefaults.current.timeout, WaitDefaults.current.actionTimeout,
          WaitDefaults.current.navigationTimeout
        )
      }
    }
    #expect(inner == (.seconds(2), .seconds(9), .seconds(60)))
  }
}
