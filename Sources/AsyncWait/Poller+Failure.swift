extension Poller {
  /// The error a throwing wait fails with when this poller's timeout passed:
  /// the timeout error, reported to a running test first.
  ///
  /// - Parameters:
  ///   - expiry: How the poll ended.
  ///   - comment: What was awaited, or `nil`.
  ///   - observation: What the last probe saw, or `nil`.
  ///   - boundsProbes: Whether the wait cut its probes off at the deadline
  ///     (the `{ remaining in … }` form), so an overrun needs no advice.
  ///   - location: Where the wait was called.
  /// - Returns: The error to throw.
  func failure(
    _ expiry: PollExpiry, comment: String?, observation: String? = nil, boundsProbes: Bool = false,
    location: CallSite
  ) -> any Error {
    var error = WaitTimeoutError(
      comment: comment, timeout: timeout, timeoutScale: timing.scale,
      endedAtScopeDeadline: timing.endsAtScopeDeadline, schedule: schedule, probeCount: expiry.probeCount,
      elapsed: expiry.elapsed, clockName: String(describing: C.self),
      lastObservation: observation.flatMap { $0.isEmpty ? nil : $0 }, lastError: expiry.lastError,
      location: location)
    error.probesWereBounded = boundsProbes
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
