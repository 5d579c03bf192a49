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

  /// Handles an error a probe threw, by the one rule (``ProbeErrorKind``):
  /// keeps and reports it when it is "not yet", and throws what ends the
  /// loop otherwise.
  ///
  /// - Parameters:
  ///   - context: The probe's place in the wait.
  ///   - error: What the probe threw.
  ///   - reading: The clock's reading as the probe returned, as the time
  ///     since the wait started; it does not move the wait's time, which
  ///     stays when the probe started until the reading after it.
  ///   - timeout: The wait's timeout.
  ///   - kind: Whether the wait waits for something or holds it.
  ///   - retryingErrors: Which errors the wait retries, if any; it
  ///     retries a ``TransientError`` that says so whatever they are.
  ///   - onProbe: The wait's probe observer, if any.
  /// - Throws: `CancellationError` or ``ClockSleepFailure`` as they are;
  ///   ``ProbeThrew`` for an error that broke a hold or is the condition's
  ///   own failure.
  @inlinable @inline(never)
  mutating func probe(
    _ context: ProbeContext, threw error: any Error, at reading: Duration, timeout: Duration, kind: WaitKind,
    retrying retryingErrors: (@Sendable (any Error) -> Bool)?,
    onProbe: (@Sendable (WaitProbe) -> Void)?
  ) throws {
    let errorKind = ProbeErrorKind(
      error, retrying: retryingErrors, startedAt: time.value, thrownAt: max(reading, time.value),
      timeout: timeout)
    switch errorKind.outcome(in: kind) {
    case .notYet:
      lastError = error
      onProbe?(WaitProbe(index: context.index, elapsed: context.elapsed, outcome: .retriedError(error)))
    case .breaksHold:
      onProbe?(WaitProbe(index: context.index, elapsed: context.elapsed, outcome: .decided))
      throw ProbeThrew(error: error, probe: context, breaksHold: true)
    case .ends:
      guard errorKind == .own else { throw error }
      throw ProbeThrew(error: error, probe: context, breaksHold: false)
    }
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
    expiry(at: start.duration(to: clock.now), timeout: timeout)
  }

  /// The expiry of the wait after a probe, given the clock's reading: when
  /// the wait's time has reached the timeout; `nil` while it may sleep
  /// again.
  ///
  /// - Parameters:
  ///   - reading: The clock's reading, as the time since the wait started.
  ///   - timeout: The wait's timeout; zero probes once.
  /// - Returns: How the wait expired, or `nil`.
  @inlinable
  mutating func expiry(at reading: Duration, timeout: Duration) -> PollExpiry? {
    // The wait's time is never negative, so a zero timeout expires here.
    // No reading moves it during a probe: before this one, it is when the
    // probe started.
    let started = time.value
    let elapsed = time.advance(to: reading)
    guard elapsed < timeout else {
      return PollExpiry(
        probeCount: probeCount, elapsed: elapsed, lastError: lastError, lastProbeStart: started)
    }
    return nil
  }
}
