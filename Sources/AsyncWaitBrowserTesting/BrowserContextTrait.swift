public import Testing

/// A Swift Testing trait that gives each test a fresh browser context on
/// one browser shared by the whole run: what pytest-playwright's `context`
/// and `page` fixtures give each test.
///
/// ```swift
/// @Suite(.browserContext(locale: "de-DE"))
/// struct CheckoutPageTests {
///   @Test func showsTheTotal() async throws {
///     let page = try await BrowserContext.current.newPage(
///       url: "http://127.0.0.1:8080/checkout")
///     try await page.staticTexts["Summe"].requireExistence()
///   }
/// }
/// ```
///
/// Each test, and each case of a parameterized test, reads its own context
/// from `BrowserContext.current`: opened on
/// `Browser.shared` when the test first reads it, and
/// closed when the test ends, whether it passed, failed or threw. Tests
/// that run in parallel each have their own; a test that never reads it
/// opens none. The browser is launched by the first test that needs it
/// and ends with the process; set `ASYNCWAIT_BROWSER_ENDPOINT` to a
/// DevTools WebSocket address to run every test against a remote browser
/// instead. A trait on a test beats one on its suite. An XCTest class gets
/// the same with ``BrowserContextProviding``.
public struct BrowserContextTrait: TestTrait, SuiteTrait, TestScoping {
  /// What each test's context is opened with.
  public var options: BrowserContext.Options

  /// `true`: a suite's trait gives a context to every test inside it.
  public var isRecursive: Bool { true }

  /// Runs a test with a context of its own, opened when the test first
  /// reads it and closed after the test.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case, or `nil` for a suite.
  ///   - function: The test, or the suite's work.
  /// - Throws: What `function` throws.
  @concurrent public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
  ) async throws {
    guard !test.isSuite else { return try await function() }
    let slot = ContextSlot(options: options)
    defer { slot.closeSoon() }
    try await ContextSlot.$scoped.withValue(slot) {
      try await function()
    }
  }
}

extension Trait where Self == BrowserContextTrait {
  /// Gives each test a fresh browser context, with the options given, on
  /// one browser shared by the whole run.
  ///
  /// - Parameters:
  ///   - viewport: The size of each page's viewport, in CSS pixels.
  ///   - deviceScaleFactor: Device pixels per CSS pixel.
  ///   - userAgent: The user agent.
  ///   - locale: The locale, such as `de-DE`.
  ///   - timeZone: The IANA time zone, such as `Europe/Berlin`.
  ///   - colorScheme: What `prefers-color-scheme` matches.
  ///   - extraHTTPHeaders: Headers sent with every request.
  ///   - offline: Whether the pages start offline.
  ///   - permissions: Permissions granted to every origin.
  ///   - storageState: Cookies and local storage to start with, such as a
  ///     logged-in state saved once for the suite.
  /// - Returns: The trait.
  public static func browserContext(
    viewport: BrowserContext.Viewport? = nil,
    deviceScaleFactor: Double? = nil,
    userAgent: String? = nil,
    locale: String? = nil,
    timeZone: String? = nil,
    colorScheme: BrowserContext.ColorScheme? = nil,
    extraHTTPHeaders: [String: String] = [:],
    offline: Bool = false,
    permissions: [String] = [],
    storageState: BrowserContext.StorageState? = nil
  ) -> Self {
    .browserContext(
      BrowserContext.Options(
        viewport: viewport, deviceScaleFactor: deviceScaleFactor, userAgent: userAgent, locale: locale,
        timeZone: timeZone, colorScheme: colorScheme, extraHTTPHeaders: extraHTTPHeaders, offline: offline,
        permissions: permissions, storageState: storageState))
  }

  /// Gives each test a fresh browser context, opened with `options`, on
  /// one browser shared by the whole run.
  ///
  /// - Parameter options: What each test's context is opened with.
  /// - Returns: The trait.
  public static func browserContext(_ options: BrowserContext.Options) -> Self {
    BrowserContextTrait(options: options)
  }

  /// Gives each test a fresh browser context, with no option set, on one
  /// browser shared by the whole run.
  public static var browserContext: Self { .browserContext(BrowserContext.Options()) }
}
