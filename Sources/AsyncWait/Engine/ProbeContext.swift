/// What a probe knows about its place in the wait.
@usableFromInline
struct ProbeContext: Sendable {
  /// The probe's number, counting from 1.
  @usableFromInline var index: Int
  /// When the probe started, measured from the start of the wait.
  @usableFromInline var elapsed: Duration

  @usableFromInline
  init(index: Int, elapsed: Duration) {
    self.index = index
    self.elapsed = elapsed
  }
}
