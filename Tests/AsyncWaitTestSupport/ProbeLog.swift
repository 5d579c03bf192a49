@_spi(Tests) import AsyncWait

/// A thread-safe record of the probes a condition ran, for assertions.
public final class ProbeLog<Instant: Sendable>: Sendable {
  private let times = Locked<[Instant]>([])

  /// Creates an empty log.
  public init() {}

  /// Records one probe.
  ///
  /// - Parameter instant: When, or what, the probe was.
  public func record(_ instant: Instant) {
    times.withLock { $0.append(instant) }
  }

  /// The instants of the recorded probes, in order.
  public var probes: [Instant] { times.withLock { $0 } }

  /// How many probes were recorded.
  public var count: Int { times.withLock { $0.count } }
}
