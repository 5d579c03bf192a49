import AsyncWait
import Testing

/// The last value a value wait read, as its failure prints it
/// (Internal/ValueDescription.swift).
@Suite struct LastValueTests {
  enum Phase { case loading, loaded }

  @Test func enumCasesPrintWithALeadingDot() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .zero, clock: clock).require(
        "the phase", for: Phase.loading, toEqual: .loaded)
    }

    #expect(error.comment == "the phase")
    #expect(error.lastObservation == "last value: .loading")
  }

  @Test func stringsPrintQuotedAndTheDefaultCommentNamesTheValue() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .zero, clock: clock).require(for: "draft", toEqual: "sent")
    }

    #expect(error.comment == #"a value to equal "sent""#)
    #expect(error.lastObservation == #"last value: "draft""#)
  }

  /// The first line names what the wait expected and what its last probe
  /// read, with a comment or without one; a predicate's, what it read.
  @Test func theFirstLineNamesTheExpectedAndTheLastValue() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    func headline(_ wait: () async throws -> Void) async throws -> String {
      let error = try await #require(throws: WaitTimeoutError.self) { try await wait() }
      return String(describing: error).split(separator: "\n").first.map(String.init) ?? ""
    }

    let commented = try await headline {
      try await Wait(timeout: .milliseconds(300), clock: clock).require(
        "the job's state", for: Phase.loading, toEqual: .loaded)
    }
    #expect(
      commented
        == #"last value .loading, expected .loaded; timed out after 300 ms waiting for "the job's state""#)
    let uncommented = try await headline {
      try await requireEventually(for: "draft", toEqual: "sent", timeout: .zero, clock: clock)
    }
    #expect(
      uncommented
        == ##"last value "draft", expected "sent"; timed out after 0 ns waiting for "a value to equal "sent"""##
    )
    let read = try await headline {
      try await requireEventually(reading: { Phase.loading }, toEqual: .loaded, timeout: .zero, clock: clock)
    }
    #expect(
      read
        == #"last value .loading, expected .loaded; timed out after 0 ns waiting for "a value to equal .loaded""#
    )
    let predicate = try await headline {
      try await Wait(timeout: .zero, clock: clock).require(for: 7) { $0 > 9 }
    }
    #expect(
      predicate == #"last value 7; timed out after 0 ns waiting for "a value to satisfy the predicate""#)
  }

  /// A value that prints on several lines keeps the first line one line.
  @Test func aValueOfSeveralLinesLeadsWithItsFirst() async throws {
    struct Report: Equatable, CustomStringConvertible {
      var lines: [String]
      var description: String { lines.joined(separator: "\n") }
    }
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .zero, clock: ManualClock(.advancesWhenSleeping)).require(
        "the report", for: Report(lines: ["3 failed", "a", "b"]), toEqual: Report(lines: ["0 failed"]))
    }
    let lines = String(describing: error).split(separator: "\n")
    #expect(
      lines.first
        == #"last value 3 failed …, expected 0 failed; timed out after 0 ns waiting for "the report""#)
    #expect(error.lastObservation == "last value: 3 failed\na\nb")
  }
}
