/// The sleeping loop's decisions, as a value: when a sleep ends, in pieces of
/// what length, when a probe needs the clock's reading, and when the wait
/// has expired.
///
/// It reads no clock and parks nothing. Each transition takes what the
/// storage read (the clock's reading, as the time since the wait started)
/// and returns what the storage does next; the ``Sleeper`` keeps it, does
/// what it says (arms the timer, reads the clock, runs the probe), and is
/// the only caller. Its rules are the loop's (``Poller``): a sleep is the
/// schedule's next interval, cut to the time that is left; it ends at the
/// wait's time plus that interval, never at an instant the wait's time has
/// passed already; it is scheduled in pieces of at most ``maximumPiece``;
/// and a sleep that ran to its end has reached it, whatever the clock says.
@usableFromInline
struct SleepStateMachine {
  /// What the storage does after a piece of sleep ran to its deadline.
  @usableFromInline
  enum PieceEnd: Equatable {
    /// Sleep again, until ``pieceEnd``.
    case nextPiece
    /// Run the probe; read the clock for ``beginProbe(reading:)`` first
    /// when `readsClock`.
    case probe(readsClock: Bool)
  }

  /// What the storage does after an undecided probe.
  @usableFromInline
  enum ProbeEnd: Equatable {
    /// Sleep, until ``pieceEnd``.
    case sleep
    /// The wait's time reached the timeout: ``expiry``.
    case expired
  }

  /// The longest piece of sleep the storage schedules at once.
  ///
  /// `ContinuousClock` traps on Linux when asked to sleep until an instant
  /// whose seconds do not fit in an `Int64`, and a clock of the user's may
  /// have a narrower range; a day is within the range of any clock
  /// measuring time.
  @inlinable static var maximumPiece: Duration { .seconds(86_400) }

  /// The probe count, the wait's time, the triggers' generations, the last
  /// error retried.
  @usableFromInline var loop: LoopState
  /// How long the wait may take before it gives up.
  @usableFromInline let timeout: Duration
  /// Whether the wait waits for something or holds it, for what a probe's
  /// error means (``ProbeErrorKind/outcome(in:)``).
  @usableFromInline let kind: WaitKind
  /// The wait's time at which the current sleep ends.
  @usableFromInline var sleepEnd = Duration.zero
  /// The wait's time at which the piece in progress ends: the sleep's
  /// start, before its first piece; once the wait has expired, when its
  /// last probe started, or a negative duration when that is not known.
  @usableFromInline var pieceEnd = Duration.zero
  /// How long the loop sleeps after each probe.
  @usableFromInline let schedule: PollingSchedule
  /// Whether every probe reads the clock as it starts, for its place in the
  /// wait (``context``); when not, only the probe after a sleep to the
  /// timeout does, and a probe's context gives the wait's time when its
  /// sleep ended.
  @usableFromInline let readsContext: Bool
  /// Whether a trigger ended the sleep before the probe in progress, or the
  /// last one: what woke the probe that decided the wait, for the wait
  /// report (``WaitReport``).
  @usableFromInline var wokenByTrigger = false

  /// Makes the decisions of a wait that is about to sleep for the first
  /// time.
  ///
  /// - Parameters:
  ///   - loop: The loop's state after the first probe.
  ///   - timeout: How long the wait may take.
  ///   - kind: Whether the wait waits for something or holds it.
  ///   - schedule: How long it sleeps after each probe.
  ///   - readsContext: Whether every probe reads the clock as it starts.
  @inlinable
  init(
    loop: LoopState, timeout: Duration, kind: WaitKind = .eventually, schedule: PollingSchedule,
    readsContext: Bool
  ) {
    self.loop = loop
    self.timeout = timeout
    self.kind = kind
    self.schedule = schedule
    self.readsContext = readsContext
  }

  /// The probe the loop runs next, or ran last: it started at the wait's
  /// time, which no sleep or reading moves on between the start of a probe
  /// and the reading after it.
  @inlinable var context: ProbeContext { ProbeContext(index: loop.probeCount, elapsed: loop.time.value) }

  /// How the wait expired, once ``probeEnded(reading:)`` said so.
  @inlinable var expiry: PollExpiry {
    PollExpiry(
      probeCount: loop.probeCount, elapsed: loop.time.value, lastError: loop.lastError,
      lastProbeStart: pieceEnd < .zero ? nil : pieceEnd)
  }

  /// Starts the sleep after a probe, of the schedule's next interval cut to
  /// the time that is left, with its first piece, which ends at
  /// ``pieceEnd``.
  ///
  /// A wait sleeps only before its timeout, and every interval is
  /// positive, so the sleep has a length.
  @inlinable
  mutating func startSleep() {
    let sleepStart = loop.time.value
    let length = min(schedule.interval(after: loop.probeCount), timeout - sleepStart)
    sleepEnd = sleepStart + length
    pieceEnd = sleepStart + min(length, Self.maximumPiece)
  }

  /// A piece of sleep ran to its deadline: the next piece, or, when the
  /// sleep has run to its end, the probe, whose wait's time is at least the
  /// sleep's end.
  ///
  /// - Returns: ``PieceEnd/nextPiece`` with ``pieceEnd`` moved on;
  ///   otherwise ``PieceEnd/probe(readsClock:)``, which reads the clock
  ///   when the probes read their place, and for the final probe, at the
  ///   timeout, so that a failure can tell a wait that woke late (or a
  ///   clock that jumped) from a probe that ran long.
  @inlinable
  mutating func pieceEnded() -> PieceEnd {
    guard pieceEnd < sleepEnd else {
      loop.time.reached(sleepEnd)
      wokenByTrigger = false
      return .probe(readsClock: readsContext || sleepEnd >= timeout)
    }
    pieceEnd += min(sleepEnd - pieceEnd, Self.maximumPiece)
    return .nextPiece
  }

  /// A trigger ended the sleep: the probe, which reads the clock only when
  /// the probes read their place.
  ///
  /// - Returns: What ``pieceEnded()`` returns for the probe.
  @inlinable
  mutating func triggered() -> PieceEnd {
    wokenByTrigger = true
    return .probe(readsClock: readsContext)
  }

  /// Counts the probe that starts now.
  ///
  /// - Parameter reading: The clock's reading, as the time since the wait
  ///   started, when ``PieceEnd/probe(readsClock:)`` asked for one; the
  ///   wait's time never runs backwards with it.
  @inlinable
  mutating func beginProbe(reading: Duration?) {
    loop.probeCount += 1
    if let reading { _ = loop.time.advance(to: reading) }
  }

  /// An undecided probe returned: the expiry, or the next sleep.
  ///
  /// - Parameter reading: The clock's reading, as the time since the wait
  ///   started.
  /// - Returns: ``ProbeEnd/expired`` when the wait's time has reached the
  ///   timeout, with ``pieceEnd`` set to when the last probe started if
  ///   the clock was read as it started (a probe that reads its place, or
  ///   the final one), negative if not (the sleep before it may have ended
  ///   late); otherwise ``ProbeEnd/sleep``, with the sleep started.
  @inlinable
  mutating func probeEnded(reading: Duration) -> ProbeEnd {
    if let expiry = loop.expiry(at: reading, timeout: timeout) {
      let measured = readsContext || sleepEnd >= timeout
      pieceEnd = measured ? expiry.lastProbeStart ?? .zero : .nanoseconds(-1)
      return .expired
    }
    startSleep()
    return .sleep
  }

  /// How many probes ran, the wait's time, and what woke the deciding
  /// probe, as that probe returned.
  ///
  /// - Parameter reading: The clock's reading, as the time since the wait
  ///   started.
  /// - Returns: The probe count, the wait's time at the reading, and what
  ///   ended the sleep before the deciding probe.
  @inlinable
  mutating func decision(reading: Duration) -> Decision {
    Decision(
      probeCount: loop.probeCount, elapsed: loop.time.advance(to: reading),
      wake: wokenByTrigger ? .trigger : .timer)
  }
}
