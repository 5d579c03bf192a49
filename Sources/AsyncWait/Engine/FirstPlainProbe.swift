/// How a plain wait goes on after its first probe: the few bytes of
/// ``FirstProbe`` that a plain wait needs, so that they come back in
/// registers.
@usableFromInline
enum FirstPlainProbe<C: Clock> where C.Duration == Duration {
  /// The first probe was the last: the wait expired after this long.
  case expired(elapsed: Duration)
  /// The wait sleeps, with its state in this sleeper.
  case sleep(Sleeper<C>)
}
