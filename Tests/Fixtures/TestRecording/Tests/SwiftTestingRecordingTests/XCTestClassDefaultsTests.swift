import AsyncWaitTesting
import XCTest

/// An XCTest class's defaults (`WaitDefaultsProviding`) reach every wait of
/// its tests, a scope inside a test beats them, a subclass inherits them,
/// and a class without them keeps the standard ones.
class XCTestClassDefaultsTests: XCTestCase, WaitDefaultsProviding {
  static let waitDefaults: WaitDefaultsTrait = .waitDefaults(
    timeout: .milliseconds(300), navigationTimeout: .seconds(45), pollingInterval: .milliseconds(30),
    nearTimeoutWarning: .off)

  func testTheClassDefaultsAreInEffect() {
    XCTAssertEqual(WaitDefaults.current.timeout, .milliseconds(300))
    XCTAssertEqual(WaitDefaults.current.pollingInterval, .milliseconds(30))
    XCTAssertEqual(WaitDefaults.current.nearTimeoutWarning, .off)
    // An action timeout the class leaves out follows its timeout.
    XCTAssertEqual(WaitDefaults.current.actionTimeout, .milliseconds(300))
    XCTAssertEqual(WaitDefaults.current.navigationTimeout, .seconds(45))
  }

  func testAWaitWithoutATimeoutTakesTheClassTimeoutAndInterval() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var caught: WaitTimeoutError?
    do {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("never", clock: clock) { false }
      }
    } catch let error as WaitTimeoutError {
      caught = error
    }
    let error = try XCTUnwrap(caught)
    XCTAssertEqual(error.timeout, .milliseconds(300))
    // Probes at 0, 30, …, 300 ms of the manual clock.
    XCTAssertEqual(error.probeCount, 11)
  }

  func testAScopeInsideTheTestBeatsTheClassAndKeepsWhatItLeavesOut() async {
    await withWaitDefaults(timeout: .seconds(2)) {
      XCTAssertEqual(WaitDefaults.current.timeout, .seconds(2))
      XCTAssertEqual(WaitDefaults.current.pollingInterval, .milliseconds(30))
    }
  }
}

/// Inherits the defaults of its superclass, and runs the superclass's tests
/// again with them.
final class XCTestInheritedClassDefaultsTests: XCTestClassDefaultsTests {
  func testTheSubclassHasTheDefaultsOfItsSuperclass() {
    XCTAssertEqual(WaitDefaults.current.timeout, .milliseconds(300))
    XCTAssertEqual(WaitDefaults.current.pollingInterval, .milliseconds(30))
  }
}

/// Declares a deadline: every eventually-style wait of a test ends by it.
final class XCTestClassDeadlineTests: XCTestCase, WaitDefaultsProviding {
  static let waitDefaults: WaitDefaultsTrait = .waitDefaults(deadline: .milliseconds(100))

  func testTheDeadlineEndsALongerWait() async throws {
    var caught: WaitTimeoutError?
    do {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("never", timeout: .seconds(60)) { false }
      }
    } catch let error as WaitTimeoutError {
      caught = error
    }
    let error = try XCTUnwrap(caught)
    XCTAssertTrue(error.endedAtScopeDeadline)
    XCTAssertLessThan(error.timeout, .seconds(60))
  }
}

/// A class that sets no defaults keeps the standard ones.
final class XCTestWithoutClassDefaultsTests: XCTestCase {
  func testTheStandardDefaultsAreInEffect() {
    XCTAssertEqual(WaitDefaults.current.timeout, WaitDefaults.standard.timeout)
    XCTAssertEqual(WaitDefaults.current.pollingInterval, WaitDefaults.standard.pollingInterval)
  }
}
