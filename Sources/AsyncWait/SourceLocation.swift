/// A place in source code, captured where a wait is called.
///
/// The throwing waits take `#fileID`, `#filePath`, `#line` and `#column` as
/// default arguments, so a failure is reported at the line of the test that
/// waited, not at a line inside this package. The four fields match those of
/// Swift Testing's `SourceLocation`.
///
/// In a file that imports both this module and `Testing`, qualify the name:
/// `AsyncWait.SourceLocation`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
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
  public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
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

  /// The location as `Module/File.swift:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
