#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// The process-wide timer threads of the system clocks, each started at its
  /// first sleep.
  enum SystemTimers {
    static let continuous = TimerThread(clock: ContinuousClock())
    static let suspending = TimerThread(clock: SuspendingClock())

    /// The timer thread for waits on `clock`, or `nil` when it is not a system clock.
    static func thread<C: Clock>(for clock: C) -> TimerThread<C>? where C.Duration == Duration {
      if C.self == ContinuousClock.self { return continuous as? TimerThread<C> }
      if C.self == SuspendingClock.self { return suspending as? TimerThread<C> }
      return nil
    }
  }
#endif
