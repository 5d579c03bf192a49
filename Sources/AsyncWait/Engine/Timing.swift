/// A wait's resolved timeout and schedule, and how the timeout came about.
@usableFromInline
struct Timing: Sendable {
  @usableFromInline var timeout: Duration
  @usableFromInline var schedule: PollingSchedule
  @usableFromInline var scale: Double
  @usableFromInline var endsAtScopeDeadline: Bool
  /// The fraction of the timeout after which a wait that succeeds warns
  /// (``NearTimeoutWarning``); `nil` when off, and for a hold's window.
  @usableFromInline var nearTimeout: Double?
  /// Whether the wait waits for something or holds it, which decides what
  /// an error a probe throws means (``ProbeErrorKind/outcome(in:)``).
  @usableFromInline var kind: WaitKind

  @usableFromInline
  init(
    timeout: Duration, schedule: PollingSchedule, scale: Double, endsAtScopeDeadline: Bool,
    nearTimeout: Double? = nil, kind: WaitKind = .eventually
  ) {
    self.kind = kind
    self.timeout = timeout
    self.schedule = schedule
    self.scale = scale
    self.endsAtScopeDeadline = endsAtScopeDeadline
    self.nearTimeout = nearTimeout
  }
}

/// Whether a wait waits for something to happen or holds a promise for a
/// window.
///
/// It decides how the timeout is read (a window is never scaled nor cut
/// short) and what an error a probe throws means
/// (``ProbeErrorKind/outcome(in:)``).
@usableFromInline
enum WaitKind: Sendable {
  /// A wait for something to happen (eventually, value, stable-for,
  /// not-before, an assertion block): its timeout is scaled on a clock of
  /// real time and cut to a scope's deadline.
  case eventually
  /// A never or always hold: its window is never scaled, never cut short,
  /// and a probe that saw nothing breaks it.
  case hold
}
