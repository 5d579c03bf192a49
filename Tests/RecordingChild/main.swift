// The child process of `FailureRecordingTests` (Tests/AsyncWaitTests):
// tests that fail waits on purpose with AsyncWaitTesting linked, so that
// `swift test` sees a failure recorded where the test wrote the wait, in
// the framework's own words, without loading AsyncWaitTesting into its own
// test binary (where every other test's failing wait would be recorded
// instead of thrown). XCTest cases here, run by XCTMain; Swift Testing's in
// SwiftTestingCases.swift, run by its entry point when the parent sets
// RECORDING_CHILD_FRAMEWORK=swift-testing. The lines marked
// `// fails here` are the ones the parent expects in the failures; it
// finds them in these files.
#if os(Linux)
  import AsyncWaitTesting
  import Foundation
  import Testing
  import XCTest

  final class RecordedWaits: XCTestCase {
    func testATimeoutIsRecordedAtItsLine() async throws {
      // Sleeps between probes, as a real wait does, so that the path
      // Scripts/failure-path.sh measures is the whole loop's.
      try await requireEventually(  // fails here
        "the cart settles", timeout: .milliseconds(30), pollingInterval: .milliseconds(10)
      ) { false }
      XCTFail("the test went on after its wait failed")
    }

    func testAnElementTimeoutIsRecordedAtItsLine() async throws {
      let app = NodeTree(ElementNode(.application, label: "Shop")).rootElement()
      try await app.buttons["Checkout"].requireExistence(timeout: .zero)  // fails here
      XCTFail("the test went on after its wait failed")
    }

    func testAPassingWaitRecordsNothing() async throws {
      try await requireEventually("the cart settles", timeout: .zero) { true }
    }
  }

  if ProcessInfo.processInfo.environment["RECORDING_CHILD_FRAMEWORK"] == "swift-testing" {
    let status: CInt = await __swiftPMEntryPoint()
    exit(status)
  }

  XCTMain([
    testCase([
      ("testATimeoutIsRecordedAtItsLine", asyncTest(RecordedWaits.testATimeoutIsRecordedAtItsLine)),
      (
        "testAnElementTimeoutIsRecordedAtItsLine",
        asyncTest(RecordedWaits.testAnElementTimeoutIsRecordedAtItsLine)
      ),
      ("testAPassingWaitRecordsNothing", asyncTest(RecordedWaits.testAPassingWaitRecordsNothing)),
    ])
  ])
#endif
