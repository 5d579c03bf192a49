import AsyncWaitTesting
import Synchronization
import Testing

/// Counts the issues a known-issue block matched, and keeps the last.
final class IssueLog: Sendable {
  private let issues = Mutex<[Issue]>([])
  var all: [Issue] { issues.withLock { $0 } }
  func match(_ issue: Issue) -> Bool {
    issues.withLock { $0.append(issue) }
    return true
  }
}

@Suite struct RecordingTests {
  @Test func timeoutIsRecordedOnceAtTheWaitsLineAndColumn() async throws {
    let log = IssueLog()
    let waitLine = #line + 3  // the line of the wait below

    try await withKnownIssue {
      try await requireEventually("the feed loads", timeout: .milliseconds(50)) { false }
    } matching: {
      log.match($0)
    }

    let issues = log.all
    #expect(issues.count == 1)
    let issue = try #require(issues.first)
    #expect(issue.sourceLocation?.fileName == "RecordingTests.swift")
    #expect(issue.sourceLocation?.line == waitLine)
    // `#column` as a default argument is the column of the call's argument list.
    #expect(issue.sourceLocation?.column == 34)
    #expect(
      issue.comments.map(\.rawValue).joined().hasPrefix(
        #"Timed out after 50 ms waiting for "the feed loads""#))
  }

  @Test func violationAndElementTimeoutAreRecordedAtTheirLines() async throws {
    let log = IssueLog()
    let app = ElementTree(ElementNode(.application)).rootElement()
    let neverLine = #line + 4  // the lines of the two waits below
    let existenceLine = neverLine + 5

    try await withKnownIssue {
      try await Wait(timeout: .milliseconds(50)).requireNever("an error is logged") { true }
    } matching: {
      log.match($0)
    }
    try await withKnownIssue {
      try await app.buttons["Save"].requireExistence(timeout: .milliseconds(50))
    } matching: {
      log.match($0)
    }

    let issues = log.all
    #expect(issues.map { $0.sourceLocation?.line } == [neverLine, existenceLine])
    #expect(issues.first?.comments.first?.rawValue.hasPrefix(#""an error is logged" held at"#) == true)
    #expect(issues.last?.comments.first?.rawValue.contains(#"["Save"] to exist"#) == true)
  }

  @Test func boolWaitsAndPassingWaitsRecordNothing() async throws {
    #expect(try await waitUntil(timeout: .milliseconds(20)) { false } == false)
    try await requireEventually("it holds", timeout: .milliseconds(20)) { true }
  }

  @Test func cancelledWaitThrowsCancellationAndRecordsNothing() async throws {
    let wait = Task { try await requireEventually("never", timeout: .seconds(3600)) { false } }
    wait.cancel()

    await #expect(throws: CancellationError.self) { try await wait.value }
  }

  @Test func scopeThatDoesNotRecordLeavesTheErrorToTheTest() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("the feed loads", timeout: .milliseconds(20)) { false }
      }
    }

    #expect(error.comment == "the feed loads")
  }

  @Test(.waitDefaults(timeout: .milliseconds(30), pollingInterval: .milliseconds(10)))
  func traitSetsTheDefaultTimeout() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("the feed loads") { false }
      }
    }

    #expect(error.timeout == .milliseconds(30))
    #expect(error.schedule.description == "every 10 ms")
  }
}
