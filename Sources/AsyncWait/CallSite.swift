/// Where a wait was called: the place a failure is reported.
///
/// Every throwing wait takes `#fileID`, `#filePath`, `#line` and `#column`
/// as default arguments, so a failure is reported at the line of the test
/// that waited, not at a line inside this package. A helper that waits on
/// behalf of its caller passes its caller's place instead, as one value, to
/// every wait's `callSite:` parameter:
///
/// ```swift
/// func waitForInbox(
///   _ app: ChatApp,
///   fileID: String = #fileID, filePath: StaticString = #filePath,
///   line: Int = #line, column: Int = #column
/// ) async throws {
///   let callSite = CallSite(
///     fileID: fileID, filePath: filePath, line: line, column: column)
///   try await requireEventually("the inbox loads", callSite: callSite) {
///     await app.inbox.isLoaded
///   }
/// }
/// ```
///
/// The four fields match those of Swift Testing's `SourceLocation`;
/// `AsyncWaitTesting` makes a call site from one
/// (`CallSite(sourceLocation)`), and an XCTest helper's `#filePath` and
/// `#line` make one with ``init(filePath:line:)``.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
  /// The file ID of the source file, in the form `Module/File.swift`.
  public var fileID: String
  /// The full path of the source file.
  public var filePath: String {
    didSet { staticFilePath = nil }
  }
  /// The line in the source file, counting from 1.
  public var line: Int
  /// The column in the source file, counting from 1.
  public var column: Int
  /// The path as the compiler spelled it at the call site, for XCTest, whose
  /// failure functions take a `StaticString`; `nil` when the location was
  /// made from a `String`.
  package private(set) var staticFilePath: StaticString?

  /// Creates a source location from its four parts.
  ///
  /// - Parameters:
  ///   - fileID: The file ID, in the form `Module/File.swift`.
  ///   - filePath: The full path of the source file.
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting from 1.
  public init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.staticFilePath = nil
  }

  /// Creates a source location from the literals of a call site.
  ///
  /// - Parameters:
  ///   - fileID: The file ID, in the form `Module/File.swift`.
  ///   - filePath: The full path of the source file, as `#filePath` gives it.
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting from 1.
  public init(fileID: String, filePath: StaticString, line: Int, column: Int) {
    self.init(fileID: fileID, filePath: filePath.description, line: line, column: column)
    self.staticFilePath = filePath
  }

  /// Whether two locations name the same place.
  ///
  /// - Parameters:
  ///   - lhs: A location.
  ///   - rhs: Another location.
  /// - Returns: `true` when the four fields are equal.
  public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
    (lhs.fileID, lhs.filePath, lhs.line, lhs.column) == (rhs.fileID, rhs.filePath, rhs.line, rhs.column)
  }

  /// Hashes the four fields.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(filePath)
    hasher.combine(line)
    hasher.combine(column)
  }

  /// Creates a call site from the two literals an XCTest helper takes.
  ///
  /// The file ID is the file's folder and name (`MyAppTests/File.swift`),
  /// which is the module and file in a SwiftPM target's default layout;
  /// the column is 1.
  ///
  /// - Parameters:
  ///   - filePath: The full path of the source file, as `#filePath` gives it.
  ///   - line: The line, counting from 1, as `#line` gives it.
  public init(filePath: StaticString, line: UInt) {
    let parts = filePath.description.split(separator: "/")
    let fileID = parts.suffix(2).joined(separator: "/")
    self.init(fileID: fileID, filePath: filePath, line: Int(clamping: line), column: 1)
  }

  /// The location as `Module/File.swift:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
