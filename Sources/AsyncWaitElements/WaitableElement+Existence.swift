extension WaitableElement {
  /// Waits until the element exists.
  ///
  /// The async, `Duration`-based counterpart of XCUITest's
  /// `waitForExistence(timeout:)`, for any element type. It follows the rules
  /// of `waitUntil(timeout:pollingInterval:clock:isolation:_:)` exactly: a
  /// first probe at once, a final probe at the deadline, prompt cancellation.
  ///
  /// ```swift
  /// let save = app.buttons["Save"]
  /// #expect(try await save.waitForExistence(timeout: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default (`WaitDefaults`).
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element exists, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled; any error ``exists`` throws.
  @inlinable
  public func waitForExistence<C: Clock>(
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    // Without triggers this wait is `waitUntil` reading `exists`; going
    // there directly spares building, copying and destroying a `Wait` on
    // every call. The triggers are read once, for both decisions.
    let triggers = self.triggers
    guard triggers.isEmpty else {
      return try await Wait.simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock)
        .adding(triggers: triggers).until(isolation: isolation) { try await exists }
    }
    return try await waitUntil(
      timeout: timeout, pollingInterval: pollingInterval, clock: clock, isolation: isolation
    ) {
      try await exists
    }
  }

  /// Waits, with a whole wait configuration, until the element exists.
  ///
  /// ```swift
  /// let patient = Wait(
  ///   timeout: .seconds(30),
  ///   schedule: .exponentialBackoff(
  ///     initial: .milliseconds(50), maximum: .seconds(1)))
  /// #expect(try await app.buttons["Save"].waitForExistence(using: patient))
  /// ```
  ///
  /// - Parameters:
  ///   - wait: The configuration: timeout, schedule, retried errors, probe
  ///     observer, triggers (the element's are added) and clock.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element exists, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error ``exists``
  ///   throws and the wait does not retry.
  @inlinable
  public func waitForExistence<C: Clock>(
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.waking(on: self).until(isolation: isolation) { try await exists }
  }

  /// Waits until the element no longer exists.
  ///
  /// Returns as soon as one probe finds the element gone: use it for a
  /// spinner that must disappear or a sheet that must close. To check that
  /// something stays absent for a whole period, use
  /// `never(for:pollingInterval:clock:isolation:_:)`.
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element is gone, `false` when it still existed at the deadline.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled; any error ``exists`` throws.
  @inlinable
  public func waitForNonExistence<C: Clock>(
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    // As in `waitForExistence(timeout:pollingInterval:clock:isolation:)`.
    let triggers = self.triggers
    guard triggers.isEmpty else {
      return try await Wait.simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock)
        .adding(triggers: triggers).until(isolation: isolation) { try await !exists }
    }
    return try await waitUntil(
      timeout: timeout, pollingInterval: pollingInterval, clock: clock, isolation: isolation
    ) {
      try await !exists
    }
  }

  /// Waits, with a whole wait configuration, until the element no longer exists.
  ///
  /// - Parameters:
  ///   - wait: The configuration; the element's triggers are added to it.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element is gone, `false` when it still existed at the deadline.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error ``exists``
  ///   throws and the wait does not retry.
  public func waitForNonExistence<C: Clock>(
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.waking(on: self).until(isolation: isolation) { try await !exists }
  }

  /// Waits until the element exists, and fails with an error that explains
  /// the timeout when it does not.
  ///
  /// The error names the element, the timeout and the probes run, and carries
  /// ``stateDescription``: for a tree element, what each step of the query
  /// matched and a dump of the tree.
  ///
  /// ```swift
  /// let add = app.buttons["ItemListScreen.button.add"]
  /// try await add.requireExistence(timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled; any error ``exists`` throws.
  public func requireExistence<C: Clock>(
    _ comment: String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await requireExistence(
      comment, using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits, with a whole wait configuration, until the element exists, and
  /// fails with an error that explains the timeout when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - wait: The configuration; the element's triggers are added to it.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error ``exists`` throws and the wait
  ///   does not retry.
  public func requireExistence<C: Clock>(
    _ comment: String? = nil,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment ?? "\(elementDescription) to exist", using: wait, lastSeen: "does not exist",
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column
    ) { try await $0.exists }
  }

  /// Waits until the element no longer exists, and fails with an error that
  /// explains the timeout when it still does.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled; any error ``exists`` throws.
  public func requireNonExistence<C: Clock>(
    _ comment: String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await requireNonExistence(
      comment, using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits, with a whole wait configuration, until the element no longer
  /// exists, and fails with an error that explains the timeout when it still does.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the awaited state.
  ///   - wait: The configuration; the element's triggers are added to it.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error ``exists`` throws and the wait
  ///   does not retry.
  public func requireNonExistence<C: Clock>(
    _ comment: String? = nil,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment ?? "\(elementDescription) to stop existing", using: wait, lastSeen: "still exists",
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column
    ) { try await !$0.exists }
  }

  /// The body of the throwing existence and condition waits: `wait.value`
  /// with the element's triggers, and on a timeout the element's state.
  ///
  /// The comment is built only when the wait fails, so a wait that succeeds
  /// never formats the element's description.
  func require<C: Clock>(
    _ comment: @autoclosure () -> String,
    using wait: Wait<C>,
    lastSeen: String?,
    isolation: isolated (any Actor)?,
    fileID: String,
    filePath: StaticString,
    line: Int,
    column: Int,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    _ = try await wait.waking(on: self).requireValue(
      comment(),
      observation: { [lastSeen, await stateDescription].compactMap { $0 }.joined(separator: "\n") },
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
      { try await condition(self) ? () : nil })
  }
}
