/// An XCTest class whose tests each get a fresh browser context, as the
/// `.browserContext` trait gives each test of a Swift Testing suite.
///
/// ```swift
/// import AsyncWaitBrowserTesting
/// import XCTest
///
/// final class CheckoutPageTests: XCTestCase, BrowserContextProviding {
///   static let browserContext: BrowserContextTrait =
///     .browserContext(locale: "de-DE")
///
///   func testShowsTheTotal() async throws {
///     let page = try await BrowserContext.current.newPage(
///       url: "http://127.0.0.1:8080/checkout")
///     try await page.staticTexts["Summe"].requireExistence()
///   }
/// }
/// ```
///
/// A test of the class reads its context from
/// `BrowserContext.current`: opened on
/// `Browser.shared` at the test's first read, and closed
/// when XCTest finishes the test. A subclass inherits its superclass's
/// options; declare them `class var` in the superclass to let a subclass
/// override them. The running test case is known from
/// XCTest's observation, which AsyncWaitTesting starts when the test
/// binary loads.
public protocol BrowserContextProviding {
  /// What each test's context is opened with.
  static var browserContext: BrowserContextTrait { get }
}
