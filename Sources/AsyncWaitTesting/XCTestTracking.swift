// The core's SPI, for its lock: imported only in files that export nothing
// (Exports.swift re-exports the core's API only).
@_spi(Integrations) import AsyncWait

#if canImport(XCTest)
  import Foundation
  import XCTest
  #if canImport(Darwin)
    import Dispatch
  #endif

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
    /// record a failure, which XCTest's own assertions do from any thread.
    struct RunningTestCases: @unchecked Sendable {
      /// The test cases, each with the defaults of its class
      /// (``WaitDefaultsProviding``), if it sets any.
      var stack: [(testCase: XCTestCase, defaults: WaitDefaults?)] = []
      /// The failures XCTest recorded since the process started.
      var failures = 0
      var current: XCTestCase? { stack.last?.testCase }
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
        timeout: trait.timeout, pollingInterval: trait.pollingInterval, deadline: trait.deadline,
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
        running.withLock { running in
          if let index = running.stack.lastIndex(where: { $0.testCase === testCase }) {
            running.stack.remove(at: index)
          }
        }
      }
    }
  }
#endif
