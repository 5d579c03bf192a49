extension Wait {
  /// Waits until a condition has held on every probe for a continuous duration.
  ///
  /// For state that flickers on its way to settling: a probe that fails, or
  /// throws an error the wait retries, restarts the count. The duration runs from the start of the first probe
  /// of an unbroken run of holding probes; a duration of zero is an ordinary
  /// wait for the condition.
  ///
  /// ```swift
  /// #expect(try await Wait(timeout: .seconds(3)).stable(for: .milliseconds(300)) { layout.isSettled })
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long the condition must hold without a break.
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
    try await stableOutcome(for: duration, isolation: isolation, condition).poll.isSatisfied
  }

  /// Waits until a condition has held on every probe for a continuous
  /// duration, and throws an error that explains the timeout when it has not.
  ///
  /// - Parameters:
  ///   - duration: How long the condition must hold without a break.
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
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
    for duration: Duration,
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let (poller, outcome, run) = try await stableOutcome(for: duration, isolation: isolation, condition)
    guard case .timedOut(let probeCount, let elapsed, let lastError) = outcome else { return }
    let observation =
      run.map {
        "held for \($0.shortDescription) of the \(duration.shortDescription) required when the time ran out"
      }
      ?? "did not hold on the last probe; \(duration.shortDescription) without a break was required"
    throw poller.timeoutError(
      comment: comment, probeCount: probeCount, elapsed: elapsed, lastError: lastError,
      lastObservation: observation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The loop of a stable-for wait, and the length of the unbroken run at its end.
  private func stableOutcome(
    for duration: Duration,
    isolation: isolated (any Actor)?,
    _ condition: () async throws -> Bool
  ) async throws -> (poller: Poller<C>, poll: PollOutcome<Void>, run: Duration?) {
    guard duration >= .zero else { throw AsyncWaitError.negativeDuration }
    let poller = try poller()
    var runStart: Duration?
    var runLength: Duration?
    let outcome = try await poller.poll(isolation: isolation) { probe -> Void? in
      let holds: Bool
      do {
        holds = try await condition()
      } catch {
        // A probe that throws, even one the wait retries, breaks the run.
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
  /// #expect(try await Wait(timeout: .milliseconds(500)).never { log.contains(.error) })
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Returns: `true` when the window ended with the condition never holding,
  ///   `false` as soon as a probe finds it holding.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func never(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await firstViolation(isolation: isolation, whenConditionIs: true, condition) == nil
  }

  /// Checks that a condition holds for the whole of the timeout.
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Returns: `true` when the window ended with the condition holding on
  ///   every probe, `false` as soon as a probe finds it failing.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func always(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await firstViolation(isolation: isolation, whenConditionIs: false, condition) == nil
  }

  /// Checks that a condition never holds for the whole of the timeout, and
  /// throws an error that says when it did.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Throws: ``WaitViolationError`` as soon as a probe finds the condition
  ///   holding; ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func requireNever(
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    guard let probe = try await firstViolation(isolation: isolation, whenConditionIs: true, condition) else {
      return
    }
    throw WaitViolationError(
      kind: .heldDuringNever, comment: comment, window: timeout, elapsed: probe.elapsed,
      probeIndex: probe.index,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Checks that a condition holds for the whole of the timeout, and throws
  /// an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Throws: ``WaitViolationError`` as soon as a probe finds the condition
  ///   failing; ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func requireAlways(
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    guard let probe = try await firstViolation(isolation: isolation, whenConditionIs: false, condition) else {
      return
    }
    throw WaitViolationError(
      kind: .failedDuringAlways, comment: comment, window: timeout, elapsed: probe.elapsed,
      probeIndex: probe.index,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The first probe, within the timeout, at which the condition returned
  /// `violating`, or `nil` when the window passed without one.
  private func firstViolation(
    isolation: isolated (any Actor)?,
    whenConditionIs violating: Bool,
    _ condition: () async throws -> Bool
  ) async throws -> ProbeContext? {
    let outcome = try await poller().poll(isolation: isolation) { probe -> ProbeContext? in
      try await condition() == violating ? probe : nil
    }
    guard case .satisfied(let probe) = outcome else { return nil }
    return probe
  }

  /// Waits until a condition holds, and fails if it holds before a minimum
  /// time has passed.
  ///
  /// For things that must not happen instantly: an upload that cannot finish
  /// at once, a spinner that must show for at least 200 milliseconds. The
  /// time is that of the start of the first probe that finds the condition
  /// holding, from the start of the wait.
  ///
  /// - Parameters:
  ///   - minimum: The time before which the condition must not hold.
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
    guard case .satisfied(let probe) = outcome else { return false }
    return probe.elapsed >= minimum
  }

  /// Waits until a condition holds, and throws if it holds before a minimum
  /// time has passed or not before the timeout.
  ///
  /// - Parameters:
  ///   - minimum: The time before which the condition must not hold.
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
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
    notBefore minimum: Duration,
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    guard minimum >= .zero else { throw AsyncWaitError.negativeDuration }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try poller()
    let outcome = try await poller.poll(isolation: isolation) { probe -> ProbeContext? in
      try await condition() ? probe : nil
    }
    switch outcome {
    case .satisfied(let probe):
      guard probe.elapsed < minimum else { return }
      throw WaitViolationError(
        kind: .heldTooEarly, comment: comment, window: minimum, elapsed: probe.elapsed,
        probeIndex: probe.index,
        location: location)
    case .timedOut(let probeCount, let elapsed, let lastError):
      throw poller.timeoutError(
        comment: comment, probeCount: probeCount, elapsed: elapsed, lastError: lastError, location: location)
    }
  }
}
