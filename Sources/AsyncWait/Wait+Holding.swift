extension Wait {
  /// Waits until a condition has held on every probe for a continuous duration.
  ///
  /// For state that flickers on its way to settling: a probe that fails, or
  /// throws an error the wait retries, restarts the count. The duration runs
  /// from the start of the first probe of an unbroken run of holding probes;
  /// a duration of zero is an ordinary wait for the condition.
  ///
  /// ```swift
  /// let wait = Wait(timeout: .seconds(3))
  /// let settled = try await wait.stable(for: .milliseconds(300)) {
  ///   layout.isSettled
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long the condition must hold without a break; never
  ///     scaled by `ASYNCWAIT_TIMEOUT_SCALE`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the condition holds now.
  /// - Returns: `true` once the condition has held for `duration`, `false`
  ///   when the timeout passed first.
  /// - Throws: ``AsyncWaitError/negativeDuration`` for a negative duration;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the wait
  ///   does not retry.
  public func stable(
    for duration: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await stableOutcome(for: duration, isolation: isolation, condition).poll.isDecided
  }

  /// Waits until a condition has held on every probe for a continuous
  /// duration, and fails with an error that explains the timeout when it has not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - duration: How long the condition must hold without a break.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the condition holds now.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first, saying how
  ///   long the last unbroken run lasted; ``AsyncWaitError`` for a negative
  ///   duration or an invalid configuration; `CancellationError` when the task
  ///   is cancelled; an error the condition throws and the wait does not retry.
  public func requireStable(
    _ comment: @autoclosure () -> String? = nil,
    for duration: Duration,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let (poller, outcome, run) = try await stableOutcome(
      for: duration, comment: comment(), location: location, isolation: isolation, condition)
    guard case .expired(let expiry) = outcome else { return }
    let observation =
      run.map {
        "held for \($0.shortDescription) of the \(duration.shortDescription) required when the time ran out"
      }
      ?? "did not hold on the last probe; \(duration.shortDescription) without a break was required"
    throw poller.failure(expiry, comment: comment(), observation: observation, location: location)
  }

  /// The loop of a stable-for wait, and the length of the unbroken run at its end.
  ///
  /// A throwing wait passes its comment and location, to be reported when
  /// the condition throws; the `Bool` form passes neither.
  private func stableOutcome(
    for duration: Duration,
    comment: @autoclosure () -> String? = nil,
    location: CallSite? = nil,
    isolation: isolated (any Actor)?,
    _ condition: () async throws -> Bool
  ) async throws -> (poller: Poller<C>, poll: PollOutcome<Void>, run: Duration?) {
    let poller = try validating(at: location) { () throws(AsyncWaitError) in
      guard duration >= .zero else { throw .negativeDuration }
      return try self.poller()
    }
    var runStart: Duration?
    var runLength: Duration?
    // Its length is by design (at least `duration`): it never warns that
    // it came near its timeout.
    let outcome = try await poller.pollReportingErrors(
      comment: comment(), location: location, warnsNearTimeout: false, isolation: isolation
    ) {
      probe -> Void? in
      let holds: Bool
      do {
        holds = try await condition()
      } catch {
        // A probe that throws saw nothing: even one the wait retries breaks the run.
        runStart = nil
        runLength = nil
        throw error
      }
      guard holds else {
        runStart = nil
        runLength = nil
        return nil
      }
      let start = runStart ?? probe.elapsed
      runStart = start
      runLength = probe.elapsed - start
      return probe.elapsed - start >= duration ? () : nil
    }
    return (poller, outcome, runLength)
  }

  /// Checks that a condition never holds for the whole of the timeout.
  ///
  /// Unlike `waitForNonExistence`, which returns as soon as one probe finds
  /// something gone, this watches the whole window: it returns `true` only
  /// when every probe, including the final one at the end of the window,
  /// found the condition false.
  ///
  /// ```swift
  /// let quiet = Wait(timeout: .milliseconds(500))
  /// #expect(try await quiet.never { log.contains(.error) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Returns: `true` when the window ended with the condition never holding,
  ///   `false` as soon as a probe finds it holding or throws an error the
  ///   wait retries.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func never(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await firstViolation(isolation: isolation, whenConditionIs: true, condition).violation == nil
  }

  /// Checks that a condition holds for the whole of the timeout.
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Returns: `true` when the window ended with the condition holding on
  ///   every probe, `false` as soon as a probe finds it failing or throws an
  ///   error the wait retries.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func always(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await firstViolation(isolation: isolation, whenConditionIs: false, condition).violation == nil
  }

  /// Checks that a condition never holds for the whole of the timeout, and
  /// fails with an error that says when it did.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; read only when the
  ///     hold fails.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Throws: ``WaitViolationError`` as soon as a probe finds the condition
  ///   holding, or throws an error the wait retries; ``AsyncWaitError`` for
  ///   an invalid configuration; `CancellationError` when the task is
  ///   cancelled; an error the condition throws and the wait does not retry.
  public func requireNever(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, violation) = try await firstViolation(
      comment: comment(), location: location, isolation: isolation, whenConditionIs: true, condition)
    guard let violation else { return }
    throw violation.error(.heldDuringNever, comment: comment(), window: window, location: location)
  }

  /// Checks that a condition holds for the whole of the timeout, and fails
  /// with an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; read only when the
  ///     hold fails.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Throws: ``WaitViolationError`` as soon as a probe finds the condition
  ///   failing, or throws an error the wait retries; ``AsyncWaitError`` for
  ///   an invalid configuration; `CancellationError` when the task is
  ///   cancelled; an error the condition throws and the wait does not retry.
  public func requireAlways(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let (window, violation) = try await firstViolation(
      comment: comment(), location: location, isolation: isolation, whenConditionIs: false, condition)
    guard let violation else { return }
    throw violation.error(.failedDuringAlways, comment: comment(), window: window, location: location)
  }

  /// The window of a never or always hold, and its first violation.
  ///
  /// The violation is a probe at which the condition returned `violating`,
  /// or threw an error that breaks a hold (``ProbeErrorKind``: one the
  /// wait retries, or one thrown as the probe ran out of time); `nil` when
  /// the window passed without one. A throwing hold passes its comment and
  /// location, to be reported when the condition throws an error of its
  /// own.
  private func firstViolation(
    comment: @autoclosure () -> String? = nil,
    location: CallSite? = nil,
    isolation: isolated (any Actor)?,
    whenConditionIs violating: Bool,
    _ condition: () async throws -> Bool
  ) async throws -> (window: Duration, violation: Violation?) {
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller(.hold) }
    let outcome: PollOutcome<Violation>
    do {
      outcome = try await poller.pollReportingErrors(
        comment: comment(), location: location, isolation: isolation
      ) {
        probe -> Violation? in
        try await condition() == violating ? Violation(probe: probe, error: nil) : nil
      }
    } catch let broken as ProbeThrew where broken.breaksHold {
      // A probe that saw nothing cannot count as the promise kept.
      return (poller.timeout, Violation(probe: broken.probe, error: broken.error))
    }
    guard case .decided(let violation) = outcome else { return (poller.timeout, nil) }
    return (poller.timeout, violation)
  }

  /// Waits until a condition holds, and reports whether it held before a
  /// minimum time had passed.
  ///
  /// For things that must not happen instantly: an upload that cannot finish
  /// at once, a spinner that must show for at least 200 milliseconds. The
  /// time is that of the start of the first probe that finds the condition
  /// holding, from the start of the wait. An error the wait retries counts
  /// as "not yet".
  ///
  /// - Parameters:
  ///   - minimum: The time before which the condition must not hold; never
  ///     scaled by `ASYNCWAIT_TIMEOUT_SCALE`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Returns: `true` when the condition came to hold at or after `minimum`;
  ///   `false` when it held earlier, or the timeout passed first.
  /// - Throws: ``AsyncWaitError/negativeDuration`` for a negative minimum;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the wait
  ///   does not retry.
  public func until(
    notBefore minimum: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    guard minimum >= .zero else { throw AsyncWaitError.negativeDuration }
    let outcome = try await poller().poll(isolation: isolation) { probe -> ProbeContext? in
      try await condition() ? probe : nil
    }
    guard case .decided(let probe) = outcome else { return false }
    return probe.elapsed >= minimum
  }

  /// Waits until a condition holds, and fails if it holds before a minimum
  /// time has passed or not before the timeout.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - minimum: The time before which the condition must not hold.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Throws: ``WaitViolationError`` when the condition held before
  ///   `minimum`; ``WaitTimeoutError`` when the timeout passed first;
  ///   ``AsyncWaitError`` for a negative minimum or an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func require(
    _ comment: @autoclosure () -> String? = nil,
    notBefore minimum: Duration,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in
      guard minimum >= .zero else { throw .negativeDuration }
      return try self.poller()
    }
    // It lasts at least `minimum` by design: it never warns that it came
    // near its timeout.
    // Decided too early is a failure: the report says so.
    let judge = { (outcome: PollOutcome<ProbeContext>) -> WaitReport.Outcome? in
      switch outcome {
      case .decided(let probe): probe.elapsed < minimum ? .failed : .passed
      case .expired: .timedOut
      }
    }
    let outcome = try await poller.pollReportingErrors(
      comment: comment(), location: location, warnsNearTimeout: false, judge: judge, isolation: isolation
    ) {
      probe -> ProbeContext? in
      try await condition() ? probe : nil
    }
    switch outcome {
    case .decided(let probe):
      guard probe.elapsed < minimum else { return }
      throw Violation(probe: probe, error: nil).error(
        .heldTooEarly, comment: comment(), window: minimum, location: location)
    case .expired(let expiry):
      throw poller.failure(expiry, comment: comment(), location: location)
    }
  }
}

/// The probe that broke a hold, and the error it threw, if it threw one.
private struct Violation {
  var probe: ProbeContext
  var error: (any Error)?

  /// The error a throwing hold fails with, reported to a running test first.
  func error(
    _ kind: WaitViolationError.Kind, comment: String?, window: Duration, location: CallSite
  ) -> any Error {
    let violation = WaitViolationError(
      kind: error == nil ? kind : .threwDuringHold, comment: comment, window: window, elapsed: probe.elapsed,
      probeIndex: probe.index, lastError: error, location: location)
    return FailureRecording.report(violation, at: location)
  }
}
