/// A wait's configuration, for waits beyond a fixed interval: a polling
/// schedule, triggers that wake it, errors it retries, an observer of its
/// probes; and the kinds of wait that need them: values, holds, Observation.
///
/// Configure once, then wait as often as needed:
///
/// ```swift
/// let wait = Wait(timeout: .seconds(5), triggers: [store.changed])
/// try await wait.require("the order ships") {
///   store.order(7)?.status == .shipped
/// }
/// let receipt = try await wait.requireValue("a receipt") {
///   store.receipt(for: 7)
/// }
/// try await Wait(timeout: .seconds(0.5)).requireNever("an error is logged") {
///   log.hasErrors
/// }
/// ```
///
/// Every method is a thin call into the same polling loop as
/// ``waitUntil(timeout:pollingInterval:clock:isolation:_:)``, with its rules:
/// the first probe at once, no sleep past the deadline and a final probe at
/// it, prompt cancellation, the condition run in the caller's isolation. On
/// a clock that is not real time, every method throws ``VirtualTimeError``
/// when the clock stands still through a sleep for ``standstillLimit`` (the
/// `require` forms record it at their line).
///
/// The element waits of `AsyncWaitElements` take a `Wait` too, so a backoff,
/// retried errors or an observer apply to them as well.
public struct Wait<C: Clock>: Sendable where C.Duration == Duration {
  /// How long to keep probing, measured on ``clock`` from the start of each wait.
  ///
  /// For a hold (``never(isolation:_:)``, ``always(isolation:_:)``), the
  /// window that must pass without a violation. `nil` takes the default of
  /// the enclosing scope (see ``WaitDefaults``).
  public var timeout: Duration?
  /// How long to sleep between probes; `nil` takes the default polling
  /// interval of the enclosing scope.
  public var schedule: PollingSchedule?
  /// Triggers that make the wait probe again at once when they fire.
  public var triggers: [WaitTrigger]
  /// Which errors thrown by the condition count as "not yet" rather than
  /// ending the wait.
  ///
  /// `nil`, the default, adds none to the errors every wait retries (a
  /// ``TransientError`` that says so, and an error thrown as a probe ran
  /// out of time, at or after the deadline). The last error retried is
  /// reported in ``WaitTimeoutError/lastError``. `CancellationError` is
  /// never retried. Holds treat a retried error as a probe that saw
  /// nothing; see <doc:holding-a-condition>.
  public var retryingErrors: (@Sendable (any Error) -> Bool)?
  /// Told of every probe, for logging or statistics; `nil` by default.
  public var onProbe: (@Sendable (WaitProbe) -> Void)?
  /// Whether `ASYNCWAIT_TIMEOUT_SCALE` multiplies ``timeout``; `true` by
  /// default.
  ///
  /// The scale gives a slow machine more time to reach what a test waits
  /// *for*. It applies only to the timeout of a wait on a clock that
  /// measures real time (`ContinuousClock`, `SuspendingClock`, a
  /// ``RealTimeClock``), never to the window of a hold, a stable-for
  /// duration or a not-before minimum. Set it to `false` for a timeout the
  /// test chose to fit inside something else, such as a cache's lifetime.
  public var scalesTimeout: Bool
  /// How much real time the wait may sleep while its clock stands still,
  /// when the clock is not real time; `nil`, the default, takes the
  /// scope's ``WaitDefaults/standstillLimit``.
  ///
  /// A wait on a ``ManualClock`` that nothing advances would never end: it
  /// throws ``VirtualTimeError`` instead, which the `require` forms record
  /// at their line in a running test. A wait that only its triggers wake
  /// counts as standing still too when they are further apart than the
  /// limit. Raise the limit for a test whose code advances the clock only
  /// after long real work. Multiplied by `ASYNCWAIT_TIMEOUT_SCALE`; ignored
  /// on a clock that measures real time.
  public var standstillLimit: Duration?
  /// The clock that measures the timeout and paces the probes.
  public var clock: C

  /// Creates a wait configuration.
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once. `nil`, the
  ///     default, takes the scope's default timeout.
  ///   - schedule: How long to sleep between probes. `nil`, the default,
  ///     takes the scope's default polling interval.
  ///   - triggers: Triggers that make the wait probe again at once; none by default.
  ///   - retryingErrors: Which errors count as "not yet"; none by default.
  ///   - onProbe: Told of every probe; nothing by default.
  ///   - scalesTimeout: Whether `ASYNCWAIT_TIMEOUT_SCALE` multiplies the
  ///     timeout; `true` by default. See ``scalesTimeout``.
  ///   - standstillLimit: How much real time the wait may sleep while a
  ///     clock that is not real time stands still; `nil`, the default, takes
  ///     the scope's. See ``standstillLimit``.
  ///   - clock: The clock; `ContinuousClock` by default.
  public init(
    timeout: Duration? = nil,
    schedule: PollingSchedule? = nil,
    triggers: [WaitTrigger] = [],
    retryingErrors: (@Sendable (any Error) -> Bool)? = nil,
    onProbe: (@Sendable (WaitProbe) -> Void)? = nil,
    scalesTimeout: Bool = true,
    standstillLimit: Duration? = nil,
    clock: C = ContinuousClock()
  ) {
    self.timeout = timeout
    self.schedule = schedule
    self.triggers = triggers
    self.retryingErrors = retryingErrors
    self.onProbe = onProbe
    self.scalesTimeout = scalesTimeout
    self.standstillLimit = standstillLimit
    self.clock = clock
  }

  /// The same configuration with more triggers.
  ///
  /// Integrations use it to add the triggers of the tree they wait on.
  ///
  /// - Parameter more: The triggers to add.
  /// - Returns: A copy that also wakes on `more`.
  public func adding(triggers more: [WaitTrigger]) -> Wait {
    var copy = self
    copy.triggers += more
    return copy
  }

  /// The validated poller for this configuration.
  @usableFromInline
  func poller(_ kind: WaitKind = .eventually, extraTriggers: [WaitTrigger] = []) throws(AsyncWaitError)
    -> Poller<C>
  {
    if let standstillLimit, standstillLimit <= .zero { throw .nonPositiveStandstillLimit }
    return try Poller(
      timing: WaitDefaults.resolve(
        timeout: timeout, schedule: schedule, kind: kind, scalesTimeout: scalesTimeout, clock: clock),
      clock: clock,
      triggers: extraTriggers.isEmpty ? triggers : triggers + extraTriggers,
      retryingErrors: retryingErrors, onProbe: onProbe,
      // A clock of real time has no guard: a wait on one that sets a limit
      // stays plain.
      standstillLimit: standstillLimit.flatMap { TimeoutScale.applies(to: clock) ? nil : $0 })
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
  @inlinable
  public func until(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
  ) async throws -> Bool {
    try await poller().poll(isolation: isolation, until: condition).isDecided
  }

  /// Waits until a condition holds, and fails with an error that explains
  /// the timeout when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first (inside a
  ///   running test with `AsyncWaitTesting`, after recording it at the call);
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the
  ///   wait does not retry.
  public func require(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller() }
    try await poller.require(comment: comment(), advisesBoundedForm: true, at: location, isolation: isolation)
    {
      _ in try await condition() ? () : nil
    }
  }

  /// Waits until a closure returns a value, and returns it.
  ///
  /// For state that is awaited and then used: the first non-`nil` value ends
  /// the wait.
  ///
  /// ```swift
  /// let wait = Wait(timeout: .seconds(2))
  /// let user = try await wait.requireValue("user 7 in the cache") {
  ///   cache.user(id: 7)
  /// }
  /// #expect(user.name == "Ada")
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; read only when the
  ///     wait fails.
  ///   - observation: Says, after a timeout, what the last probe saw; its
  ///     text becomes ``WaitTimeoutError/lastObservation``. Nothing by default.
  ///   - isolation: The actor isolation in which `produce` runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
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
  public func requireValue<Value>(
    _ comment: @autoclosure () -> String? = nil,
    observation: () async -> String? = { nil },
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ produce: () async throws -> Value?
  ) async throws -> Value {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller() }
    return try await poller.require(
      comment: comment(), observation: observation, at: location, isolation: isolation
    ) { _ in try await produce() }
  }

  /// ``requireValue(_:observation:isolation:callSite:fileID:filePath:line:column:_:)``
  /// for a wait of this package that knows why its last probe failed: the
  /// failure's first line leads with `cause` (``WaitTimeoutError/cause``),
  /// as an action of `AsyncWaitBrowser` leads with the check its element
  /// failed.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited; read only when the wait fails.
  ///   - observation: Says, after a timeout, what the last probe saw.
  ///   - cause: Says, after a timeout, why the last probe failed, as a
  ///     phrase that names its subject; `nil` for none.
  ///   - causeSubject: The subject `cause` and `comment` both begin with,
  ///     which the headline then calls "it" the second time; `nil` for none.
  ///   - isolation: The actor isolation in which `produce` runs.
  ///   - callSite: Where to report a failure.
  ///   - produce: Returns the value when it is there, `nil` while it is not.
  /// - Returns: The first value `produce` returned.
  /// - Throws: As the public form does.
  package func requireValue<Value>(
    _ comment: @autoclosure () -> String?,
    observation: () async -> String?,
    cause: () -> String?,
    causeSubject: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite,
    _ produce: () async throws -> Value?
  ) async throws -> Value {
    let poller = try validating(at: callSite) { () throws(AsyncWaitError) in try self.poller() }
    return try await poller.require(
      comment: comment(), observation: observation, cause: cause, causeSubject: causeSubject, at: callSite,
      isolation: isolation
    ) { _ in try await produce() }
  }
}
