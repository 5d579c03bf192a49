/// The sleeping half of a wait: the storage of its decisions
/// (``SleepStateMachine``), its parking place, and the timer that ends its
/// sleeps.
///
/// Made at a wait's first sleep, so a wait whose first probe succeeds never
/// makes one, and reused for every sleep after. The loop keeps it, and no
/// more, across its suspensions, and calls it twice a probe: when a sleep
/// ends (``woke(from:by:)``) and when a probe returns (``probed()``). Each
/// call hands the state machine what happened, with the clock's reading
/// where it asks for one, does what it says (arm the timer, run the probe)
/// and tells the loop.
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
  /// The wait's triggers, retried errors and probe observer; `nil` for a
  /// plain wait, which has none of them, and once the wait has returned.
  @usableFromInline @exclusivity(unchecked) var options: Options?
  private let timer: Timer
  /// The wait's decisions: its loop state (probe count, time, triggers'
  /// generations, last error retried), the schedule, the timeout and the
  /// current sleep's ends.
  @usableFromInline @exclusivity(unchecked) var machine: SleepStateMachine
  /// The clock that measures the timeout and paces the probes.
  @usableFromInline let clock: C
  /// When the wait started, on ``clock``.
  @usableFromInline let start: C.Instant
  /// Where the task parks, as the timer and the triggers know it: the
  /// sleeper itself.
  @usableFromInline var parking: Parking { self }
  /// The probe the loop runs next, or ran last (``SleepStateMachine/context``).
  @inlinable var context: ProbeContext { machine.context }
  /// Where the piece in progress ends, on ``clock``.
  @inlinable var pieceDeadline: C.Instant { start.advanced(by: machine.pieceEnd) }
  /// The clock's reading, as the time since the wait started.
  @inlinable var reading: Duration { start.duration(to: clock.now) }

  @usableFromInline
  init(
    clock: C, start: C.Instant, timeout: Duration, kind: WaitKind, schedule: PollingSchedule,
    options: Options?, loop: LoopState, standstillLimit: Duration? = nil
  ) {
    // Every probe reads the clock as it starts, a plain wait's too: the
    // rule of a probe's error (``ProbeErrorKind``) needs when it began,
    // and a wait whose timer woke late would otherwise date its probe by
    // the end of the sleep before it (#55).
    self.machine = SleepStateMachine(
      loop: loop, timeout: timeout, kind: kind, schedule: schedule, readsContext: true)
    self.clock = clock
    self.start = start
    self.options = options
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
    machine.loop.lastError = nil
    machine.loop.generations = []
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
      return follow(machine.triggered())
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
    if let options { machine.loop.endProbe(context, decided: false, onProbe: options.onProbe) }
    return afterProbe()
  }

  /// Handles an error the probe threw, by the one rule
  /// (``LoopState/probe(_:threw:at:timeout:kind:retrying:onProbe:)``): keeps
  /// and reports it when it is "not yet", then goes on as ``probed()``,
  /// with the same reading of the clock.
  ///
  /// - Throws: What ends the wait, as the rule says.
  @inlinable @inline(never)
  func probeThrew(_ error: any Error) throws -> Step {
    let reading = self.reading
    try machine.loop.probe(
      context, threw: error, at: reading, timeout: machine.timeout, kind: machine.kind,
      retrying: options?.retryingErrors, onProbe: options?.onProbe)
    return afterProbe(reading: reading)
  }

  /// How many probes ran, the wait's time and what woke the deciding
  /// probe, read as that probe returned.
  @inlinable @inline(never)
  func decision() -> Decision {
    machine.decision(reading: reading)
  }

  /// Reports the probe that decided the wait.
  @inlinable
  func decided() {
    if let options { machine.loop.endProbe(context, decided: true, onProbe: options.onProbe) }
  }

  /// How the wait expired, once ``probed()`` or ``probeThrew(_:)`` said so.
  @inlinable
  var expiry: PollExpiry { machine.expiry }

  /// Reads the clock after a probe: the expiry, or the next sleep.
  ///
  /// Cancellation is checked as the sleep begins, under the parking
  /// place's lock (``arm()``), where the cancellation handler leaves it: a
  /// check of the task's own flag here would retain and release the task on
  /// every probe.
  ///
  /// - Parameter reading: The clock's reading as the probe returned, when
  ///   it was read already.
  /// - Returns: ``Step/expired``, or the first piece of the next sleep.
  @inlinable
  func afterProbe(reading: Duration? = nil) -> Step {
    switch machine.probeEnded(reading: reading ?? self.reading) {
    case .expired: return .expired
    case .sleep: return arm()
    }
  }

  /// Starts the sleep after a probe with its first piece
  /// (``SleepStateMachine/startSleep()``).
  ///
  /// - Returns: What ``arm()`` returns for the first piece.
  @inlinable
  func startSleep() -> Step {
    machine.startSleep()
    return arm()
  }

  /// After a piece of sleep ran to its end: the next piece, or the probe
  /// (``SleepStateMachine/pieceEnded()``).
  @inlinable
  func nextPiece() -> Step {
    follow(machine.pieceEnded())
  }

  /// Does what the state machine said after a sleep or a piece of it: arms
  /// the next piece; or notes the triggers' generations, reads the clock
  /// when asked, and counts the probe that runs next.
  ///
  /// - Parameter end: What the state machine said.
  /// - Returns: What the loop does next.
  @inlinable
  func follow(_ end: SleepStateMachine.PieceEnd) -> Step {
    switch end {
    case .nextPiece:
      return arm()
    case .probe(let readsClock):
      if let options { machine.loop.noteGenerations(of: options.triggers) }
      machine.beginProbe(reading: readsClock ? reading : nil)
      return .probe
    }
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
    for (trigger, generation) in zip(options?.triggers ?? [], machine.loop.generations)
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
