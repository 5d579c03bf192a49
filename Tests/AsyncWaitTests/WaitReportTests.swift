import Foundation
import Testing

@testable import AsyncWait

/// The wait report's lines and its summary, made from entries; the report
/// a process writes is checked in `FailureRecordingTests` (both
/// frameworks) and by `Scripts/check-wait-report.py` (every wait of the
/// matrices).
@Suite struct WaitReportTests {
  static func entry(
    _ comment: String? = "the inbox loads", kind: WaitReport.Kind = .eventually,
    outcome: WaitReport.Outcome = .passed, elapsed: Duration = .milliseconds(820),
    timeout: Duration = .seconds(1), line: Int = 12, test: String? = "InboxTests/loads()"
  ) -> WaitReport.Entry {
    WaitReport.Entry(
      test: test,
      location: CallSite(
        fileID: "App/InboxTests.swift", filePath: "/x/InboxTests.swift", line: line,
        column: 5),
      comment: comment, kind: kind, outcome: outcome, elapsed: elapsed, timeout: timeout, scale: 1, probes: 9,
      wake: outcome == .passed ? .trigger : nil, clock: "ContinuousClock")
  }

  @Test func aLineIsOneJSONObjectWithEveryField() throws {
    let line = Self.entry().json

    #expect(!line.contains("\n"))
    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["test"] as? String == "InboxTests/loads()")
    #expect(object["file"] as? String == "App/InboxTests.swift")
    #expect(object["line"] as? Int == 12)
    #expect(object["column"] as? Int == 5)
    #expect(object["wait"] as? String == "the inbox loads")
    #expect(object["kind"] as? String == "eventually")
    #expect(object["outcome"] as? String == "passed")
    #expect(object["elapsedMs"] as? Double == 820)
    #expect(object["timeoutMs"] as? Double == 1000)
    #expect(object["share"] as? Double == 0.82)
    #expect(object["scale"] as? Double == 1)
    #expect(object["probes"] as? Int == 9)
    #expect(object["woke"] as? String == "trigger")
    #expect(object["clock"] as? String == "ContinuousClock")
  }

  @Test func textOfAnyKindStaysValidJSON() throws {
    let awkward = "a \"quoted\" \\ path\nsecond line\t\u{1}\u{7F} é 🙂"
    let line = Self.entry(awkward, test: awkward).json

    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["wait"] as? String == awkward)
    #expect(object["test"] as? String == awkward)
  }

  @Test func whatIsNotKnownIsNull() throws {
    let line = Self.entry(nil, outcome: .timedOut, timeout: .zero, test: nil).json

    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["wait"] is NSNull)
    #expect(object["test"] is NSNull)
    #expect(object["share"] is NSNull)
    #expect(object["woke"] is NSNull)
  }

  @Test func timesKeepTheirMicrosecondsAndExtremesStayNumbers() throws {
    let line = Self.entry(elapsed: .nanoseconds(1_234_567), timeout: .seconds(Int64.max)).json

    let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["elapsedMs"] as? Double == 1.235)
    #expect((object["timeoutMs"] as? Double ?? 0) > 9e21)
    #expect(object["share"] as? Double == 0)
  }

  @Test func theSummaryListsTheLargestSharesOfWaitsForSomething() {
    var tally = WaitReport.Tally()
    for (index, share) in [10, 95, 40, 75, 60, 20, 85].enumerated() {
      tally.add(Self.entry(elapsed: .milliseconds(share * 10), line: index + 1))
    }
    tally.add(Self.entry("a hold", kind: .hold, elapsed: .seconds(1), line: 100))
    tally.add(Self.entry("stable", kind: .minimum, elapsed: .seconds(1), line: 101))
    tally.add(Self.entry("cancelled", outcome: .cancelled, elapsed: .seconds(1), line: 102))
    tally.add(Self.entry("once", outcome: .timedOut, elapsed: .zero, timeout: .zero, line: 103))
    tally.add(Self.entry("late", outcome: .timedOut, elapsed: .milliseconds(1003), line: 104))
    tally.add(Self.entry("threw", outcome: .failed, elapsed: .milliseconds(1), line: 105))

    let lines = tally.summary(path: "/tmp/report.jsonl").split(separator: "\n").map(String.init)

    #expect(
      lines.first
        == "Wait report: 13 waits in this process, 2 timed out, 1 failed; one line each in /tmp/report.jsonl")
    #expect(lines.dropFirst().first == "The waits that used the largest share of their timeout:")
    #expect(lines.count == 2 + WaitReport.Tally.listed)
    #expect(
      lines[2]
        == "  100 %  App/InboxTests.swift:104  \"late\": 1.003 s of 1 s, 9 probes, timed out (InboxTests/loads())"
    )
    #expect(
      lines[3].hasPrefix("   95 %  App/InboxTests.swift:2  \"the inbox loads\": 950 ms of 1 s, 9 probes ("))
    #expect(lines[4].hasPrefix("   85 %  App/InboxTests.swift:7  "))
    #expect(lines[5].hasPrefix("   75 %  App/InboxTests.swift:4  "))
    #expect(lines[6].hasPrefix("   60 %  App/InboxTests.swift:5  "))
  }

  @Test func aSummaryOfNoRankedWaitIsItsCountsAlone() {
    var tally = WaitReport.Tally()
    tally.add(Self.entry(nil, kind: .hold, test: nil))

    #expect(
      tally.summary(path: "r.jsonl")
        == "Wait report: 1 wait in this process, 0 timed out, 0 failed; one line each in r.jsonl")
  }
}
