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
    get {
      switch path {
      case .literal(let literal): literal.description
      case .text(let text): text
      }
    }
    set { path = .text(newValue) }
  }
  /// The line in the source file, counting from 1.
  public var line: Int
  /// The column in the source file, counting from 1.
  public var column: Int
  /// The path as it was given: kept as the compiler's literal until read,
  /// so that making a call site from a wait's `#filePath` copies nothing
  /// (every throwing wait makes one when it starts, and few fail).
  private var path: Path

  /// A path as the compiler spelled it, or as a `String`.
  private enum Path: Sendable {
    case literal(StaticString)
    case text(String)
  }

  /// The path as the compiler spelled it at the call site, for XCTest, whose
  /// failure functions take a `StaticString`; `nil` when the location was
  /// made from a `String`.
  package var staticFilePath: StaticString? {
    if case .literal(let literal) = path { return literal }
    return nil
  }

  /// Creates a source location from its four parts.
  ///
  /// - Parameters:
  ///   - fileID: The file ID, in the form `Module/File.swift`.
  ///   - filePath: The full path of the source file.
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting from 1.
  public init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.path = .text(filePath)
    self.line = line
    self.column = column
  }

  /// Creates a source location from the literals of a call site.
  ///
  /// - Parameters:
  ///   - fileID: The file ID, in the form `Module/File.swift`.
  ///   - filePath: The full path of the source file, as `#filePath` gives it.
  ///   - line: The line, counting from 1.
  ///   - column: The column, counting from 1.
  public init(fileID: String, filePath: StaticString, line: Int, column: Int) {
    self.fileID = fileID
    self.path = .literal(filePath)
    self.line = line
    self.column = column
  }

  /// The place a wait reports.
  ///
  /// The helper's `callSite` when it passed one, else the four literals of
  /// the wait's own call. Every public wait makes it once, where it is
  /// called, and passes it inward as one value.
  ///
  /// - Parameters:
  ///   - callSite: The call site a helper passed, or `nil`.
  ///   - fileID: The caller's `#fileID`.
  ///   - filePath: The caller's `#filePath`.
  ///   - line: The caller's `#line`.
  ///   - column: The caller's `#column`.
  @inlinable
  package init(_ callSite: CallSite?, fileID: String, filePath: StaticString, line: Int, column: Int) {
    self = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
