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
/// - The wait's time is the later of the clock's `now` and the last instant
///   a completed sleep reached (a sleep that completed counts as having
///   reached its instant, as callers of `Task.sleep` assume), and it never
///   runs backwards. Every sleep is asked to end at the wait's time plus the
///   interval, never at an instant the wait's time has passed already. So a
///   clock whose `now` runs backwards or stands still cannot make the loop
///   probe without sleeping, nor sleep forever, nor count progress its
///   sleeps did not make: each completed sleep moves the wait's time on by
///   what it was asked to sleep.
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
  @usableFromInline static var maximumSleep: Duration { .seconds(86_400) }

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

  /// Probes like ``poll(isolation:_:)``, for a throwing wait: an error the
  /// probe throws and the wait does not retry is reported to a running test
  /// as a failure of this wait, at its location, before it is thrown.
  ///
  /// Outside a test, or in a scope that does not record failures, the
  /// probe's error is thrown as it is. Cancellation and an error of the
  /// clock's `sleep` are never reported as the condition's.
  ///
  /// - Parameters:
  ///   - comment: What the wait is for; read only when the probe throws.
  ///   - source: What the probe runs, for the failure: "condition" unless
  ///     the wait reads something else, such as a sequence.
  ///   - location: Where the wait was called, or `nil` for a wait that
  ///     reports nothing (the `Bool` form of a hold that shares its loop
  ///     with a throwing one); read only when the probe throws.
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: What ``poll(isolation:_:)`` returns.
  /// - Throws: What ``poll(isolation:_:)`` throws, with the probe's own
  ///   error replaced by the recorder's inside a running test.
  @inlinable
  func pollReportingErrors<Value>(
    comment: @autoclosure () -> String?,
    source: String = "condition",
    location: @autoclosure () -> SourceLocation?,
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    // The probe that threw last, cleared when a later probe starts: the
    // error that ends the poll is the condition's only when the probe that
    // ran last threw it and the loop did not retry it.
    var threw: ProbeContext?
    do {
      return try await poll(isolation: isolation) { context in
        threw = nil
        do {
          return try await probe(context)
        } catch {
          // Only an error that ends the loop is the condition's failure: one
          // the loop retries leaves `threw` clear, so that a later error of
          // the clock's `sleep` is not taken for the condition's.
          let ends =
            !(error is CancellationError) && !(error is ClockSleepFailure) && retryingErrors?(error) != true
          threw = ends ? context : nil
          throw error
        }
      }
    } catch let failure as ClockSleepFailure {
      throw failure.error
    } catch {
      guard let probe = threw, let location = location() else { throw error }
      throw Self.conditionFailure(error, source: source, comment: comment(), probe: probe, location: location)
    }
  }

  /// The loop, from the start of the wait; `probed` says whether the first
  /// probe has run and left the wait undecided already.
  ///
  /// The probes before the first sleep run without a parking place, so a
  /// wait that no sleep precedes allocates nothing for sleeping; from the
  /// first sleep on, one cancellation handler covers every sleep.
  @inlinable
  func poll<Value>(
    from start: C.Instant,
    probed: Bool,
    isolation: isolated (any Actor)?,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var loop = LoopState(probeCount: probed ? 1 : 0, generations: triggers.map(\.generation))
    if !probed, let value = try await step(&loop, from: start, isolation: isolation, probe) {
      return .decided(value)
    }
    if let expiry = expiry(of: &loop, from: start, at: clock.now) { return .expired(expiry) }
    try Task.checkCancellation()
    let sleeper = Sleeper(clock: clock)
    defer { sleeper.finish() }
    return try await withTaskCancellationHandler {
      while true {
        let elapsed = loop.time.value
        let length = min(schedule.interval(after: loop.probeCount), timeout - elapsed)
        var left = length
        // The sleep ends at the wait's time plus the interval, never at an
        // instant the wait's time has passed already: a clock whose `now`
        // stands still or jumps back gets asked for a sleep that takes the
        // interval, not one it may count as done at once.
        var instant = start.advanced(by: elapsed)
        // The sleep, spelled out here rather than in a function of its own,
        // so that a sleeping wait keeps one async frame fewer.
        while left > .zero {
          let step = min(left, Self.maximumSleep)
          instant = instant.advanced(by: step)
          guard
            let (id, scheduled) = sleeper.arm(
              until: instant, triggers: triggers, generations: loop.generations)
          else {
            // Alone on the timer, and with nothing but the deadline and
            // cancellation to wake it: a sleep of the clock's own costs less
            // than a hand-off through the timer thread.
            try await clock.sleep(until: instant, tolerance: nil)
            left -= step
            continue
          }
          let wake = await withUnsafeContinuation { sleeper.parkingPlace.suspend(id, $0) }
          if try sleeper.ended(id, by: wake, scheduled: scheduled, triggers: triggers) {
            left -= step
          } else {
            break
          }
        }
        // A sleep that ran to its deadline has reached it, whatever the clock reads.
        if left == .zero { loop.time.reached(elapsed + length) }
        if let value = try await step(&loop, from: start, isolation: isolation, probe) {
          return .decided(value)
        }
        if let expiry = expiry(of: &loop, from: start, at: clock.now) { return .expired(expiry) }
        try Task.checkCancellation()
      }
    } onCancel: {
      sleeper.cancel()
    }
  }

  /// Runs one probe and reports it.
  ///
  /// - Returns: The probe's value when it decided the wait, else `nil`.
  /// - Throws: What the probe throws and the wait does not retry.
  @inlinable
  func step<Value>(
    _ loop: inout LoopState,
    from start: C.Instant,
    isolation: isolated (any Actor)?,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> Value? {
    for index in triggers.indices { loop.generations[index] = triggers[index].generation }
    loop.probeCount += 1
    let context = ProbeContext(
      index: loop.probeCount, elapsed: loop.time.advance(to: start.duration(to: clock.now)))
    do {
      if let value = try await probe(context) {
        onProbe?(WaitProbe(index: loop.probeCount, elapsed: context.elapsed, outcome: .decided))
        return value
      }
      onProbe?(WaitProbe(index: loop.probeCount, elapsed: context.elapsed, outcome: .notYet))
    } catch {
      guard let retryingErrors, !(error is CancellationError), !(error is ClockSleepFailure),
        retryingErrors(error)
      else { throw error }
      loop.lastError = error
      onProbe?(WaitProbe(index: loop.probeCount, elapsed: context.elapsed, outcome: .retriedError(error)))
    }
    return nil
  }

  /// The expiry of the wait when its time, read at `now`, has reached the
  /// timeout; `nil` while it may sleep again.
  @inlinable
  func expiry(of loop: inout LoopState, from start: C.Instant, at now: C.Instant) -> PollExpiry? {
    let elapsed = loop.time.advance(to: start.duration(to: now))
    guard timeout > .zero, elapsed < timeout else {
      return PollExpiry(probeCount: loop.probeCount, elapsed: elapsed, lastError: loop.lastError)
    }
    return nil
  }
}

/// An error of a clock's `sleep` that a probe ran into (the race of a
/// bounded probe against its deadline), carried out of the probe so that it
/// is neither retried nor reported as the condition's; the waits unwrap it.
@usableFromInline
struct ClockSleepFailure: Error {
  /// The clock's error.
  @usableFromInline let error: any Error

  @usableFromInline
  init(error: any Error) {
    self.error = error
  }
}

/// What the loop keeps from probe to probe.
@usableFromInline
struct LoopState {
  /// How many probes have run.
  @usableFromInline var probeCount: Int
  /// Each trigger's generation when the last probe started.
  @usableFromInline var generations: [UInt64]
  /// The last error retried.
  @usableFromInline var lastError: (any Error)?
  /// The wait's own time.
  @usableFromInline var time = WaitTime()

  @usableFromInline
  init(probeCount: Int, generations: [UInt64]) {
    self.probeCount = probeCount
    self.generations = generations
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

/// The sleeping half of a wait: its parking place, and the timer that ends
/// its sleeps.
///
/// Made at a wait's first sleep, so a wait whose first probe succeeds never
/// makes one, and reused for every sleep after.
@usableFromInline
struct Sleeper<C: Clock>: Sendable where C.Duration == Duration {
  private enum Timer: Sendable {
    /// The process-wide timer thread of a system clock.
    case thread(TimerThread<C>)
    /// A private queue driven by tasks sleeping on the wait's own clock.
    case queue(TimerQueue<C>)
  }

  private let timer: Timer
  private let parking = Parking()

  @usableFromInline
  init(clock: C) {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      if let thread = SystemTimers.thread(for: clock) {
        thread.join()
        timer = .thread(thread)
        return
      }
    #endif
    timer = .queue(TimerQueue.forWait(on: clock))
  }

  /// Ends the timer's work for this wait, after its last sleep.
  @usableFromInline
  func finish() {
    switch timer {
    case .queue(let queue): queue.shutDown()
    case .thread(let thread): thread.leave()
    }
  }

  /// Ends the current sleep, and every later one, at once.
  @usableFromInline
  func cancel() {
    parking.cancel()
  }

  /// The parking place, for the loop's continuation.
  @usableFromInline var parkingPlace: Parking { parking }

  /// Handles the end of sleep `id`: removes it from the triggers, and tells
  /// the timer when it ended before its deadline and left an entry behind.
  ///
  /// - Returns: `true` when the sleep reached its deadline, `false` when a
  ///   trigger ended it.
  /// - Throws: `CancellationError` when the task was cancelled; the clock's
  ///   error when its `sleep` failed.
  @usableFromInline
  func ended(_ id: UInt64, by wake: Parking.Wake, scheduled: Bool, triggers: [WaitTrigger]) throws -> Bool {
    if !triggers.isEmpty { disarm(id, triggers: triggers) }
    switch wake {
    case .deadline:
      return true
    case .trigger:
      if scheduled { discard() }
      return false
    case .cancellation:
      if scheduled { discard() }
      throw CancellationError()
    case .clockFailure(let error):
      throw error
    }
  }

  /// Starts a sleep: registers it with the triggers and, unless one has
  /// fired since the last probe, with the timer; or, for a wait without
  /// triggers on a system clock whose timer serves almost no other sleep,
  /// starts none, for the wait to sleep on the clock itself.
  ///
  /// - Returns: The sleep's identifier, and whether the timer holds an entry
  ///   for it; `nil` when the wait should sleep on the clock itself.
  @usableFromInline
  func arm(until instant: C.Instant, triggers: [WaitTrigger], generations: [UInt64]) -> (UInt64, Bool)? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      if triggers.isEmpty, case .thread(let thread) = timer {
        guard let id = thread.scheduleUnlessQuiet(parking, at: instant) else { return nil }
        return (id, true)
      }
    #endif
    let id = parking.beginSleep()
    var firedAlready = false
    for (trigger, generation) in zip(triggers, generations)
    where !trigger.register(parking, sleep: id, ifStill: generation) {
      firedAlready = true
    }
    if firedAlready {
      parking.resume(id, with: .trigger)
    } else {
      switch timer {
      case .thread(let thread): thread.schedule(parking, sleep: id, at: instant)
      case .queue(let queue): queue.schedule(parking, sleep: id, at: instant)
      }
    }
    return (id, !firedAlready)
  }

  /// Removes sleep `id` from the triggers after it ended.
  private func disarm(_ id: UInt64, triggers: [WaitTrigger]) {
    for trigger in triggers { trigger.unregister(parking, sleep: id) }
  }

  /// Tells the timer that a sleep ended before its deadline.
  private func discard() {
    switch timer {
    case .thread(let thread): thread.discard()
    case .queue(let queue): queue.discard()
    }
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
