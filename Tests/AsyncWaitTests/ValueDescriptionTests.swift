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
}
