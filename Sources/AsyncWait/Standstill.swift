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
}
