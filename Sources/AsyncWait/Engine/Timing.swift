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

  @usableFromInline
  init(
    timeout: Duration, schedule: PollingSchedule, scale: Double, endsAtScopeDeadline: Bool,
    nearTimeout: Double? = nil
  ) {
    self.timeout = timeout
    self.schedule = schedule
    self.scale = scale
    self.endsAtScopeDeadline = endsAtScopeDeadline
    self.nearTimeout = nearTimeout
  }
}

/// Whether a timeout gives slowness room (eventually-style waits) or is a
/// hold's window.
@usableFromInline
enum TimeoutKind: Sendable {
  /// A wait for something to happen: scaled on a clock of real time, and
  /// cut to a scope's deadline.
  case eventually
  /// A never or always window: never scaled, never cut short.
  case window
}
