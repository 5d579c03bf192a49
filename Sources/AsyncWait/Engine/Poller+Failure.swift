extension Poller {
  /// The error a throwing wait fails with when this poller's timeout passed:
  /// the timeout error, reported to a running test first.
  ///
  /// - Parameters:
  ///   - expiry: How the poll ended.
  ///   - comment: What was awaited, or `nil`.
  ///   - observation: What the last probe saw, or `nil`.
  ///   - cause: Why the last probe failed, or `nil` (``WaitTimeoutError/cause``).
  ///   - causeSubject: What `cause` and `comment` both begin with, if they do.
  ///   - advisesBoundedForm: Whether an overrun is answered with the form
  ///     that cuts a probe off at the deadline (`{ remaining in … }`).
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  @usableFromInline
  func failure(
    _ expiry: PollExpiry, comment: String?, observation: String? = nil, cause: String? = nil,
    causeSubject: String? = nil, advisesBoundedForm: Bool = false, location: CallSite
  ) -> any Error {
    var error = WaitTimeoutError(
      comment: comment, timeout: timeout, timeoutScale: timing.scale,
      endedAtScopeDeadline: timing.endsAtScopeDeadline, schedule: schedule, probeCount: expiry.probeCount,
      elapsed: expiry.elapsed, clockName: String(describing: C.self),
      lastObservation: observation.flatMap { $0.isEmpty ? nil : $0 }, lastError: expiry.lastError,
      location: location)
    error.cause = cause
    error.causeSubject = causeSubject
    error.advisesBoundedForm = advisesBoundedForm
    error.lastProbeStart = expiry.lastProbeStart
    error.clockMeasuresRealTime = TimeoutScale.applies(to: clock)
    return FailureRecording.report(error, at: location)
  }
}

extension Poller {
  /// The error a throwing wait fails with when its condition threw `error`,
  /// reported to a running test first.
  ///
  /// - Parameters:
  ///   - error: What the condition threw.
  ///   - source: What threw: "condition", or "sequence".
  ///   - comment: What was awaited, or `nil`.
  ///   - probe: The probe that threw.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  @usableFromInline
  static func conditionFailure(
    _ error: any Error, source: String, comment: String?, probe: ProbeContext, location: CallSite
  ) -> any Error {
    FailureRecording.report(
      conditionError: error, source: source, comment: comment, probe: probe, location: location)
  }
}

extension Poller {
  /// Records a near-timeout warning in the running test when a probe
  /// decided the wait after more than its fraction of the timeout
  /// (``NearTimeoutWarning``).
  ///
  /// - Parameters:
  ///   - probeCount: How many probes ran.
  ///   - elapsed: The wait's time when the deciding probe returned.
  ///   - comment: What was awaited, or `nil`.
  ///   - location: Where the wait was called.
  @usableFromInline
  func warnIfNearTimeout(probeCount: Int, elapsed: Duration, comment: String?, location: CallSite) {
    guard let warning = nearTimeoutWarning(probeCount: probeCount, elapsed: elapsed, comment: comment) else {
      return
    }
    FailureRecording.warn(warning, at: location)
  }

  /// The near-timeout warning of a wait a probe decided after `elapsed`,
  /// or `nil` when that is within its fraction of the timeout, or the wait
  /// does not warn.
  ///
  /// - Parameters:
  ///   - probeCount: How many probes ran.
  ///   - elapsed: The wait's time when the deciding probe returned.
  ///   - comment: What was awaited, or `nil`.
  /// - Returns: The warning's text.
  func nearTimeoutWarning(probeCount: Int, elapsed: Duration, comment: String?) -> String? {
    guard let fraction = timing.nearTimeout, timeout > .zero,
      let threshold = NearTimeoutWarning.after(fraction).threshold(of: timeout), elapsed > threshold
    else { return nil }
    let subject = comment.map { "\"\($0)\"" } ?? "a condition"
    var timeoutText = timeout.shortDescription
    if timing.endsAtScopeDeadline {
      timeoutText += " (the deadline of the enclosing wait scope)"
    } else if timing.scale != 1 {
      let unscaled = timeout.scaled(by: 1 / timing.scale, atMost: timeout)
      timeoutText += " (\(unscaled.shortDescription) × timeout scale \(TimeoutScale.format(timing.scale)))"
    }
    let share = Int((elapsed / timeout * 100).rounded(.down))
    let probes = probeCount == 1 ? "1 probe" : "\(probeCount) probes"
    return [
      "Nearly timed out: \(subject) held after \(elapsed.shortDescription) of its \(timeoutText) timeout "
        + "(\(min(share, 100)) %)",
      "  (\(probes), polling \(schedule) on \(String(describing: C.self))); on a slower machine this wait "
        + "may time out",
    ].joined(separator: "\n")
  }
}
