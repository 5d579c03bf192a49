/// Waits until a block of assertions passes, and fails with the block's own
/// failures and an error that explains the timeout when it does not.
///
/// The block is an attempt: it may use `#expect`, `#require`, any
/// `require…` wait of this package, and `throw`. In Swift Testing, until
/// the deadline an attempt that fails records nothing; the attempt at the
/// deadline runs for real, so its failures are recorded at their own lines,
/// followed by the wait's own summary at the line that waited. In XCTest,
/// which has no public way to keep an `XCTAssert` from failing the test,
/// write the block's checks as `throw`: an `XCTAssert` records on every
/// attempt that fails it.
///
/// ```swift
/// @Test func cartTotals() async throws {
///   let cart = Cart()
///   cart.add(.apple, count: 3)
///   try await requirePassing("the cart settles", timeout: .seconds(2)) {
///     #expect(cart.items.count == 3)
///     let total = try #require(cart.total)
///     #expect(total == 4.5)
///   }
/// }
/// ```
///
/// - Parameters:
///   - comment: What the block checks, for the error message.
///   - timeout: How long to keep attempting, measured on `clock` from the
///     call. Zero attempts once, for real. `nil`, the default, takes the
///     scope's default.
///   - pollingInterval: How long to sleep between attempts. `nil`, the
///     default, takes the scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation in which the block runs; defaults to
///     the caller's.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
///   - attempt: The assertions.
/// - Throws: ``WaitTimeoutError`` when no attempt passed before the timeout,
///   with the last attempt's error; ``AsyncWaitError`` for an invalid
///   argument; `CancellationError` when the task is cancelled.
public func requirePassing<C: Clock>(
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
  _ attempt: () async throws -> Void
) async throws where C.Duration == Duration {
  try await Wait(timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, clock: clock).requirePassing(
    comment(), isolation: isolation,
    callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column), attempt)
}

extension Wait {
  /// Waits until a block of assertions passes, with this configuration.
  ///
  /// The counterpart of
  /// ``requirePassing(_:timeout:pollingInterval:clock:isolation:callSite:fileID:filePath:line:column:_:)``
  /// for a backoff, triggers or an observer. An error the block throws is
  /// a failed attempt, whatever ``retryingErrors`` says.
  ///
  /// - Parameters:
  ///   - comment: What the block checks, for the error message.
  ///   - isolation: The actor isolation in which the block runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - attempt: The assertions.
  /// - Throws: ``WaitTimeoutError`` when no attempt passed before the
  ///   timeout; ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled.
  public func requirePassing(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ attempt: () async throws -> Void
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller() }
    var last: FailureRecording.AttemptResult?
    var ranForReal = false
    // An expired wait is reported here, once its last attempt has said
    // whether it passed.
    let judge = { (outcome: PollOutcome<Void>) -> WaitReport.Outcome? in outcome.isDecided ? .passed : nil }
    let outcome = try await poller.pollReportingErrors(
      comment: comment(), location: location, judge: judge, isolation: isolation
    ) {
      probe -> Void? in
      // The attempt at the deadline (or the only one, for a zero timeout)
      // runs for real.
      let isFinal = probe.elapsed >= poller.timeout
      ranForReal = ranForReal || isFinal
      let result = await FailureRecording.run(
        quietly: !isFinal, at: location, isolation: isolation, attempt)
      if result.error is CancellationError { throw CancellationError() }
      last = result
      return result.passed ? () : nil
    }
    guard case .expired(var expiry) = outcome else { return }
    if !ranForReal {
      // The last attempt ended past the deadline, quietly: one more, for real,
      // and its time counts (a clock that runs backwards adds none).
      let started = poller.clock.now
      let result = await FailureRecording.run(quietly: false, at: location, isolation: isolation, attempt)
      expiry.probeCount += 1
      expiry.elapsed += max(.zero, started.duration(to: poller.clock.now))
      if result.passed {
        poller.report(expiry, .passed, comment: comment(), location: location)
        return
      }
      last = result
    }
    poller.report(expiry, .timedOut, comment: comment(), location: location)
    // An error that stands for a failure recorded already (a `#require`)
    // is at its own line; the summary does not repeat it.
    expiry.lastError = last?.error.flatMap { FailureRecording.wasRecorded($0) ? nil : $0 }
    let issues = last.map(\.issues) ?? 0
    throw poller.failure(
      expiry, comment: comment() ?? "an assertion block to pass",
      observation: issues == 0
        ? nil : "the last attempt recorded \(issues == 1 ? "1 issue" : "\(issues) issues")",
      location: location)
  }

  /// Checks that a block of assertions passes on every attempt for the
  /// whole of the timeout, and fails at the first attempt that does not.
  ///
  /// Every attempt runs for real: the first failing one records its
  /// failures at their own lines, then the hold's own at the line that
  /// waited.
  ///
  /// - Parameters:
  ///   - comment: What the block checks, for the error message.
  ///   - isolation: The actor isolation in which the block runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - attempt: The assertions.
  /// - Throws: ``WaitViolationError`` of kind
  ///   ``WaitViolationError/Kind/failedDuringAlways`` at the first attempt
  ///   that fails, with its error; ``AsyncWaitError`` for an invalid
  ///   configuration; `CancellationError` when the task is cancelled.
  public func requireAlwaysPassing(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ attempt: () async throws -> Void
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller(.hold) }
    let outcome = try await poller.pollReportingErrors(
      comment: comment(), location: location, isolation: isolation
    ) { probe -> (ProbeContext, (any Error)?)? in
      let result = await FailureRecording.run(quietly: false, at: location, isolation: isolation, attempt)
      if result.error is CancellationError { throw CancellationError() }
      return result.passed ? nil : (probe, result.error)
    }
    guard case .decided(let (probe, error)) = outcome else { return }
    let violation = WaitViolationError(
      kind: .failedDuringAlways, comment: comment() ?? "an assertion block", window: poller.timeout,
      elapsed: probe.elapsed, probeIndex: probe.index, lastError: error, location: location)
    throw FailureRecording.report(violation, at: location)
  }
}
