// Deliberately failing XCTest tests. Scripts/test-recording.sh runs them
// and checks that each failure is printed once, at the line of the wait
// (16, 21 and 28), and never at `<EXPR>:0`. Keep the waits on those lines.

import AsyncWaitTesting
import XCTest

final class XCTestFixture: XCTestCase {
  func testTimeoutIsReportedAtTheWait() async throws {
    // Nothing makes the feed load: the wait below times out.
    var loaded = false
    if ProcessInfo.processInfo.environment["NEVER_SET"] != nil { loaded = true }
    let isLoaded = loaded
    // The next line is line 16.

    try await requireEventually("the feed loads", timeout: .milliseconds(200)) { isLoaded }
    XCTFail("not reached: the failing wait stops the test")
  }

  func testViolationIsReportedAtTheWait() async throws {
    try await Wait(timeout: .milliseconds(200)).requireNever("an error is logged") { true }
  }

  func testElementTimeoutIsReportedAtTheWait() async throws {
    let tree = ElementTree(ElementNode(.application))
    let app = tree.rootElement()

    try await app.buttons["Save"].requireExistence(timeout: .milliseconds(200))
  }

  func testPassingWaitRecordsNothing() async throws {
    try await requireEventually("it holds", timeout: .milliseconds(200)) { true }
  }
}
