/// An error that ends a wait whose condition did not hold before its timeout.
///
/// The throwing waits, such as ``requireEventually(_:timeout:pollingInterval:clock:isolation:fileID:filePath:line:column:_:)``,
/// throw this error instead of returning `false`. Its ``description`` reads as
/// a test failure: what was awaited, for how long, how often it was probed,
/// what the last probe saw, and where the wait was called.
///
/// ```
/// Timed out after 2 s waiting for "the server reports ready"
///   (21 probes over 2.001 s, polling every 100 ms on ContinuousClock)
///   at ServerTests/StartupTests.swift:14:15
/// ```
///
/// The error depends on neither XCTest nor Swift Testing. Its ``location`` is
/// the line that waited, so a test can report the failure there rather than
/// at the line that caught it:
///
/// ```swift
/// } catch let error as WaitTimeoutError {
///   Issue.record(
///     "\(error)",
///     sourceLocation: Testing.SourceLocation(
///       fileID: error.location.fileID, filePath: error.location.filePath,
///       line: error.location.line, column: error.location.column))
/// }
/// ```
///
/// <doc:waiting-for-a-condition> shows the same for XCTest.
public struct WaitTimeoutError: Error, Sendable, CustomStringConvertible {
  /// What the caller said it was waiting for, if anything.
  public var comment: String?
  /// The timeout the wait was given.
  public var timeout: Duration
  /// The interval the wait slept between probes; for a schedule other than a
  /// fixed interval, its first interval.
  public var pollingInterval: Duration
  /// The wait's polling schedule when it was not a fixed interval.
  public var schedule: PollingSchedule?
  /// How many times the condition ran, including the final probe at the deadline.
  public var probeCount: Int
  /// The time from the start of the wait to the end of its last probe, on the wait's clock.
  public var elapsed: Duration
  /// The name of the clock the wait ran on, such as `ContinuousClock`.
  public var clockName: String
  /// What the last probe saw, when the wait could describe it; element waits
  /// fill this with the element's state and a dump of its tree.
  public var lastObservation: String?
  /// The last error the condition threw, when the wait retried errors.
  public var lastError: (any Error)?
  /// Where the wait was called.
  public var location: SourceLocation

  /// Creates a timeout error.
  ///
  /// Waits create these; the initializer is public so that wrappers around
  /// this package can throw the same error with their own observations.
  ///
  /// - Parameters:
  ///   - comment: What was awaited, or `nil`.
  ///   - timeout: The timeout the wait was given.
  ///   - pollingInterval: The interval between probes.
  ///   - probeCount: How many probes ran.
  ///   - elapsed: How long the wait took on its clock.
  ///   - clockName: The name of the wait's clock.
  ///   - lastObservation: What the last probe saw, or `nil`.
  ///   - location: Where the wait was called.
  public init(
    comment: String?,
    timeout: Duration,
    pollingInterval: Duration,
    probeCount: Int,
    elapsed: Duration,
    clockName: String,
    lastObservation: String? = nil,
    location: SourceLocation
  ) {
    self.comment = comment
    self.timeout = timeout
    self.pollingInterval = pollingInterval
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.clockName = clockName
    self.lastObservation = lastObservation
    self.location = location
    self.schedule = nil
    self.lastError = nil
  }

  /// A multi-line account of the timeout, written to be read as a test failure.
  public var description: String {
    let subject = comment.map { "\"\($0)\"" } ?? "a condition"
    let probes = probeCount == 1 ? "1 probe" : "\(probeCount) probes"
    var lines = [
      "Timed out after \(timeout.shortDescription) waiting for \(subject)",
      "  (\(probes) over \(elapsed.shortDescription), polling "
        + "\(schedule?.description ?? "every \(pollingInterval.shortDescription)") on \(clockName))",
    ]
    if let lastError {
      lines.append("  last error: \(lastError)")
    }
    if let lastObservation {
      lines.append("  last observed:")
      for line in lastObservation.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append("    \(line)")
      }
    }
    lines.append("  at \(location)")
    return lines.joined(separator: "\n")
  }
}
