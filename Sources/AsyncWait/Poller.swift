/// The one polling loop of the package.
///
/// Every public wait validates its arguments by creating a `Poller`, then calls
/// ``poll(isolation:_:)`` with a probe that returns a value when the wait is
/// decided and `nil` when it is not yet. The loop's rules:
///
/// - The first probe runs at once. When it succeeds, `poll` returns without
///   suspending, sleeping or allocating.
/// - After a failed probe the loop measures the time on `clock`. When the
///   elapsed time has reached the timeout, the wait has timed out: the probe
///   that just ran was the last. Otherwise it sleeps for the schedule's next
///   interval, shortened to the time that is left, and probes again. A sleep
///   shortened to the deadline is therefore followed by one final probe at the
///   deadline.
/// - A trigger that fires while the loop sleeps ends the sleep at once; one
///   that fired during the probe makes the loop probe again without sleeping.
/// - A sleep is scheduled at most ``maximumSleep`` ahead at a time, so a far
///   deadline never overflows a clock's instant.
/// - Cancellation is checked before the first probe and before every sleep,
///   and ends a sleep at once.
/// - An error thrown by a probe ends the wait with that error, unless the
///   wait retries errors of its kind: then it counts as "not yet" and is kept
///   for the timeout error.
@usableFromInline
package struct Poller<C: Clock>: Sendable where C.Duration == Duration {
  /// The longest single sleep the loop schedules.
  ///
  /// `ContinuousClock` traps on Linux when asked to sleep until an instant whose
  /// seconds do not fit in an `Int64`, and a clock of the user's may have a
  /// narrower range; a day is within the range of any clock measuring time.
  package static var maximumSleep: Duration { .seconds(86_400) }

  /// How long the wait may take before it gives up.
  @usableFromInline package let timeout: Duration
  /// How long the loop sleeps after each probe.
  @usableFromInline package let schedule: PollingSchedule
  /// The clock that measures the timeout and paces the probes.
  @usableFromInline package let clock: C
  /// Triggers that end a sleep early.
  @usableFromInline package let triggers: [WaitTrigger]
  /// Which thrown errors count as "not yet" instead of ending the wait.
  @usableFromInline package let retrying: (@Sendable (any Error) -> Bool)?
  /// Told of every probe.
  @usableFromInline package let onProbe: (@Sendable (WaitProbe) -> Void)?
  /// Whether the wait has none of the options above, so its first probe can
  /// take the inlined fast path.
  @usableFromInline let isPlain: Bool

  /// Validates a simple wait's arguments.
  ///
  /// - Throws: ``AsyncWaitError/negativeTimeout`` when `timeout` is below zero;
  ///   ``AsyncWaitError/nonPositivePollingInterval`` when `pollingInterval` is
  ///   zero or below.
  @inlinable
  package init(timeout: Duration, pollingInterval: Duration, clock: C) throws(AsyncWaitError) {
    // Spelled out rather than delegated, so that it inlines into the caller
    // and a wait whose condition already holds pays for nothing else.
    guard timeout >= .zero else { throw .negativeTimeout }
    guard pollingInterval > .zero else { throw .nonPositivePollingInterval }
    self.timeout = timeout
    self.schedule = .fixed(pollingInterval)
    self.clock = clock
    self.triggers = []
    self.retrying = nil
    self.onProbe = nil
    self.isPlain = true
  }

  /// Validates a wait's arguments.
  ///
  /// - Throws: ``AsyncWaitError/negativeTimeout`` when `timeout` is below zero;
  ///   the schedule's error when it is invalid.
  @usableFromInline
  package init(
    timeout: Duration,
    schedule: PollingSchedule,
    clock: C,
    triggers: [WaitTrigger] = [],
    retrying: (@Sendable (any Error) -> Bool)? = nil,
    onProbe: (@Sendable (WaitProbe) -> Void)? = nil
  ) throws(AsyncWaitError) {
    guard timeout >= .zero else { throw .negativeTimeout }
    try schedule.validate()
    self.timeout = timeout
    self.schedule = schedule
    self.clock = clock
    self.triggers = triggers
    self.retrying = retrying
    self.onProbe = onProbe
    self.isPlain = triggers.isEmpty && retrying == nil && onProbe == nil
  }

  /// Probes until `probe` returns a value or the timeout passes.
  ///
  /// - Parameters:
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: The deciding probe's value, or, on timeout, how many probes
  ///   ran, how long the wait took and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   succeeds, or what `probe` throws and the wait does not retry.
  @inlinable
  package func poll<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    try Task.checkCancellation()
    let start = clock.now
    guard isPlain else { return try await poll(from: start, probed: false, isolation: isolation, probe) }
    // The first probe of a plain wait is inlined into the caller, so a wait
    // whose condition already holds is specialized for its clock and costs
    // one clock read.
    if let value = try await probe(ProbeContext(index: 1, elapsed: .zero)) { return .satisfied(value) }
    return try await poll(from: start, probed: true, isolation: isolation, probe)
  }

  /// The loop, from the start of the wait; `probed` says whether the first
  /// probe has run and failed already.
  @usableFromInline
  @_specialize(where C == ContinuousClock, Value == ())
  package func poll<Value>(
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
    while true {
      if skipProbe {
        skipProbe = false
      } else {
        for index in triggers.indices { generations[index] = triggers[index].generation }
        probeCount += 1
        let context = ProbeContext(index: probeCount, elapsed: start.duration(to: clock.now))
        do {
          if let value = try await probe(context) {
            onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .satisfied))
            return .satisfied(value)
          }
          onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .notYet))
        } catch {
          guard let retrying, !(error is CancellationError), retrying(error) else { throw error }
          lastError = error
          onProbe?(WaitProbe(index: probeCount, elapsed: context.elapsed, outcome: .retriedError(error)))
        }
      }
      let now = clock.now
      let elapsed = start.duration(to: now)
      guard elapsed < timeout else {
        return .timedOut(probeCount: probeCount, elapsed: elapsed, lastError: lastError)
      }
      try Task.checkCancellation()
      // `elapsed` is below `timeout`, so the subtraction cannot overflow; a
      // clock that ran backwards counts as no time having passed.
      let remaining = elapsed > .zero ? timeout - elapsed : timeout
      if sleeper == nil { sleeper = Sleeper(clock: clock) }
      try await sleeper?.pause(
        for: min(schedule.interval(after: probeCount), remaining), from: now,
        triggers: triggers, generations: generations)
    }
  }
}

/// What a probe knows about its place in the wait.
@usableFromInline
package struct ProbeContext: Sendable {
  /// The probe's number, counting from 1.
  @usableFromInline package var index: Int
  /// When the probe started, measured from the start of the wait.
  @usableFromInline package var elapsed: Duration

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
  /// - Throws: `CancellationError` when the task is cancelled.
  @_specialize(where C == ContinuousClock)
  func pause(
    for duration: Duration, from now: C.Instant, triggers: [WaitTrigger], generations: [UInt64]
  ) async throws {
    var left = duration
    var instant = now
    while left > .zero {
      let step = min(left, Poller<C>.maximumSleep)
      instant = instant.advanced(by: step)
      let id = arm(until: instant, triggers: triggers, generations: generations)
      let wake = await parking.wait(id)
      if !triggers.isEmpty { disarm(id, triggers: triggers) }
      switch wake {
      case .cancellation: throw CancellationError()
      case .trigger: return
      case .deadline: left -= step
      }
    }
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
package enum PollOutcome<Value> {
  /// A probe returned this value.
  case satisfied(Value)
  /// The timeout passed after `probeCount` probes; `elapsed` is the time from
  /// the start of the wait to the end of the last probe, on the wait's clock;
  /// `lastError` the last error the wait retried, if any.
  case timedOut(probeCount: Int, elapsed: Duration, lastError: (any Error)?)
}

extension PollOutcome {
  /// Whether a probe satisfied the wait.
  @inlinable
  package var isSatisfied: Bool {
    if case .satisfied = self { true } else { false }
  }
}

extension Poller {
  /// The error a throwing wait ends with when this poller timed out.
  ///
  /// - Parameters:
  ///   - comment: What was awaited, or `nil`.
  ///   - probeCount: How many probes ran.
  ///   - elapsed: How long the wait took on `clock`.
  ///   - lastError: The last error the wait retried, or `nil`.
  ///   - lastObservation: What the last probe saw, or `nil`.
  ///   - location: Where the wait was called.
  /// - Returns: The error, with this poller's timeout, schedule and clock.
  package func timeoutError(
    comment: String?,
    probeCount: Int,
    elapsed: Duration,
    lastError: (any Error)? = nil,
    lastObservation: String? = nil,
    location: SourceLocation
  ) -> WaitTimeoutError {
    var error = WaitTimeoutError(
      comment: comment, timeout: timeout, pollingInterval: schedule.firstInterval,
      probeCount: probeCount, elapsed: elapsed, clockName: String(describing: C.self),
      lastObservation: lastObservation, location: location)
    error.lastError = lastError
    error.schedule = schedule.fixedInterval == nil ? schedule : nil
    return error
  }
}
