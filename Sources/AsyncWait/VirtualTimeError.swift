/// A test on a clock that is not real time stopped instead of hanging: the
/// clock stood still, or the sleepers a test waited for never came.
///
/// A virtual clock, such as ``ManualClock``, moves only when something moves
/// it. A wait that sleeps on one that nothing advances, or a test that waits
/// for tasks to fall asleep on it when none do, would otherwise never end:
/// the cause is nearly always a mistake in the test (it forgot to advance
/// the clock) or in the code under test (it never reached its sleep). So
/// after a stretch of real time,
/// ``WaitDefaults/standstillLimit`` (10 seconds unless a scope or the
/// `Wait` says otherwise, multiplied by `ASYNCWAIT_TIMEOUT_SCALE`), the wait
/// or the clock's helper throws this error instead, recorded at its line in
/// a running test:
///
/// ```
/// ManualClock stood still for 10 s of real time while waiting for "the entry expires"
///   the wait slept toward t=100 ms, and nothing advanced the clock
///   advance the clock past the wait's sleeps (clock.advance(by:)), or let it
///   move by itself when a task sleeps (ManualClock(.advancesWhenSleeping))
///   raise the limit, WaitDefaults.standstillLimit, on a Wait or a scope
/// ```
///
/// Waits on a clock that measures real time (`ContinuousClock`,
/// `SuspendingClock` or a ``RealTimeClock``) are never stopped this way:
/// their timeout is their bound.
public struct VirtualTimeError: Error, Sendable, CustomStringConvertible {
  /// What stood still.
  public enum Kind: Sendable, Equatable {
    /// A wait slept while its clock stood still, toward the instant
    /// described.
    case clockStoodStill(sleepingToward: String)
    /// ``ManualClock/sleepers(atLeast:timeout:callSite:fileID:filePath:line:column:)``
    /// saw fewer tasks asleep than it waited for.
    case sleepersNeverCame(expected: Int, found: Int)
    /// ``ManualClock/settle(timeout:callSite:fileID:filePath:line:column:)`` saw woken
    /// sleepers that had not returned from their sleep.
    case neverSettled(stillReturning: Int)
  }

  /// What stood still.
  public var kind: Kind
  /// The clock's type, such as `ManualClock`.
  public var clockName: String
  /// How much real time passed with nothing moving.
  public var realTime: Duration
  /// What the wait was for, when it said.
  public var comment: String?
  /// Where the wait or the helper was called, when it was given.
  public var location: CallSite?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What stood still.
  ///   - clockName: The clock's type.
  ///   - realTime: How much real time passed with nothing moving.
  ///   - comment: What the wait was for, if it said.
  ///   - location: Where the wait or the helper was called, if known.
  public init(
    _ kind: Kind, clockName: String, realTime: Duration, comment: String? = nil,
    location: CallSite? = nil
  ) {
    self.kind = kind
    self.clockName = clockName
    self.realTime = realTime
    self.comment = comment
    self.location = location
  }

  /// The failure, beginning with one line that says what stood still.
  public var description: String {
    let time = realTime.shortDescription
    var lines: [String]
    switch kind {
    case .clockStoodStill(let instant):
      let subject = comment.map { "waiting for \"\($0)\"" } ?? "a wait slept on it"
      lines = [
        "\(clockName) stood still for \(time) of real time while \(subject)",
        "  the wait slept toward \(instant), and nothing advanced the clock",
        "  advance the clock past the wait's sleeps (clock.advance(by:)), or let it",
        "  move by itself when a task sleeps (ManualClock(.advancesWhenSleeping))",
      ]
    case .sleepersNeverCame(let expected, let found):
      let sleepers = expected == 1 ? "1 sleeper" : "\(expected) sleepers"
      lines = [
        "\(sleepers) expected on \(clockName), \(found) after \(time): the code under test never reached its sleep",
        "  check that the code under test runs and sleeps on this clock",
      ]
    case .neverSettled(let stillReturning):
      let sleepers = stillReturning == 1 ? "1 woken sleeper" : "\(stillReturning) woken sleepers"
      lines = [
        "\(clockName) did not settle in \(time): \(sleepers) had not returned from their sleep",
        "  a task the advance woke has not run: check that nothing blocks it",
      ]
    }
    lines.append("  raise the limit, WaitDefaults.standstillLimit, on a Wait or a scope")
    if let location { lines.append("  at \(location)") }
    return lines.joined(separator: "\n")
  }
}
