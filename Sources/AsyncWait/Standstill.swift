/// The real-time guard of waits on a clock that does not measure real time.
enum Standstill {
  /// The package's default limit: 10 seconds.
  static var defaultLimit: Duration { .seconds(10) }

  /// The real time a wait on `clock` may sleep while the clock stands
  /// still, scaled; `nil` for a clock that measures real time, which has
  /// no guard.
  ///
  /// - Parameters:
  ///   - given: The wait's own limit, or `nil` for the scope's.
  ///   - clock: The wait's clock.
  /// - Returns: The limit, or `nil` when the clock has no guard.
  static func limit<C: Clock>(given: Duration?, clock: C) -> Duration? where C.Duration == Duration {
    guard !TimeoutScale.applies(to: clock) else { return nil }
    return scaled(given ?? WaitDefaults.inEffect.standstillLimit)
  }

  /// `limit`, multiplied by the timeout scale in force.
  ///
  /// - Parameter limit: A limit of real time.
  /// - Returns: The limit, scaled.
  static func scaled(_ limit: Duration) -> Duration {
    let defaults = WaitDefaults.inEffect
    let scale = defaults.timeoutScaleOverride ?? ((try? TimeoutScale.environment.get()) ?? 1)
    return scale == 1 ? limit : limit.scaled(by: scale, atMost: .seconds(Int64(Int32.max)))
  }

  /// Sleeps in real time, `limit` at a time, until the sleep `id` of
  /// `parking` ends or `clock` stands still for a whole `limit`; then ends
  /// that sleep with ``Parking/Wake/standstill(_:)``.
  ///
  /// Ends at once when its task is cancelled.
  ///
  /// - Parameters:
  ///   - parking: The wait's parking place.
  ///   - id: The sleep to watch.
  ///   - clock: The wait's clock, which does not measure real time.
  ///   - limit: How long the clock may stand still.
  ///   - realTime: The clock of real time: `ContinuousClock`, or a test's.
  static func watch<C: Clock, Real: Clock>(
    _ parking: Parking, sleep id: UInt64, clock: C, limit: Duration, realTime: Real = ContinuousClock()
  ) async where C.Duration == Duration, Real.Duration == Duration {
    var reading = clock.now
    while parking.isWaiting(for: id) {
      do {
        try await realTime.sleep(until: realTime.now.advanced(by: limit), tolerance: nil)
      } catch {
        return
      }
      let now = clock.now
      if now == reading {
        parking.resume(id, with: .standstill(limit))
        return
      }
      reading = now
    }
  }
}
