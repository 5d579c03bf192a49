/// A clock that measures real time, so that the timeout scale of a slow
/// machine applies to waits on it.
///
/// `ASYNCWAIT_TIMEOUT_SCALE` multiplies the timeouts of waits on
/// `ContinuousClock` and `SuspendingClock`, whose time passes as slowly as a
/// loaded machine runs. A clock of your own that reads the same time, such
/// as one that wraps `ContinuousClock` to log its sleeps, says so by
/// conforming:
///
/// ```swift
/// struct LoggingClock: RealTimeClock {
///   let base = ContinuousClock()
///   var now: ContinuousClock.Instant { base.now }
///   var minimumResolution: Duration { base.minimumResolution }
///   func sleep(
///     until deadline: ContinuousClock.Instant, tolerance: Duration?
///   ) async throws {
///     try await base.sleep(until: deadline, tolerance: tolerance)
///   }
/// }
/// ```
///
/// A virtual clock, such as ``ManualClock``, does not conform: its time
/// does not slow down on a slow machine, so a scale would only stretch the
/// virtual windows a test chose.
public protocol RealTimeClock: Clock where Duration == Swift.Duration {}
