import AsyncWaitTesting
import Synchronization
import Testing

/// An error a wait retries.
struct Retried: Error {}
/// The error of a clock's sleep.
struct Boom: Error {}

/// A clock on real time whose sleeps throw.
struct ThrowingClock: Clock {
  var now: ContinuousClock.Instant { .now }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws { throw Boom() }
}

/// The error of a client whose server is not listening.
struct Refused: Error, CustomStringConvertible {
  var description: String { "connection refused" }
}

/// The hint every recorded failure ends with, as the package writes it.
enum TestFrameworkText {
  static let catchingHint =
    "recorded by the wait; to catch its error in the test instead, "
    + "run the wait inside withWaitDefaults(recordsFailures: false)"
}

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
    // The headline is the wait's own message, and nothing of the package's internals.
    #expect(
      String(describing: issue.kind).hasPrefix(
        #"Expectation failed: Timed out after 50 ms waiting for "the feed loads""#))
    #expect(issue.comments.map(\.rawValue) == [TestFrameworkText.catchingHint])
  }

  @Test func violationAndElementTimeoutAreRecordedAtTheirLines() async throws {
    let log = IssueLog()
    let app = NodeTree(ElementNode(.application)).rootElement()
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
    #expect(
      String(describing: issues[0].kind).hasPrefix(#"Expectation failed: "an error is logged" held at"#))
    #expect(String(describing: issues[1].kind).contains(#"["Save"] to exist"#))
  }

  @Test func conditionThatThrowsIsRecordedAtTheWaitsLine() async throws {
    let log = IssueLog()
    let waitLine = #line + 3

    try await withKnownIssue {
      try await requireEventually("the server answers", timeout: .seconds(30)) { throw Refused() }
    } matching: {
      log.match($0)
    }

    let issues = log.all
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == waitLine)
    #expect(
      issues.first.map { String(describing: $0.kind) }
        == """
        Expectation failed: The condition of "the server answers" threw an error on the first probe
          error: connection refused
        """)
  }

  @Test func conditionErrorIsThrownAsItIsWhenTheScopeDoesNotRecord() async throws {
    await #expect(throws: Refused.self) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("the server answers", timeout: .seconds(30)) { throw Refused() }
      }
    }
  }

  @Test func documentedNegativeFormsPass() async throws {
    // Something must not happen for a while: a hold.
    try await Wait(timeout: .milliseconds(50)).requireNever("an error is logged") { false }
    // Something must not happen too early: a not-before minimum. Ready
    // 300 ms on, for a machine that may start the wait late.
    let ready = ContinuousClock.now.advanced(by: .milliseconds(300))
    try await Wait(timeout: .seconds(5), schedule: .fixed(.milliseconds(5)))
      .require("the cache expires", notBefore: .milliseconds(20)) { ContinuousClock.now >= ready }
    // The wait itself must time out: the Bool form.
    #expect(try await waitUntil(timeout: .milliseconds(30)) { false } == false)
    // The wait's own error, caught: a scope that does not record.
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("the feed loads", timeout: .milliseconds(20)) { false }
      }
    }
    #expect("\(error)".hasPrefix(#"Timed out after 20 ms waiting for "the feed loads""#))
  }

  @Test func aWaitThatWarnsInsideAnAssertionBlockDoesNotFailItsAttempt() async throws {
    // The inner wait passes at 900 ms of its 1 s timeout on the first
    // attempt and warns; the warning is recorded, and the attempt passes.
    let clock = ManualClock(.advancesWhenSleeping)
    var attempts = 0
    var probes = 0
    try await requirePassing("the sync finishes once", timeout: .seconds(5)) {
      attempts += 1
      try await requireEventually("the sync finishes", timeout: .seconds(1), clock: clock) {
        probes += 1
        return probes == 10
      }
    }
    #expect(attempts == 1)
  }

  @Test func anAssertionBlockThatPassesOnItsThirdAttemptLeavesTheTestGreen() async throws {
    let attempts = Mutex(0)

    try await requirePassing("the count reaches 3", timeout: .seconds(5), pollingInterval: .milliseconds(10))
    {
      let attempt = attempts.withLock { count in
        count += 1
        return count
      }
      #expect(attempt >= 3)
      try #require(attempt >= 3)
    }

    #expect(attempts.withLock { $0 } == 3)
  }

  @Test func anExpectationFulfilledFromCallbacksWakesTheWait() async throws {
    let parts = WaitExpectation("every part arrives", expectedCount: 3)
    let callbacks = Task {
      for _ in 0..<3 { parts.fulfill() }
    }

    try await parts.require(timeout: .seconds(5))
    await callbacks.value
  }

  @Test func aClockErrorAfterARetriedErrorIsTheClocksNotTheConditions() async throws {
    let wait = Wait(timeout: .seconds(1), retryingErrors: { $0 is Retried }, clock: ThrowingClock())

    await #expect(throws: Boom.self) {
      try await wait.require("the server answers") { throw Retried() }
    }
  }

  @Test func aRequireInsideAConditionIsRecordedOnceAtItsOwnLine() async throws {
    let log = IssueLog()
    let requireLine = #line + 5

    try await withKnownIssue {
      try await requireEventually("the count is read", timeout: .seconds(1)) {
        let count: Int? = nil
        return try #require(count) > 0
      }
    } matching: {
      log.match($0)
    }

    #expect(log.all.count == 1)
    #expect(log.all.first?.sourceLocation?.line == requireLine)
  }

  @Test func anInvalidConfigurationIsRecordedAtTheWaitsLine() async throws {
    let log = IssueLog()
    let waitLine = #line + 3

    try await withKnownIssue {
      try await requireEventually("the feed loads", timeout: .seconds(-1)) { true }
    } matching: {
      log.match($0)
    }

    #expect(log.all.count == 1)
    #expect(log.all.first?.sourceLocation?.line == waitLine)
    #expect(
      log.all.first.map { String(describing: $0.kind) }?.hasPrefix(
        "Expectation failed: The timeout is negative")
        == true)
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

  @Test(.waitDefaults(actionTimeout: .seconds(8), navigationTimeout: .seconds(40)))
  func traitSetsTheActionAndNavigationTimeouts() {
    #expect(WaitDefaults.current.actionTimeout == .seconds(8))
    #expect(WaitDefaults.current.navigationTimeout == .seconds(40))
    #expect(WaitDefaults.current.timeout == WaitDefaults.standard.timeout)
  }
}
