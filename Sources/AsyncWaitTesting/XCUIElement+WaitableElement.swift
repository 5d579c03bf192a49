// XCUIElement and XCUIApplication as waitable elements, on Apple platforms.
//
// The conformance lives in AsyncWaitTesting, the product for test targets,
// and not in AsyncWaitElements: an app links AsyncWait and AsyncWaitElements,
// and a library that imports XCTest or XCUIAutomation fails to load where
// XCTest is not present. `.ci/run` checks that neither library imports them.
//
// This file is not compiled on Linux, where the package is built and tested
// (XCTest there has no UI testing). It is kept to a few lines that rely only
// on long-standing XCUITest API: `exists`, `debugDescription` and
// `XCUIApplication.state`. XCUIAutomation is the UI-testing module of newer
// SDKs; older SDKs provide the same types through XCTest.

#if canImport(XCUIAutomation)
  public import AsyncWaitElements
  public import XCUIAutomation
#elseif canImport(XCTest) && canImport(Darwin) && !os(watchOS)
  public import AsyncWaitElements
  public import XCTest
#endif

#if canImport(XCUIAutomation) || (canImport(XCTest) && canImport(Darwin) && !os(watchOS))
  /// `XCUIElement` gets the async, `Duration`-based waits of this module next
  /// to XCUITest's synchronous `TimeInterval` ones.
  ///
  /// The conformance is isolated to the main actor, like `XCUIElement` itself,
  /// so the waits are called from main-actor tests:
  ///
  /// ```swift
  /// @MainActor
  /// func testSaveAppears() async throws {
  ///   let app = XCUIApplication()
  ///   app.launch()
  ///   try await app.buttons["Save"].requireExistence(timeout: .seconds(5))
  /// }
  /// ```
  extension XCUIElement: @MainActor WaitableElement {
    /// XCUITest's description of the element and its subtree, for timeout errors.
    public var stateDescription: String? { debugDescription }
  }

  extension XCUIApplication {
    /// Waits until the application reaches a state, such as `.runningForeground`.
    ///
    /// The async, `Duration`-based counterpart of XCUITest's
    /// `wait(for:timeout:)`, with the rules of every wait of this package.
    ///
    /// - Parameters:
    ///   - state: The state to wait for.
    ///   - timeout: How long to keep probing; when given, it replaces the
    ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
    ///     `wait`, which by default is the scope's.
    ///   - pollingInterval: How long to sleep between probes; when given, it
    ///     replaces the schedule of `wait`. `nil` keeps the schedule of
    ///     `wait`, which by default is the scope's polling interval.
    ///   - wait: The rest of the configuration: schedule, retried errors,
    ///     probe observer, triggers and clock. By default, the scope's
    ///     polling interval on `ContinuousClock`.
    /// - Returns: `true` when the application is in `state`, `false` when the timeout passed first.
    /// - Throws: `AsyncWaitError` for an invalid configuration;
    ///   `CancellationError` when the task is cancelled.
    @MainActor
    public func wait<C: Clock>(
      for state: XCUIApplication.State,
      timeout: Duration? = nil,
      pollingInterval: Duration? = nil,
      using wait: Wait<C> = Wait()
    ) async throws -> Bool where C.Duration == Duration {
      try await self.wait(timeout: timeout, pollingInterval: pollingInterval, using: wait) {
        $0.state == state
      }
    }
  }
#endif
