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
  /// condition false.
  ///
  /// - Parameters:
  ///   - window: How long to watch. `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the window. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Returns: `true` when the window ended without a violation, `false` as
  ///   soon as a probe finds it holding.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled; any error the condition throws.
  public func never<C: Clock>(
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await never(
      using: .simple(timeout: window, pollingInterval: pollingInterval, clock: clock), isolation: isolation,
      condition)
  }

  /// Checks, with a whole wait configuration whose timeout is the window,
  /// that a condition on the element never holds for the whole window.
  ///
  /// - Parameters:
  ///   - wait: The configuration; its timeout is the window, and the
  ///     element's triggers are added to it.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Returns: `true` when the window ended without a violation, `false` as
  ///   soon as a probe finds it holding, or throws an error the wait retries.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the
  ///   condition throws and the wait does not retry.
  public func never<C: Clock>(
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.waking(on: self).never(isolation: isolation) { try await condition(self) }
  }

  /// Checks that a condition on the element never holds for a whole window,
  /// and fails with an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; defaults to a
  ///     condition on ``elementDescription``.
  ///   - window: How long to watch. `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the window. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the unwanted state is there now.
  /// - Throws: `WaitViolationError` as soon as a probe finds it holding;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled; any error the condition throws.
  public func requireNever<C: Clock>(
    _ comment: String? = nil,
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await requireNever(
      comment, using: .simple(timeout: window, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column, condition)
  }

  /// Checks, with a whole wait configuration whose timeout is the window,
  /// that a condition on the element never holds for the whole window, and
  /// fails with an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; defaults to a
  ///     condition on ``elementDescription``.
  ///   - wait: The configuration; its timeout is the window, and the
  ///     element's triggers are added to it.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
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
    _ comment: String? = nil,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await wait.waking(on: self).requireNever(
      comment ?? "a condition on \(elementDescription)", isolation: isolation, fileID: fileID,
      filePath: filePath, line: line, column: column
    ) { try await condition(self) }
  }

  /// Checks that a condition on the element holds for a whole window.
  ///
  /// The hold of `Wait.always(isolation:_:)` on an element: every probe,
  /// including the final one at the end of the window, must find the
  /// condition true.
  ///
  /// - Parameters:
  ///   - window: How long to watch. `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the window. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Returns: `true` when the window ended without a violation, `false` as
  ///   soon as a probe finds it failing.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled; any error the condition throws.
  public func always<C: Clock>(
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await always(
      using: .simple(timeout: window, pollingInterval: pollingInterval, clock: clock), isolation: isolation,
      condition)
  }

  /// Checks, with a whole wait configuration whose timeout is the window,
  /// that a condition on the element holds for the whole window.
  ///
  /// - Parameters:
  ///   - wait: The configuration; its timeout is the window, and the
  ///     element's triggers are added to it.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Returns: `true` when the window ended without a violation, `false` as
  ///   soon as a probe finds it failing, or throws an error the wait retries.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the
  ///   condition throws and the wait does not retry.
  public func always<C: Clock>(
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.waking(on: self).always(isolation: isolation) { try await condition(self) }
  }

  /// Checks that a condition on the element holds for a whole window,
  /// and fails with an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; defaults to a
  ///     condition on ``elementDescription``.
  ///   - window: How long to watch. `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the window. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Throws: `WaitViolationError` as soon as a probe finds it failing;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled; any error the condition throws.
  public func requireAlways<C: Clock>(
    _ comment: String? = nil,
    for window: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await requireAlways(
      comment, using: .simple(timeout: window, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column, condition)
  }

  /// Checks, with a whole wait configuration whose timeout is the window,
  /// that a condition on the element holds for the whole window, and
  /// fails with an error that says when it did not.
  ///
  /// - Parameters:
  ///   - comment: What the condition is, for the error; defaults to a
  ///     condition on ``elementDescription``.
  ///   - wait: The configuration; its timeout is the window, and the
  ///     element's triggers are added to it.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the wanted state is there now.
  /// - Throws: `WaitViolationError` as soon as a probe finds it failing, or
  ///   throws an error the wait retries; `AsyncWaitError` for an invalid
  ///   configuration; `CancellationError` when the task is cancelled; an
  ///   error the condition throws and the wait does not retry.
  public func requireAlways<C: Clock>(
    _ comment: String? = nil,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: (Self) async throws -> Bool
  ) async throws where C.Duration == Duration {
    try await wait.waking(on: self).requireAlways(
      comment ?? "a condition on \(elementDescription)", isolation: isolation, fileID: fileID,
      filePath: filePath, line: line, column: column
    ) { try await condition(self) }
  }
}
