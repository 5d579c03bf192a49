/// The timeout and polling interval a wait uses when its call does not give
/// them, and the deadline shared by every wait of a scope.
///
/// Defaults come from the innermost
/// ``withWaitDefaults(timeout:actionTimeout:navigationTimeout:pollingInterval:deadline:recordsFailures:standstillLimit:nearTimeoutWarning:clock:isolation:_:)``
/// scope around the wait (in Swift Testing, the `.waitDefaults` trait of the
/// test or its suite sets one), and otherwise from the package:
///
/// | Setting | Package default |
/// | --- | --- |
/// | ``timeout`` | 1 second |
/// | ``actionTimeout`` | the ``timeout`` |
/// | ``navigationTimeout`` | 30 seconds |
/// | ``pollingInterval`` | 100 milliseconds |
/// | ``standstillLimit`` | 10 seconds |
///
/// An argument given to a wait always wins over a default.
public struct WaitDefaults: Sendable {
  /// The timeout of a wait that does not give one.
  public var timeout: Duration
  /// The timeout of an action that does not give one.
  ///
  /// An action (a click, a fill, a key press) waits until its element can
  /// take it. Unless a scope sets it, the ``timeout``: Playwright's
  /// `actionTimeout`.
  public var actionTimeout: Duration {
    get { actionSetting ?? timeout }
    set { actionSetting = newValue }
  }
  /// The action timeout a scope set, or `nil` for the ``timeout``.
  var actionSetting: Duration?
  /// The timeout of a navigation that does not give one.
  ///
  /// A navigation (opening a page at an address, going to one, reloading,
  /// going back or forward) waits until the page has loaded. Unless a scope
  /// sets it, 30 seconds: Playwright's `navigationTimeout`.
  public var navigationTimeout: Duration
  /// The polling interval of a wait that does not give one.
  public var pollingInterval: Duration
  /// Whether a failing throwing wait records a failure in a running test.
  public var recordsFailures: Bool
  /// How much real time a wait on a clock that is not real time (such as
  /// ``ManualClock``) may sleep while that clock stands still, and how long
  /// ``ManualClock/sleepers(atLeast:timeout:callSite:fileID:filePath:line:column:)``
  /// and ``ManualClock/settle(timeout:callSite:fileID:filePath:line:column:)`` wait
  /// by default, before they throw ``VirtualTimeError``; multiplied by
  /// `ASYNCWAIT_TIMEOUT_SCALE`.
  ///
  /// A test on virtual time that nothing moves would otherwise hang. Waits
  /// on a clock that measures real time are bound by their timeout instead.
  /// Real time in which the whole process stood still (a loaded machine, a
  /// debugger) does not count toward the limit.
  public var standstillLimit: Duration
  /// When a throwing eventually-style wait that succeeded warns that it
  /// came close to its timeout.
  ///
  /// See ``NearTimeoutWarning``. Unless a scope sets it, what
  /// `ASYNCWAIT_NEAR_TIMEOUT_WARNING` says, and otherwise after 75 % of the
  /// timeout.
  public var nearTimeoutWarning: NearTimeoutWarning {
    get { nearTimeoutSetting ?? (try? NearTimeoutWarning.environment.get()) ?? .standard }
    set { nearTimeoutSetting = newValue }
  }
  /// The near-timeout warning a scope set, or `nil` for the environment's.
  var nearTimeoutSetting: NearTimeoutWarning?
  /// The deadline that every eventually-style wait of the scope ends by.
  var deadline: ScopeDeadline?
  /// Whether a ``withWaitDefaults(timeout:actionTimeout:navigationTimeout:pollingInterval:deadline:recordsFailures:standstillLimit:nearTimeoutWarning:clock:isolation:_:)``
  /// scope made these; when not, a test framework's defaults for the
  /// running test (an XCTest class's) apply.
  var isScoped = false
  /// A timeout scale that replaces the environment's, for this package's tests.
  package var timeoutScaleOverride: Double?

  /// The defaults when no scope sets any: a 1 second timeout, for actions
  /// too, and 30 seconds for navigations, polling every 100 milliseconds,
  /// failures recorded in a running test, virtual time that stands still
  /// for 10 seconds of real time stopped.
  public static let standard = WaitDefaults(
    timeout: .seconds(1), actionSetting: nil, navigationTimeout: .seconds(30),
    pollingInterval: .milliseconds(100), recordsFailures: true,
    standstillLimit: Standstill.defaultLimit, nearTimeoutSetting: nil, deadline: nil,
    timeoutScaleOverride: nil)

  /// The defaults in force for the current task.
  public static var current: WaitDefaults { inEffect }

  /// The defaults of the innermost scope, or the standard ones.
  @TaskLocal static var scoped = WaitDefaults.standard

  /// The defaults in force: the innermost scope's; outside every scope, the
  /// running test's from its test framework (an XCTest class's), if any;
  /// otherwise the standard ones.
  static var inEffect: WaitDefaults {
    let scoped = scoped
    if scoped.isScoped { return scoped }
    return FailureRecording.recorderAtFirstWait.frameworkDefaults() ?? scoped
  }

  /// These defaults with the settings given, as a scope inside them has
  /// them: a setting left `nil` keeps its value, and a deadline starts now
  /// on `clock` and keeps an outer one that comes first.
  ///
  /// - Parameters:
  ///   - timeout: The timeout of waits that give none.
  ///   - actionTimeout: The timeout of actions that give none.
  ///   - navigationTimeout: The timeout of navigations that give none.
  ///   - pollingInterval: The polling interval of waits that give none.
  ///   - deadline: How long, from now on `clock`, every eventually-style
  ///     wait may run; scaled as a timeout is on a clock of real time.
  ///   - recordsFailures: Whether failing waits record in a running test.
  ///   - standstillLimit: The standstill limit; validated where a wait
  ///     resolves it.
  ///   - nearTimeoutWarning: When a wait that succeeded warns; validated
  ///     where a wait resolves it.
  ///   - clock: The clock that measures `deadline`.
  /// - Returns: The defaults of the inner scope.
  package func applying<C: Clock>(
    timeout: Duration?, actionTimeout: Duration?, navigationTimeout: Duration?, pollingInterval: Duration?,
    deadline: Duration?, recordsFailures: Bool?, standstillLimit: Duration?,
    nearTimeoutWarning: NearTimeoutWarning?, clock: C
  ) -> WaitDefaults where C.Duration == Duration {
    var defaults = self
    defaults.isScoped = true
    if let timeout { defaults.timeout = timeout }
    // Negative timeouts are validated where a wait resolves them.
    if let actionTimeout { defaults.actionSetting = actionTimeout }
    if let navigationTimeout { defaults.navigationTimeout = navigationTimeout }
    if let pollingInterval { defaults.pollingInterval = pollingInterval }
    if let recordsFailures { defaults.recordsFailures = recordsFailures }
    // A limit that is not positive would stop every wait on virtual time at
    // once: it is validated where a wait resolves it.
    if let standstillLimit { defaults.standstillLimit = standstillLimit }
    if let nearTimeoutWarning { defaults.nearTimeoutSetting = nearTimeoutWarning }
    if let deadline {
      let start = clock.now
      // A deadline on a clock that measures real time is scaled as a timeout is.
      let environment = (try? TimeoutScale.environment.get()) ?? 1
      let scale = TimeoutScale.applies(to: clock) ? defaults.timeoutScaleOverride ?? environment : 1
      let length = deadline.scaled(by: scale, atMost: .seconds(Int64.max))
      // An outer deadline that comes first still holds.
      let keepsOuter = defaults.deadline?.remaining(clock).map { $0 <= length } ?? false
      if !keepsOuter { defaults.deadline = ScopeDeadline(start: start, length: length, clock: clock) }
    }
    return defaults
  }

  /// Validates and resolves a wait's timeout and schedule against the defaults.
  ///
  /// - Parameters:
  ///   - timeout: The wait's own timeout, or `nil` for the default.
  ///   - schedule: The wait's own schedule, or `nil` for the default interval.
  ///   - kind: Whether the timeout is an eventually-style timeout (scaled,
  ///     and cut to a scope's deadline) or a hold's window (neither).
  ///   - scalesTimeout: Whether the wait lets the timeout scale apply;
  ///     `true` unless a ``Wait`` opted out.
  ///   - clock: The wait's clock, to read a scope deadline on it and to
  ///     know whether it measures real time.
  /// - Returns: The timeout and schedule to run with, and how they came about.
  /// - Throws: ``AsyncWaitError`` for a negative timeout, an invalid
  ///   schedule, a standstill limit that is not positive or an invalid
  ///   `ASYNCWAIT_TIMEOUT_SCALE`.
  @usableFromInline
  static func resolve<C: Clock>(
    timeout: Duration?, schedule: PollingSchedule?, kind: WaitKind, scalesTimeout: Bool = true, clock: C
  ) throws(AsyncWaitError) -> Timing where C.Duration == Duration {
    let defaults = inEffect
    let given = timeout ?? defaults.timeout
    guard given >= .zero else { throw .negativeTimeout }
    let resolvedSchedule = schedule ?? .fixed(defaults.pollingInterval)
    try resolvedSchedule.validate()
    guard defaults.standstillLimit > .zero else { throw .nonPositiveStandstillLimit }
    let warning: NearTimeoutWarning
    if let setting = defaults.nearTimeoutSetting {
      warning = setting
    } else {
      switch NearTimeoutWarning.environment {
      case .success(let value): warning = value
      case .failure(let error): throw error
      }
    }
    guard warning.isValid else { throw .invalidNearTimeoutWarning }
    var scale: Double
    if let override = defaults.timeoutScaleOverride {
      scale = override
    } else {
      // Read even where it does not apply, so that an invalid value fails
      // every wait loudly rather than some of them.
      switch TimeoutScale.environment {
      case .success(let value): scale = value
      case .failure(let error): throw error
      }
    }
    // Asked only when a scale is set: whether a clock measures real time is
    // a dynamic cast, which a wait's fast path should not pay for nothing.
    if scale != 1, kind == .hold || !scalesTimeout || !TimeoutScale.applies(to: clock) { scale = 1 }
    var timing = Timing(
      timeout: scale == 1 ? given : given.scaled(by: scale, atMost: .seconds(Int64.max)),
      schedule: resolvedSchedule, scale: scale, endsAtScopeDeadline: false, kind: kind)
    if kind == .eventually { timing.nearTimeout = warning.fraction }
    if kind == .eventually, let deadline = defaults.deadline {
      let remaining = max(deadline.remaining(clock) ?? timing.timeout, .zero)
      if remaining < timing.timeout {
        timing.timeout = remaining
        timing.endsAtScopeDeadline = true
      }
    }
    return timing
  }
}

/// Runs `body` with defaults for every wait inside it.
///
/// Settings left `nil` keep the value of the enclosing scope, and at the top
/// the standard ones (``WaitDefaults/standard``); an inner scope beats an outer
/// one, and an argument given to a wait beats them all.
///
/// ```swift
/// try await withWaitDefaults(timeout: .seconds(5), deadline: .seconds(20)) {
///   try await requireEventually("the server starts") { await server.isReady }
///   try await requireEventually("the first job runs") { await jobs.count > 0 }
/// }
/// ```
///
/// A `deadline` bounds the whole scope: every eventually-style wait inside
/// it ends by the earlier of its own timeout and the deadline, and its
/// ``WaitTimeoutError`` says when the deadline ended it. Holds are not cut
/// short: their window is what they claim.
///
/// - Parameters:
///   - timeout: The timeout of waits that give none.
///   - actionTimeout: The timeout of actions that give none (a click, a
///     fill, a key press); unset, they take the scope's `timeout`.
///   - navigationTimeout: The timeout of navigations that give none
///     (opening a page at an address, `goto`, `reload`, going back or
///     forward); 30 seconds unless an outer scope says otherwise.
///   - pollingInterval: The polling interval of waits that give none.
///   - deadline: How long, from now on `clock`, every eventually-style wait
///     of the scope may run; multiplied by `ASYNCWAIT_TIMEOUT_SCALE` when
///     `clock` measures real time (see ``RealTimeClock``).
///   - recordsFailures: Whether a failing throwing wait records a failure in
///     a running test before it throws; `false` leaves the error to the test,
///     for tests that catch it.
///   - standstillLimit: How much real time a wait on a clock that is not
///     real time may sleep while that clock stands still (see
///     ``WaitDefaults/standstillLimit``); positive.
///   - nearTimeoutWarning: When a throwing eventually-style wait that
///     succeeded warns that it came close to its timeout
///     (``NearTimeoutWarning``): `.after(0.9)`, or `.off`.
///   - clock: The clock that measures `deadline`; a wait on another kind of
///     clock is not bound by it. `ContinuousClock` by default.
///   - isolation: The actor isolation in which `body` runs; defaults to the caller's.
///   - body: The code whose waits use the defaults.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
@discardableResult
public func withWaitDefaults<C: Clock, Result>(
  timeout: Duration? = nil,
  actionTimeout: Duration? = nil,
  navigationTimeout: Duration? = nil,
  pollingInterval: Duration? = nil,
  deadline: Duration? = nil,
  recordsFailures: Bool? = nil,
  standstillLimit: Duration? = nil,
  nearTimeoutWarning: NearTimeoutWarning? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Result
) async rethrows -> Result where C.Duration == Duration {
  let defaults = WaitDefaults.inEffect.applying(
    timeout: timeout, actionTimeout: actionTimeout, navigationTimeout: navigationTimeout,
    pollingInterval: pollingInterval, deadline: deadline, recordsFailures: recordsFailures,
    standstillLimit: standstillLimit, nearTimeoutWarning: nearTimeoutWarning, clock: clock)
  return try await WaitDefaults.$scoped.withValue(defaults, operation: body, isolation: isolation)
}

/// Runs `body` with a timeout scale in place of the environment's; for this
/// package's tests.
package func withTimeoutScale<Result>(
  _ scale: Double,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Result
) async rethrows -> Result {
  var defaults = WaitDefaults.inEffect
  defaults.isScoped = true
  defaults.timeoutScaleOverride = scale
  return try await WaitDefaults.$scoped.withValue(defaults, operation: body, isolation: isolation)
}

/// A scope's deadline: a length of time from an instant of a clock.
struct ScopeDeadline: Sendable {
  /// The time left, measured on `clock`, or `nil` when `clock` is not of
  /// the deadline's kind.
  let remaining: @Sendable (any Clock<Duration>) -> Duration?

  init<C: Clock>(start: C.Instant, length: Duration, clock: C) where C.Duration == Duration {
    remaining = { other in
      guard let other = other as? C else { return nil }
      let elapsed = start.duration(to: other.now)
      return elapsed <= .zero ? length : length > elapsed ? length - elapsed : .zero
    }
  }

  func remaining<C: Clock>(_ clock: C) -> Duration? where C.Duration == Duration {
    remaining(clock as any Clock<Duration>)
  }
}
