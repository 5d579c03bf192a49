@_exported public import AsyncWait
@_exported public import AsyncWaitElements
import AsyncWaitTestingLoader
import Testing

#if canImport(XCTest)
  import XCTest
#endif
#if canImport(Darwin)
  import Dispatch
#endif

/// Installs the recorder through which failing waits report to the running test.
///
/// Called once, at load, by the loader's C constructor.
@_cdecl("asyncwait_testing_install")
func install() {
  FailureRecording.install(TestFrameworks.record)
  #if canImport(XCTest)
    XCTestTracking.start()
  #endif
}

/// Records a failing wait in the test framework that is running it.
enum TestFrameworks {
  /// Records `message` at `location` in the running Swift Testing test or
  /// XCTest test case; returns the error that stops the test without being
  /// recorded again, or `nil` when no test is running.
  @Sendable
  static func record(_ message: String, at location: AsyncWait.SourceLocation) -> (any Error)? {
    if Test.current != nil { return recordInSwiftTesting(message, at: location) }
    #if canImport(XCTest)
      if XCTestTracking.isRunning { return recordInXCTest(message, at: location) }
    #endif
    return nil
  }

  /// Records in Swift Testing through `#require`.
  ///
  /// It records one issue at the wait's location, with the message as its
  /// comment, and throws `ExpectationFailedError`, which the testing library
  /// does not record a second time.
  private static func recordInSwiftTesting(_ message: String, at location: AsyncWait.SourceLocation)
    -> (any Error)?
  {
    let sourceLocation = Testing.SourceLocation(
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    let waitSucceeded = false
    do {
      try #require(waitSucceeded, Comment(rawValue: message), sourceLocation: sourceLocation)
    } catch {
      return error
    }
    return nil
  }

  #if canImport(XCTest)
    /// Records in XCTest through `XCTUnwrap` of an absent value.
    ///
    /// It records one failure at the wait's file and line, with the message,
    /// and throws the error XCTest does not record a second time. Its file parameter is a
    /// `StaticString`, so the wait's `#filePath` is passed on as the
    /// compiler spelled it.
    private static func recordInXCTest(_ message: String, at location: AsyncWait.SourceLocation) -> (
      any Error
    )? {
      guard let file = location.staticFilePath else { return nil }
      do {
        _ = try XCTUnwrap(Optional<AsyncWaitFailure>.none, message, file: file, line: UInt(location.line))
      } catch {
        return error
      }
      return nil
    }
  #endif
}

/// The value an XCTest failure of a wait names: XCTest reports it as an
/// expected value of this type that was not there.
struct AsyncWaitFailure {}

#if canImport(XCTest)
  /// Knows whether an XCTest test case is running, from XCTest's observation
  /// center.
  enum XCTestTracking {
    private static let running = Locked(0)

    /// Whether a test case is running now.
    static var isRunning: Bool { running.withLock { $0 > 0 } }

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

    #if canImport(Darwin)
      typealias Base = NSObject
    #else
      class Base {}
    #endif

    /// Counts the test cases that have started and not finished.
    final class Observer: Base, XCTestObservation {
      let running: Locked<Int>

      init(running: Locked<Int>) {
        self.running = running
      }

      func testCaseWillStart(_ testCase: XCTestCase) {
        running.withLock { $0 += 1 }
      }

      func testCaseDidFinish(_ testCase: XCTestCase) {
        running.withLock { $0 = max($0 - 1, 0) }
      }
    }
  }
#endif
