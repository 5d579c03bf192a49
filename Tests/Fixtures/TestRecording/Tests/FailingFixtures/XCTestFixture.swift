// Deliberately failing XCTest tests. Scripts/test-recording.sh runs them,
// checks that each failure is printed once, at the line marked
// `// fails here` and never at `<EXPR>:0`, and writes their output into
// the docs' transcripts.

import AsyncWaitTesting
import XCTest

final class XCTestFixture: XCTestCase {
  func testTimeout() async throws {
    let feed = Feed()
    try await requireEventually("the feed loads", timeout: .seconds(0.2)) { feed.isLoaded }  // fails here
    XCTFail("not reached: the failing wait stops the test")
  }

  func testOptionalValue() async throws {
    let downloads = Downloads()
    try await Wait(timeout: .milliseconds(200))
      .require("the report", for: downloads.state(of: "report"), toEqual: .finished)  // fails here
  }

  func testElementTimeout() async throws {
    let app = NodeTree(ElementNode(.application)).rootElement()
    try await app.buttons["Save"].requireExistence(timeout: .milliseconds(200))  // fails here
  }

  func testHoldViolated() async throws {
    try await Wait(timeout: .milliseconds(200)).requireNever("an error is logged") { true }  // fails here
  }

  func testConditionThrows() async throws {
    try await requireEventually("the server answers", timeout: .seconds(30)) {  // fails here
      throw ConnectionRefused()
    }
  }

  func testProbeOverran() async throws {
    let server = SlowServer()
    try await requireEventually("the server is healthy", timeout: .milliseconds(100)) {  // fails here
      try await server.isHealthy()
    }
  }

  func testNegativeTestWrittenTheObviousWay() async throws {
    do {
      try await requireEventually("the feed loads", timeout: .seconds(0.1)) { Feed().isLoaded }  // fails here
      XCTFail("expected a timeout")
    } catch is WaitTimeoutError {
      // The obvious form: it never matches, because the wait recorded its failure already.
    }
  }

  func testAssertionBlockNeverPasses() async throws {
    let feed = Feed()
    try await requirePassing("the feed fills", timeout: .seconds(0.2)) {  // fails here
      guard feed.itemCount == 3 else { throw CartNotSettled() }
    }
  }

  func testExpectationFulfilledThreeOfFive() async throws {
    let parts = WaitExpectation("every part arrives", expectedCount: 5)
    for _ in 0..<3 { parts.fulfill() }
    try await parts.require(timeout: .seconds(0.2))  // fails here
  }

  func testValueWithItsLastValue() async throws {
    let feed = Feed()
    try await requireEventually("it loads", for: feed.phase, toEqual: .loaded, timeout: .zero)  // fails here
  }

  func testClockNothingAdvances() async throws {
    let clock = ManualClock()
    let cache = TTLCache(clock: clock)
    let standsStill = Wait(timeout: .seconds(5), standstillLimit: .milliseconds(200), clock: clock)
    try await standsStill.require("the entry expires") { cache.isEmpty }  // fails here
  }

  func testSleepersThatNeverCome() async throws {
    let clock = ManualClock()
    try await clock.sleepers(atLeast: 2, timeout: .milliseconds(200))  // fails here
  }

  func testAssertionBlockPassingOnItsThirdAttemptRecordsNothing() async throws {
    let attempts = Attempts()
    try await requirePassing("the count reaches 3", timeout: .seconds(5), pollingInterval: .milliseconds(10))
    {
      guard attempts.next() >= 3 else { throw CartNotSettled() }
    }
    XCTAssertEqual(attempts.count, 3)
  }

  func testPassingWaitRecordsNothing() async throws {
    try await requireEventually("it holds", timeout: .milliseconds(200)) { true }
  }

  func testNearTimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var probes = 0
    try await requireEventually("the sync finishes", timeout: .seconds(1), clock: clock) {  // warns here
      probes += 1
      return probes == 10
    }
  }

  func testHoldsLastTheirWindowAndNeverWarnRecordsNothing() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let wait = Wait(timeout: .seconds(1), clock: clock)
    try await wait.requireNever("an error is logged") { false }
    try await wait.requireAlways("the session is open") { true }
    try await wait.requireStable("the list is sorted", for: .milliseconds(900)) { true }
  }
}
