/// Where a failing throwing wait reports its failure before it throws.
///
/// The core does not link a test framework, so that it can be linked into
/// code that is not a test. `AsyncWaitTesting`, a product for test targets,
/// installs a recorder when its library is loaded: inside a running Swift
/// Testing test or XCTest test case it records the failure at the wait's
/// source location and returns the error to throw in its place, one the
/// framework does not record a second time. Outside a test, or with no
/// recorder installed, the wait throws its own error.
package enum FailureRecording {
  /// Records a failure's message at a location when a test is running, and
  /// returns the error to throw instead; returns `nil` when no test is running.
  ///
  /// The message is the failure's text without its last line, the `at`
  /// line: the test framework shows the location itself.
  package typealias Recorder = @Sendable (_ message: String, _ location: CallSite) -> (any Error)?

  /// Runs one attempt of an assertion block in the running test: `quietly`,
  /// so that what it records does not fail the test, or for real; returns
  /// how many issues it recorded and the error it threw.
  package typealias AttemptRunner =
    @Sendable (
      _ quietly: Bool, _ location: CallSite, _ isolation: isolated (any Actor)?,
      _ attempt: () async throws -> Void
    ) async -> AttemptResult

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

  /// The recorder, and the runner of attempts.
  ///
  /// Both are `nil` until `AsyncWaitTesting` is loaded. No other lock is
  /// taken while it is held.
  private static let installed = Locked<
    (
      recorder: Recorder?, runner: AttemptRunner?, isRecorded: (@Sendable (any Error) -> Bool)?,
      attacher: Attacher?, warner: Warner?, defaults: DefaultsProvider?
    )
  >((nil, nil, nil, nil, nil, nil))

  /// Records a warning's message at a location in the running test;
  /// returns whether a test took it.
  package typealias Warner = @Sendable (_ message: String, _ location: CallSite) -> Bool

  /// The running test's defaults from its test framework (an XCTest
  /// class's), or `nil` when it sets none.
  package typealias DefaultsProvider = @Sendable () -> WaitDefaults?

  /// Installs the warner that near-timeout warnings go to.
  ///
  /// - Parameter warner: The warner.
  package static func install(warner: @escaping Warner) {
    installed.withLock { $0.warner = warner }
  }

  /// Records `message` as a warning at `location` in the running test,
  /// through the installed warner; nothing outside a test.
  ///
  /// - Parameters:
  ///   - message: The warning.
  ///   - location: Where the wait was called.
  static func warn(_ message: String, at location: CallSite) {
    _ = installed.withLock { $0.warner }?(message, location)
  }

  /// Installs the provider of the running test's framework defaults.
  ///
  /// - Parameter provider: The provider.
  package static func install(defaults provider: @escaping DefaultsProvider) {
    installed.withLock { $0.defaults = provider }
  }

  /// The provider of the running test's framework defaults, read once, at
  /// the first wait: it is installed when `AsyncWaitTesting` loads, before
  /// any wait runs, and a wait outside any scope reads it, so the read is
  /// a constant's, not a lock's.
  static let frameworkDefaults: DefaultsProvider? = installed.withLock { $0.defaults }

  /// Attaches a file's contents, with a name, to the running test; returns
  /// whether a test took it.
  package typealias Attacher = @Sendable (_ contents: [UInt8], _ name: String) -> Bool

  /// Installs the attacher that failure artifacts go to.
  ///
  /// - Parameter attacher: The attacher.
  package static func install(attacher: @escaping Attacher) {
    installed.withLock { $0.attacher = attacher }
  }

  /// Attaches `contents` to the running test through the installed
  /// attacher; `false` when none is installed or no test takes attachments.
  static func attach(_ contents: [UInt8], named name: String) -> Bool {
    installed.withLock { $0.attacher }?(contents, name) ?? false
  }

  /// Installs the recorder that every later failing wait reports to.
  ///
  /// - Parameter recorder: The recorder.
  package static func install(_ recorder: @escaping Recorder) {
    installed.withLock { $0.recorder = recorder }
  }

  /// Installs the check that tells an error a test framework throws after
  /// recording its failure (`ExpectationFailedError`, `XCTSkip`,
  /// `XCTUnwrap`'s): such an error, thrown by a condition, is passed on as
  /// it is, not recorded again as the wait's.
  ///
  /// - Parameter isRecorded: Whether an error stands for a failure that was
  ///   recorded already.
  package static func install(alreadyRecorded isRecorded: @escaping @Sendable (any Error) -> Bool) {
    installed.withLock { $0.isRecorded = isRecorded }
  }

  /// Whether `error` stands for a failure a test framework recorded already.
  ///
  /// - Parameter error: An error a condition or an attempt threw.
  /// - Returns: `true` for the framework's own "already recorded" errors.
  static func wasRecorded(_ error: any Error) -> Bool {
    installed.withLock { $0.isRecorded }?(error) ?? false
  }

  /// Installs the runner of assertion blocks' attempts.
  ///
  /// - Parameter runner: The runner.
  package static func install(attempts runner: @escaping AttemptRunner) {
    installed.withLock { $0.runner = runner }
  }

  /// Runs one attempt of an assertion block: through the installed runner
  /// inside a test, else as a plain call that passes when it does not throw.
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
    if let runner = installed.withLock({ $0.runner }) {
      return await runner(quietly, location, isolation, attempt)
    }
    do {
      try await attempt()
      return AttemptResult(issues: 0, error: nil)
    } catch {
      return AttemptResult(issues: 0, error: error)
    }
  }

  /// The error a failing wait throws: the recorder's replacement when a test
  /// recorded the failure, `error` otherwise.
  ///
  /// - Parameters:
  ///   - error: The wait's error.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  static func report(_ error: some Error & CustomStringConvertible, at location: CallSite) -> any Error {
    guard WaitDefaults.inEffect.recordsFailures, let recorder = installed.withLock({ $0.recorder }) else {
      return error
    }
    return recorder(message(of: error.description, at: location), location) ?? error
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
    guard !(error is CancellationError), !wasRecorded(error), WaitDefaults.inEffect.recordsFailures,
      let recorder = installed.withLock({ $0.recorder })
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
    return recorder(message(of: lines.joined(separator: "\n"), at: location), location) ?? error
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
///     reports nothing (a `Bool` form); read only when `body` throws.
///   - body: The validation, such as making the wait's poller.
/// - Returns: What `body` returns.
/// - Throws: The ``AsyncWaitError`` of `body`, or, inside a test, the
///   recorder's replacement for it.
func validating<T>(at location: @autoclosure () -> CallSite?, _ body: () throws(AsyncWaitError) -> T)
  throws -> T
{
  do {
    return try body()
  } catch {
    guard let location = location() else { throw error }
    throw FailureRecording.report(error, at: location)
  }
}
