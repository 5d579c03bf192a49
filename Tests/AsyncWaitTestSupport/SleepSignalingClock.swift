/// A clock that forwards to another and reports each sleep as it starts.
///
/// Real-clock tests use it to learn that a wait has gone to sleep, so they can
/// act on a sleeping wait without sleeping themselves.
public struct SleepSignalingClock<Base: Clock>: Clock where Base.Duration == Duration {
  public typealias Instant = Base.Instant

  public let base: Base
  /// Yields the deadline of every sleep, just before the base clock sleeps.
  public let sleeps: AsyncStream<Base.Instant>
  private let continuation: AsyncStream<Base.Instant>.Continuation

  public init(_ base: Base) {
    self.base = base
    (sleeps, continuation) = AsyncStream.makeStream()
  }

  public var now: Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    continuation.yield(deadline)
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
