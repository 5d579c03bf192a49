/// What a test framework does for the waits: record a failure, a warning
/// or an attachment in the running test, tell its own errors, run an
/// assertion block's attempt, and give the running test's defaults.
///
/// The core does not link a test framework, so that it can be linked into
/// code that is not a test. `AsyncWaitTesting`, the product for test
/// targets, conforms one value to this protocol (`TestFrameworks`, in its
/// file `TestFrameworks.swift`) and installs it once, when the test binary
/// is loaded. Until then the installed recorder is
/// ``FailureRecording/OutsideTests``, what a wait does outside a test:
/// nothing is recorded, and the wait throws its own error. No requirement
/// has a default, so that a recorder whose method drifts from its
/// requirement does not build, rather than act as if no test were running.
package protocol FailureRecorder: Sendable {
  /// Records `message` as a failure at `location` in the running test, and
  /// returns the error to throw in place of the wait's, one the framework
  /// does not record a second time; `nil` when no test is running.
  ///
  /// The message is the failure's text without its last line, the `at`
  /// line: the test framework shows the location itself.
  func record(_ message: String, at location: CallSite) -> (any Error)?

  /// Records `message` as a warning at `location` in the running test;
  /// returns whether a test took it.
  func warn(_ message: String, at location: CallSite) -> Bool

  /// Attaches a file's contents, with a name, to the running test; returns
  /// whether a test took it.
  func attach(_ contents: [UInt8], named name: String) -> Bool

  /// Whether `error` is one a framework throws after recording its own
  /// failure (`ExpectationFailedError`, `XCTSkip`, `XCTUnwrap`'s): such an
  /// error, thrown by a condition, is passed on as it is, not recorded
  /// again as the wait's.
  func isAlreadyRecorded(_ error: any Error) -> Bool

  /// Runs one attempt of an assertion block in the running test: `quietly`,
  /// so that what it records does not fail the test, or for real; returns
  /// how many issues it recorded and the error it threw.
  func runAttempt(
    quietly: Bool, at location: CallSite, isolation: isolated (any Actor)?,
    _ attempt: () async throws -> Void
  ) async -> FailureRecording.AttemptResult

  /// The running test's defaults from its test framework (an XCTest
  /// class's), or `nil` when it sets none or no test is running.
  func frameworkDefaults() -> WaitDefaults?

  /// The running test's name, as its framework prints it, for the wait
  /// report (``WaitReport``); `nil` when no test is running.
  func currentTestName() -> String?
}

extension FailureRecording {
  /// The recorder of a process without a test framework, until
  /// `AsyncWaitTesting` installs its own: nothing is recorded, and a wait
  /// throws its own error.
  package struct OutsideTests: FailureRecorder {
    /// Makes the recorder.
    package init() {}

    /// Records nothing: no test is running.
    package func record(_ message: String, at location: CallSite) -> (any Error)? { nil }

    /// Records nothing: no test is running.
    package func warn(_ message: String, at location: CallSite) -> Bool { false }

    /// Attaches nothing: no test is running.
    package func attach(_ contents: [UInt8], named name: String) -> Bool { false }

    /// No error is a framework's own outside a test.
    package func isAlreadyRecorded(_ error: any Error) -> Bool { false }

    /// Runs the attempt as a plain call, which passes when it does not throw.
    package func runAttempt(
      quietly: Bool, at location: CallSite, isolation: isolated (any Actor)?,
      _ attempt: () async throws -> Void
    ) async -> FailureRecording.AttemptResult {
      do {
        try await attempt()
        return FailureRecording.AttemptResult(issues: 0, error: nil)
      } catch {
        return FailureRecording.AttemptResult(issues: 0, error: error)
      }
    }

    /// No framework defaults outside a test.
    package func frameworkDefaults() -> WaitDefaults? { nil }

    /// No test is running.
    package func currentTestName() -> String? { nil }
  }
}
