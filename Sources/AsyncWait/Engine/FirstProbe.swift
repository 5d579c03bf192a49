/// How a wait goes on after its first probe.
@usableFromInline
enum FirstProbe<C: Clock> where C.Duration == Duration {
  /// The wait ended: decided, or expired.
  case ended(PollOutcome<Void>)
  /// The wait sleeps, with its state in this sleeper.
  case sleep(Sleeper<C>)
}
