#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// A parking place for one task, resumed by the continuous clock's timer
  /// thread with nothing around it: no condition, no clock read, no cancellation.
  ///
  /// For the benchmark's resume floor, the physical limit of any wait that
  /// wakes its task for every probe.
  ///
  /// Not API: SPI for the benchmark package.
  @_spi(Benchmarks) public final class TimerPark: Sendable {
    private let parking = Parking()

    /// Creates a parking place for one task.
    public init() {}

    /// Parks the calling task until the timer thread finds `deadline` reached.
    ///
    /// - Parameter deadline: When to be resumed.
    public func park(until deadline: ContinuousClock.Instant) async {
      guard let id = parking.beginSleep() else { return }
      SystemTimers.continuous.schedule(parking, sleep: id, at: deadline, unlessQuiet: false)
      _ = await withUnsafeContinuation { parking.suspend(id, $0) }
    }
  }
#endif
