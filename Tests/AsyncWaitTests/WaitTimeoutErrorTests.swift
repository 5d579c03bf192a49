@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

@Suite struct WaitTimeoutErrorTests {
  @Test func requireEventuallyThrowsADiagnosticErrorAtTheCallSite() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let expectedLine = #line + 3
    var caught: WaitTimeoutError?
    do {
      try await requireEventually(
        "the server reports ready", timeout: .milliseconds(250), pollingInterval: .milliseconds(100),
        clock: clock
      ) { false }
    } catch let error as WaitTimeoutError {
      caught = error
    }

    let error = try #require(caught)
    #expect(error.comment == "the server reports ready")
    #expect(error.timeout == .milliseconds(250))
    #expect(error.schedule.description == "every 100 ms")
    #expect(error.probeCount == 4)
    #expect(error.elapsed == .milliseconds(250))
    #expect(error.clockName == "ManualClock")
    #expect(error.lastObservation == nil)
    #expect(error.location.fileID == #fileID)
    #expect(error.location.filePath == #filePath)
    #expect(error.location.line == expectedLine)
    // `#column` as a default argument is the column of the call's argument list.
    #expect(error.location.column == 34)
  }

  @Test func requireEventuallyReturnsWhenTheConditionHolds() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    try await requireEventually(timeout: .seconds(1), clock: clock) {
      log.record(0)
      return log.count == 2
    }

    #expect(log.count == 2)
  }

  /// A wait that knows why its last probe failed leads with it; one whose
  /// cause and comment share a subject says it once.
  @Test func aCauseLeadsTheFirstLine() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let comment = "the save button to be ready: to exist and be enabled"
    var caught: WaitTimeoutError?
    do {
      let never: () -> Int? = { nil }
      let _: Int = try await Wait(timeout: .milliseconds(300), clock: clock).requireValue(
        comment, observation: { "last probe: it is not enabled" },
        cause: { "the save button is not enabled" }, causeSubject: "the save button",
        callSite: CallSite(fileID: "A/B.swift", filePath: "/A/B.swift", line: 3, column: 1), never)
    } catch let error as WaitTimeoutError {
      caught = error
    }
    var error = try #require(caught)
    #expect(error.cause == "the save button is not enabled")
    let headline =
      "the save button is not enabled; timed out after 300 ms waiting for it to be ready: to exist and be enabled"
    #expect(error.description.split(separator: "\n").first.map(String.init) == headline)
    // A cause of another subject: the comment stays whole.
    error.cause = "the form is gone"
    #expect(
      error.description.split(separator: "\n").first
        == #"the form is gone; timed out after 300 ms waiting for "\#(comment)""#)
    // No cause: the first line every other wait has.
    error.cause = nil
    #expect(
      error.description.split(separator: "\n").first == #"Timed out after 300 ms waiting for "\#(comment)""#)
  }

  @Test func descriptionReadsAsATestFailure() {
    let error = WaitTimeoutError(
      comment: "the banner shows", timeout: .seconds(2), schedule: .fixed(.milliseconds(100)),
      probeCount: 21, elapsed: .milliseconds(2001), clockName: "ContinuousClock",
      lastObservation: "banner: hidden\nspinner: visible",
      location: CallSite(
        fileID: "AppTests/BannerTests.swift", filePath: "/x/BannerTests.swift", line: 14, column: 5)
    )

    #expect(
      error.description == """
        Timed out after 2 s waiting for "the banner shows"
          (21 probes over 2.001 s, polling every 100 ms on ContinuousClock)
          last observed:
            banner: hidden
            spinner: visible
          at AppTests/BannerTests.swift:14:5
        """)
  }

  @Test func descriptionWithoutCommentNamesACondition() {
    let error = WaitTimeoutError(
      comment: nil, timeout: .zero, schedule: .fixed(.milliseconds(100)), probeCount: 1, elapsed: .zero,
      clockName: "SuspendingClock",
      location: CallSite(fileID: "M/F.swift", filePath: "/F.swift", line: 1, column: 2))

    #expect(
      error.description.hasPrefix("Timed out after 0 ns waiting for a condition\n  (1 probe over 0 ns,"))
  }
}

@Suite struct TimeoutErrorBridgingTests {
  @Test func locationBridgesToASwiftTestingIssue() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let waitLine = #line + 3
    let recorded = Locked<[Testing.SourceLocation]>([])
    do {
      try await requireEventually("never", timeout: .zero, clock: clock) { false }
      Issue.record("the wait should have timed out")
    } catch let error as WaitTimeoutError {
      withKnownIssue {
        let location = Testing.SourceLocation(
          fileID: error.location.fileID, filePath: error.location.filePath,
          line: error.location.line, column: error.location.column)
        recorded.withLock { $0.append(location) }
        Issue.record("\(error)", sourceLocation: location)
      }
    }

    #expect(recorded.withLock { $0.map(\.line) } == [waitLine])
  }
}
