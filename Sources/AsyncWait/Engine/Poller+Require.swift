// The door of every throwing wait: `require` for a wait that returns a
// value or fails with its timeout, and the reporting loop under it, which
// a hold calls directly for the failures of its own kind.

extension Poller {
  /// Polls until `probe` returns a value, and returns it; when the timeout
  /// passes first, throws the wait's ``WaitTimeoutError``, recorded at
  /// `location` in a running test.
  ///
  /// The one implementation of the throwing waits for a condition or a
  /// value (`requireEventually`, `Wait.require` and `requireValue`,
  /// `requireObserved`, the deadline-bounded `require`, `requireFirst`):
  /// each makes its poller, then calls this with its probe.
  ///
  /// - Parameters:
  ///   - comment: What the wait is for; read only when it fails.
  ///   - source: What the probe runs, for a failure of the probe:
  ///     "condition" unless the wait reads something else, such as a
  ///     sequence.
  ///   - observation: Says, after the timeout, what the last probe saw;
  ///     nothing by default.
  ///   - cause: Says, after the timeout, why the last probe failed, for the
  ///     failure's first line to lead with (``WaitTimeoutError/cause``);
  ///     nothing by default.
  ///   - causeSubject: What the cause and the comment both begin with, for
  ///     the headline to call it "it" the second time.
  ///   - advisesBoundedForm: Whether a probe that ran long is answered with
  ///     the form that cuts a probe off at the deadline (`{ remaining in … }`):
  ///     `true` only for the forms that have it (a closure that returns
  ///     `Bool`), which no other wait's caller can switch to.
  ///   - location: Where the wait was called.
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: The value the deciding probe returned.
  /// - Throws: The timeout error, or what ``pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)``
  ///   throws; inside a running test, the recorder's replacement for either.
  @inlinable @inline(__always)
  func require<Value>(
    comment: @autoclosure () -> String?,
    source: String = "condition",
    observation: () async -> String? = { nil },
    cause: () -> String? = { nil },
    causeSubject: String? = nil,
    advisesBoundedForm: Bool = false,
    at location: CallSite,
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> Value {
    let outcome = try await pollReportingErrors(
      comment: comment(), source: source, location: location, isolation: isolation, probe)
    switch outcome {
    case .decided(let value):
      return value
    case .expired(let expiry):
      throw await failure(
        expiry, comment: comment(), observation: observation(), cause: cause(), causeSubject: causeSubject,
        advisesBoundedForm: advisesBoundedForm,
        location: location)
    }
  }

  /// Probes like ``poll(isolation:_:)``, for a throwing wait: an error the
  /// probe throws that ends the wait as the condition's own
  /// (``ProbeErrorKind/own``) is reported to a running test as a failure
  /// of this wait, at its location, before it is thrown.
  ///
  /// Outside a test, or in a scope that does not record failures, the
  /// probe's error is thrown as it is. Cancellation and an error of the
  /// clock's `sleep` are never reported as the condition's. An error that
  /// broke a hold comes out as ``ProbeThrew``, for the hold to report as
  /// its violation.
  ///
  /// With a wait report (``WaitReport``) and a location, the wait's line
  /// is appended as it ends, by the rule below or by `judge`.
  ///
  /// - Parameters:
  ///   - comment: What the wait is for; read only when the probe throws
  ///     or a report is written.
  ///   - source: What the probe runs, for the failure: "condition" unless
  ///     the wait reads something else, such as a sequence.
  ///   - location: Where the wait was called, or `nil` for a wait that
  ///     reports nothing (the `Bool` form of a hold that shares its loop
  ///     with a throwing one).
  ///   - warnsNearTimeout: Whether a probe that decides the wait late in its
  ///     timeout records a near-timeout warning (``NearTimeoutWarning``):
  ///     `false` for a wait whose length is by design (a stable-for wait),
  ///     and needless for a hold, whose window never warns. A wait that
  ///     does not warn is reported as one that lasts a minimum by design.
  ///   - judge: The outcome the wait's door gives the loop's outcome, for
  ///     the report, or `nil` when the door reports the wait itself; `nil`,
  ///     the default, for the rule: passed when a probe decided a wait for
  ///     something, timed out when its time ran out; failed when a probe
  ///     decided a hold, passed when its window ran out.
  ///   - isolation: The actor the probe runs on; the caller's by default.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: What ``poll(isolation:_:)`` returns.
  /// - Throws: What ``poll(isolation:_:)`` throws, with the probe's own
  ///   error replaced by the recorder's inside a running test.
  @inlinable
  func pollReportingErrors<Value>(
    comment: @autoclosure () -> String?,
    source: String = "condition",
    location: CallSite?,
    warnsNearTimeout: Bool = true,
    judge: ((PollOutcome<Value>) -> WaitReport.Outcome?)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    // Read once: a wait without a report pays this check and nothing else.
    guard let location, let report = WaitReport.file else {
      return try await pollMappingErrors(
        comment: comment(), source: source, location: location, warnsNearTimeout: warnsNearTimeout,
        measures: false, decision: { _ in }, isolation: isolation, probe)
    }
    return try await pollReporting(
      to: report, comment: comment(), source: source, location: location, warnsNearTimeout: warnsNearTimeout,
      judge: judge, isolation: isolation, probe)
  }

  /// ``pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)``
  /// with a wait report: polls, then appends the wait's line as it ends.
  ///
  /// Apart, so that the frame of a wait without a report holds none of
  /// what a report reads.
  @inlinable @inline(never)
  func pollReporting<Value>(
    to report: WaitReport.File,
    comment: @autoclosure () -> String?,
    source: String,
    location: CallSite,
    warnsNearTimeout: Bool,
    judge: ((PollOutcome<Value>) -> WaitReport.Outcome?)?,
    isolation: isolated (any Actor)?,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    let began = clock.now
    var decision: Decision?
    // Counted as each probe starts: a wait cancelled before its first ran none.
    var probes = 0
    let kind: WaitReport.Kind = timing.kind == .hold ? .hold : warnsNearTimeout ? .eventually : .minimum
    let outcome: PollOutcome<Value>
    do {
      outcome = try await pollMappingErrors(
        comment: comment(), source: source, location: location, warnsNearTimeout: warnsNearTimeout,
        measures: true, decision: { decision = $0 },
        isolation: isolation,
        { context in
          probes = context.index
          return try await probe(context)
        })
    } catch {
      append(
        to: report, error is CancellationError ? .cancelled : .failed, kind: kind,
        elapsed: began.duration(to: clock.now), probes: probes, wake: nil,
        comment: comment(), location: location)
      throw error
    }
    let elapsed: Duration
    switch outcome {
    case .decided: elapsed = decision?.elapsed ?? began.duration(to: clock.now)
    case .expired(let expiry): elapsed = expiry.elapsed
    }
    // The rule: a wait for something passed when a probe decided it and
    // timed out otherwise; a hold was broken when a probe decided it and
    // kept otherwise. A door whose outcome is not the loop's judges it
    // (a not-before wait decided too early), or reports the wait itself.
    let ending: WaitReport.Outcome?
    if let judge {
      ending = judge(outcome)
    } else {
      switch (outcome, kind) {
      case (.expired, .hold): ending = .passed
      case (.expired, _): ending = .timedOut
      case (.decided, .hold): ending = .failed
      case (.decided, _): ending = .passed
      }
    }
    if let ending {
      let probeCount: Int
      if case .expired(let expiry) = outcome { probeCount = expiry.probeCount } else { probeCount = probes }
      append(
        to: report, ending, kind: kind, elapsed: elapsed, probes: probeCount,
        wake: outcome.isDecided ? decision?.wake ?? .firstProbe : nil, comment: comment(), location: location)
    }
    return outcome
  }

  /// The loop under ``pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)``:
  /// probes, and maps the loop's errors to the wait's.
  ///
  /// - Parameters:
  ///   - comment: What the wait is for.
  ///   - source: What the probe runs.
  ///   - location: Where the wait was called, or `nil`.
  ///   - warnsNearTimeout: Whether a late decision warns.
  ///   - measures: Whether a report reads how the wait was decided.
  ///   - decision: Told how a wait that slept was decided, when a report
  ///     or a warning reads it.
  ///   - isolation: The actor the probe runs on.
  ///   - probe: Returns a value when the wait is decided, `nil` otherwise.
  /// - Returns: What ``poll(isolation:_:)`` returns.
  /// - Throws: What ``pollReportingErrors(comment:source:location:warnsNearTimeout:judge:isolation:_:)`` throws.
  @inlinable @inline(__always)
  func pollMappingErrors<Value>(
    comment: @autoclosure () -> String?,
    source: String,
    location: CallSite?,
    warnsNearTimeout: Bool,
    measures: Bool,
    decision: (Decision) -> Void,
    isolation: isolated (any Actor)?,
    _ probe: (ProbeContext) async throws -> Value?
  ) async throws -> PollOutcome<Value> {
    var context = ProbeContext(index: 1, elapsed: .zero)
    var value: Value?
    let outcome: PollOutcome<Void>
    let warns = warnsNearTimeout && location != nil && timing.nearTimeout != nil
    do {
      outcome = try await run(
        isolation: isolation, readsContext: true, noting: { context = $0 },
        measuresDecision: warns || measures,
        late: { decided in
          decision(decided)
          guard warns, let location else { return }
          warnIfNearTimeout(
            probeCount: decided.probeCount, elapsed: decided.elapsed, comment: comment(), location: location)
        },
        until: {
          value = try await probe(context)
          return value != nil
        })
    } catch let failure as ClockSleepFailure {
      throw failure.error
    } catch let standstill as VirtualTimeError {
      throw Self.report(standstill, comment: comment(), location: location)
    } catch let threw as ProbeThrew where !threw.breaksHold {
      guard let location else { throw threw.error }
      throw Self.conditionFailure(
        threw.error, source: source, comment: comment(), probe: threw.probe, location: location)
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
}
