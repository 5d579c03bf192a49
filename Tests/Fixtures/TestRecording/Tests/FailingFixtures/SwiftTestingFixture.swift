// Deliberately failing Swift Testing tests. Scripts/test-recording.sh runs
// them and checks that each failure is recorded once, at the wait (line 16
// and line 22), and never at a @Test line. Keep the waits on those lines.

import AsyncWaitTesting
import Testing

final class Feed: Sendable {
  var isLoaded: Bool { false }
}

@Suite struct SwiftTestingFixture {
  @Test func timeoutIsReportedAtTheWait() async throws {
    let feed = Feed()
    // The next line is line 16.
    try await requireEventually("the feed loads", timeout: .milliseconds(200)) { feed.isLoaded }
    Issue.record("not reached: the failing wait stops the test")
  }

  @Test func violationIsReportedAtTheWait() async throws {
    // The next line is line 22.
    try await Wait(timeout: .milliseconds(200)).requireAlways("the feed stays loaded") { Feed().isLoaded }
  }

  @Test func passingWaitRecordsNothing() async throws {
    try await requireEventually("it holds", timeout: .milliseconds(200)) { true }
  }
}
