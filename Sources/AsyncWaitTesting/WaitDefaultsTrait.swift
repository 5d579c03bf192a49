public import Testing

/// A Swift Testing trait that sets wait defaults for a test, or for every
/// test of a suite.
///
/// ```swift
/// @Suite(.waitDefaults(timeout: .seconds(5), pollingInterval: .seconds(0.05)))
/// struct CheckoutTests {
///   @Test func paying() async throws {
///     try await requireEventually("the receipt shows") {
///       await checkout.receipt != nil
///     }
///   }
/// }
/// ```
///
/// It runs each test inside
/// `withWaitDefaults(timeout:actionTimeout:navigationTimeout:pollingInterval:deadline:recordsFailures:standstillLimit:nearTimeoutWarning:clock:isolation:_:)`:
/// a trait on a test beats one on its suite, and an argument given to a wait
/// beats both. An XCTest class sets the same defaults for its tests with
/// ``WaitDefaultsProviding``.
public struct WaitDefaultsTrait: TestTrait, SuiteTrait, TestScoping {
  /// The timeout of waits that give none.
  public var timeout: Duration?
  /// The timeout of actions that give none (`WaitDefaults.actionTimeout`).
  public var actionTimeout: Duration?
  /// The timeout of navigations that give none
  /// (`WaitDefaults.navigationTimeout`).
  public var navigationTimeout: Duration?
  /// The polling interval of waits that give none.
  public var pollingInterval: Duration?
  /// How long every eventually-style wait of one test may run in all.
  public var deadline: Duration?
  /// Whether failing throwing waits record their failure in the test.
  public var recordsFailures: Bool?
  /// How much real time a wait on a clock that is not real time may sleep
  /// while that clock stands still (`WaitDefaults.standstillLimit`).
  public var standstillLimit: Duration?
  /// When a wait that succeeded warns that it came close to its timeout
  /// (`NearTimeoutWarning`).
  public var nearTimeoutWarning: NearTimeoutWarning?

  /// `true`: a suite's defaults apply to every test inside it.
  public var isRecursive: Bool { true }

  /// Runs the test inside a scope with the defaults.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case, or `nil` for a suite.
  ///   - function: The test, or the suite's work.
  /// - Throws: What `function` throws.
  @concurrent public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
  ) async throws {
    try await withWaitDefaults(
      timeout: timeout, actionTimeout: actionTimeout, navigationTimeout: navigationTimeout,
      pollingInterval: pollingInterval, deadline: deadline,
      recordsFailures: recordsFailures,
      standstillLimit: standstillLimit, nearTimeoutWarning: nearTimeoutWarning
    ) {
      try await function()
    }
  }
}

extension Trait where Self == WaitDefaultsTrait {
  /// Sets wait defaults for a test, or for every test of a suite.
  ///
  /// - Parameters:
  ///   - timeout: The timeout of waits that give none.
  ///   - actionTimeout: The timeout of actions that give none (a click, a
  ///     fill, a key press); unset, they take the `timeout`.
  ///   - navigationTimeout: The timeout of navigations that give none
  ///     (opening a page at an address, `goto`, `reload`, going back or
  ///     forward); 30 seconds unless an outer scope says otherwise.
  ///   - pollingInterval: The polling interval of waits that give none.
  ///   - deadline: How long every eventually-style wait of one test may run
  ///     in all; each ends by the earlier of its own timeout and this.
  ///   - recordsFailures: Whether failing throwing waits record their
  ///     failure in the test before throwing; `true` unless an outer scope
  ///     says otherwise.
  ///   - standstillLimit: How much real time a wait on a clock that is not
  ///     real time, such as a `ManualClock`, may sleep while that clock
  ///     stands still before it fails; 10 seconds unless an outer scope says
  ///     otherwise.
  ///   - nearTimeoutWarning: When a throwing eventually-style wait that
  ///     succeeded records a warning that it came close to its timeout:
  ///     `.after(0.9)`, or `.off`; after 75 % of the timeout unless an outer
  ///     scope or `ASYNCWAIT_NEAR_TIMEOUT_WARNING` says otherwise.
  /// - Returns: The trait.
  public static func waitDefaults(
    timeout: Duration? = nil,
    actionTimeout: Duration? = nil,
    navigationTimeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    deadline: Duration? = nil,
    recordsFailures: Bool? = nil,
    standstillLimit: Duration? = nil,
    nearTimeoutWarning: NearTimeoutWarning? = nil
  ) -> Self {
    WaitDefaultsTrait(
      timeout: timeout, actionTimeout: actionTimeout, navigationTimeout: navigationTimeout,
      pollingInterval: pollingInterval, deadline: deadline,
      recordsFailures: recordsFailures,
      standstillLimit: standstillLimit, nearTimeoutWarning: nearTimeoutWarning)
  }
}
