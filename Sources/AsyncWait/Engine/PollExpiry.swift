/// How a wait that no probe decided ended.
@usableFromInline
struct PollExpiry {
  /// How many probes ran.
  @usableFromInline var probeCount: Int
  /// The time from the start of the wait to the end of its last probe, on
  /// the wait's clock.
  @usableFromInline var elapsed: Duration
  /// The last error the wait retried, if any.
  @usableFromInline var lastError: (any Error)?
  /// When the last probe started, on the wait's time.
  ///
  /// Past the timeout when the wait woke late or its clock jumped, rather
  /// than the probe running long. `nil` when the loop did not read the
  /// clock as it started (a plain wait's probe before the final one).
  @usableFromInline var lastProbeStart: Duration?

  @usableFromInline
  init(probeCount: Int, elapsed: Duration, lastError: (any Error)?, lastProbeStart: Duration? = .zero) {
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.lastError = lastError
    self.lastProbeStart = lastProbeStart
  }
}
