#if os(Linux)
  import Foundation
  import Testing

  /// A failing wait in a test with AsyncWaitTesting linked is recorded at
  /// the wait's line, in the framework's own words, once, and stops the
  /// test; a passing one records nothing.
  ///
  /// The waits run in a child process, `RecordingChild` (XCTest cases run
  /// by `XCTMain`, in `Tests/RecordingChild`), which `swift test` builds
  /// with this package: loaded here, the recorder would record every other
  /// test's failing wait instead of letting it throw. `Scripts/test-recording.sh`
  /// checks the same in Swift Testing and XCTest, in a consumer package,
  /// transcripts included.
  @Suite struct FailureRecordingTests {
    /// What the child printed and how it ended.
    struct Run {
      var output: String
      var status: Int32
    }

    /// The child's source, for the lines its failures must name.
    static let childSource = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("RecordingChild/main.swift")

    /// Runs the child, built beside this test binary, and reads all it
    /// printed; it is killed if it has not ended in 60 seconds.
    static func runChild() async throws -> Run {
      let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      let executable = directory.appendingPathComponent("RecordingChild")
      try #require(
        FileManager.default.isExecutableFile(atPath: executable.path),
        "RecordingChild is not beside the test binary, in \(directory.path): run `swift build --build-tests`")
      let process = Process()
      process.executableURL = executable
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let watchdog = Task.detached {
        try await Task.sleep(for: .seconds(60))
        process.terminate()
      }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      watchdog.cancel()
      return Run(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    @Test func failingWaitsAreRecordedOnceAtTheirLinesInXCTest() async throws {
      let source = try String(contentsOf: Self.childSource, encoding: .utf8)
      let failingLines = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { $0.element.hasSuffix("// fails here") }.map { $0.offset + 1 }
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
            + #""app.descendants(matching: .button)["Checkout"] to exist""#) == true)
      #expect(run.output.contains("recorded by the wait; to catch its error in the test instead"))
      #expect(run.output.contains("Test Case 'RecordedWaits.testAPassingWaitRecordsNothing' passed"))
      #expect(run.output.contains("Executed 3 tests, with 2 failures (0 unexpected)"))
      #expect(!run.output.contains("the test went on after its wait failed"))
    }
  }
#endif
