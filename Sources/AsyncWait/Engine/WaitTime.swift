/// The time of a wait, as the loop counts it: monotonic, and moved on by
/// every sleep that ran to its deadline.
@usableFromInline
struct WaitTime {
  @usableFromInline var value: Duration = .zero

  @inlinable init() {}

  /// Takes a reading of the clock's elapsed time; returns the wait's time.
  @usableFromInline
  mutating func advance(to reading: Duration) -> Duration {
    if reading > value { value = reading }
    return value
  }

  /// Notes that a sleep ran until `instant`, measured from the start.
  @usableFromInline
  mutating func reached(_ instant: Duration) {
    if instant > value { value = instant }
  }
}
