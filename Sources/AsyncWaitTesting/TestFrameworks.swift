// The recorder, whole, in one file: how a failing wait is recorded in each
// test framework, how XCTest's running test case is known, and how the
// recorder is installed.
//
// The core's SPI, for its lock: imported only in files that export nothing
// (Exports.swift re-exports the core's API only).
@_spi(Integrations) import AsyncWait
import AsyncWaitElements
import Testing

#if canImport(XCTest)
  import Foundation
  import XCTest
#endif
#if canImport(Darwin)
  import Dispatch
#endif

/// Records a failing wait in the test framework that is running it.
///
/// Each framework gets the wait's message as the first line of its failure,
/// at the wait's line, once, and the test stops there. Why these routes:
/// the article "Using the waits in Swift Testing and XCTest", section "How
/// the failure is recorded, and what was tried".
struct TestFrameworks: FailureRecorder {
  /// The line that follows every recorded failure: the wait recorded it, and
  /// how to get the wait's own error instead.
  static let catchingHint =
    "recorded by the wait; to catch its error in the test instead, "
    + "run the wait inside withWaitDefaults(recordsFailures: false)"

  /// Records `message` at `location` in the running Swift Testing test or
  /// XCTest test case; returns the error that stops the test without being
  /// recorded again, or `nil` when no test is running.
  func record(_ message: String, at location: CallSite) -> (any Error)? {
    if Test.current != nil { return recordInSwiftTesting(message, at: location) }
    #if canImport(XCTest)
      if let testCase = XCTestTracking.current { return recordInXCTest(message, at: location, in: testCase) }
    #endif
    return nil
  }

  /// Records a near-timeout warning at `location` in the running test.
  ///
  /// In Swift Testing it is an issue of warning severity, which does not
  /// fail the test; in XCTest, which has no warnings, a line on standard
  /// error in the compiler's form, as XCTest prints its failures
  /// (`path:line: warning: Case.test : …`), which Xcode and CI logs pick
  /// out. `false` when no test is running.
  func warn(_ message: String, at location: CallSite) -> Bool {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message), severity: .warning,
        sourceLocation: Testing.SourceLocation(location))
      return true
    }
    #if canImport(XCTest)
      guard let testCase = XCTestTracking.current else { return false }
      // As XCTest prints its own failures: `path:line: error: Case.test : …`.
      let text = "\(location.filePath):\(location.line): warning: \(testCase.name) : \(message)\n"
      FileHandle.standardError.write(Data(text.utf8))
      return true
    #else
      return false
    #endif
  }

  /// Attaches a failure artifact to the running Swift Testing test, with
  /// `Attachment.record`; `false` when none is running (XCTest on Linux has
  /// no attachments).
  func attach(_ contents: [UInt8], named name: String) -> Bool {
    guard Test.current != nil else { return false }
    Attachment.record(contents, named: name)
    return true
  }

  /// Whether `error` is one a framework throws after recording its failure:
  /// Swift Testing's `ExpectationFailedError` (from `#require` or a failing
  /// wait), XCTest's `XCTSkip` (from a failing wait, or a skip) and the
  /// error of `XCTUnwrap` (from a failing wait on Linux, or `XCTUnwrap`).
  func isAlreadyRecorded(_ error: any Error) -> Bool {
    if error is ExpectationFailedError { return true }
    #if canImport(XCTest)
      if error is XCTSkip { return true }
      #if !canImport(Darwin)
        if let stop = XCTestTracking.unwrapError, type(of: error) == type(of: stop) { return true }
      #endif
    #endif
    return false
  }

  /// Runs one attempt of an assertion block (``requirePassing(_:timeout:pollingInterval:clock:isolation:callSite:fileID:filePath:line:column:_:)``).
  ///
  /// In Swift Testing the attempt runs inside `withKnownIssue`, whose
  /// matcher counts every issue the attempt records and, for a quiet
  /// attempt, marks it known, so that it does not fail the test; for a real
  /// attempt it leaves it as it is. A quiet attempt also runs with
  /// `recordsFailures: false`, so a wait inside it throws instead of
  /// recording. In XCTest, and outside a test, only the second holds:
  /// XCTest has no public way to keep an `XCTAssert` from failing the test;
  /// the failures it records during an attempt are counted, so that the
  /// attempt does not pass.
  func runAttempt(
    quietly: Bool, at location: CallSite, isolation: isolated (any Actor)?,
    _ attempt: () async throws -> Void
  ) async -> FailureRecording.AttemptResult {
    var thrown: (any Error)?
    // Isolated to the caller by its parameter, so that the attempt runs
    // there even when called from a closure that a framework runs with no
    // isolation of its own (`withKnownIssue`'s body); see the comment in
    // `Poller.sleepAndPoll` (#38).
    func run(_ isolation: isolated (any Actor)?) async {
      do {
        if quietly {
          try await withWaitDefaults(recordsFailures: false, isolation: isolation) { try await attempt() }
        } else {
          try await attempt()
        }
      } catch {
        thrown = error
      }
    }
    guard Test.current != nil else {
      #if canImport(XCTest)
        // XCTest cannot keep an XCTAssert from failing the test, but an
        // attempt that recorded a failure has not passed: count them.
        let before = XCTestTracking.failureCount
        await run(isolation)
        return FailureRecording.AttemptResult(issues: XCTestTracking.failureCount - before, error: thrown)
      #else
        await run(isolation)
        return FailureRecording.AttemptResult(issues: 0, error: thrown)
      #endif
    }
    let issues = Locked(0)
    let sourceLocation = Testing.SourceLocation(location)
    await withKnownIssue(isIntermittent: true, isolation: isolation, sourceLocation: sourceLocation) {
      await run(isolation)
    } matching: { issue in
      // A warning (a wait in the attempt that passed near its timeout) is
      // not a failure of the attempt: it is recorded as it is.
      guard issue.severity != .warning else { return false }
      issues.withLock { $0 += 1 }
      return quietly
    }
    return FailureRecording.AttemptResult(issues: issues.withLock { $0 }, error: thrown)
  }

  /// Records in Swift Testing as a failed expectation whose expression is
  /// the wait's message.
  ///
  /// It is what `#require` does, with the wait's text where `#require` puts
  /// the source code of its argument, so the issue reads
  /// `Expectation failed: Timed out after …` at the wait's line and column.
  /// It throws `ExpectationFailedError`, the one error the testing library
  /// does not record a second time, so the test stops with one issue.
  ///
  /// The package's one call of `__checkValue`, the entry point the testing
  /// library's macros expand to: a change of its signature in the
  /// toolchain stops this module from building, and
  /// `Scripts/test-recording.sh` compares what it records with the
  /// transcripts in the docs.
  private func recordInSwiftTesting(_ message: String, at location: CallSite)
    -> (any Error)?
  {
    let sourceLocation = Testing.SourceLocation(location)
    let result = __checkValue(
      false, expression: .__fromSyntaxNode(message), comments: [Comment(rawValue: Self.catchingHint)],
      isRequired: true, sourceLocation: sourceLocation)
    if case .failure(let error) = result { return error }
    return nil
  }

  #if canImport(XCTest)
    /// Records in XCTest as a failure whose description is the wait's
    /// message, at the wait's file and line, and returns the error that
    /// stops the test without a second failure.
    ///
    /// XCTest records every error a test throws as a second failure, except
    /// `XCTSkip` and the internal error of `XCTUnwrap`. On Linux the wait
    /// throws `XCTUnwrap`'s error (captured when the bundle starts; its own
    /// failure text, `XCTUnwrap failed: expected non-nil value…`, is never
    /// recorded), so the summary counts the test as failed and nothing
    /// else. On Apple platforms, and if the capture failed, it throws
    /// `XCTSkip`, placed at the wait's line and saying why the rest of the
    /// test did not run; the summary then counts the test as skipped too.
    private func recordInXCTest(
      _ message: String, at location: CallSite, in testCase: XCTestCase
    ) -> (any Error)? {
      let text = message + "\n  " + Self.catchingHint
      #if canImport(Darwin)
        let context = XCTSourceCodeContext(
          location: XCTSourceCodeLocation(filePath: location.filePath, lineNumber: location.line))
        testCase.record(
          XCTIssue(type: .assertionFailure, compactDescription: text, sourceCodeContext: context))
      #else
        testCase.recordFailure(
          withDescription: text, inFile: location.filePath, atLine: location.line, expected: true)
      #endif
      #if !canImport(Darwin)
        // The error XCTUnwrap throws after recording its own failure, which
        // corelibs-xctest does not record again, and which does not count
        // the test as skipped; captured at bundle start (see XCTestTracking).
        if let stop = XCTestTracking.unwrapError { return stop }
      #endif
      let stopped = "the rest of the test did not run: the wait above failed"
      guard let file = location.staticFilePath else { return XCTSkip(stopped) }
      return XCTSkip(stopped, file: file, line: UInt(location.line))
    }
  #endif

  /// The running XCTest test case's class defaults (``WaitDefaultsProviding``),
  /// or `nil`; Swift Testing's come by task-local scopes (``WaitDefaultsTrait``).
  func frameworkDefaults() -> WaitDefaults? {
    #if canImport(XCTest)
      XCTestTracking.defaults()
    #else
      nil
    #endif
  }

  /// The running test's name: a Swift Testing test's suites and function
  /// (`InboxTests/loads()`), an XCTest case's name
  /// (`InboxTests.testLoads`); `nil` between tests.
  func currentTestName() -> String? {
    if let test = Test.current {
      return test.id.nameComponents.joined(separator: "/")
    }
    #if canImport(XCTest)
      return XCTestTracking.current?.name
    #else
      return nil
    #endif
  }

  /// Installs the recorder in the core and starts following XCTest's test
  /// cases; run once, when the test binary is loaded (``installAtLoad``).
  fileprivate static func install() {
    FailureRecording.install(TestFrameworks())
    #if canImport(XCTest)
      XCTestTracking.start()
    #endif
  }
}

#if canImport(XCTest)
  /// Knows which XCTest test case is running, from XCTest's observation
  /// center.
  enum XCTestTracking {
    private static let running = Locked(RunningTestCases())

    /// The test case running now, or `nil` between test cases.
    static var current: XCTestCase? { running.withLock { $0.current } }

    /// Registers the observer.
    ///
    /// On Apple platforms XCTest accepts observers only on the main thread,
    /// and the loader may run on another, before XCTest is set up: the
    /// registration is sent to the main queue, as other libraries that
    /// observe tests do.
    static func start() {
      #if canImport(Darwin)
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            XCTestObservationCenter.shared.addTestObserver(Observer(running: running))
          }
        }
      #else
        XCTestObservationCenter.shared.addTestObserver(Observer(running: running))
      #endif
    }

    /// The test cases that have started and not finished, innermost last.
    ///
    /// `@unchecked Sendable`: `XCTestCase` is not `Sendable`, but the
    /// references are only kept under ``running``'s lock and only used to
    /// record a failure, which XCTest's own assertions do from any thread,
    /// and to read the case's `name` for the wait report, a string XCTest
    /// sets before the case starts and never changes.
    struct RunningTestCases: @unchecked Sendable {
      /// The test cases, each with the defaults of its class
      /// (``WaitDefaultsProviding``), if it sets any.
      var stack: [(testCase: XCTestCase, defaults: WaitDefaults?)] = []
      /// The failures XCTest recorded since the process started.
      var failures = 0
      /// What runs when a test case of the stack finishes, by its identity.
      var finishing: [ObjectIdentifier: [@Sendable () -> Void]] = [:]
      var current: XCTestCase? { stack.last?.testCase }
    }

    /// The identity and the class of the test case running now, or `nil`
    /// between test cases.
    static var currentIdentity: (id: ObjectIdentifier, type: XCTestCase.Type)? {
      running.withLock { running in running.current.map { (ObjectIdentifier($0), type(of: $0)) } }
    }

    /// Calls `handler` when the test case `id` finishes; `false`, calling
    /// nothing, when it is not running.
    static func whenFinished(_ id: ObjectIdentifier, _ handler: @escaping @Sendable () -> Void) -> Bool {
      running.withLock { running in
        guard running.stack.contains(where: { ObjectIdentifier($0.testCase) == id }) else { return false }
        running.finishing[id, default: []].append(handler)
        return true
      }
    }

    /// The wait defaults of the running test case's class, or `nil` when it
    /// sets none or no test case is running.
    @Sendable
    static func defaults() -> WaitDefaults? {
      running.withLock { $0.stack.last?.defaults }
    }

    /// The defaults a test case's class sets, made as XCTest starts it.
    static func defaults(of testCase: XCTestCase) -> WaitDefaults? {
      guard let provider = type(of: testCase) as? any WaitDefaultsProviding.Type else { return nil }
      let trait = provider.waitDefaults
      return WaitDefaults.standard.applying(
        timeout: trait.timeout, actionTimeout: trait.actionTimeout,
        navigationTimeout: trait.navigationTimeout,
        pollingInterval: trait.pollingInterval, deadline: trait.deadline,
        recordsFailures: trait.recordsFailures, standstillLimit: trait.standstillLimit,
        nearTimeoutWarning: trait.nearTimeoutWarning, clock: ContinuousClock())
    }

    #if !canImport(Darwin)
      private static let captured = Locked<(any Error)?>(nil)

      /// The error `XCTUnwrap` throws for `nil`, captured when the bundle
      /// starts, or `nil` if it could not be.
      static var unwrapError: (any Error)? { captured.withLock { $0 } }

      /// Captures `XCTUnwrap`'s error while no test case runs: corelibs-xctest
      /// records an assertion's failure only in the current test case
      /// (`XCTCurrentTestCase`), and drops it when there is none.
      static func captureUnwrapError() {
        do {
          _ = try XCTUnwrap(Int?.none)
        } catch {
          captured.withLock { $0 = error }
        }
      }
    #endif

    /// How many failures XCTest has recorded so far, in any test case.
    static var failureCount: Int { running.withLock { $0.failures } }

    #if canImport(Darwin)
      typealias Base = NSObject
    #else
      class Base {}
    #endif

    /// Keeps the test cases that have started and not finished.
    final class Observer: Base, XCTestObservation {
      let running: Locked<RunningTestCases>

      init(running: Locked<RunningTestCases>) {
        self.running = running
      }

      #if !canImport(Darwin)
        func testBundleWillStart(_ testBundle: Bundle) {
          XCTestTracking.captureUnwrapError()
        }
      #endif

      func testCaseWillStart(_ testCase: XCTestCase) {
        let defaults = XCTestTracking.defaults(of: testCase)
        running.withLock { $0.stack.append((testCase, defaults)) }
      }

      #if canImport(Darwin)
        func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
          running.withLock { $0.failures += 1 }
        }
      #else
        func testCase(
          _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
          atLine lineNumber: Int
        ) {
          running.withLock { $0.failures += 1 }
        }
      #endif

      func testCaseDidFinish(_ testCase: XCTestCase) {
        let handlers = running.withLock { running in
          if let index = running.stack.lastIndex(where: { $0.testCase === testCase }) {
            running.stack.remove(at: index)
          }
          return running.finishing.removeValue(forKey: ObjectIdentifier(testCase)) ?? []
        }
        for handler in handlers { handler() }
      }
    }
  }
#endif

#if canImport(XCTest)
  /// The XCTest test case running now, for the integrations' test products
  /// (AsyncWaitBrowserTesting gives each test of a class its own browser
  /// context, closed when the test case finishes).
  @_spi(Integrations) public enum RunningXCTestCase {
    /// The identity and the class of the test case running now, or `nil`
    /// between test cases.
    public static var current: (id: ObjectIdentifier, type: any AnyObject.Type)? {
      XCTestTracking.currentIdentity
    }

    /// Calls `handler` once, when the test case `id` finishes.
    ///
    /// - Parameters:
    ///   - id: The identity of a running test case, from ``current``.
    ///   - handler: What to run; it must not block.
    /// - Returns: `false`, calling nothing, when `id` is not running.
    public static func whenFinished(_ id: ObjectIdentifier, _ handler: @escaping @Sendable () -> Void) -> Bool
    {
      XCTestTracking.whenFinished(id, handler)
    }
  }
#endif

// Why at load, and why not in C: a test target that depends on this product
// needs no line of setup, and XCTest shows a test case only to an observer
// registered before the case starts (corelibs-xctest has no public way to
// ask for the running case), so the observer is registered when the test
// binary is loaded, before any test runs. Swift runs no code at load, but
// a function pointer in the object format's initializer section (SE-0492's
// `@section`, with `@used` so that the compiler keeps it) is called by the
// loader as a C constructor is; this is the only such function in the
// package. On Linux, `FailureRecordingTests` runs a child process with this
// module linked and fails if the recorder was not installed by the time its
// tests wait; `Scripts/check-apple-sources.sh` compiles the Mach-O form of
// the declaration and checks that it lands in a section of initializers.
// WebAssembly gets no installer: a failing wait there throws its own error.
#if compiler(>=6.3)
  #if objectFormat(ELF)
    @used @section(".init_array")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #elseif objectFormat(MachO)
    // The section type is the one clang gives `__attribute__((constructor))`.
    @used @section("__DATA,__mod_init_func,mod_init_funcs")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #elseif objectFormat(COFF)
    @used @section(".CRT$XCU")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #endif
#else
  // Swift 6.2 spells the same attributes with underscores, behind the
  // experimental feature the manifest enables for this target alone; not
  // built in CI, which has Swift 6.3.
  #if canImport(Darwin)
    @_used @_section("__DATA,__mod_init_func,mod_init_funcs")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #elseif os(Windows)
    @_used @_section(".CRT$XCU")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #elseif !arch(wasm32)
    @_used @_section(".init_array")
    private let installAtLoad: @convention(c) () -> Void = { TestFrameworks.install() }
  #endif
#endif
