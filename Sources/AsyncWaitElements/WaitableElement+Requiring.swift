import AsyncWait

extension WaitableElement {
  /// Waits until the element exists, and throws an error that explains the
  /// timeout when it does not.
  ///
  /// The error names the element, the timeout and the probes run, and carries
  /// ``stateDescription``: for a tree element, what the last probe matched and
  /// a dump of the tree.
  ///
  /// ```swift
  /// try await app.buttons["ItemListScreen.button.add"].requireExistence(timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for a negative timeout or a non-positive interval;
  ///   `CancellationError` when the task is cancelled; any error ``exists`` throws.
  public func requireExistence<C: Clock>(
    comment: String? = nil,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment ?? "\(elementDescription) to exist", poller: poller(timeout, pollingInterval, clock),
      isolation: isolation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      lastSeen: { "does not exist" }, probe: { try await exists })
  }

  /// Waits until the element no longer exists, and throws an error that
  /// explains the timeout when it still does.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for a negative timeout or a non-positive interval;
  ///   `CancellationError` when the task is cancelled; any error ``exists`` throws.
  public func requireNonExistence<C: Clock>(
    comment: String? = nil,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment ?? "\(elementDescription) to stop existing", poller: poller(timeout, pollingInterval, clock),
      isolation: isolation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      lastSeen: { "still exists" }, probe: { try await !exists })
  }

  /// Waits until a property of the element equals a value, and throws an
  /// error that explains the timeout, with the last value read, when it does not.
  ///
  /// ```swift
  /// try await app.buttons["ProfileScreen.button.save"].require(\.isEnabled, toEqual: true, timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription``, the key path and the value.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for a negative timeout or a non-positive interval;
  ///   `CancellationError` when the task is cancelled.
  public func require<Value: Equatable, C: Clock>(
    _ keyPath: KeyPath<Self, Value>,
    toEqual value: Value,
    comment: String? = nil,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    var lastValue: Value?
    try await require(
      comment ?? "\(elementDescription) \(keyPath) to equal \(String(reflecting: value))",
      poller: poller(timeout, pollingInterval, clock), isolation: isolation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      lastSeen: { lastValue.map { "\(keyPath) was \(String(reflecting: $0))" } },
      probe: {
        let current = self[keyPath: keyPath]
        lastValue = current
        return current == value
      })
  }

  /// Waits until a condition on the element holds, and throws an error that
  /// explains the timeout when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription``.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the element is in the awaited state.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for a negative timeout or a non-positive interval;
  ///   `CancellationError` when the task is cancelled; any error the condition throws.
  public func requireEventually<C: Clock>(
    comment: String? = nil,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    until condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await require(
      comment ?? "a condition on \(elementDescription)", poller: poller(timeout, pollingInterval, clock),
      isolation: isolation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      lastSeen: { nil }, probe: { try await condition(self) })
  }

  /// The body of every throwing element wait: polls `probe`, and on a
  /// timeout throws the poller's error with what the last probe saw and the
  /// element's ``stateDescription``.
  private func require<C: Clock>(
    _ comment: String,
    poller: Poller<C>,
    isolation: isolated (any Actor)?,
    location: SourceLocation,
    lastSeen: () -> String?,
    probe: () async throws -> Bool
  ) async throws where C.Duration == Duration {
    let outcome = try await poller.poll(isolation: isolation, { _ in try await probe() ? () : nil })
    guard case .timedOut(let probeCount, let elapsed, _) = outcome else { return }
    throw await timeoutError(
      poller, comment: comment, lastSeen: lastSeen(), probeCount: probeCount, elapsed: elapsed,
      location: location)
  }

  /// The error of a timed-out element wait: the poller's, with what the last
  /// probe saw and the element's ``stateDescription``.
  private func timeoutError<C: Clock>(
    _ poller: Poller<C>,
    comment: String,
    lastSeen: String?,
    probeCount: Int,
    elapsed: Duration,
    location: SourceLocation
  ) async -> WaitTimeoutError where C.Duration == Duration {
    let observation = [lastSeen, await stateDescription].compactMap { $0 }.joined(separator: "\n")
    return poller.timeoutError(
      comment: comment, probeCount: probeCount, elapsed: elapsed,
      lastObservation: observation.isEmpty ? nil : observation, location: location)
  }
}
