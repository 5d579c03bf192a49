/// A wait's configuration, for waits beyond a fixed interval: a polling
/// schedule, triggers that wake it, errors it retries, an observer of its
/// probes; and the kinds of wait that need them: values, holds, Observation.
///
/// Configure once, then wait as often as needed:
///
/// ```swift
/// let wait = Wait(timeout: .seconds(5), wakingOn: [store.changed])
/// try await wait.require("the order ships") { store.order(7)?.status == .shipped }
/// let receipt = try await wait.value("a receipt") { store.receipt(for: 7) }
/// try await Wait(timeout: .milliseconds(500)).requireNever("an error is logged") { log.hasErrors }
/// ```
///
/// Every method is a thin call into the same polling loop as
/// ``waitUntil(timeout:pollingInterval:clock:isolation:_:)``, with its rules:
/// the first probe at once, no sleep past the deadline and a final probe at
/// it, prompt cancellation, the condition run in the caller's isolation.
public struct Wait<C: Clock>: Sendable where C.Duration == Duration {
  /// How long to keep probing, measured on ``clock`` from the start of each
  /// wait; for ``never(isolation:_:)`` and ``always(isolation:_:)``, the
  /// window that must pass without a violation.
  public var timeout: Duration
  /// How long to sleep between probes.
  public var polling: PollingSchedule
  /// Triggers that make the wait probe again at once when they fire.
  public var wakeUps: [WaitTrigger]
  /// Which errors thrown by the condition count as "not yet" rather than
  /// ending the wait.
  ///
  /// `nil`, the default, retries none. The last error retried is reported in
  /// `WaitTimeoutError.lastError`. `CancellationError` is never retried.
  public var retryingErrors: (@Sendable (any Error) -> Bool)?
  /// Told of every probe, for logging or statistics; `nil` by default.
  public var onProbe: (@Sendable (WaitProbe) -> Void)?
  /// The clock that measures the timeout and paces the probes.
  public var clock: C

  /// Creates a wait configuration.
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - polling: How long to sleep between probes; every 100 milliseconds by default.
  ///   - wakeUps: Triggers that make the wait probe again at once; none by default.
  ///   - retryingErrors: Which errors count as "not yet"; none by default.
  ///   - onProbe: Told of every probe; nothing by default.
  ///   - clock: The clock; `ContinuousClock` by default.
  public init(
    timeout: Duration,
    polling: PollingSchedule = .fixed(.milliseconds(100)),
    wakingOn wakeUps: [WaitTrigger] = [],
    retryingErrors: (@Sendable (any Error) -> Bool)? = nil,
    onProbe: (@Sendable (WaitProbe) -> Void)? = nil,
    clock: C = ContinuousClock()
  ) {
    self.timeout = timeout
    self.polling = polling
    self.wakeUps = wakeUps
    self.retryingErrors = retryingErrors
    self.onProbe = onProbe
    self.clock = clock
  }

  /// The validated poller for this configuration.
  func poller(extraWakeUps: [WaitTrigger] = []) throws(AsyncWaitError) -> Poller<C> {
    try Poller(
      timeout: timeout, schedule: polling, clock: clock,
      triggers: extraWakeUps.isEmpty ? wakeUps : wakeUps + extraWakeUps,
      retrying: retryingErrors, onProbe: onProbe)
  }

  /// Waits until a condition holds.
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Returns: `true` when the condition held, `false` when the timeout passed first.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the wait
  ///   does not retry.
  public func until(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await poller().poll(isolation: isolation, { _ in try await condition() ? () : nil }).isSatisfied
  }

  /// Waits until a condition holds, and throws an error that explains the
  /// timeout when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the wait
  ///   does not retry.
  public func require(
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    _ = try await value(
      comment, isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column
    ) { try await condition() ? () : nil }
  }

  /// Waits until a closure returns a value, and returns it.
  ///
  /// For state that is awaited and then used: the first non-`nil` value ends
  /// the wait.
  ///
  /// ```swift
  /// let user = try await Wait(timeout: .seconds(2)).value("user 7 in the cache") { cache.user(id: 7) }
  /// #expect(user.name == "Ada")
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which `produce` runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - produce: Returns the value when it is there, `nil` while it is not.
  /// - Returns: The first value `produce` returned.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error `produce` throws and the wait
  ///   does not retry.
  public func value<Value>(
    _ comment: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ produce: () async throws -> Value?
  ) async throws -> Value {
    let poller = try poller()
    switch try await poller.poll(isolation: isolation, { _ in try await produce() }) {
    case .satisfied(let value):
      return value
    case .timedOut(let probeCount, let elapsed, let lastError):
      throw poller.timeoutError(
        comment: comment, probeCount: probeCount, elapsed: elapsed, lastError: lastError,
        location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }
}
