/// An error a probe threw that ended the loop, as the rule
/// (``ProbeErrorKind``) decided, carried out of it with the probe that
/// threw it.
///
/// The loop throws it, and the waits' doors take it apart: ``Poller/poll(isolation:until:)``
/// and ``Poller/poll(isolation:_:)`` throw the error
/// itself, ``Poller/pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)``
/// reports it as the condition's failure at the wait's line, and a hold
/// turns one that ``breaksHold`` into its violation. None of them decides
/// again what the error means.
@usableFromInline
struct ProbeThrew: Error {
  /// What the probe threw.
  @usableFromInline let error: any Error
  /// The probe's place in the wait.
  @usableFromInline let probe: ProbeContext
  /// Whether the error broke a hold (``ProbeErrorOutcome/breaksHold``);
  /// when `false`, it is the condition's own failure
  /// (``ProbeErrorOutcome/ends``).
  @usableFromInline let breaksHold: Bool

  @usableFromInline
  init(error: any Error, probe: ProbeContext, breaksHold: Bool) {
    self.error = error
    self.probe = probe
    self.breaksHold = breaksHold
  }
}
