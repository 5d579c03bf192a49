/// Waits, without blocking a thread, until a condition holds or a timeout passes.
///
/// The condition runs at once, then again `pollingInterval` after each probe
/// ends, until it returns `true` or `timeout` has passed on `clock`:
///
/// ```swift
/// @MainActor
/// @Test func savingShowsTheBanner() async throws {
///   let model = ProfileModel()
///   model.save()
///   let saved = try await waitUntil(timeout: .seconds(2)) {
///     model.banner == .saved
///   }
///   #expect(saved)
/// }
/// ```
///
/// The rules, each of them tested:
///
/// - A condition that holds on the first probe returns `true` at once, without
///   suspending.
/// - A `timeout` of `.zero` probes exactly once.
/// - No sleep extends past the deadline. When the last sleep was shortened to
///   the deadline, the condition runs one final time at the deadline, so a
///   condition that came true in the last partial interval is not reported as a
///   timeout.
/// - The condition runs in the caller's isolation: from a `@MainActor` test it
///   reads main-actor state directly, and other main-actor work runs while the
///   wait sleeps.
/// - A timeout too far away to represent, such as `.seconds(Int64.max)`, means
///   the wait ends only by success, an error or cancellation.
/// - The timeout is multiplied by the environment variable
///   `ASYNCWAIT_TIMEOUT_SCALE` when it is set, for slow machines, on a clock
///   that measures real time (`ContinuousClock`, `SuspendingClock`, a
///   ``RealTimeClock``).
///
/// - Parameters:
///   - timeout: How long to keep probing, measured on `clock` from the call.
///     Zero probes once. `nil`, the default, takes the scope's default
///     (``WaitDefaults``: 1 second unless a scope sets another).
///   - pollingInterval: How long to sleep between the end of one probe and the
///     start of the next. `nil`, the default, takes the scope's default
///     (100 milliseconds unless a scope sets another).
///   - clock: The clock that measures the timeout and paces the probes.
///     Defaults to `ContinuousClock`.
///   - isolation: The actor isolation in which the condition runs; defaults to
///     the caller's.
///   - condition: Returns whether the awaited state has been reached.
/// - Returns: `true` when the condition held, `false` when the timeout passed first.
/// - Throws: ``AsyncWaitError/negativeTimeout`` or
///   ``AsyncWaitError/nonPositivePollingInterval`` before any probe when an
///   argument is out of range, ``AsyncWaitError/invalidTimeoutScale`` when
///   `ASYNCWAIT_TIMEOUT_SCALE` is invalid; `CancellationError` when the task
///   is cancelled before the condition holds; any error the condition
///   throws, at once and without probing again; an error the clock's
///   `sleep` throws; ``VirtualTimeError`` when a clock that is not real time
///   stands still through a sleep for ``WaitDefaults/standstillLimit`` of
///   real time.
@inlinable
public func waitUntil<C: Clock>(
  timeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  _ condition: () async throws -> Bool
) async throws -> Bool where C.Duration == Duration {
  let poller = try Poller(timeout: timeout, pollingInterval: pollingInterval, clock: clock)
  switch try await poller.poll(isolation: isolation, until: condition) {
  case .decided: return true
  case .expired: return false
  }
}

/// Waits until a condition holds, and throws an error that explains the
/// timeout when it does not.
///
/// This is ``waitUntil(timeout:pollingInterval:clock:isolation:_:)`` for tests
/// that should fail on a timeout. The error names what was awaited, the
/// timeout, the interval, the number of probes, the time taken and the line
/// that waited:
///
/// ```swift
/// @Test func serverStarts() async throws {
///   let server = try await TestServer.start()
///   try await requireEventually("the server is ready", timeout: .seconds(5)) {
///     try await server.health() == .ready
///   }
/// }
/// ```
///
/// - Parameters:
///   - comment: What is being awaited, for the error message.
///   - timeout: How long to keep probing, measured on `clock` from the call.
///     Zero probes once. `nil`, the default, takes the scope's default
///     (``WaitDefaults``: 1 second unless a scope sets another).
///   - pollingInterval: How long to sleep between the end of one probe and the
///     start of the next. `nil`, the default, takes the scope's default
///     (100 milliseconds unless a scope sets another).
///   - clock: The clock that measures the timeout and paces the probes.
///     Defaults to `ContinuousClock`.
///   - isolation: The actor isolation in which the condition runs; defaults to
///     the caller's.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
///   - condition: Returns whether the awaited state has been reached.
/// - Throws: ``WaitTimeoutError`` when the timeout passes first (inside a
///   running test with `AsyncWaitTesting`, after recording it at the call);
///   ``AsyncWaitError`` before any probe when an argument is out of range;
///   `CancellationError` when the task is cancelled before the condition
///   holds; any error the condition throws; an error the clock's `sleep` throws;
///   ``VirtualTimeError`` when a clock that is not real time stands still
///   through a sleep for ``WaitDefaults/standstillLimit`` of real time.
public func requireEventually<C: Clock>(
  _ comment: @autoclosure () -> String? = nil,
  timeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  callSite: CallSite? = nil,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: Int = #line,
  column: Int = #column,
  _ condition: () async throws -> Bool
) async throws where C.Duration == Duration {
  let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
  let poller = try validating(at: location) { () throws(AsyncWaitError) in
    try Poller(timeout: timeout, pollingInterval: pollingInterval, clock: clock)
  }
  try await poller.require(comment: comment(), advisesBoundedForm: true, at: location, isolation: isolation) {
    _ in try await condition() ? () : nil
  }
}
