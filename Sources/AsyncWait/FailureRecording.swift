/// Where a failing throwing wait reports its failure before it throws: the
/// installed ``FailureRecorder``.
///
/// Inside a running Swift Testing test or XCTest test case, the recorder
/// records the failure at the wait's source location and returns the error
/// to throw in its place, one the framework does not record a second time.
/// Outside a test, or with no recorder installed, the wait throws its own
/// error.
package enum FailureRecording {
  /// What one attempt of an assertion block did.
  package struct AttemptResult: Sendable {
    /// How many issues the attempt recorded in the running test.
    package var issues: Int
    /// What the attempt threw, if anything.
    package var error: (any Error)?

    /// Creates a result.
    package init(issues: Int, error: (any Error)?) {
      self.issues = issues
      self.error = error
    }

    /// Whether the attempt passed: it recorded nothing and threw nothing.
    package var passed: Bool { issues == 0 && error == nil }
  }

  /// The installed recorder.
  ///
  /// ``OutsideTests`` until `AsyncWaitTesting` is loaded. No other lock is
  /// taken while it is held.
  private static let installed = Locked<any FailureRecorder>(OutsideTests())

  /// Installs the recorder that every later wait reports to, in place of
  /// the one before.
  ///
  /// - Parameter recorder: The recorder.
  package static func install(_ recorder: some FailureRecorder) {
    installed.withLock { $0 = recorder }
  }

  /// The installed recorder.
  static var recorder: any FailureRecorder { installed.withLock { $0 } }

  /// The recorder as it was at the first wait, for the running test's
  /// framework defaults, which every wait outside a scope reads: it is
  /// installed when `AsyncWaitTesting` loads, before any wait runs, so the
  /// read is a constant's, not a lock's.
  static let recorderAtFirstWait = recorder

  /// Records `message` as a warning at `location` in the running test,
  /// through the installed recorder; nothing outside a test.
  ///
  /// - Parameters:
  ///   - message: The warning.
  ///   - location: Where the wait was called.
  static func warn(_ message: String, at location: CallSite) {
    _ = recorder.warn(message, at: location)
  }

  /// Attaches a file a failing wait leaves next to its failure (the
  /// browser's screenshot of the page it waited on) to the running test,
  /// through the installed recorder.
  ///
  /// - Parameters:
  ///   - contents: The file's bytes.
  ///   - name: The file's name, such as `page.png`.
  /// - Returns: Whether a test took the attachment; `false` under XCTest
  ///   (no attachments on Linux) and outside a test, where the caller keeps
  ///   the file itself.
  package static func attach(_ contents: [UInt8], named name: String) -> Bool {
    recorder.attach(contents, named: name)
  }

  /// Whether `error` stands for a failure a test framework recorded already.
  ///
  /// - Parameter error: An error a condition or an attempt threw.
  /// - Returns: `true` for the framework's own "already recorded" errors.
  static func wasRecorded(_ error: any Error) -> Bool {
    recorder.isAlreadyRecorded(error)
  }

  /// Runs one attempt of an assertion block: through the installed
  /// recorder inside a test, else as a plain call that passes when it does
  /// not throw.
  ///
  /// - Parameters:
  ///   - quietly: Whether what the attempt records must not fail the test.
  ///   - location: Where the wait was called.
  ///   - isolation: The actor the attempt runs on.
  ///   - attempt: The assertion block.
  /// - Returns: What the attempt recorded and threw.
  static func run(
    quietly: Bool, at location: CallSite, isolation: isolated (any Actor)?,
    _ attempt: () async throws -> Void
  ) async -> AttemptResult {
    await recorder.runAttempt(quietly: quietly, at: location, isolation: isolation, attempt)
  }

  /// The error a failing wait throws: the recorder's replacement when a test
  /// recorded the failure, `error` otherwise.
  ///
  /// - Parameters:
  ///   - error: The wait's error.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  package static func report(
    _ error: some Error & CustomStringConvertible, at location: CallSite
  ) -> any Error {
    guard WaitDefaults.inEffect.recordsFailures else { return error }
    return recorder.record(message(of: error.description, at: location), at: location) ?? error
  }

  /// The error a throwing wait fails with when its condition threw `error`:
  /// inside a running test, a failure of the wait recorded at its line, and
  /// the recorder's replacement; outside one, `error` itself.
  ///
  /// - Parameters:
  ///   - error: What the condition threw.
  ///   - source: What threw, for the message: "condition" by default.
  ///   - comment: What the wait was for, or `nil`.
  ///   - probe: The probe that threw.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  static func report(
    conditionError error: any Error, source: String = "condition", comment: String?, probe: ProbeContext,
    location: CallSite
  ) -> any Error {
    let recorder = recorder
    guard !(error is CancellationError), !recorder.isAlreadyRecorded(error),
      WaitDefaults.inEffect.recordsFailures
    else { return error }
    let subject = comment.map { "The \(source) of \"\($0)\"" } ?? "The \(source)"
    let when =
      probe.index == 1
      ? "on the first probe" : "on probe \(probe.index), \(probe.elapsed.shortDescription) into the wait"
    var lines = ["\(subject) threw an error \(when)"]
    for (index, line) in "\(error)".split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      lines.append(index == 0 ? "  error: \(line)" : "    \(line)")
    }
    lines.append("  at \(location)")
    return recorder.record(message(of: lines.joined(separator: "\n"), at: location), at: location) ?? error
  }

  /// A failure's text without its closing `at` line.
  private static func message(of text: String, at location: CallSite) -> String {
    let atLine = "\n  at \(location)"
    return text.hasSuffix(atLine) ? String(text.dropLast(atLine.count)) : text
  }
}

/// Runs a throwing wait's validation: an invalid configuration is reported
/// to a running test at the wait's location, like any failure of the wait,
/// before it is thrown.
///
/// - Parameters:
///   - location: Where the wait was called, or `nil` for a wait that
///     reports nothing (a `Bool` form).
///   - body: The validation, such as making the wait's poller.
/// - Returns: What `body` returns.
/// - Throws: The ``AsyncWaitError`` of `body`, or, inside a test, the
///   recorder's replacement for it.
func validating<T>(at location: CallSite?, _ body: () throws(AsyncWaitError) -> T)
  throws -> T
{
  do {
    return try body()
  } catch {
    guard let location else { throw error }
    throw FailureRecording.report(error, at: location)
  }
}
