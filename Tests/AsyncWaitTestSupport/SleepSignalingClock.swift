/// A clock that forwards to another and reports each sleep as it starts.
///
/// Real-clock tests use it to learn that a wait has gone to sleep, so they can
/// act on a sleeping wait without sleeping themselves.
public struct SleepSignalingClock<Base: Clock>: Clock where Base.Duration == Duration {
  /// The base clock's instant.
  public typealias Instant = Base.Instant

  /// The clock that does the sleeping.
  public let base: Base
  /// Yields the deadline of every sleep, just before the base clock sleeps.
  public let sleeps: AsyncStream<Base.Instant>
  private let continuation: AsyncStream<Base.Instant>.Continuation

  /// Wraps a clock.
  ///
  /// - Parameter base: The clock that does the sleeping.
  public init(_ base: Base) {
    self.base = base
    (sleeps, continuation) = AsyncStream.makeStream()
  }

  /// The base clock's time.
  public var now: Instant { base.now }
  /// The base clock's resolution.
  public var minimumResolution: Duration { base.minimumResolution }

  /// Yields the deadline to ``sleeps``, then sleeps on the base clock.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: How late the wake-up may be.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    continuation.yield(deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
