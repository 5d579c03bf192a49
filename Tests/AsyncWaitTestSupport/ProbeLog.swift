import AsyncWait

/// A thread-safe record of the probes a condition ran, for assertions.
public final class ProbeLog<Instant: Sendable>: Sendable {
  private let times = Locked<[Instant]>([])

  /// Records one probe at `instant`.
  /// Creates an empty log.
  public init() {}

  public func record(_ instant: Instant) {
    times.withLock { $0.append(instant) }
  }

  /// The instants of the recorded probes, in order.
  public var probes: [Instant] { times.withLock { $0 } }

  /// How many probes were recorded.
  public var count: Int { times.withLock { $0.count } }
}
