/// Waits until a value equals an expected one, and fails with an error
/// that gives the last value seen when it does not.
///
/// The value is an expression, evaluated again on every probe in the
/// caller's isolation (so a `@MainActor` test reads main-actor state
/// directly); it may throw, and cannot suspend: for a value that takes
/// `await` to read, pass a closure as `reading:`
/// (``requireEventually(_:reading:toEqual:timeout:pollingInterval:clock:isolation:callSite:fileID:filePath:line:column:)``).
/// A failure leads with what it was last and what it was to be:
///
/// ```swift
/// try await requireEventually("the feed loads", for: model.state,
///                             toEqual: .loaded, timeout: .seconds(2))
/// ```
///
/// ```
/// last value .loading, expected .loaded; timed out after 2 s waiting for "the feed loads"
///   (21 probes over 2.001 s, polling every 100 ms on ContinuousClock)
///   last observed:
///     last value: .loading
/// ```
///
/// Prefer it to `requireEventually { model.state == .loaded }` whenever
/// the value is worth seeing in the failure: a closure that returns `Bool`
/// cannot say what it saw.
///
/// - Parameters:
///   - comment: What is awaited, for the error; `nil` says "a value to
///     equal" the expected one.
///   - value: The expression to evaluate on every probe.
///   - expected: The value to wait for.
///   - timeout: How long to keep probing. `nil` takes the scope's default.
///   - pollingInterval: How long to sleep between probes. `nil` takes the
///     scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation in which `value` is evaluated;
///     defaults to the caller's.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
/// - Throws: ``WaitTimeoutError`` with the last value when the timeout passes
///   first; ``AsyncWaitError`` for an invalid argument; `CancellationError`
///   when the task is cancelled; an error `value` throws.
public func requireEventually<C: Clock, Value: Equatable>(
  _ comment: @autoclosure () -> String? = nil,
  for value: @autoclosure () throws -> Value,
  toEqual expected: Value,
  timeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  callSite: CallSite? = nil,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: Int = #line,
  column: Int = #column
) async throws where C.Duration == Duration {
  try await Wait(timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, clock: clock).require(
    comment(), for: try value(), toEqual: expected, isolation: isolation,
    callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Waits until a value read by a closure, which may suspend, equals an
/// expected one, and fails with an error that gives the last value seen
/// when it does not.
///
/// The counterpart of
/// ``requireEventually(_:for:toEqual:timeout:pollingInterval:clock:isolation:callSite:fileID:filePath:line:column:)``
/// for a value that takes `await` to read: an actor's state, a server's
/// answer. The closure runs on every probe, in the caller's isolation:
///
/// ```swift
/// try await requireEventually("job 7 is done",
///                             reading: { await queue.state(of: 7) },
///                             toEqual: .done)
/// ```
///
/// - Parameters:
///   - comment: What is awaited, for the error; `nil` says "a value to
///     equal" the expected one.
///   - produce: Reads the value, on every probe.
///   - expected: The value to wait for.
///   - timeout: How long to keep probing. `nil` takes the scope's default.
///   - pollingInterval: How long to sleep between probes. `nil` takes the
///     scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation in which `produce` runs; defaults to
///     the caller's.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
/// - Throws: ``WaitTimeoutError`` with the last value when the timeout passes
///   first; ``AsyncWaitError`` for an invalid argument; `CancellationError`
///   when the task is cancelled; an error `produce` throws and the wait does
///   not retry.
public func requireEventually<C: Clock, Value: Equatable>(
  _ comment: @autoclosure () -> String? = nil,
  reading produce: () async throws -> Value,
  toEqual expected: Value,
  timeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  callSite: CallSite? = nil,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: Int = #line,
  column: Int = #column
) async throws where C.Duration == Duration {
  try await Wait(timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, clock: clock).require(
    comment(), reading: produce, toEqual: expected, isolation: isolation,
    callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Waits until a value satisfies a predicate, and fails with an error that
/// gives the last value seen when it does not.
///
/// ```swift
/// try await requireEventually("twenty items", for: model.items.count) {
///   $0 >= 20
/// }
/// ```
///
/// - Parameters:
///   - comment: What is awaited, for the error; `nil` says "a value to
///     satisfy the predicate".
///   - value: The expression to evaluate on every probe.
///   - timeout: How long to keep probing. `nil` takes the scope's default.
///   - pollingInterval: How long to sleep between probes. `nil` takes the
///     scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation in which `value` and `predicate` run;
///     defaults to the caller's.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
///   - predicate: Whether a value is the one awaited.
/// - Throws: ``WaitTimeoutError`` with the last value when the timeout passes
///   first; ``AsyncWaitError`` for an invalid argument; `CancellationError`
///   when the task is cancelled; an error `value` or `predicate` throws.
public func requireEventually<C: Clock, Value>(
  _ comment: @autoclosure () -> String? = nil,
  for value: @autoclosure () throws -> Value,
  timeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  callSite: CallSite? = nil,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: Int = #line,
  column: Int = #column,
  toSatisfy predicate: (Value) throws -> Bool
) async throws where C.Duration == Duration {
  try await Wait(timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, clock: clock).require(
    comment(), for: try value(), isolation: isolation,
    callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
    toSatisfy: predicate)
}
