/// A place in source code, captured where a wait is called.
///
/// The throwing waits take `#fileID`, `#filePath`, `#line` and `#column` as
/// default arguments, so a timeout reports the line of the test that waited,
/// not a line inside this package. The four fields match those of Swift
/// Testing's `SourceLocation`, so a test can record a failure at the line that
/// waited (see ``WaitTimeoutError``).
///
/// In a file that imports both this module and `Testing`, qualify the name:
/// `AsyncWait.SourceLocation`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file ID of the source file, in the form `Module/File.swift`.
  public var fileID: String
  /// The full path of the source file.
  public var filePath: String
  /// The line in the source file, counting from 1.
  public var line: Int
  /// The column in the source file, counting from 1.
  public var column: Int

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
  }

  /// The location as `Module/File.swift:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
