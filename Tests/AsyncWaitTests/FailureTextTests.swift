@_spi(Tests) import AsyncWait
import Testing

/// How values and overruns read in a failure's text.
@Suite struct FailureTextTests {
  enum DownloadState {
    case downloading(partsDone: Int, of: Int)
    case finished
  }

  @Test func optionalsReadAsWhatTheyHold() {
    let some: DownloadState? = .downloading(partsDone: 0, of: 3)
    let none: DownloadState? = nil
    let nested: String?? = .some("ready")

    #expect(valueDescription(some) == ".downloading(partsDone: 0, of: 3)")
    #expect(valueDescription(none) == "nil")
    #expect(valueDescription(nested) == #""ready""#)
    #expect(valueDescription(DownloadState.finished) == ".finished")
    #expect(valueDescription(42) == "42")
  }

  @Test func longValuesAreCutWithAMarker() {
    let long = String(repeating: "x", count: valueDescriptionLimit + 50)

    let text = valueDescription(long)

    // The quotes count: the description is 2 characters longer than the string.
    #expect(text.hasSuffix("… (52 more characters)"))
    #expect(text.count == valueDescriptionLimit + "… (52 more characters)".count)
  }

  @Test func aProbeThatOverranTheDeadlineIsStated() {
    let overran = timeoutError(timeout: .seconds(2), elapsed: .seconds(15))
    let onTime = timeoutError(timeout: .seconds(2), elapsed: .milliseconds(2_040))

    #expect(overran.probeOverrun == .seconds(13))
    #expect(
      overran.description.contains(
        "\n  the last probe ended 13 s after the deadline "
          + "(a slow condition, or a machine too loaded to run it on time)\n"))
    #expect(!overran.description.contains("remaining in"))
    var timed = overran
    timed.lastProbeStart = .milliseconds(1_900)
    #expect(timed.description.contains("\n  the last probe took 13.1 s and ended 13 s after the deadline ("))
    var advised = overran
    advised.advisesBoundedForm = true
    #expect(
      advised.description.contains(
        "(a slow condition, or a machine too loaded to run it on time)\n"
          + "  a condition that takes the time left (`{ remaining in … }`) is cancelled at the deadline instead"
      ))
    #expect(onTime.probeOverrun == nil)
    #expect(!onTime.description.contains("after the deadline"))
  }

  /// The advice to cut a probe off at the deadline is given by the waits
  /// that have that form, on a closure that returns `Bool`, and by no
  /// other: a real probe 300 ms long, against a timeout of 20 ms (a loaded
  /// machine only makes the overrun longer).
  @Test func onlyAWaitThatHasTheBoundedFormAdvisesIt() async throws {
    let wait = Wait(timeout: .milliseconds(20))
    func overrun(_ body: () async throws -> Void) async throws -> String {
      try await withWaitDefaults(recordsFailures: false) {
        let error = try await #require(throws: WaitTimeoutError.self) { try await body() }
        #expect(error.probeOverrun != nil)
        return error.description
      }
    }
    let slowly = { () async throws -> Bool in
      try await Task.sleep(for: .milliseconds(300))
      return false
    }
    let advised = [
      try await overrun { try await requireEventually(timeout: .milliseconds(20)) { try await slowly() } },
      try await overrun { try await wait.require { try await slowly() } },
    ]
    let stated = [
      try await overrun { _ = try await wait.requireValue { try await slowly() ? 1 : nil } },
      try await overrun { try await wait.require(reading: { try await slowly() }, toEqual: true) },
      try await overrun { try await wait.requireStable(for: .milliseconds(10)) { try await slowly() } },
    ]
    for text in advised {
      #expect(text.contains("on time)\n  a condition that takes the time left"))
    }
    for text in stated {
      #expect(text.contains("after the deadline"))
      #expect(!text.contains("remaining in"))
    }
  }

  @Test func overrunNeedsMoreThanATenthOfTheTimeoutAndFiftyMilliseconds() {
    #expect(timeoutError(timeout: .seconds(10), elapsed: .milliseconds(10_900)).probeOverrun == nil)
    #expect(timeoutError(timeout: .seconds(10), elapsed: .milliseconds(11_100)).probeOverrun != nil)
    #expect(timeoutError(timeout: .milliseconds(100), elapsed: .milliseconds(140)).probeOverrun == nil)
    #expect(timeoutError(timeout: .milliseconds(100), elapsed: .milliseconds(160)).probeOverrun != nil)
    #expect(timeoutError(timeout: .seconds(Int64.max), elapsed: .zero).probeOverrun == nil)
  }

  private func timeoutError(timeout: Duration, elapsed: Duration) -> WaitTimeoutError {
    WaitTimeoutError(
      comment: "the server answers", timeout: timeout, schedule: .fixed(.milliseconds(100)), probeCount: 1,
      elapsed: elapsed, clockName: "ContinuousClock",
      location: CallSite(fileID: "M/F.swift", filePath: "/M/F.swift", line: 1, column: 1))
  }
}
