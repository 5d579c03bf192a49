// Over the house's 400 lines, for a reason: these are one type's entry
// points into the one loop (a condition, a probe told its place, the first
// probe and the sleeping loop), which share its stored options and the
// rules below, and are read together. The throwing waits' door is in
// Poller+Require.swift.

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
/// - A sleep is scheduled at most ``SleepStateMachine/maximumPiece`` ahead
///   at a time, so a far deadline never overflows a clock's instant.
/// - Cancellation is checked before the first probe and before every sleep,
///   and ends a sleep at once.
/// - What an error a probe throws means is decided in one place,
///   ``ProbeErrorKind``, with the clock's reading as the probe returned: an
///   error the wait retries, or one thrown at or after the deadline by a
///   probe that began before it, is "not yet" for an eventually-style wait
///   (kept for the timeout error) and breaks a hold; cancellation and any
///   other error end the wait. An error the clock's `sleep` throws ends the
///   wait with that error.
@usableFromInline
struct Poller<C: Clock>: Sendable where C.Duration == Duration {

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
  /// wait. The loop reads the clock after each probe and, from the first
  /// sleep on, as each probe starts: the rule of a probe's error
  /// (``ProbeErrorKind``) needs when the probe began.
  ///
  /// - Parameters:
  ///   - isolation: The actor the condition runs on; the caller's by default.
  ///   - condition: Returns whether the wait is decided.
  /// - Returns: ``PollOutcome/decided(_:)`` when a probe returned `true`, or,
  ///   when the timeout passed, how many probes ran, how long the wait took
  ///   and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   decides the wait; what `condition` throws when it ends the wait
  ///   (``ProbeErrorKind``); ``ProbeThrew`` for an error that broke a hold;
  ///   what the clock's `sleep` throws.
  @inlinable @inline(__always)
  func poll(
    isolation: isolated (any Actor)? = #isolation,
    until condition: () async throws -> Bool
  ) async throws -> PollOutcome<Void> {
    do {
      return try await run(
        isolation: isolation, readsContext: false, noting: { _ in }, measuresDecision: false,
        late: { _ in }, until: condition)
    } catch let threw as ProbeThrew where !threw.breaksHold {
      throw threw.error
    }
  }

  /// Probes until `probe` returns a value or the timeout passes.
  ///
  /// The path of a `Bool` form that reads its place in the wait; a throwing
  /// wait's is ``pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)``.
  ///
  /// - Parameters:
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: The deciding probe's value, or, when the timeout passed, how
  ///   many probes ran, how long the wait took and the last error retried.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   decides the wait; what `probe` throws when it ends the wait
  ///   (``ProbeErrorKind``); ``ProbeThrew`` for an error that broke a hold;
  ///   what the clock's `sleep` throws.
  @inlinable @inline(__always)
  func poll<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var context = ProbeContext(index: 1, elapsed: .zero)
    var value: Value?
    let outcome: PollOutcome<Void>
    do {
      outcome = try await run(
        isolation: isolation, readsContext: true, noting: { context = $0 }, measuresDecision: false,
        late: { _ in },
        until: {
          value = try await probe(context)
          return value != nil
        })
    } catch let threw as ProbeThrew where !threw.breaksHold {
      throw threw.error
    }
    return outcome.carrying(value)
  }

  /// The loop's way in, shared by every wait: the first probe, then, unless
  /// it decided the wait or the time is up, the sleeping loop.
  ///
  /// - Parameters:
  ///   - isolation: The actor the condition runs on.
  ///   - readsContext: Whether the condition reads its place in the wait:
  ///     when it does, the loop tells `noteContext` of each probe.
  ///   - noteContext: Told each probe's place in the wait before the probe
  ///     runs, when `readsContext` is true; a plain wait's first probe is
  ///     not told, and is at index 1, elapsed zero. A wait with options
  ///     tells it of the first probe too, measured.
  ///   - measuresDecision: Whether to read the clock after a probe that
  ///     decided the wait after it slept, and tell `late`.
  ///   - late: Told how many probes ran, the wait's time and what woke the
  ///     probe when a probe decided the wait after it slept, when `measuresDecision` is true; a
  ///     wait its first probe decided is not measured (near-timeout
  ///     warnings, ``NearTimeoutWarning``).
  ///   - condition: Returns whether the wait is decided.
  /// - Returns: Whether a probe decided the wait, or how it expired.
  /// - Throws: `CancellationError`; ``ProbeThrew`` for an error of the
  ///   condition that ends the wait or breaks a hold; ``ClockSleepFailure``
  ///   or the clock's own error for a failed sleep.
  @inlinable @inline(__always)
  func run(
    isolation: isolated (any Actor)?,
    readsContext: Bool,
    noting noteContext: (ProbeContext) -> Void,
    measuresDecision: Bool,
    late: (Decision) -> Void,
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
      let (clock, timeout, schedule, kind) = (clock, timeout, schedule, timing.kind)
      // What an error means is the rule's (``ProbeErrorKind``): one that
      // is "not yet" comes back, to be kept; any other is thrown.
      var notYet: (any Error)?
      var thrownAt: Duration?
      do {
        if try await condition() { return .decided(()) }
      } catch {
        (notYet, thrownAt) = try Self.firstPlainProbe(
          threw: error, clock: clock, start: start, timeout: timeout, kind: kind)
      }
      switch try Self.afterFirstPlainProbe(
        clock: clock, start: start, timeout: timeout, schedule: schedule, lastError: notYet,
        reading: thrownAt, kind: kind)
      {
      case .expired(let elapsed):
        return .expired(PollExpiry(probeCount: 1, elapsed: elapsed, lastError: notYet))
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
        late(sleeper.decision())
      }
      return .decided(())
    }
    // Read before `finish()` lets go of the last error retried.
    return .expired(sleeper.expiry)
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
      // One reading for the rule and for the expiry after it: a probe out
      // of time is followed by the timeout, whatever the clock reads next.
      let reading = start.duration(to: clock.now)
      try loop.probe(
        context, threw: error, at: reading, timeout: timeout, kind: timing.kind, retrying: retryingErrors,
        onProbe: onProbe)
      return try afterFirstProbe(from: start, loop: loop, reading: reading)
    }
    return try afterFirstProbe(from: start, loop: loop)
  }

  /// Decides, by the one rule (``LoopState/probe(_:threw:at:timeout:kind:retrying:onProbe:)``),
  /// what an error the first probe of a plain wait threw means.
  ///
  /// - Parameters:
  ///   - error: What the probe threw.
  ///   - clock: The wait's clock, read as the probe returned.
  ///   - start: When the wait started, on `clock`.
  ///   - timeout: The wait's timeout.
  ///   - kind: Whether the wait waits for something or holds it.
  /// - Returns: `error`, when it counts as "not yet", and the clock's
  ///   reading the rule read, for the expiry after it.
  /// - Throws: What ends the wait, as the rule says.
  @inlinable @inline(never)
  static func firstPlainProbe(
    threw error: any Error, clock: C, start: C.Instant, timeout: Duration, kind: WaitKind
  ) throws -> (any Error, Duration) {
    var loop = LoopState(probeCount: 1, generations: [])
    let reading = start.duration(to: clock.now)
    try loop.probe(
      ProbeContext(index: 1, elapsed: .zero), threw: error, at: reading, timeout: timeout, kind: kind,
      retrying: nil, onProbe: nil)
    return (error, reading)
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
  ///   - reading: The clock's reading as the probe returned, when it was
  ///     read already (by the rule of a probe's error); `nil` to read it.
  /// - Returns: The wait's end, or its sleeper.
  /// - Throws: `CancellationError` when the task is cancelled.
  @inlinable @inline(never)
  func afterFirstProbe(
    from start: C.Instant, loop: LoopState, reading: Duration? = nil
  ) throws -> FirstProbe<C> {
    var loop = loop
    if let expiry = loop.expiry(at: reading ?? start.duration(to: clock.now), timeout: timeout) {
      return .ended(.expired(expiry))
    }
    try Task.checkCancellation()
    let options = Sleeper<C>.Options(triggers: triggers, retryingErrors: retryingErrors, onProbe: onProbe)
    return .sleep(
      Sleeper(
        clock: clock, start: start, timeout: timeout, kind: timing.kind, schedule: schedule, options: options,
        loop: loop, standstillLimit: standstillLimit))
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
  ///   - lastError: The error the first probe threw, if it counted as
  ///     "not yet".
  ///   - reading: The clock's reading the rule read when the first probe
  ///     threw; `nil` to read it.
  ///   - kind: Whether the wait waits for something or holds it.
  /// - Returns: The wait's end, or its sleeper.
  /// - Throws: `CancellationError` when the task is cancelled.
  @inlinable @inline(never)
  static func afterFirstPlainProbe(
    clock: C, start: C.Instant, timeout: Duration, schedule: PollingSchedule, lastError: (any Error)? = nil,
    reading: Duration? = nil, kind: WaitKind
  ) throws -> FirstPlainProbe<C> {
    var loop = LoopState(probeCount: 1, generations: [])
    loop.lastError = lastError
    if let expiry = loop.expiry(at: reading ?? start.duration(to: clock.now), timeout: timeout) {
      return .expired(elapsed: expiry.elapsed)
    }
    try Task.checkCancellation()
    return .sleep(
      Sleeper(
        clock: clock, start: start, timeout: timeout, kind: kind, schedule: schedule, options: nil, loop: loop
      ))
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
