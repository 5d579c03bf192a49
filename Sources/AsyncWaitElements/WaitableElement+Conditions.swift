extension WaitableElement {
  /// Waits until a condition on the element holds.
  ///
  /// For checks that an existence or value wait cannot express:
  ///
  /// ```swift
  /// let loaded = try await list.wait(timeout: .seconds(2)) {
  ///   try await $0.count >= 20
  /// }
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
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the element is in the awaited state.
  /// - Returns: `true` when the condition held, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the
  ///   condition throws and the wait does not retry.
  public func wait<C: Clock>(
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    until condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) {
      try await condition(self)
    }
  }

  /// Waits until a condition on the element holds, and fails with an error
  /// that explains the timeout when it does not.
  ///
  /// ```swift
  /// try await items.require("four rows", timeout: .seconds(2)) {
  ///   try await $0.count == 4
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names a condition on ``elementDescription``.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the element is in the awaited state.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the
  ///   wait does not retry.
  public func require<C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    until condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await require(
      comment() ?? "a condition on \(elementDescription)",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      lastSeen: nil, isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      condition)
  }
}
