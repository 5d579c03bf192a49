// A stand-in for Apple's XCTest module, for Scripts/check-apple-sources.sh only:
// the declarations that the `canImport(Darwin)` branches of
// Sources/AsyncWaitTesting/TestFrameworks.swift use, and those its shared
// `canImport(XCTest)` code uses, with the shapes they have in Apple's XCTest,
// not in the swift-corelibs-xctest the Linux toolchain ships (which has no
// XCTIssue). The script puts this module's directory first on the import
// path, so that it shadows the toolchain's XCTest. No body ever runs.
//
// Where each shape comes from (developer.apple.com/documentation/xctest):
//   confirmed: `protocol XCTestObservation: NSObjectProtocol` with optional
//     `testCaseWillStart(_:)`, `testCaseDidFinish(_:)`,
//     `testCase(_:didRecord issue: XCTIssue)`; `class XCTestObservationCenter`,
//     `class var shared`, `func addTestObserver(_: any XCTestObservation)`;
//     `struct XCTSkip` (Error, Sendable) and
//     `init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line)`;
//     `struct XCTIssue` and `init(type:compactDescription:detailedDescription:
//     sourceCodeContext:associatedError:attachments:severity:)` with its
//     defaults; `XCTSourceCodeContext.init(location: XCTSourceCodeLocation?)`;
//     both `XCTSourceCodeLocation.init(filePath:lineNumber:)`: (String, Int)
//     from Objective-C and (StaticString = #filePath, UInt = #line) from Swift.
//   inferred: `XCTestCase.record(_: XCTIssue)` (Apple's page shows the
//     Objective-C `recordIssue:` with `XCTIssueReference`, the class that the
//     XCTIssue struct bridges to; Swift code calls and overrides it with the
//     struct); the raw values of `XCTIssue.IssueType` and the cases of
//     `XCTIssue.Severity`; `XCTest.name` (`@property (readonly, copy)
//     NSString *name` in XCTest.h); `XCTAttachment` reduced to its name; no actor
//     isolation on any of these (none is documented).
//
// XCTestObservation's methods are optional requirements in Apple's XCTest,
// which Swift cannot declare without Objective-C interop. Here the three that
// the sources implement are plain requirements, on purpose: Swift does not
// warn about a near miss of a defaulted requirement, and a misspelt observer
// method, which XCTest would silently never call, must fail this check. A
// source that stops implementing one of them removes it here.
// Only what the sources use is declared; the Linux-only API that the
// `#else` branches call (`recordFailure(withDescription:…)`,
// `testCase(_:didFailWithDescription:…)`) is left out on purpose, so a Darwin
// branch that used it would fail here.

@_exported public import Foundation

/// Traps: the stubs are only compiled against, never run.
private func declarationOnly() -> Never {
  fatalError("Tests/AppleStubs declarations are for type-checking only")
}

/// An abstract base class for testing.
open class XCTest: NSObject {
  /// The test's name.
  open var name: String { declarationOnly() }
}

/// The primary class for defining test cases and test methods.
open class XCTestCase: XCTest {
  /// Records an issue during test execution.
  open func record(_ issue: XCTIssue) { declarationOnly() }
}

/// An error that causes the current test to stop and be marked as skipped.
public struct XCTSkip: Error, Sendable {
  /// Initializes an error to skip a test.
  public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {}
}

/// An object that represents a test failure.
public struct XCTIssue {
  /// Constants that indicate types of test failures.
  public enum IssueType: Int, Sendable {
    /// Issue raised by a failed XCTAssert or related API.
    case assertionFailure = 0
    /// Issue raised by the test throwing an error in Swift.
    case thrownError = 1
    /// Code in the test throws and does not catch an exception.
    case uncaughtException = 2
    /// A measure API detected a performance regression.
    case performanceRegression = 3
    /// One of the framework APIs failed internally.
    case system = 4
    /// XCTExpectFailure was used but no matching issue was recorded.
    case unmatchedExpectedFailure = 5
  }

  /// How severe an issue is.
  public enum Severity: Sendable {
    /// The issue does not fail the test.
    case warning
    /// The issue fails the test.
    case error
  }

  /// Creates an issue.
  public init(
    type: XCTIssue.IssueType, compactDescription: String, detailedDescription: String? = nil,
    sourceCodeContext: XCTSourceCodeContext = .init(), associatedError: (any Error)? = nil,
    attachments: [XCTAttachment] = [], severity: XCTIssue.Severity = .error
  ) {}
}

/// Data that augments an issue or an activity.
open class XCTAttachment: NSObject {}

/// Call stack and source code location of a point of execution in a test.
open class XCTSourceCodeContext: NSObject {
  /// Initializes a context with the current call stack and no location.
  public override init() {}
  /// Initializes a context with the current call stack and a source code location.
  public convenience init(location: XCTSourceCodeLocation?) { self.init() }
}

/// A file and line that represent a distinct location in source code.
open class XCTSourceCodeLocation: NSObject {
  /// Initializes a location with a file path and a line number (Objective-C).
  public init(filePath: String, lineNumber: Int) {}
  /// Initializes a location with a file path and a line number (Swift).
  public convenience init(filePath: StaticString = #filePath, lineNumber: UInt = #line) {
    self.init(filePath: "\(filePath)", lineNumber: Int(lineNumber))
  }
}

/// The methods the test runner calls on observers during test runs.
public protocol XCTestObservation: NSObjectProtocol {
  /// Notifies the observer immediately before a test case begins executing.
  func testCaseWillStart(_ testCase: XCTestCase)
  /// Notifies the observer when a test case reports an issue.
  func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue)
  /// Notifies the observer immediately after a test case finishes executing.
  func testCaseDidFinish(_ testCase: XCTestCase)
}

/// Provides information about the progress of test runs to registered observers.
open class XCTestObservationCenter: NSObject {
  /// The shared observation center.
  open class var shared: XCTestObservationCenter { declarationOnly() }
  /// Registers an observer for the current test session.
  open func addTestObserver(_ testObserver: any XCTestObservation) { declarationOnly() }
}
