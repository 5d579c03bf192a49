// A stand-in for Apple's XCUIAutomation module, for Scripts/check-apple-sources.sh
// only: it declares, with Apple's shapes, the XCUITest API that the Apple-only
// code of AsyncWaitTesting (and Tests/AppleStubs/DesignCalls) uses or could
// collide with. No body ever runs; nothing links against it.
//
// Where each shape comes from (developer.apple.com/documentation/xcuiautomation,
// pages for Xcode 16.3 and later, read for this file):
//   confirmed: `@MainActor class XCUIElement`, `@MainActor class XCUIApplication`,
//     `@MainActor class XCUIElementQuery`, `@MainActor protocol
//     XCUIElementAttributes`, `@MainActor protocol XCUIElementTypeQueryProvider`;
//     `var exists: Bool`, `var isHittable: Bool`;
//     `func waitForExistence(timeout: TimeInterval) -> Bool`;
//     `func waitForNonExistence(timeout: TimeInterval) -> Bool` (Swift name
//     `timeout:`, selector `waitForNonExistenceWithTimeout:`);
//     `@MainActor @preconcurrency func wait<V>(for keyPath: KeyPath<XCUIElement, V>,
//     toEqual expectedValue: V, timeout: TimeInterval) -> Bool where V: Equatable`
//     (a Swift extension in XCUIAutomation);
//     `var state: XCUIApplication.State`, the five cases of `State`,
//     `func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool`.
//   inferred: `debugDescription` (redeclared by XCUIElement.h, read-only
//     NSString); the raw type and values of `State` (NS_ENUM(NSUInteger,
//     XCUIApplicationState), 0...4 in the documented order); the attribute
//     members declared below (`identifier` is on the protocol's page, the rest
//     as XCUIElementAttributes.h has them; the others are left out); the query
//     members `buttons`, `staticTexts`, `firstMatch`, `element`, `count` and
//     `subscript(_: String)`.
//
// Deliberate differences from the SDK, each the stricter choice for this check:
//   - XCUIElement is a plain class, not an NSObject subclass, so that every
//     member, `debugDescription` included, is isolated to the main actor (an
//     override of NSObject's nonisolated `debugDescription` could not be). The
//     Apple-only sources use no NSObject member of XCUIElement.
//   - Members are stored nowhere and trap if called: only their types matter.

@_exported public import Foundation

/// Traps: the stubs are only compiled against, never run.
private func declarationOnly() -> Never {
  fatalError("Tests/AppleStubs declarations are for type-checking only")
}

/// Attributes exposed by UI elements.
@MainActor
public protocol XCUIElementAttributes {
  /// The element's accessibility identifier.
  var identifier: String { get }
  /// The element's label.
  var label: String { get }
  /// The element's raw value.
  var value: Any? { get }
  /// Whether the element is enabled.
  var isEnabled: Bool { get }
  /// Whether the element is selected.
  var isSelected: Bool { get }
}

/// A type that provides ready-made queries for descendant elements.
@MainActor
public protocol XCUIElementTypeQueryProvider {
  /// The first element that matches the query.
  var firstMatch: XCUIElement { get }
  /// A query for the buttons below this one.
  var buttons: XCUIElementQuery { get }
  /// A query for the static texts below this one.
  var staticTexts: XCUIElementQuery { get }
}

/// A UI element in an application.
@MainActor
open class XCUIElement: XCUIElementAttributes, XCUIElementTypeQueryProvider {
  // Apple's has no public initializer; elements come from queries.
  init() {}

  /// Whether the element exists.
  open var exists: Bool { declarationOnly() }
  /// Whether the system can compute a hit point for the element.
  open var isHittable: Bool { declarationOnly() }
  /// XCUITest's description of the element and its subtree.
  open var debugDescription: String { declarationOnly() }

  /// Waits the specified amount of time for an element to exist.
  open func waitForExistence(timeout: TimeInterval) -> Bool { declarationOnly() }
  /// Waits the specified amount of time for an element to no longer exist.
  open func waitForNonExistence(timeout: TimeInterval) -> Bool { declarationOnly() }

  /// The element's accessibility identifier.
  open var identifier: String { declarationOnly() }
  /// The element's label.
  open var label: String { declarationOnly() }
  /// The element's raw value.
  open var value: Any? { declarationOnly() }
  /// Whether the element is enabled.
  open var isEnabled: Bool { declarationOnly() }
  /// Whether the element is selected.
  open var isSelected: Bool { declarationOnly() }

  /// The first element that matches the query.
  open var firstMatch: XCUIElement { declarationOnly() }
  /// A query for the buttons below this element.
  open var buttons: XCUIElementQuery { declarationOnly() }
  /// A query for the static texts below this element.
  open var staticTexts: XCUIElementQuery { declarationOnly() }
}

extension XCUIElement {
  /// Waits a specified amount of time for a property value to equal a specified value.
  @MainActor @preconcurrency
  public func wait<V>(for keyPath: KeyPath<XCUIElement, V>, toEqual expectedValue: V, timeout: TimeInterval)
    -> Bool where V: Equatable
  {
    declarationOnly()
  }
}

/// A proxy that can launch, monitor, and terminate a test application.
@MainActor
open class XCUIApplication: XCUIElement {
  /// The states an application can be in.
  public enum State: UInt, Sendable {
    /// The application's state is unknown.
    case unknown = 0
    /// The application is not running.
    case notRunning = 1
    /// The application is running in the background, but is suspended.
    case runningBackgroundSuspended = 2
    /// The application is running in the background.
    case runningBackground = 3
    /// The application is running in the foreground.
    case runningForeground = 4
  }

  /// Creates a proxy for the target application.
  public override init() {}

  /// Creates a proxy for the application with this bundle identifier.
  public init(bundleIdentifier: String) {}

  /// Launches the application.
  open func launch() { declarationOnly() }

  /// The most recent state of the application.
  open var state: XCUIApplication.State { declarationOnly() }

  /// Waits for the application to reach the specified state or timeout.
  open func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool { declarationOnly() }
}

/// An object that defines the search criteria a test uses to identify UI elements.
@MainActor
open class XCUIElementQuery: XCUIElementTypeQueryProvider {
  init() {}

  /// The element that matches the query and has this identifier.
  open subscript(key: String) -> XCUIElement { declarationOnly() }
  /// The single element that matches the query.
  open var element: XCUIElement { declarationOnly() }
  /// How many elements match the query.
  open var count: Int { declarationOnly() }

  /// The first element that matches the query.
  open var firstMatch: XCUIElement { declarationOnly() }
  /// A query for the buttons below the matches.
  open var buttons: XCUIElementQuery { declarationOnly() }
  /// A query for the static texts below the matches.
  open var staticTexts: XCUIElementQuery { declarationOnly() }
}
