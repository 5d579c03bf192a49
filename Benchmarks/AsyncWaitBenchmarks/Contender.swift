@_spi(Benchmarks) import AsyncWait
import AsyncWaitElements

/// A condition a contender polls; `@Sendable` so that every contender gets the same closure.
typealias Condition = @Sendable () -> Bool

/// One way of waiting for a condition, measured against the others.
struct Contender: Sendable {
  /// The metrics a contender runs in.
  enum Rows: Sendable {
    /// Every metric.
    case all
    /// The scale rows only (metric 7).
    case scale
    /// The detection latency rows only (metric 1).
    case latency
  }

  var name: String
  /// The metrics the contender runs in: every one, unless it is a floor
  /// that only some metrics can measure.
  var rows = Rows.all
  /// Whether the contender runs only when `--contenders` or `--only` names
  /// it: a measurement of a design the package does not ship.
  var optIn = false
  /// Waits until `condition` holds or `timeout` passes, probing every
  /// `interval`; `changed` fires whenever the condition may have changed,
  /// for the contenders that listen.
  var wait:
    @Sendable (
      _ timeout: Duration, _ interval: Duration, _ changed: WaitTrigger, _ condition: @escaping Condition
    ) async throws -> Bool

  /// The least a timer-driven poll can do.
  ///
  /// It probes, then sleeps until the next tick or the deadline, whichever is
  /// first. Every figure is a ratio to this one.
  static let floor = Contender(name: "floor") { timeout, interval, _, condition in
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      if condition() { return true }
      let now = clock.now
      if now >= deadline { return false }
      try await clock.sleep(until: min(now.advanced(by: interval), deadline), tolerance: nil)
    }
  }

  /// The floor of the floor: a task parked and resumed by the timer thread.
  ///
  /// The task parks on a continuation and the timer thread resumes it in
  /// batches, and nothing else: no cancellation handling, no loop state. Its
  /// schedule is `waitUntil`'s: after each probe it reads the clock and
  /// parks until an interval from then (never past the deadline), so the
  /// two are compared on the same probes per second. The condition is called
  /// only so that the scale rows can count wake-ups.
  static let resumeFloor = Contender(name: "resume-floor", rows: .scale) {
    timeout, interval, _, condition in
    let park = TimerPark()
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      if condition() { return true }
      let now = ContinuousClock.now
      if now >= deadline { return false }
      await park.park(until: min(now.advanced(by: interval), deadline))
    }
  }

  /// The floor of a woken wait: a task parked on a trigger and resumed by
  /// its `fire()`.
  ///
  /// Between checks of the condition the task parks on the trigger alone: no
  /// timer entry, no clock read, no cancellation handling, no loop state. In
  /// the latency rows its figure is what waking a parked task costs on this
  /// machine, the least the event-driven wait can take. It has no timeout
  /// and ignores the interval: it runs only where the trigger always fires.
  static let triggerFloor = Contender(name: "trigger-floor", rows: .latency) { _, _, changed, condition in
    let park = TriggerPark()
    while true {
      let generation = park.generation(of: changed)
      if condition() { return true }
      await park.park(untilFired: changed, since: generation)
    }
  }

  /// What people write by hand.
  static let naive = Contender(name: "naive") { timeout, interval, _, condition in
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      try await Task.sleep(for: interval)
    }
    return true
  }

  /// This package's `waitUntil`.
  static let library = Contender(name: "waitUntil") { timeout, interval, _, condition in
    try await waitUntil(timeout: timeout, pollingInterval: interval) { condition() }
  }

  /// An element wait: each probe resolves `app.buttons["target"]` in a small tree.
  static let element = Contender(name: "element") { timeout, interval, _, condition in
    let (present, absent) = (presentTree, absentTree)
    let target = TreeElement("app") { condition() ? present : absent }.buttons["target"]
    return try await target.waitForExistence(timeout: timeout, using: Wait(schedule: .fixed(interval)))
  }

  /// The throwing form a test writes, opt-in: its fast path with and
  /// without `ASYNCWAIT_WAIT_REPORT` shows what the wait report costs.
  static let require = Contender(name: "requireEventually", optIn: true) { timeout, interval, _, condition in
    do {
      try await requireEventually(timeout: timeout, pollingInterval: interval) { condition() }
      return true
    } catch is WaitTimeoutError {
      return false
    }
  }

  /// A `Wait` woken by a trigger that fires on every change: the event-driven wait.
  static let event = Contender(name: "event-driven") { timeout, interval, changed, condition in
    try await Wait(timeout: timeout, schedule: .fixed(interval), triggers: [changed]).until { condition() }
  }

  /// `waitUntil` in a task that prefers a task executor of its own.
  ///
  /// What the wait would gain if its sleeping loop ran off the global pool,
  /// on a ``WorkerExecutor`` (one a core). Opt-in, scale rows only.
  static let libraryOnExecutor = Contender(name: "waitUntil-on-executor", rows: .scale, optIn: true) {
    timeout, interval, changed, condition in
    guard #available(macOS 15, *) else {
      return try await library.wait(timeout, interval, changed, condition)
    }
    return try await withTaskExecutorPreference(WorkerExecutor.next()) {
      try await library.wait(timeout, interval, changed, condition)
    }
  }

  /// The resume floor in a task that prefers a task executor of its own.
  ///
  /// The floor of ``libraryOnExecutor``. Opt-in, scale rows only.
  static let resumeFloorOnExecutor = Contender(name: "resume-floor-on-executor", rows: .scale, optIn: true) {
    timeout, interval, changed, condition in
    guard #available(macOS 15, *) else {
      return try await resumeFloor.wait(timeout, interval, changed, condition)
    }
    return try await withTaskExecutorPreference(WorkerExecutor.next()) {
      try await resumeFloor.wait(timeout, interval, changed, condition)
    }
  }

  private static let presentTree = ElementNode(
    .application,
    children: [ElementNode(.button, identifier: "other"), ElementNode(.button, identifier: "target")])
  private static let absentTree = ElementNode(
    .application, children: [ElementNode(.button, identifier: "other")])

  static let all = [
    floor, resumeFloor, triggerFloor, naive, library, element, event, libraryOnExecutor,
    resumeFloorOnExecutor, require,
  ]

  /// A trigger that nothing fires, for the metrics where nothing notifies.
  private static let silent = WaitTrigger()

  /// Calls `wait` with a trigger that nothing fires.
  func wait(_ timeout: Duration, _ interval: Duration, _ condition: @escaping Condition) async throws -> Bool
  {
    try await wait(timeout, interval, Self.silent, condition)
  }
}
