/// The one polling loop of the package.
///
/// Every public wait validates its arguments by creating a `Poller`, then calls
/// ``poll(isolation:until:)`` with a condition that returns whether the wait
/// is decided, or ``poll(isolation:_:)`` with a probe that returns a value
/// when it is decided and `nil` when it is not yet, and that is told its
/// place in the wait; both run the same loop. What "decided" means is the
/// wait's own: for an eventually-style wait, the condition held; for a
/// hold, the promise was broken. The loop's rules:
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
  /// The wait's own limit on the real time it sleeps while a clock that is
  /// not real time stands still (``Standstill``); `nil` for the scope's.
  @usableFromInline let standstillLimit: Duration?
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
    self.standstillLimit = nil
    self.isPlain = true
  }

  /// A poller for a resolved timing.
  @usableFromInline
  init(
    timing: Timing,
    clock: C,
    triggers: [WaitTrigger] = [],
    retryingErrors: (@Sendable (any Error) -> Bool)? = nil,
    onProbe: (@Sendable (WaitProbe) -> Void)? = nil,
    standstillLimit: Duration? = nil
  ) {
    self.timing = timing
    self.clock = clock
    self.triggers = triggers
    self.retryingErrors = retryingErrors
    self.onProbe = onProbe
    self.standstillLimit = standstillLimit
    self.isPlain = triggers.isEmpty && retryingErrors == nil && onProbe == nil && standstillLimit == nil
  }

  /// Probes until `condition` returns `true` or the timeout passes.
  ///
  /// The condition is the probe itself, called with nothing around it: the
  /// path of a wait whose condition does not need to know its place in the
  /// wait. Without options (triggers, retried errors, an observer), the
  /// loop reads the clock once a probe, after it, and as the final probe at
  /// the deadline starts; with them, also as each probe starts, for the
  /// observer.
  ///
  /// - Parameters:
  ///   - isolation: The actor the condition runs on; the caller's by default.
  ///   - condition: Returns whether the wait is decided.
  /// - Returns: ``PollOutcome/decided(_:)`` when a probe returned `true`, or,
  ///   when the timeout passed, how many probes ran, how long the wait took
  ///   and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   decides the wait; what `condition` throws and the wait does not
  ///   retry; what the clock's `sleep` throws.
  @inlinable @inline(__always)
  func poll(
    isolation: isolated (any Actor)? = #isolation,
    until condition: () async throws -> Bool
  ) async throws -> PollOutcome<Void> {
    try await run(
      isolation: isolation, readsContext: false, noting: { _ in }, measuresDecision: false, late: { _, _ in },
      until: condition)
  }

  /// Probes until `probe` returns a value or the timeout passes.
  ///
  /// - Parameters:
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - location: Where an eventually-style wait was called, for its
  ///     near-timeout warning (``NearTimeoutWarning``); `nil`, the default,
  ///     warns of nothing.
  ///   - comment: What the wait is for, for the warning.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: The deciding probe's value, or, when the timeout passed, how
  ///   many probes ran, how long the wait took and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   decides the wait; what `probe` throws and the wait does not retry;
  ///   what the clock's `sleep` throws.
  @inlinable @inline(__always)
  func poll<Value>(
    isolation: isolated (any Actor)? = #isolation,
    warningAt location: CallSite? = nil,
    comment: @autoclosure () -> String? = nil,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var context = ProbeContext(index: 1, elapsed: .zero)
    var value: Value?
    let outcome = try await run(
      isolation: isolation, readsContext: true, noting: { context = $0 },
      measuresDecision: location != nil && timing.nearTimeout != nil,
      late: { probeCount, elapsed in
        guard let location else { return }
        warnIfNearTimeout(probeCount: probeCount, elapsed: elapsed, comment: comment(), location: location)
      },
      until: {
        value = try await probe(context)
        return value != nil
      })
    return outcome.carrying(value)
  }

  /// The loop's way in, shared by every wait: the first probe, then, unless
  /// it decided the wait or the time is up, the sleeping loop.
  ///
  /// - Parameters:
  ///   - isolation: The actor the condition runs on.
  ///   - readsContext: Whether the condition reads its place in the wait:
  ///     when it does, the loop reads the clock as each probe starts and
  ///     tells `noteContext`; when not, a plain wait reads the clock once a
  ///     probe, after it.
  ///   - noteContext: Told each probe's place in the wait before the probe
  ///     runs, when `readsContext` is true; a plain wait's first probe is
  ///     not told, and is at index 1, elapsed zero. A wait with options
  ///     tells it of the first probe too, measured.
  ///   - measuresDecision: Whether to read the clock after a probe that
  ///     decided the wait after it slept, and tell `late`.
  ///   - late: Told how many probes ran and the wait's time when a probe
  ///     decided the wait after it slept, when `measuresDecision` is true; a
  ///     wait its first probe decided is not measured (near-timeout
  ///     warnings, ``NearTimeoutWarning``).
  ///   - condition: Returns whether the wait is decided.
  /// - Returns: Whether a probe decided the wait, or how it expired.
  /// - Throws: What ``poll(isolation:until:)`` throws.
  @inlinable @inline(__always)
  func run(
    isolation: isolated (any Actor)?,
    readsContext: Bool,
    noting noteContext: (ProbeContext) -> Void,
    measuresDecision: Bool,
    late: (_ probeCount: Int, _ elapsed: Duration) -> Void,
    until condition: () async throws -> Bool
  ) async throws -> PollOutcome<Void> {
    try Task.checkCancellation()
    let start = clock.now
    // The frame keeps across the first probe and the loop what they need
    // and no more (a few pieces of the poller, not all of it; no result of
    // the first probe's bookkeeping): it stays allocated for as long as the
    // wait sleeps.
    let sleeper: Sleeper<C>
    if isPlain {
      // The first probe of a plain wait is inlined into the caller, so a
      // wait whose condition already holds is specialized for its clock and
      // costs one clock read.
      let (clock, timeout, schedule) = (clock, timeout, schedule)
      // A transient error is "not yet" (``TransientError``); any other
      // ends the wait with it.
      var transient: (any Error)?
      do {
        if try await condition() { return .decided(()) }
      } catch  where isTransient(error) {
        transient = error
      }
      switch try Self.afterFirstPlainProbe(
        clock: clock, start: start, timeout: timeout, schedule: schedule, readsContext: readsContext,
        lastError: transient)
      {
      case .expired(let elapsed):
        return .expired(PollExpiry(probeCount: 1, elapsed: elapsed, lastError: transient))
      case .sleep(let made): sleeper = made
      }
    } else {
      switch try await firstProbe(from: start, isolation: isolation, noteContext, condition) {
      case .ended(let outcome): return outcome
      case .sleep(let made): sleeper = made
      }
    }
    defer { sleeper.finish() }
    if try await Self.sleepAndPoll(sleeper, isolation, readsContext, noteContext, condition) {
      if measuresDecision {
        let (probeCount, elapsed) = sleeper.decision()
        late(probeCount, elapsed)
      }
      return .decided(())
    }
    // Read before `finish()` lets go of the last error retried.
    return .expired(sleeper.expiry)
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
  ///   - warnsNearTimeout: Whether a probe that decides the wait late in its
  ///     timeout records a near-timeout warning (``NearTimeoutWarning``):
  ///     `false` for a wait whose length is by design (a stable-for wait),
  ///     and needless for a hold, whose window never warns.
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: What ``poll(isolation:_:)`` returns.
  /// - Throws: What ``poll(isolation:_:)`` throws, with the probe's own
  ///   error replaced by the recorder's inside a running test.
  @inlinable
  func pollReportingErrors<Value>(
    comment: @autoclosure () -> String?,
    source: String = "condition",
    location: @autoclosure () -> CallSite?,
    warnsNearTimeout: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    // The probe that threw last, cleared when a later probe starts: the
    // error that ends the poll is the condition's only when the probe that
    // ran last threw it and the loop did not retry it.
    var threw: ProbeContext?
    var context = ProbeContext(index: 1, elapsed: .zero)
    var value: Value?
    let outcome: PollOutcome<Void>
    do {
      outcome = try await run(
        isolation: isolation, readsContext: true, noting: { context = $0 },
        measuresDecision: warnsNearTimeout && timing.nearTimeout != nil,
        late: { probeCount, elapsed in
          guard let location = location() else { return }
          warnIfNearTimeout(probeCount: probeCount, elapsed: elapsed, comment: comment(), location: location)
        },
        until: {
          threw = nil
          do {
            value = try await probe(context)
            return value != nil
          } catch {
            // Only an error that ends the loop is the condition's failure: one
            // the loop retries leaves `threw` clear, so that a later error of
            // the clock's `sleep` is not taken for the condition's.
            let ends =
              !(error is CancellationError) && !(error is ClockSleepFailure) && retryingErrors?(error) != true
              && !isTransient(error)
            threw = ends ? context : nil
            throw error
          }
        })
    } catch let failure as ClockSleepFailure {
      throw failure.error
    } catch let standstill as VirtualTimeError {
      throw Self.report(standstill, comment: comment(), location: location())
    } catch {
      guard let probe = threw, let location = location() else { throw error }
      throw Self.conditionFailure(error, source: source, comment: comment(), probe: probe, location: location)
    }
    return outcome.carrying(value)
  }

  /// A wait's clock stood still (``VirtualTimeError``): the error, with
  /// what the wait was for and where it was called, recorded there in a
  /// running test.
  ///
  /// - Parameters:
  ///   - standstill: The error the loop threw.
  ///   - comment: What the wait is for.
  ///   - location: Where the wait was called, or `nil` for a wait that
  ///     reports nothing.
  /// - Returns: The error to throw.
  @usableFromInline
  static func report(_ standstill: VirtualTimeError, comment: String?, location: CallSite?) -> any Error {
    guard let location, standstill.location == nil else { return standstill }
    var error = standstill
    error.comment = comment
    error.location = location
    return FailureRecording.report(error, at: location)
  }

  /// The first probe of a wait with options (triggers, retried errors, a
  /// probe observer), and the check of the time after it.
  ///
  /// Returns before the loop begins, so that its frame is gone by the time
  /// the wait sleeps.
  @inlinable @inline(never)
  func firstProbe(
    from start: C.Instant,
    isolation: isolated (any Actor)?,
    _ noteContext: (ProbeContext) -> Void,
    _ condition: () async throws -> Bool
  ) async throws -> FirstProbe<C> {
    var loop = LoopState(probeCount: 0, generations: triggers.map(\.generation))
    let context = loop.beginProbe(clock: clock, from: start)
    noteContext(context)
    do {
      let decided = try await condition()
      loop.endProbe(context, decided: decided, onProbe: onProbe)
      if decided { return .ended(.decided(())) }
    } catch {
      try loop.probe(context, threw: error, retrying: retryingErrors, onProbe: onProbe)
    }
    return try afterFirstProbe(from: start, loop: loop)
  }

  /// After an undecided first probe of a wait with options: the expiry of
  /// the wait when its time has reached the timeout, else the sleeper that
  /// carries the loop's state and the options from then on.
  ///
  /// Its probes read the clock as they start: the observer is told when
  /// each ran.
  ///
  /// - Parameters:
  ///   - start: When the wait started, on the clock.
  ///   - loop: The loop's state after the first probe.
  /// - Returns: The wait's end, or its sleeper.
  /// - Throws: `CancellationError` when the task is cancelled.
  @inlinable @inline(never)
  func afterFirstProbe(from start: C.Instant, loop: LoopState) throws -> FirstProbe<C> {
    var loop = loop
    if let expiry = loop.expiry(clock: clock, timeout: timeout, from: start) {
      return .ended(.expired(expiry))
    }
    try Task.checkCancellation()
    let options = Sleeper<C>.Options(triggers: triggers, retryingErrors: retryingErrors, onProbe: onProbe)
    return .sleep(
      Sleeper(
        clock: clock, start: start, timeout: timeout, schedule: schedule, options: options, loop: loop,
        readsContext: true, standstillLimit: standstillLimit))
  }

  /// ``afterFirstProbe(from:loop:)`` for a plain wait, from the
  /// pieces of the poller it reads: so that the caller keeps only these
  /// across its first probe, not the whole poller, and gets its answer in
  /// registers.
  ///
  /// - Parameters:
  ///   - clock: The wait's clock.
  ///   - start: When the wait started, on `clock`.
  ///   - timeout: The wait's timeout.
  ///   - schedule: The wait's polling schedule.
  ///   - readsContext: Whether the probes read their place in the wait.
  ///   - lastError: The transient error the first probe threw, if any.
  /// - Returns: The wait's end, or its sleeper.
  /// - Throws: `CancellationError` when the task is cancelled.
  @inlinable @inline(never)
  static func afterFirstPlainProbe(
    clock: C, start: C.Instant, timeout: Duration, schedule: PollingSchedule, readsContext: Bool,
    lastError: (any Error)? = nil
  ) throws -> FirstPlainProbe<C> {
    var loop = LoopState(probeCount: 1, generations: [])
    loop.lastError = lastError
    if let expiry = loop.expiry(clock: clock, timeout: timeout, from: start) {
      return .expired(elapsed: expiry.elapsed)
    }
    try Task.checkCancellation()
    return .sleep(
      Sleeper(
        clock: clock, start: start, timeout: timeout, schedule: schedule, options: nil, loop: loop,
        readsContext: readsContext))
  }

  /// The loop after the first probe and its check of the time: sleeps,
  /// probes, until a probe decides the wait or the timeout passes.
  ///
  /// From the first sleep on, the loop's state lives in `sleeper`, made by
  /// the caller once it knows the wait will sleep, so that a wait that no
  /// sleep precedes allocates nothing for sleeping; one cancellation handler
  /// covers every sleep. What the code here keeps across a suspension is a
  /// reference to the sleeper, the condition, the context's callback and
  /// flag and the isolation, and no value of the clock's types (whose size a
  /// client of the standard library learns only at run time, so that each
  /// would cost an allocation in the task): a sleeping wait's async frames
  /// stay small, and they stay allocated for as long as it waits. The
  /// arithmetic of the schedule runs in the sleeper's synchronous methods.
  ///
  /// - Parameters:
  ///   - sleeper: The wait's state from its first sleep on.
  ///   - isolation: The actor the condition runs on.
  ///   - readsContext: Whether to tell `noteContext` of each probe.
  ///   - noteContext: Told each probe's place in the wait before it runs.
  ///   - condition: Returns whether the wait is decided.
  /// - Returns: `true` when a probe decided the wait; `false` when the
  ///   wait's time reached the timeout, which ``Sleeper/expiry`` describes.
  /// - Throws: What ``poll(isolation:until:)`` throws.
  @inlinable @inline(__always)
  static func sleepAndPoll(
    _ sleeper: Sleeper<C>,
    _ isolation: isolated (any Actor)?,
    _ readsContext: Bool,
    _ noteContext: (ProbeContext) -> Void,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    // The standard library runs the operation as an async function of no
    // isolation of its own: its type predates `nonisolated(nonsending)`. A
    // closure that names no isolated parameter is inferred nonisolated and
    // would run there, on the global executor, with the condition (#38:
    // from the second probe on, 38 of the 44 waits the isolation matrix
    // runs probed off their caller's actor).
    // So the loop is a function isolated to `isolation`, which runs there
    // whatever the closure's isolation; the closure passes `isolation` on,
    // which isolates it to the same actor, so the call does not hop. The
    // isolation matrix (IsolationMatrixTests) runs every public wait on
    // probes 1 to 4 from the main actor, an actor and nonisolated code.
    try await withTaskCancellationHandler {
      try await loop(sleeper, isolation, readsContext, noteContext, condition)
    } onCancel: {
      sleeper.cancel()
    }
  }

  /// The body of ``sleepAndPoll(_:_:_:_:_:)``, in the isolation of the
  /// wait's caller.
  @inlinable @inline(__always)
  static func loop(
    _ sleeper: Sleeper<C>,
    _ isolation: isolated (any Actor)?,
    _ readsContext: Bool,
    _ noteContext: (ProbeContext) -> Void,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    var next = sleeper.firstStep()
    while true {
      switch next {
      case .park(let id):
        let wake = await withUnsafeContinuation { sleeper.suspend(id, $0) }
        next = try sleeper.woke(from: id, by: wake)
      case .sleepOnClock:
        try await sleeper.sleepOnClock()
        next = sleeper.sleptOnClock()
      case .probe:
        if readsContext { noteContext(sleeper.context) }
        let decided: Bool
        do {
          decided = try await condition()
        } catch {
          next = try sleeper.probeThrew(error)
          continue
        }
        guard decided else {
          next = sleeper.probed()
          continue
        }
        sleeper.decided()
        return true
      case .expired:
        return false
      case .cancelled:
        throw CancellationError()
      }
    }
  }
}

/// How a wait goes on after its first probe.
@usableFromInline
enum FirstProbe<C: Clock> where C.Duration == Duration {
  /// The wait ended: decided, or expired.
  case ended(PollOutcome<Void>)
  /// The wait sleeps, with its state in this sleeper.
  case sleep(Sleeper<C>)
}

/// How a plain wait goes on after its first probe: the few bytes of
/// ``FirstProbe`` that a plain wait needs, so that they come back in
/// registers.
@usableFromInline
enum FirstPlainProbe<C: Clock> where C.Duration == Duration {
  /// The first probe was the last: the wait expired after this long.
  case expired(elapsed: Duration)
  /// The wait sleeps, with its state in this sleeper.
  case sleep(Sleeper<C>)
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

/// What the loop keeps from probe to probe, and what it does around each
/// probe.
@usableFromInline
struct LoopState {
  /// How many probes have run.
  @usableFromInline var probeCount: Int
  /// The wait's own time.
  @usableFromInline var time = WaitTime()
  /// Each trigger's generation when the last probe started.
  @usableFromInline var generations: [UInt64]
  /// The last error retried.
  @usableFromInline var lastError: (any Error)?

  @usableFromInline
  init(probeCount: Int, generations: [UInt64]) {
    self.probeCount = probeCount
    self.generations = generations
  }

  /// Counts a probe that is about to start and reads the clock.
  ///
  /// - Parameters:
  ///   - clock: The wait's clock.
  ///   - start: When the wait started, on `clock`.
  /// - Returns: What the probe knows of its place in the wait.
  @inlinable @inline(never)
  mutating func beginProbe<C: Clock>(clock: C, from start: C.Instant) -> ProbeContext
  where C.Duration == Duration {
    probeCount += 1
    return ProbeContext(index: probeCount, elapsed: time.advance(to: start.duration(to: clock.now)))
  }

  /// Notes each trigger's generation as a probe starts, so that a trigger
  /// that fires during the probe makes the loop probe again.
  ///
  /// - Parameter triggers: The wait's triggers, in the order of
  ///   ``generations``.
  @usableFromInline
  mutating func noteGenerations(of triggers: [WaitTrigger]) {
    for index in triggers.indices { generations[index] = triggers[index].generation }
  }

  /// Reports a probe that returned.
  ///
  /// - Parameters:
  ///   - context: The probe's place in the wait.
  ///   - decided: Whether the probe decided the wait.
  ///   - onProbe: The wait's probe observer, if any.
  @inlinable
  func endProbe(_ context: ProbeContext, decided: Bool, onProbe: (@Sendable (WaitProbe) -> Void)?) {
    onProbe?(WaitProbe(index: context.index, elapsed: context.elapsed, outcome: decided ? .decided : .notYet))
  }

  /// Handles an error a probe threw: keeps and reports it when the wait
  /// retries it, and throws it otherwise.
  ///
  /// - Parameters:
  ///   - context: The probe's place in the wait.
  ///   - error: What the probe threw.
  ///   - retryingErrors: Which errors the wait retries, if any; it
  ///     retries a ``TransientError`` that says so whatever they are.
  ///   - onProbe: The wait's probe observer, if any.
  /// - Throws: `error`, when the wait does not retry it.
  @inlinable @inline(never)
  mutating func probe(
    _ context: ProbeContext, threw error: any Error,
    retrying retryingErrors: (@Sendable (any Error) -> Bool)?,
    onProbe: (@Sendable (WaitProbe) -> Void)?
  ) throws {
    guard !(error is CancellationError), !(error is ClockSleepFailure),
      retryingErrors?(error) == true || isTransient(error)
    else { throw error }
    lastError = error
    onProbe?(WaitProbe(index: context.index, elapsed: context.elapsed, outcome: .retriedError(error)))
  }

  /// Reads the clock after a probe: the expiry of the wait when its time has
  /// reached the timeout; `nil` while it may sleep again.
  ///
  /// - Parameters:
  ///   - clock: The wait's clock.
  ///   - timeout: The wait's timeout; zero probes once.
  ///   - start: When the wait started, on `clock`.
  /// - Returns: How the wait expired, or `nil`.
  @inlinable @inline(never)
  mutating func expiry<C: Clock>(clock: C, timeout: Duration, from start: C.Instant) -> PollExpiry?
  where C.Duration == Duration {
    // The wait's time is never negative, so a zero timeout expires here.
    // No reading moves it during a probe: before this one, it is when the
    // probe started.
    let started = time.value
    let elapsed = time.advance(to: start.duration(to: clock.now))
    guard elapsed < timeout else {
      return PollExpiry(
        probeCount: probeCount, elapsed: elapsed, lastError: lastError, lastProbeStart: started)
    }
    return nil
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

/// The sleeping half of a wait: the loop's state from its first sleep on,
/// its parking place, and the timer that ends its sleeps.
///
/// Made at a wait's first sleep, so a wait whose first probe succeeds never
/// makes one, and reused for every sleep after. The loop keeps it, and no
/// more, across its suspensions, and calls it twice a probe: when a sleep
/// ends (``woke(from:by:)``) and when a probe returns (``probed()``). Each
/// call does the schedule's arithmetic and says what the loop does next.
///
/// It is the wait's ``Parking`` too, so that a sleeping wait's state is one
/// object. Only the waiting task reads or writes what this subclass adds;
/// the timer, the triggers and the cancellation handler, on other threads,
/// reach only the parking place's locked methods. Its methods are inlinable
/// but never inlined: a caller specializes them for its clock, and their
/// temporaries stay on the thread's stack, out of the loop's async frame.
@usableFromInline
final class Sleeper<C: Clock>: Parking where C.Duration == Duration {
  /// What the loop does next.
  @usableFromInline
  enum Step {
    /// Park in sleep `id` until the timer, a trigger or cancellation resumes it.
    case park(UInt64)
    /// Sleep on the clock itself: ``sleepOnClock()``.
    case sleepOnClock
    /// Run a probe, with ``context``.
    case probe
    /// The wait's time reached the timeout after a probe: ``expiry``.
    case expired
    /// The task was cancelled before the next sleep began.
    case cancelled
  }

  /// What a wait with options keeps of them from its first sleep on: an
  /// object of its own, so that a plain wait's sleeper, which ten thousand
  /// waits may hold at once, has no room for them.
  @usableFromInline
  final class Options {
    /// Triggers that end a sleep early.
    @usableFromInline let triggers: [WaitTrigger]
    /// Which thrown errors count as "not yet" instead of ending the wait.
    @usableFromInline let retryingErrors: (@Sendable (any Error) -> Bool)?
    /// Told of every probe.
    @usableFromInline let onProbe: (@Sendable (WaitProbe) -> Void)?

    /// Keeps the options of a wait.
    ///
    /// - Parameters:
    ///   - triggers: Triggers that end a sleep early.
    ///   - retryingErrors: Which thrown errors count as "not yet".
    ///   - onProbe: Told of every probe.
    @usableFromInline
    init(
      triggers: [WaitTrigger], retryingErrors: (@Sendable (any Error) -> Bool)?,
      onProbe: (@Sendable (WaitProbe) -> Void)?
    ) {
      self.triggers = triggers
      self.retryingErrors = retryingErrors
      self.onProbe = onProbe
    }
  }

  private enum Timer {
    /// The process-wide timer thread of a system clock. Held unretained:
    /// it lives as long as the process (``SystemTimers`` keeps it in a
    /// static constant), and a retain on every sleep would have the waits on
    /// every core write its reference count.
    case thread(Unmanaged<TimerThread<C>>)
    /// A private queue driven by tasks sleeping on the wait's own clock.
    case queue(TimerQueue<C>)
  }

  // A woken wait finds this object out of the cache (ten thousand waits
  // hold ten thousand of them), so what a probe reads is kept together,
  // right after the parking place's state, and what only a wait with
  // options reads is in an object of its own. Fields of a fixed size come
  // first and the clock-typed ones last: a fixed field's offset is a
  // constant, where a field after one of the clock's types (a size a client
  // of the standard library learns only at run time) is found through the
  // class's metadata, and loads whose addresses are known at once can miss
  // the cache together.
  //
  // Only the waiting task reads and writes the variables, one call at a
  // time, and no call reaches another while it runs: exclusivity holds by
  // construction, so the dynamic checks a class's stored properties get are
  // left out. The constants are read where they are, never copied.

  /// Whether the timer holds an entry for the current parked piece.
  ///
  /// A piece slept on the clock itself leaves it as it was: only a parked
  /// piece's wake reads it.
  @usableFromInline @exclusivity(unchecked) var scheduled = false
  /// Whether the probes read their place in the wait (``context``): when
  /// not, the loop reads the clock once a probe, after it (and as the final
  /// probe starts), and a probe's ``context`` gives the wait's time when its
  /// sleep ended.
  @usableFromInline let readsContext: Bool
  /// The wait's triggers, retried errors and probe observer; `nil` for a
  /// plain wait, which has none of them, and once the wait has returned.
  @usableFromInline @exclusivity(unchecked) var options: Options?
  private let timer: Timer
  /// The probe count, the wait's time, the triggers' generations, the last
  /// error retried.
  @usableFromInline @exclusivity(unchecked) var loop: LoopState
  /// How long the wait may take before it gives up.
  @usableFromInline let timeout: Duration
  /// The wait's time at which the current sleep ends.
  @usableFromInline @exclusivity(unchecked) var sleepEnd = Duration.zero
  /// The wait's time at which the piece in progress ends: the sleep's
  /// start, before its first piece; once the wait has expired, when its
  /// last probe started, or a negative duration when that is not known.
  @usableFromInline @exclusivity(unchecked) var pieceEnd = Duration.zero
  /// How long the loop sleeps after each probe.
  @usableFromInline let schedule: PollingSchedule
  /// The clock that measures the timeout and paces the probes.
  @usableFromInline let clock: C
  /// When the wait started, on ``clock``.
  @usableFromInline let start: C.Instant
  /// Where the task parks, as the timer and the triggers know it: the
  /// sleeper itself.
  @usableFromInline var parking: Parking { self }
  /// The probe the loop runs next, or ran last: it started at the wait's
  /// time, which no sleep or clock reading moves on between the start of a
  /// probe and the reading after it.
  @inlinable var context: ProbeContext { ProbeContext(index: loop.probeCount, elapsed: loop.time.value) }
  /// Where the piece in progress ends, on ``clock``.
  @inlinable var pieceDeadline: C.Instant { start.advanced(by: pieceEnd) }

  @usableFromInline
  init(
    clock: C, start: C.Instant, timeout: Duration, schedule: PollingSchedule, options: Options?,
    loop: LoopState, readsContext: Bool, standstillLimit: Duration? = nil
  ) {
    self.readsContext = readsContext || options != nil
    self.clock = clock
    self.start = start
    self.timeout = timeout
    self.schedule = schedule
    self.options = options
    self.loop = loop
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      if let thread = SystemTimers.thread(for: clock) {
        thread.join()
        timer = .thread(.passUnretained(thread))
      } else {
        timer = .queue(
          TimerQueue.forWait(
            on: clock, standstillLimit: Standstill.limit(given: standstillLimit, clock: clock)))
      }
    #else
      timer = .queue(
        TimerQueue.forWait(on: clock, standstillLimit: Standstill.limit(given: standstillLimit, clock: clock))
      )
    #endif
    super.init()
  }

  /// Ends the timer's work for this wait, after its last sleep.
  @usableFromInline
  func finish() {
    switch timer {
    case .queue(let queue): queue.shutDown()
    case .thread(let thread): thread._withUnsafeGuaranteedRef { $0.leave() }
    }
    // A stale entry of the timer thread keeps this object until the entry
    // is removed or its deadline passes, which may be an interval later:
    // what the caller handed in (triggers, closures, the last error it
    // retried) is let go now, with the wait.
    options = nil
    loop.lastError = nil
    loop.generations = []
  }

  /// What the loop does first: the first piece of the first sleep.
  @inlinable @inline(never)
  func firstStep() -> Step {
    startSleep()
  }

  /// Handles the end of sleep `id`: removes it from the triggers, and tells
  /// the timer when it ended before its deadline and left an entry behind.
  ///
  /// - Returns: The next piece of the sleep when it reached its deadline
  ///   and some of the sleep is left; otherwise the probe that follows.
  /// - Throws: `CancellationError` when the task was cancelled; the clock's
  ///   error when its `sleep` failed.
  @inlinable @inline(never)
  func woke(from id: UInt64, by wake: Parking.Wake) throws -> Step {
    if let options, !options.triggers.isEmpty { disarm(id, from: options.triggers) }
    switch wake {
    case .deadline:
      return nextPiece()
    case .trigger:
      if scheduled { discard() }
      return beginProbe()
    case .cancellation:
      if scheduled { discard() }
      throw CancellationError()
    case .clockFailure(let error):
      throw error
    case .standstill(let realTime):
      if scheduled { discard() }
      throw standstill(after: realTime)
    }
  }

  /// Sleeps on the clock itself until the current piece ends.
  ///
  /// For a wait alone on the timer, with nothing but the deadline and
  /// cancellation to wake it: a sleep of the clock's own costs less than a
  /// hand-off through the timer thread.
  ///
  /// - Throws: What the clock's `sleep` throws.
  // Out of line: cross-module optimization would inline the clock's sleep
  // into the loop, whose frame a sleeping wait keeps allocated, and make
  // that frame larger (240 bytes instead of 176) for a path only a wait
  // nearly alone on its clock takes.
  @usableFromInline @inline(never)
  func sleepOnClock() async throws {
    try await clock.sleep(until: pieceDeadline, tolerance: nil)
  }

  /// The error of a wait whose clock stood still for `realTime` while it
  /// slept toward the current piece's end.
  @usableFromInline @inline(never)
  func standstill(after realTime: Duration) -> VirtualTimeError {
    VirtualTimeError(
      .clockStoodStill(sleepingToward: "\(pieceDeadline)"), clockName: String(describing: C.self),
      realTime: realTime)
  }

  /// After a sleep on the clock itself reached its instant: the next piece,
  /// or the probe.
  @inlinable @inline(never)
  func sleptOnClock() -> Step {
    nextPiece()
  }

  /// After an undecided probe: reports it, reads the clock, and says what
  /// comes next.
  ///
  /// - Returns: ``Step/expired`` when the wait's time has reached the
  ///   timeout; otherwise the first piece of the next sleep, or
  ///   ``Step/cancelled``.
  @inlinable @inline(never)
  func probed() -> Step {
    if let options { loop.endProbe(context, decided: false, onProbe: options.onProbe) }
    return afterProbe()
  }

  /// Handles an error the probe threw: keeps and reports it when the wait
  /// retries it, then goes on as ``probed()``.
  ///
  /// - Throws: `error` when the wait does not retry it.
  @inlinable @inline(never)
  func probeThrew(_ error: any Error) throws -> Step {
    try loop.probe(context, threw: error, retrying: options?.retryingErrors, onProbe: options?.onProbe)
    return afterProbe()
  }

  /// How many probes ran and the wait's time, read as the probe that
  /// decided the wait returned.
  @inlinable @inline(never)
  func decision() -> (probeCount: Int, elapsed: Duration) {
    (loop.probeCount, loop.time.advance(to: start.duration(to: clock.now)))
  }

  /// Reports the probe that decided the wait.
  @inlinable
  func decided() {
    if let options { loop.endProbe(context, decided: true, onProbe: options.onProbe) }
  }

  /// How the wait expired, once ``probed()`` or ``probeThrew(_:)`` said so.
  @inlinable
  var expiry: PollExpiry {
    PollExpiry(
      probeCount: loop.probeCount, elapsed: loop.time.value, lastError: loop.lastError,
      lastProbeStart: pieceEnd < .zero ? nil : pieceEnd)
  }

  /// Reads the clock after a probe: the expiry, or the next sleep.
  ///
  /// Cancellation is checked as the sleep begins, under the parking
  /// place's lock (``arm()``), where the cancellation handler leaves it: a
  /// check of the task's own flag here would retain and release the task on
  /// every probe.
  @inlinable
  func afterProbe() -> Step {
    if let expiry = loop.expiry(clock: clock, timeout: timeout, from: start) {
      // No sleep follows: the piece's end keeps when the last probe
      // started, for ``expiry``, when the clock was read as it started (a
      // probe that reads its place, or the final one); otherwise the sleep
      // before it may have ended late, and it is not known (negative).
      let measured = readsContext || sleepEnd >= timeout
      pieceEnd = measured ? expiry.lastProbeStart ?? .zero : .nanoseconds(-1)
      return .expired
    }
    return startSleep()
  }

  /// Starts the sleep after a probe, of the schedule's next interval
  /// shortened to the time that is left, with its first piece.
  ///
  /// The sleep ends at the wait's time plus the interval, never at an
  /// instant the wait's time has passed already: a clock whose `now` stands
  /// still or jumps back gets asked for a sleep that takes the interval, not
  /// one it may count as done at once. A wait sleeps only before its
  /// timeout, and every interval is positive, so the sleep has a length.
  ///
  /// - Returns: What ``arm()`` returns for the first piece.
  @inlinable
  func startSleep() -> Step {
    let sleepStart = loop.time.value
    let length = min(schedule.interval(after: loop.probeCount), timeout - sleepStart)
    sleepEnd = sleepStart + length
    pieceEnd = sleepStart + min(length, Poller<C>.maximumSleep)
    return arm()
  }

  /// After a piece of sleep ran to its end: starts the next piece, at most
  /// ``Poller/maximumSleep`` long; or, when the sleep has run to its end,
  /// notes that the wait's time has reached it and starts the probe.
  @inlinable
  func nextPiece() -> Step {
    guard pieceEnd < sleepEnd else {
      // A sleep that ran to its deadline has reached it, whatever the clock reads.
      loop.time.reached(sleepEnd)
      if !readsContext, sleepEnd >= timeout {
        // The final probe, at the deadline: read when it starts, once a
        // wait, so that a failure can tell a wait that woke late (or a
        // clock that jumped) from a probe that ran long.
        _ = loop.time.advance(to: start.duration(to: clock.now))
      }
      return beginProbe()
    }
    pieceEnd += min(sleepEnd - pieceEnd, Poller<C>.maximumSleep)
    return arm()
  }

  /// Counts the probe that runs next, notes the triggers' generations and
  /// reads the clock for its ``context`` when the probes read it.
  @inlinable
  func beginProbe() -> Step {
    if let options { loop.noteGenerations(of: options.triggers) }
    if readsContext {
      _ = loop.beginProbe(clock: clock, from: start)
    } else {
      loop.probeCount += 1
    }
    return .probe
  }

  /// Starts a piece of sleep: registers it with the triggers and, unless
  /// one has fired since the last probe, with the timer; or, for a wait
  /// without triggers on a system clock whose timer serves almost no other
  /// sleep, starts none, for the wait to sleep on the clock itself.
  ///
  /// - Returns: ``Step/park(_:)`` with the sleep's identifier;
  ///   ``Step/sleepOnClock`` when the wait should sleep on the clock itself;
  ///   ``Step/cancelled`` when the task was cancelled, and no sleep began.
  @usableFromInline
  @_specialize(where C == ContinuousClock)
  @_specialize(where C == SuspendingClock)
  func arm() -> Step {
    guard let id = beginSleep() else { return .cancelled }
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      if options?.triggers.isEmpty ?? true, case .thread(let thread) = timer {
        let onTimer = thread._withUnsafeGuaranteedRef {
          $0.schedule(self, sleep: id, at: pieceDeadline, unlessQuiet: true)
        }
        guard onTimer else {
          abandonSleep(id)
          return .sleepOnClock
        }
        scheduled = true
        return .park(id)
      }
    #endif
    var firedAlready = false
    for (trigger, generation) in zip(options?.triggers ?? [], loop.generations)
    where !trigger.register(parking, sleep: id, ifStill: generation) {
      firedAlready = true
    }
    if firedAlready {
      parking.resume(id, with: .trigger)
    } else {
      switch timer {
      case .thread(let thread):
        _ = thread._withUnsafeGuaranteedRef {
          $0.schedule(self, sleep: id, at: pieceDeadline, unlessQuiet: false)
        }
      case .queue(let queue): queue.schedule(parking, sleep: id, at: pieceDeadline)
      }
    }
    scheduled = !firedAlready
    return .park(id)
  }

  /// Removes sleep `id` from `triggers` after it ended.
  ///
  /// - Parameters:
  ///   - id: The sleep that ended.
  ///   - triggers: The wait's triggers.
  @usableFromInline
  func disarm(_ id: UInt64, from triggers: [WaitTrigger]) {
    for trigger in triggers { trigger.unregister(parking, sleep: id) }
  }

  /// Tells the timer that a sleep ended before its deadline.
  @usableFromInline
  func discard() {
    switch timer {
    case .thread(let thread): thread._withUnsafeGuaranteedRef { $0.discard() }
    case .queue(let queue): queue.discard()
    }
  }
}

// Safe because what `Sleeper` adds to `Parking` is read and written only by
// the waiting task, one call at a time: the timer thread, the triggers and
// the cancellation handler hold the object as a `Parking` and call only its
// locked methods. The last release may come from the timer thread after the
// wait has returned, when no task uses the object any more.
extension Sleeper: @unchecked Sendable {}

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
  /// When the last probe started, on the wait's time.
  ///
  /// Past the timeout when the wait woke late or its clock jumped, rather
  /// than the probe running long. `nil` when the loop did not read the
  /// clock as it started (a plain wait's probe before the final one).
  @usableFromInline var lastProbeStart: Duration?

  @usableFromInline
  init(probeCount: Int, elapsed: Duration, lastError: (any Error)?, lastProbeStart: Duration? = .zero) {
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.lastError = lastError
    self.lastProbeStart = lastProbeStart
  }
}

extension PollOutcome where Value == Void {
  /// This outcome, with `value` as the deciding probe's value.
  ///
  /// - Parameter value: What the deciding probe produced; never `nil` for
  ///   a decided outcome.
  /// - Returns: The same outcome, with the value when it is decided.
  @inlinable
  func carrying<Decided>(_ value: Decided?) -> PollOutcome<Decided> {
    switch self {
    case .expired(let expiry):
      return .expired(expiry)
    case .decided:
      guard let value else {
        preconditionFailure("Internal inconsistency: a wait was decided without a value")
      }
      return .decided(value)
    }
  }
}

extension PollOutcome {
  /// Whether a probe decided the wait.
  @inlinable
  var isDecided: Bool {
    if case .decided = self { true } else { false }
  }
}
