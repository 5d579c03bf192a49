/// A parking place for one task, resumed by a trigger's `fire()` with
/// nothing around it: no timer, no clock read, no cancellation.
///
/// For the benchmark's trigger floor, the least a wait woken by a trigger can
/// cost. A wait parks on a trigger the same way, with the same parking place
/// and registration, and does its own work around it.
///
/// Not API: SPI for the benchmark package.
@_spi(Benchmarks) public final class TriggerPark: Sendable {
  private let parking = Parking()

  /// Creates a parking place for one task.
  public init() {}

  /// How many times `trigger` has fired: read it before checking the
  /// condition, and pass it to ``park(untilFired:since:)``.
  ///
  /// - Parameter trigger: The trigger.
  /// - Returns: Its generation.
  public func generation(of trigger: WaitTrigger) -> UInt64 { trigger.generation }

  /// Parks the calling task until `trigger` fires.
  ///
  /// Returns at once when the trigger has fired since `generation`, so that
  /// a fire between the caller's check and the park is not lost. There is no
  /// timeout: the task waits for the trigger alone.
  ///
  /// - Parameters:
  ///   - trigger: The trigger whose `fire()` resumes the task.
  ///   - generation: The trigger's `generation`, read before the caller's check.
  public func park(untilFired trigger: WaitTrigger, since generation: UInt64) async {
    guard let id = parking.beginSleep() else { return }
    if !trigger.register(parking, sleep: id, ifStill: generation) {
      parking.resume(id, with: .trigger)
    }
    _ = await withUnsafeContinuation { parking.suspend(id, $0) }
  }
}
