import AsyncWait
import AsyncWaitElements
import Testing

/// An element type of a test's own whose `exists` and `isHittable` are plain
/// main-actor properties, as `XCUIElement`'s are.
@MainActor
final class DesignElement: WaitableElement {
  var exists = true
  var isHittable = true
}

/// The element waits as the design this package follows writes them.
///
/// The design (async, `Duration`-based waits for XCUITest) gives every wait
/// `timeout:` and `pollingInterval:`, in one signature. The `XCUIApplication` state wait,
/// `app.wait(for: .runningForeground, timeout:)`, exists on Apple platforms
/// only.
@MainActor
@Suite struct DesignCallsTests {
  @Test func theDesignsCallsCompileAsWritten() async throws {
    let element = DesignElement()
    let button = DesignElement()
    let spinner = DesignElement()
    spinner.exists = false

    // As written but for `_ =`: written verbatim, their unused results warn,
    // as XCUITest's own do, and `swift test` is kept free of warnings. The
    // verbatim statements are compiled by Scripts/check-apple-sources.sh
    // (Tests/AppleStubs/DesignCalls), which allows those warnings alone.
    _ = try await element.waitForExistence(timeout: .seconds(5))
    _ = try await spinner.waitForNonExistence(timeout: .seconds(5))
    _ = try await button.wait(for: \.isHittable, toEqual: true, timeout: .seconds(5))
    _ = try await element.wait(timeout: .seconds(5)) { $0.exists && $0.isHittable }

    _ = try await element.waitForExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50))
    _ = try await spinner.waitForNonExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50))
    _ = try await button.wait(
      for: \.isHittable, toEqual: true, timeout: .seconds(5), pollingInterval: .milliseconds(50))
    _ = try await element.wait(timeout: .seconds(5), pollingInterval: .milliseconds(50)) {
      $0.exists && $0.isHittable
    }

    #expect(try await element.waitForExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50)))
    #expect(try await spinner.waitForNonExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50)))
  }

  @Test func theIntervalGivenIsTheOneTheWaitSleeps() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let missing = DesignElement()
    missing.exists = false

    let found = try await missing.waitForExistence(
      timeout: .milliseconds(200), pollingInterval: .milliseconds(50), using: Wait(clock: clock))

    #expect(found == false)
    #expect(clock.sleepRequests.map(\.offset) == [50, 100, 150, 200].map { .milliseconds($0) })
  }

  @Test func itReplacesTheScheduleOfTheWaitGiven() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let missing = DesignElement()
    missing.exists = false
    let patient = Wait(timeout: .seconds(1), schedule: .fixed(.milliseconds(500)), clock: clock)

    _ = try await missing.never(for: .milliseconds(100), pollingInterval: .milliseconds(25), using: patient) {
      $0.exists
    }

    #expect(clock.sleepRequests.map(\.offset) == [25, 50, 75, 100].map { .milliseconds($0) })
  }

  @Test func anIntervalThatIsNotPositiveIsRefused() async throws {
    let element = DesignElement()
    await #expect(throws: AsyncWaitError.nonPositivePollingInterval) {
      try await element.waitForExistence(timeout: .seconds(1), pollingInterval: .zero)
    }
  }
}
