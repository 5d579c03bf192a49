/// An XCTest class that sets wait defaults for every one of its tests, as
/// the `.waitDefaults` trait does for a Swift Testing suite.
///
/// ```swift
/// final class CheckoutTests: XCTestCase, WaitDefaultsProviding {
///   static let waitDefaults: WaitDefaultsTrait = .waitDefaults(
///     timeout: .seconds(5), pollingInterval: .milliseconds(50))
///
///   func testPaying() async throws {
///     try await requireEventually("the receipt shows") {
///       await checkout.receipt != nil
///     }
///   }
/// }
/// ```
///
/// The defaults apply to every wait a test of the class runs outside a
/// `withWaitDefaults` scope, from the moment XCTest starts the test (a
/// `deadline` is measured from then): a scope inside the test beats them,
/// and an argument given to a wait beats both. A subclass inherits its
/// superclass's, or declares its own. They are read through XCTest's
/// observation of the running test case, so a wait in a task that outlives
/// its test reads those of the test running then.
public protocol WaitDefaultsProviding {
  /// The defaults of every test of the class.
  static var waitDefaults: WaitDefaultsTrait { get }
}
