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
  /// #expect(try await save.waitForExistence(
  ///   timeout: .seconds(2), pollingInterval: .milliseconds(50)))
  /// ```
  ///
  /// A timeout and an interval are all most waits need. Everything else — a
  /// backoff, retried errors, a probe observer, a test clock — comes in a
  /// `Wait`:
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
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's (`WaitDefaults`).
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration: schedule, retried errors,
  ///     probe observer, triggers (the element's are added) and clock. By
  ///     default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element exists, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error ``exists``
  ///   throws and the wait does not retry.
  public func waitForExistence<C: Clock>(
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) { try await exists }
  }

  /// Waits until the element no longer exists.
  ///
  /// Returns as soon as one probe finds the element gone: use it for a
  /// spinner that must disappear or a sheet that must close. To check that
  /// something stays absent for a whole period, use
  /// ``never(for:pollingInterval:using:isolation:_:)``.
  ///
  /// ```swift
  /// let spinner = app.descendants(matching: .other)["Loading"]
  /// #expect(try await spinner.waitForNonExistence(timeout: .seconds(5)))
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element is gone, `false` when it still existed at the deadline.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error ``exists``
  ///   throws and the wait does not retry.
  public func waitForNonExistence<C: Clock>(
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) { try await !exists }
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
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error ``exists`` throws and the wait
  ///   does not retry.
  public func requireExistence<C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment() ?? "\(elementDescription) to exist",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      lastSeen: "does not exist", isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) { try await $0.exists }
  }

  /// Waits until the element no longer exists, and fails with an error that
  /// explains the timeout when it still does.
  ///
  /// ```swift
  /// let sheet = app.descendants(matching: .other)["Share"]
  /// try await sheet.requireNonExistence(timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names ``elementDescription`` and the awaited state.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error ``exists`` throws and the wait
  ///   does not retry.
  public func requireNonExistence<C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      comment() ?? "\(elementDescription) to stop existing",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      lastSeen: "still exists", isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) { try await !$0.exists }
  }

  /// The body of the throwing existence and condition waits: `requireValue`
  /// on a configuration that already has the element's triggers, and on a
  /// timeout the element's state.
  ///
  /// The comment is built only when the wait fails, so a wait that succeeds
  /// never formats the element's description.
  func require<C: Clock>(
    _ comment: @autoclosure () -> String,
    using wait: Wait<C>,
    lastSeen: String?,
    isolation: isolated (any Actor)?,
    at location: CallSite,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    _ = try await wait.requireValue(
      comment(),
      observation: { [lastSeen, await failureDescription].compactMap { $0 }.joined(separator: "\n") },
      isolation: isolation,
      callSite: location,
      { try await condition(self) ? () : nil })
  }

  /// The body of the throwing waits that say what their last probe read (an
  /// attribute, an expectation, a count): `requireValue` on a configuration
  /// that already has the element's triggers, each probe reading once and
  /// testing what it read.
  ///
  /// - Parameters:
  ///   - comment: What is awaited, built only when the wait fails.
  ///   - wait: The configuration, with the element's triggers.
  ///   - isolation: The actor isolation in which the probes run.
  ///   - location: Where the wait was called.
  ///   - read: Reads what a probe tests.
  ///   - isMet: Whether a reading ends the wait.
  ///   - lastSeen: What the last reading was, for a failure; `nil` before
  ///     any probe read. Called only when the wait fails.
  /// - Throws: `WaitTimeoutError` when the timeout passes first; what
  ///   `read` throws and the wait does not retry.
  func require<C: Clock, Reading>(
    _ comment: @autoclosure () -> String,
    using wait: Wait<C>,
    isolation: isolated (any Actor)?,
    at location: CallSite,
    reading read: () async throws -> Reading,
    until isMet: (Reading) -> Bool,
    lastSeen: (Reading?) -> String
  ) async throws where C.Duration == Duration {
    var last: Reading?
    _ = try await wait.requireValue(
      comment(),
      observation: { [lastSeen(last), await failureDescription].compactMap { $0 }.joined(separator: "\n") },
      isolation: isolation,
      callSite: location,
      { () async throws -> Void? in
        let now = try await read()
        last = now
        return isMet(now) ? () : nil
      })
  }
}
