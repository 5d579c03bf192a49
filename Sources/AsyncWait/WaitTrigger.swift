/// A wake-up call for waits: firing it makes every wait given it probe again
/// at once, instead of at its next tick.
///
/// Fire it wherever the awaited state changes, from any thread or task:
///
/// ```swift
/// final class Downloads: Sendable {
///   let changed = WaitTrigger()
///   func finish(_ id: Int) {
///     store(id)
///     changed.fire()
///   }
/// }
///
/// let wait = Wait(timeout: .seconds(5), triggers: [downloads.changed])
/// try await wait.require("download 7 finishes") { downloads.isFinished(7) }
/// ```
///
/// Polling goes on at the wait's schedule, so a change that fires nothing
/// costs latency, never correctness. A trigger fired between a probe and the
/// sleep after it is not lost: the wait sees that it fired and probes again
/// instead of sleeping.
public final class WaitTrigger: Sendable {
  /// A wait asleep on the trigger: its parking place and the sleep to end.
  private struct RegisteredSleep: Sendable {
    var parking: Parking
    var sleep: UInt64
  }

  private struct State: Sendable {
    var generation: UInt64 = 0
    /// The sleeping waits, by their parking place: a wait has one sleep at a
    /// time, and many waits can share a trigger, so removal must not scan.
    var sleepers: [ObjectIdentifier: RegisteredSleep] = [:]
  }

  private let state = Locked(State())

  /// Creates a trigger.
  public init() {}

  /// Wakes every wait sleeping on this trigger, and makes every wait that is
  /// probing now probe once more before it sleeps.
  public func fire() {
    let sleepers = state.withLock { state in
      state.generation &+= 1
      defer { state.sleepers.removeAll(keepingCapacity: true) }
      return Array(state.sleepers.values)
    }
    for sleeper in sleepers { sleeper.parking.resume(sleeper.sleep, with: .trigger) }
  }

  /// How many times the trigger has fired.
  @usableFromInline package var generation: UInt64 { state.withLock { $0.generation } }

  /// Registers sleep `id` of `parking` for a wake-up, unless the trigger has
  /// fired since `generation`.
  ///
  /// - Returns: `false` when the trigger fired since `generation`: the wait
  ///   should probe again rather than sleep.
  func register(_ parking: Parking, sleep id: UInt64, ifStill generation: UInt64) -> Bool {
    state.withLock { state in
      guard state.generation == generation else { return false }
      state.sleepers[ObjectIdentifier(parking)] = RegisteredSleep(parking: parking, sleep: id)
      return true
    }
  }

  /// Removes a registration that a wake-up from elsewhere made obsolete.
  func unregister(_ parking: Parking, sleep id: UInt64) {
    state.withLock { state in
      let key = ObjectIdentifier(parking)
      if state.sleepers[key]?.sleep == id { state.sleepers[key] = nil }
    }
  }
}
