/// Holds on elements: a condition on the element that must stay false
/// (`never`) or true (`always`) for a whole window.
///
/// "Stays absent for 500 ms" and "stays enabled" are one call each:
///
/// ```swift
/// try await banner.requireNever("the error banner shows", for: .seconds(1)) {
///   try await $0.exists
/// }
/// try await save.requireAlways("Save stays enabled", for: .seconds(1)) {
///   try await $0.snapshot()?.isEnabled == true
/// }
/// ```
extension WaitableElement {
  /// Checks that a condition on the element never holds for a whole window.
  ///
  /// The hold of `Wait.never(isolation:_:)` on an element: every probe,
  /// including the final one at the end of the window, must find the
  /// condition false. The element's triggers make it probe again at once
  /// when its tree changes, so a brief violation between ticks is seen.
  ///
  /// ```swift
  /// let quiet = try await banner.never(for: .milliseconds(500)) {
  ///   try await $0.exists
  /// }
  /// #expect(quiet)
  /// ```
  ///
  /// - Parameters:
  ///   - window: How long to watch; when given, it replaces the timeout of
  ///     `wait`. `nil` keeps the timeout of `wait`, which by default is the
  ///     scope's default timeout. A timeout scale never stretches it.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Returns: `true` when the window ended without a violation, `false` as
  ///   soon as a probe finds it holding or throws an error the wait retries.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the
  ///   condition throws and the wait does not retry.
  public func never<C: Clock>(
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: window, pollingInterval: pollingInterval).never(
      isolation: isolation
    ) {
      try await condition(self)
    }
  }

  /// Checks that a condition on the element holds at every probe of a
  /// whole window.
  ///
  /// The opposite hold of ``never(for:pollingInterval:using:isolation:_:)``, with the same
  /// rules: the final probe at the end of the window counts, and a retried
  /// error breaks the hold.
  ///
  /// - Parameters:
  ///   - window: How long the condition must keep holding; replaces the
  ///     timeout of `wait` when given, and is never scaled.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration, woken also by the element's
  ///     triggers; polls at the scope's interval on `ContinuousClock` by default.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Returns: `true` when every probe of the window found the condition
  ///   true, `false` at the first probe that did not.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the
  ///   condition throws and the wait does not retry.
  public func always<C: Clock>(
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: window, pollingInterval: pollingInterval).always(
      isolation: isolation
    ) {
      try await condition(self)
    }
  }

  /// Checks that a condition on the element never holds for a whole window,
  /// and fails with an error that says when it did.
  ///
  /// The error gives the probe that saw the condition and how far into the
  /// window it came.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; built only when the
  ///     hold fails. `nil` names a condition on ``elementDescription``.
  ///   - window: How long to watch; when given, it replaces the timeout of
  ///     `wait`. `nil` keeps the timeout of `wait`, which by default is the
  ///     scope's default timeout. A timeout scale never stretches it.
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
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Throws: `WaitViolationError` as soon as a probe finds it holding, or
  ///   throws an error the wait retries; `AsyncWaitError` for an invalid
  ///   configuration; `CancellationError` when the task is cancelled; an
  ///   error the condition throws and the wait does not retry.
  public func requireNever<C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await wait.configured(for: self, timeout: window, pollingInterval: pollingInterval).requireNever(
      comment() ?? "a condition on \(elementDescription)", isolation: isolation,
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) { try await condition(self) }
  }

  /// Checks that a condition on the element holds at every probe of a
  /// whole window, and fails with an error that says when it did not.
  ///
  /// The throwing form of ``always(for:pollingInterval:using:isolation:_:)``: its error
  /// gives the first probe that found the condition false.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, read for the error only; without
  ///     one, the error names a condition on ``elementDescription``.
  ///   - window: How long the condition must keep holding; replaces the
  ///     timeout of `wait` when given, and is never scaled.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration, woken also by the element's
  ///     triggers; polls at the scope's interval on `ContinuousClock` by default.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Throws: `WaitViolationError` at the first probe that finds the
  ///   condition false or throws an error the wait retries;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the
  ///   wait does not retry.
  public func requireAlways<C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await wait.configured(for: self, timeout: window, pollingInterval: pollingInterval).requireAlways(
      comment() ?? "a condition on \(elementDescription)", isolation: isolation,
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) { try await condition(self) }
  }
}
