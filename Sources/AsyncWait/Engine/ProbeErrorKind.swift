/// What an error a probe threw is: the one rule every wait asks of an
/// error, and the table of what each kind of wait does with it.
///
/// The loop classifies every error a probe throws here, once, with the
/// clock's reading as the probe returned, and maps the class to the wait's
/// outcome with ``outcome(in:)``. No wait decides what an error means
/// anywhere else (#55: four copies of this rule had drifted apart, and a
/// hold passed on probes that saw nothing). The article "Holding a
/// condition" prints this table:
///
/// | Class | Eventually-style wait | Hold (`never`, `always`) |
/// | --- | --- | --- |
/// | ``cancellation`` | ends, cancelled | ends, cancelled |
/// | ``clockFailure`` | ends with the clock's error | ends with the clock's error |
/// | ``retried`` | not yet | broken |
/// | ``outOfTime`` | not yet: the wait times out | broken |
/// | ``own`` | ends with the error | ends with the error |
///
/// A stable-for wait is eventually-style; its probe restarts the run on
/// any error before the loop sees it. An assertion block's attempts catch
/// their own errors, so only cancellation reaches the loop from them.
@usableFromInline
enum ProbeErrorKind: Equatable, Sendable {
  /// `CancellationError`: the wait ends, cancelled.
  case cancellation
  /// The clock's `sleep` failed under the probe (``ClockSleepFailure``,
  /// from a bounded probe's race with its deadline): the wait ends with
  /// the clock's error, which is not the condition's.
  case clockFailure
  /// An error the wait retries, by its `retryingErrors` or as a
  /// ``TransientError`` that says so: the probe saw nothing this time.
  case retried
  /// Any other error, thrown at or after the deadline by a probe that
  /// began before it: the probe ran out of time (its own I/O timeout,
  /// given the time left, fired before the wait's late timer did), and saw
  /// nothing.
  case outOfTime
  /// Any other error, thrown before the deadline, or by a probe that began
  /// at it (the final probe, and the single probe of a zero timeout, whose
  /// answer is the wait's): the condition's own failure.
  case own

  /// Classifies what a probe threw.
  ///
  /// - Parameters:
  ///   - error: What the probe threw.
  ///   - retrying: The wait's `retryingErrors`, if any.
  ///   - startedAt: The wait's time as the probe began, measured: the loop
  ///     reads the clock as every probe starts.
  ///   - thrownAt: The wait's time when the probe returned: the later of
  ///     the clock's reading then and `startedAt`.
  ///   - timeout: The wait's timeout.
  @inlinable
  init(
    _ error: any Error, retrying: (@Sendable (any Error) -> Bool)?, startedAt: Duration, thrownAt: Duration,
    timeout: Duration
  ) {
    if error is CancellationError {
      self = .cancellation
    } else if error is ClockSleepFailure {
      self = .clockFailure
    } else if retrying?(error) == true || isTransient(error) {
      self = .retried
    } else if startedAt < timeout, thrownAt >= timeout {
      self = .outOfTime
    } else {
      self = .own
    }
  }

  /// What a wait of `kind` does with an error of this class: the table
  /// above, as code.
  ///
  /// - Parameter kind: Whether the wait waits for something or holds it.
  /// - Returns: What the loop does.
  @inlinable
  func outcome(in kind: WaitKind) -> ProbeErrorOutcome {
    switch (self, kind) {
    case (.cancellation, _), (.clockFailure, _), (.own, _): .ends
    case (.retried, .eventually), (.outOfTime, .eventually): .notYet
    case (.retried, .hold), (.outOfTime, .hold): .breaksHold
    }
  }
}

/// What the loop does with an error a probe threw (``ProbeErrorKind``).
@usableFromInline
enum ProbeErrorOutcome: Equatable, Sendable {
  /// The probe counts as "not yet": the error is kept as the last error,
  /// for the timeout's report, and the wait goes on until its deadline.
  case notYet
  /// The probe saw nothing, so a hold's promise cannot count as kept: the
  /// hold fails at that probe, with the error (``ProbeThrew``).
  case breaksHold
  /// The wait ends with the error: cancellation and the clock's errors as
  /// they are, the condition's own as ``ProbeThrew``.
  case ends
}
