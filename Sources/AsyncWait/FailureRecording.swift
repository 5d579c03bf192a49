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
  package typealias Recorder = @Sendable (_ message: String, _ location: SourceLocation) -> (any Error)?

  private static let installed = Locked<Recorder?>(nil)

  /// Installs the recorder that every later failing wait reports to.
  ///
  /// - Parameter recorder: The recorder.
  package static func install(_ recorder: @escaping Recorder) {
    installed.withLock { $0 = recorder }
  }

  /// The error a failing wait throws: the recorder's replacement when a test
  /// recorded the failure, `error` otherwise.
  ///
  /// - Parameters:
  ///   - error: The wait's error.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  static func report(_ error: some Error & CustomStringConvertible, at location: SourceLocation) -> any Error
  {
    guard WaitDefaults.scoped.recordsFailures, let recorder = installed.withLock({ $0 }) else { return error }
    return recorder(error.description, location) ?? error
  }
}
