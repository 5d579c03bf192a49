/// How a wait that slept was decided: read as the deciding probe returned,
/// for the near-timeout warning (``NearTimeoutWarning``) and the wait
/// report (``WaitReport``).
@usableFromInline
struct Decision {
  /// How many probes ran, the deciding one included.
  @usableFromInline var probeCount: Int
  /// The wait's time when the deciding probe returned.
  @usableFromInline var elapsed: Duration
  /// What ended the sleep before the deciding probe.
  @usableFromInline var wake: WaitReport.Wake

  @inlinable
  init(probeCount: Int, elapsed: Duration, wake: WaitReport.Wake) {
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.wake = wake
  }
}
