#if os(Linux)
  import Foundation
  import Testing

  /// A failing wait in a test with AsyncWaitTesting linked is recorded at
  /// the wait's line, in the framework's own words, once, and stops the
  /// test; a passing one records nothing.
  ///
  /// The waits run in a child process, `RecordingChild` (XCTest cases run
  /// by `XCTMain` and Swift Testing tests run by its entry point, in
  /// `Tests/RecordingChild`), which `swift test` builds with this package:
  /// loaded here, the recorder would record every other test's failing wait
  /// instead of letting it throw. `Scripts/test-recording.sh` checks the
  /// same in a consumer package, transcripts included.
  @Suite struct FailureRecordingTests {
    /// What the child printed and how it ended.
    struct Run {
      var output: String
      var status: Int32
    }

    /// The lines of a file of the child marked `// fails here`: the lines
    /// its failures must name.
    static func failingLines(of file: String) throws -> [Int] {
      let source = try String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
          .appendingPathComponent("RecordingChild/\(file)"),
        encoding: .utf8)
      return source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { $0.element.hasSuffix("// fails here") }.map { $0.offset + 1 }
    }

    /// Runs the child, built beside this test binary, and reads all it
    /// printed; it is killed if it has not ended in 60 seconds.
    ///
    /// - Parameters:
    ///   - swiftTesting: Whether the child runs its Swift Testing tests
    ///     instead of its XCTest cases.
    ///   - waitReport: The path of a wait report for the child to write, or
    ///     `nil` for none.
    /// - Returns: What the child printed and its exit status.
    /// - Throws: When the child is not built, or cannot be started.
    static func runChild(swiftTesting: Bool = false, waitReport: String? = nil) async throws -> Run {
      let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      let executable = directory.appendingPathComponent("RecordingChild")
      try #require(
        FileManager.default.isExecutableFile(atPath: executable.path),
        "RecordingChild is not beside the test binary, in \(directory.path): run `swift build --build-tests`")
      let process = Process()
      process.executableURL = executable
      // The child's failures are compared word for word: the package's own
      // settings (a timeout scale, a near-timeout warning) are not passed on.
      var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ASYNCWAIT_") }
      if swiftTesting {
        environment["RECORDING_CHILD_FRAMEWORK"] = "swift-testing"
        environment["NO_COLOR"] = "1"
      }
      environment["ASYNCWAIT_WAIT_REPORT"] = waitReport
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      // Its end is awaited, never `waitUntilExit()`, which blocks a thread
      // that no time limit can free.
      let (ended, end) = AsyncStream<Void>.makeStream()
      process.terminationHandler = { _ in end.finish() }
      try process.run()
      let watchdog = Task.detached {
        try await Task.sleep(for: .seconds(60))
        process.terminate()
      }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      for await _ in ended {}
      watchdog.cancel()
      return Run(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    @Test func failingWaitsAreRecordedOnceAtTheirLinesInXCTest() async throws {
      let failingLines = try Self.failingLines(of: "main.swift")
      try #require(failingLines.count == 2)

      let run = try await Self.runChild()

      let failures = run.output.split(separator: "\n").filter { $0.contains(": error: ") }
      #expect(run.status == 1, "\(run.output)")
      #expect(
        failures.map { $0.split(separator: ":")[1] } == failingLines.map { Substring(String($0)) },
        "\(run.output)")
      #expect(
        failures.first?.hasSuffix(
          #"RecordedWaits.testATimeoutIsRecordedAtItsLine : Timed out after 30 ms waiting for "the cart settles""#
        )
          == true)
      #expect(
        failures.last?.hasSuffix(
          #"RecordedWaits.testAnElementTimeoutIsRecordedAtItsLine : Timed out after 0 ns waiting for "#
            + #""app.buttons["Checkout"] to exist""#) == true)
      #expect(run.output.contains("recorded by the wait; to catch its error in the test instead"))
      #expect(run.output.contains("Test Case 'RecordedWaits.testAPassingWaitRecordsNothing' passed"))
      #expect(run.output.contains("Executed 3 tests, with 2 failures (0 unexpected)"))
      #expect(!run.output.contains("the test went on after its wait failed"))
    }

    @Test(arguments: [false, true])
    func aWaitReportHasALineForEachWaitAndASummary(swiftTesting: Bool) async throws {
      let file = swiftTesting ? "SwiftTestingCases.swift" : "main.swift"
      let failingLines = try Self.failingLines(of: file)
      let report = FileManager.default.temporaryDirectory
        .appendingPathComponent("wait-report-\(UUID().uuidString).jsonl").path
      defer { try? FileManager.default.removeItem(atPath: report) }

      let run = try await Self.runChild(swiftTesting: swiftTesting, waitReport: report)

      let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(lines.count == 3, "\(lines)")
      let timeout = try #require(lines.first { ($0["line"] as? Int) == failingLines.first })
      #expect(timeout["file"] as? String == "RecordingChild/\(file)")
      #expect(timeout["wait"] as? String == "the cart settles")
      #expect(timeout["outcome"] as? String == "timed out")
      #expect(timeout["kind"] as? String == "eventually")
      #expect(timeout["timeoutMs"] as? Double == 30)
      #expect((timeout["elapsedMs"] as? Double ?? 0) >= 30)
      #expect((timeout["probes"] as? Int ?? 0) >= 2)
      #expect(timeout["woke"] is NSNull)
      #expect(
        timeout["test"] as? String
          == (swiftTesting
            ? "RecordedSwiftTestingWaits/aTimeoutIsRecordedAtItsLine()"
            : "RecordedWaits.testATimeoutIsRecordedAtItsLine"))
      let passed = try #require(lines.first { $0["outcome"] as? String == "passed" })
      #expect(passed["woke"] as? String == "first probe")
      #expect(passed["probes"] as? Int == 1)
      #expect(
        lines.compactMap { $0["line"] as? Int }.filter(failingLines.contains).sorted()
          == failingLines.sorted())

      let summary = run.output.split(separator: "\n").drop { !$0.hasPrefix("Wait report: ") }
      #expect(
        summary.first
          == "Wait report: 3 waits in this process, 2 timed out, 0 failed; one line each in \(report)",
        "\(run.output)")
      #expect(summary.dropFirst().first == "The waits that used the largest share of their timeout:")
      #expect(
        summary.dropFirst(2).first?.contains(
          "%  RecordingChild/\(file):\(failingLines[0])  \"the cart settles\": ") == true,
        "\(run.output)")
    }

    @Test func failingWaitsAreRecordedOnceAtTheirLinesInSwiftTesting() async throws {
      let failingLines = try Self.failingLines(of: "SwiftTestingCases.swift")
      try #require(failingLines.count == 2)

      let run = try await Self.runChild(swiftTesting: true)

      // `✘ Test name() recorded an issue at File.swift:line:column: …`
      let issues = run.output.split(separator: "\n").filter { $0.contains(" recorded an issue at ") }
      #expect(run.status == 1, "\(run.output)")
      // The tests run in parallel: their issues come in either order.
      #expect(
        issues.map { $0.split(separator: " recorded an issue at ")[1].split(separator: ":")[1] }.sorted()
          == failingLines.map { Substring(String($0)) }.sorted(),
        "\(run.output)")
      let timeout = issues.first { $0.contains("Test aTimeoutIsRecordedAtItsLine()") }
      #expect(
        timeout?.hasSuffix(
          #": Expectation failed: Timed out after 30 ms waiting for "the cart settles""#) == true,
        "\(run.output)")
      let element = issues.first { $0.contains("Test anElementTimeoutIsRecordedAtItsLine()") }
      #expect(
        element?.hasSuffix(
          #": Expectation failed: Timed out after 0 ns waiting for "#
            + #""app.buttons["Checkout"] to exist""#) == true,
        "\(run.output)")
      #expect(run.output.contains("recorded by the wait; to catch its error in the test instead"))
      #expect(run.output.contains("Test aPassingWaitRecordsNothing() passed"))
      #expect(run.output.contains("Test aTimeoutIsRecordedAtItsLine() failed after"))
      #expect(run.output.contains("Test run with 3 tests in 1 suite failed after"))
      #expect(run.output.contains("with 2 issues"))
      #expect(!run.output.contains("the test went on after its wait failed"))
    }
  }
#endif
