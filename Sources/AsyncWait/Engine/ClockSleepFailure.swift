/// An error of a clock's `sleep` that a probe ran into (the race of a
/// bounded probe against its deadline), carried out of the probe so that it
/// is neither retried nor reported as the condition's; the waits unwrap it.
@usableFromInline
struct ClockSleepFailure: Error {
  /// The clock's error.
  @usableFromInline let error: any Error

  @usableFromInline
  init(error: any Error) {
    self.error = error
  }
}
