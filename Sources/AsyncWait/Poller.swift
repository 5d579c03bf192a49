/// The one polling loop of the package.
///
/// Every public wait validates its arguments by creating a `Poller`, then calls
/// ``poll(isolation:_:)`` with a probe that returns a value when the wait is
/// decided and `nil` when it is not yet. What "decided" means is the wait's
/// own: for an eventually-style wait, the condition held; for a hold, the
/// promise was broken. The loop's rules:
///
/// - The first probe runs at once. When it decides the wait, `poll` returns
///   without suspending, sleeping or allocating.
/// - A timeout of zero probes exactly once, whatever the clock says.
/// - After an undecided probe the loop measures the time on `clock`. When the
///   elapsed time has reached the timeout, the wait has expired: the probe
///   that just ran was the last. Otherwise it sleeps for the schedule's next
///   interval, shortened to the time that is left, and probes again. A sleep
///   shortened to the deadline is therefore followed by one final probe at the
///   deadline.
/// - The wait's time never runs backwards, and a sleep that completed counts
///   as having reached its instant, as callers of `Task.sleep` assume. So a
///   clock whose `now` runs backwards or stands still cannot make the loop
///   probe without sleeping, nor sleep forever: each completed sleep moves
///   the wait's time on.
/// - A trigger that fires while the loop sleeps ends the sleep at once; one
///   that fired during the probe makes the loop probe again without sleeping.
/// - A sleep is scheduled at most ``maximumSleep`` ahead at a time, so a far
///   deadline never overflows a clock's instant.
/// - Cancellation is checked before the first probe and before every sleep,
///   and ends a sleep at once.
/// - An error thrown by a probe ends the wait with that error, unless the
///   wait retries errors of its kind: then it counts as "not yet" and is kept
///   for the timeout error. An error the clock's `sleep` throws ends the wait
///   with that error.
@usableFromInline
struct Poller<C: Clock>: Sendable where C.Duration == Duration {
  /// The longest single sleep the loop schedules.
  ///
  /// `ContinuousClock` traps on Linux when asked to sleep until an instant whose
  /// seconds do not fit in an `Int64`, and a clock of the user's may have a
  /// narrower range; a day is within the range of any clock measuring time.
  static var maximumSleep: Duration { .seconds(86_400) }

  /// How long the wait may take before it gives up, and how it came about.
  @usableFromInline let timing: Timing
  /// The clock that measures the timeout and paces the probes.
  @usableFromInline let clock: C
  /// Triggers that end a sleep early.
  @usableFromInline let triggers: [WaitTrigger]
  /// Which thrown errors count as "not yet" instead of ending the wait.
  @usableFromInline let retryingErrors: (@Sendable (any Error) -> Bool)?
  /// Told of every probe.
  @usableFromInline let onProbe: (@Sendable (WaitProbe) -> Void)?
  /// Whether the wait has none of the options above, so its first probe can
  /// take the inlined fast path.
  @usableFromInline let isPlain: Bool

  /// How long the wait may take before it gives up.
  @usableFromInline var timeout: Duration { timing.timeout }
  /// How long the loop sleeps after each probe.
  @usableFromInline var schedule: PollingSchedule { timing.schedule }

  /// Validates a simple wait's arguments and resolves the defaults it left out.
  ///
  /// - Throws: ``AsyncWaitError/negativeTimeout`` when `timeout` is below zero;
  ///   ``AsyncWaitError/nonPositivePollingInterval`` when `pollingInterval` is
  ///   zero or below; ``AsyncWaitError/invalidTimeoutScale`` when the
  ///   environment's timeout scale is invalid.
  @inlinable
  init(timeout: Duration?, pollingInterval: Duration?, clock: C) throws(AsyncWaitError) {
    self.timing = try WaitDefaults.resolve(
      timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, kind: .eventually, clock: clock)
    self.clock = clock
    self.triggers = []
    self.retryingErrors = nil
    self.onProbe = nil
    self.isPlain = true
  }

  /// A poller for a resolved timing.
  @usableFromInline
  init(
    timing: Timing,
    clock: C,
    triggers: [WaitTrigger] = [],
    retryingErrors: (@Sendable (any Error) -> Bool)? = nil,
    onProbe: (@Sendable (WaitProbe) -> Void)? = nil
  ) {
    self.timing = timing
    self.clock = clock
    self.triggers = triggers
    self.retryingErrors = retryingErrors
    self.onProbe = onProbe
    self.isPlain = triggers.isEmpty && retryingErrors == nil && onProbe == nil
  }

  /// Probes until `probe` returns a value or the timeout passes.
  ///
  /// - Parameters:
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: The deciding probe's value, or, when the timeout passed, how
  ///   many probes ran, how long the wait took and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   decides the wait; what `probe` throws and the wait does not retry;
  ///   what the clock's `sleep` throws.
  @inlinable
  func poll<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    try Task.checkCancellation()
    let start = clock.now
    guard isPlain else { return try await poll(from: start, probed: false, isolation: isolation, probe) }
    // The first probe of a plain wait is inlined into the caller, so a wait
    // whose condition already holds is specialized for its clock and costs
    // one clock read.
    if let value = try await probe(ProbeContext(index: 1, elapsed: .zero)) { return .decided(value) }
    return try await poll(from: start, probed: true, isolation: isolation, probe)
  }

  /// The loop, from the start of the wait; `probed` says whether the first
  /// probe has run and left the wait undecided already.
  @usableFromInline
  @_specialize(where C == ContinuousClock, Value == ())
  func poll<Value>(
    from start: C.Instant,
    probed: Bool,
    isolation: isolated (any Actor)?,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var probeCount = probed ? 1 : 0
    var sleeper: Sleeper<C>?
    var lastError: (any Error)?
    var generations = triggers.map(\.generation)
    var skipProbe = probed
    // The wait's own time: the clock's elapsed time, but never less than it
    // was, nor less than the end of the last sleep that ran to its deadline.
    var time = WaitTime()
    while true {
      if skipProbe {
        skipProbe = false
      } else {
        for index in triggers.indices { generations[index] = triggers[index].generation }
        probeCount += 1
        let context = ProbeContext(
          index: probeCount, elapsed: time.advance(to: start.duration(to: clock.now)))
        do {
          if let value = try await probe(context) {
            onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .decided))
            return .decided(value)
          }
          onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .notYet))
        } catch {
          guard let retryingErrors, !(error is CancellationError), retryingErrors(error) else { throw error }
          lastError = error
          onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .retriedError(error)))
        }
      }
      let now = clock.now
      let elapsed = time.advance(to: start.duration(to: now))
      guard timeout > .zero, elapsed < timeout else {
        return .expired(PollExpiry(probeCount: probeCount, elapsed: elapsed, lastError: lastError))
      }
      try Task.checkCancellation()
      // `elapsed` is at least zero and below `timeout`, so the subtraction
      // cannot overflow and the sleep is positive.
      let length = min(schedule.interval(after: probeCount), timeout - elapsed)
      if sleeper == nil { sleeper = Sleeper(clock: clock) }
      if try await sleeper?.pause(for: length, from: now, triggers: triggers, generations: generations)
        == true
      {
        time.reached(elapsed + length)
      }
    }
  }
}

/// The time of a wait, as the loop counts it: monotonic, and moved on by
/// every sleep that ran to its deadline.
@usableFromInline
struct WaitTime {
  @usableFromInline var value: Duration = .zero

  @inlinable init() {}

  /// Takes a reading of the clock's elapsed time; returns the wait's time.
  @usableFromInline
  mutating func advance(to reading: Duration) -> Duration {
    if reading > value { value = reading }
    return value
  }

  /// Notes that a sleep ran until `instant`, measured from the start.
  @usableFromInline
  mutating func reached(_ instant: Duration) {
    if instant > value { value = instant }
  }
}

/// What a probe knows about its place in the wait.
@usableFromInline
struct ProbeContext: Sendable {
  /// The probe's number, counting from 1.
  @usableFromInline var index: Int
  /// When the probe started, measured from the start of the wait.
  @usableFromInline var elapsed: Duration

  @usableFromInline
  init(index: Int, elapsed: Duration) {
    self.index = index
    self.elapsed = elapsed
  }
}

/// The sleeping half of a wait: its place in the clock's timer queue.
///
/// Made at a wait's first sleep, so a wait whose first probe succeeds never
/// makes one, and reused for every sleep after.
struct Sleeper<C: Clock>: ~Copyable where C.Duration == Duration {
  private let queue: TimerQueue<C>
  private let parking = Parking()

  init(clock: C) {
    queue = TimerQueue.forWait(on: clock)
  }

  deinit {
    queue.shutDownIfPrivate()
  }

  /// Sleeps until `duration` after `now`, or until a trigger fires, scheduling
  /// at most ``Poller/maximumSleep`` ahead at a time.
  ///
  /// - Parameters:
  ///   - duration: How long to sleep.
  ///   - now: The instant the sleep counts from.
  ///   - triggers: Triggers that end the sleep.
  ///   - generations: Each trigger's generation before the last probe; a
  ///     trigger that has fired since ends the sleep before it starts.
  /// - Returns: `true` when the sleep ran to its deadline, `false` when a
  ///   trigger ended it.
  /// - Throws: `CancellationError` when the task is cancelled; what the
  ///   clock's `sleep` threw.
  @_specialize(where C == ContinuousClock)
  func pause(
    for duration: Duration, from now: C.Instant, triggers: [WaitTrigger], generations: [UInt64]
  ) async throws -> Bool {
    var left = duration
    var instant = now
    while left > .zero {
      let step = min(left, Poller<C>.maximumSleep)
      instant = instant.advanced(by: step)
      let id = arm(until: instant, triggers: triggers, generations: generations)
      let wake = await parking.wait(id)
      if !triggers.isEmpty { disarm(id, triggers: triggers) }
      switch wake {
      case .deadline:
        left -= step
      case .trigger:
        queue.discard()
        return false
      case .cancellation:
        queue.discard()
        throw CancellationError()
      case .clockFailure(let error):
        throw error
      }
    }
    return true
  }
}

extension Sleeper {
  /// Starts a sleep: registers it with the triggers and, unless one has
  /// fired since the last probe, with the timer queue.
  ///
  /// Synchronous and separate from ``pause(for:from:triggers:generations:)``,
  /// so that its locals take no room in the async frames a sleeping wait keeps.
  ///
  /// - Returns: The sleep's identifier.
  private func arm(until instant: C.Instant, triggers: [WaitTrigger], generations: [UInt64]) -> UInt64 {
    let id = parking.beginSleep()
    var firedAlready = false
    for (trigger, generation) in zip(triggers, generations)
    where !trigger.register(parking, sleep: id, ifStill: generation) {
      firedAlready = true
    }
    if firedAlready {
      parking.resume(id, with: .trigger)
    } else {
      queue.schedule(parking, sleep: id, at: instant)
    }
    return id
  }

  /// Removes sleep `id` from the triggers after it ended.
  private func disarm(_ id: UInt64, triggers: [WaitTrigger]) {
    for trigger in triggers { trigger.unregister(parking, sleep: id) }
  }
}

/// What a run of ``Poller/poll(isolation:_:)`` ended with.
@usableFromInline
enum PollOutcome<Value> {
  /// A probe decided the wait with this value.
  case decided(Value)
  /// The timeout passed with no probe deciding the wait.
  case expired(PollExpiry)
}

/// How a wait that no probe decided ended.
@usableFromInline
struct PollExpiry {
  /// How many probes ran.
  @usableFromInline var probeCount: Int
  /// The time from the start of the wait to the end of its last probe, on
  /// the wait's clock.
  @usableFromInline var elapsed: Duration
  /// The last error the wait retried, if any.
  @usableFromInline var lastError: (any Error)?

  @usableFromInline
  init(probeCount: Int, elapsed: Duration, lastError: (any Error)?) {
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.lastError = lastError
  }
}

extension PollOutcome {
  /// Whether a probe decided the wait.
  @inlinable
  var isDecided: Bool {
    if case .decided = self { true } else { false }
  }
}
