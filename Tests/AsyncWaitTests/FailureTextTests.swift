import AsyncWait
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
    #expect(overran.description.contains("the last probe ended 13 s after the deadline"))
    #expect(overran.description.contains("`{ remaining in … }`"))
    #expect(onTime.probeOverrun == nil)
    #expect(!onTime.description.contains("after the deadline"))
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
