/// The one polling loop of the package.
///
/// Every public wait validates its arguments by creating a `Poller`, then calls
/// ``poll(isolation:_:)`` with a probe that returns a value when the wait is
/// satisfied and `nil` when it is not yet. The loop's rules:
///
/// - The first probe runs at once. When it succeeds, `poll` returns without
///   suspending, sleeping or allocating.
/// - After a failed probe the loop measures the time on `clock`. When the
///   elapsed time has reached the timeout, the wait has timed out: the probe
///   that just ran was the last. Otherwise it sleeps for the polling interval,
///   shortened to the time that is left, and probes again. A sleep shortened to
///   the deadline is therefore followed by one final probe at the deadline.
/// - A single clock sleep is never longer than ``maximumSleep``; longer sleeps
///   are taken in steps, so a far deadline never overflows a clock's instant.
/// - Cancellation is checked before the first probe and before every sleep, and
///   the clock's sleep throws when the task is cancelled while it sleeps.
/// - An error thrown by a probe ends the wait with that error.
@usableFromInline
package struct Poller<C: Clock>: Sendable where C.Duration == Duration {
  /// The longest single sleep the loop asks of a clock.
  ///
  /// `ContinuousClock` traps on Linux when asked to sleep until an instant whose
  /// seconds do not fit in an `Int64`, and a clock of the user's may have a
  /// narrower range; a day is within the range of any clock measuring time.
  package static var maximumSleep: Duration { .seconds(86_400) }

  /// How long the wait may take before it gives up.
  @usableFromInline package let timeout: Duration
  /// How long the loop sleeps between the end of one probe and the next.
  @usableFromInline package let pollingInterval: Duration
  /// The clock that measures the timeout and paces the probes.
  @usableFromInline package let clock: C

  /// Validates a wait's arguments.
  ///
  /// - Throws: ``AsyncWaitError/negativeTimeout`` when `timeout` is below zero;
  ///   ``AsyncWaitError/nonPositivePollingInterval`` when `pollingInterval` is
  ///   zero or below.
  @inlinable
  package init(timeout: Duration, pollingInterval: Duration, clock: C) throws(AsyncWaitError) {
    guard timeout >= .zero else { throw .negativeTimeout }
    guard pollingInterval > .zero else { throw .nonPositivePollingInterval }
    self.timeout = timeout
    self.pollingInterval = pollingInterval
    self.clock = clock
  }

  /// Probes until `probe` returns a value or the timeout passes.
  ///
  /// - Parameters:
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is satisfied, `nil` otherwise.
  /// - Returns: The satisfying probe's value, or, on timeout, how many probes
  ///   ran and how long the wait took.
  /// - Throws: `CancellationError` when the task is cancelled before a probe
  ///   succeeds, or whatever `probe` throws.
  @inlinable
  package func poll<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ probe: () async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    // The first probe is inlined into the caller, so a wait whose condition
    // already holds is specialized for its clock and costs one clock read.
    try Task.checkCancellation()
    let start = clock.now
    if let value = try await probe() { return .satisfied(value) }
    return try await poll(after: start, isolation: isolation, probe)
  }

  /// The loop, from the end of the first probe, which started at `start` and failed.
  @usableFromInline
  @_specialize(where C == ContinuousClock, Value == ())
  package func poll<Value>(
    after start: C.Instant,
    isolation: isolated (any Actor)?,
    _ probe: () async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var probeCount = 1
    var sleeper: Sleeper<C>?
    while true {
      let now = clock.now
      let elapsed = start.duration(to: now)
      guard elapsed < timeout else {
        return .timedOut(probeCount: probeCount, elapsed: elapsed)
      }
      try Task.checkCancellation()
      // `elapsed` is below `timeout`, so the subtraction cannot overflow; a
      // clock that ran backwards counts as no time having passed.
      let remaining = elapsed > .zero ? timeout - elapsed : timeout
      if sleeper == nil { sleeper = Sleeper(clock: clock) }
      try await sleeper?.pause(for: min(pollingInterval, remaining), from: now)
      probeCount += 1
      if let value = try await probe() { return .satisfied(value) }
    }
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

  /// Sleeps until `duration` after `now`, scheduling at most
  /// ``Poller/maximumSleep`` ahead at a time.
  ///
  /// - Throws: `CancellationError` when the task is cancelled.
  @_specialize(where C == ContinuousClock)
  func pause(for duration: Duration, from now: C.Instant) async throws {
    var left = duration
    var instant = now
    while left > .zero {
      let step = min(left, Poller<C>.maximumSleep)
      instant = instant.advanced(by: step)
      let id = parking.beginSleep()
      queue.schedule(parking, sleep: id, at: instant)
      if await parking.wait(id) == .cancellation { throw CancellationError() }
      left -= step
    }
  }
}

/// What a run of ``Poller/poll(isolation:_:)`` ended with.
@usableFromInline
package enum PollOutcome<Value> {
  /// A probe returned this value.
  case satisfied(Value)
  /// The timeout passed after `probeCount` probes; `elapsed` is the time from
  /// the start of the wait to the end of the last probe, on the wait's clock.
  case timedOut(probeCount: Int, elapsed: Duration)
}

extension Poller {
  /// The error a throwing wait ends with when this poller timed out.
  ///
  /// - Parameters:
  ///   - comment: What was awaited, or `nil`.
  ///   - probeCount: How many probes ran.
  ///   - elapsed: How long the wait took on `clock`.
  ///   - lastObservation: What the last probe saw, or `nil`.
  ///   - location: Where the wait was called.
  /// - Returns: The error, with this poller's timeout, interval and clock.
  package func timeoutError(
    comment: String?,
    probeCount: Int,
    elapsed: Duration,
    lastObservation: String? = nil,
    location: SourceLocation
  ) -> WaitTimeoutError {
    WaitTimeoutError(
      comment: comment, timeout: timeout, pollingInterval: pollingInterval,
      probeCount: probeCount, elapsed: elapsed, clockName: String(describing: C.self),
      lastObservation: lastObservation, location: location)
  }
}

extension PollOutcome {
  /// Whether a probe satisfied the wait.
  @inlinable
  package var isSatisfied: Bool {
    if case .satisfied = self { true } else { false }
  }
}
