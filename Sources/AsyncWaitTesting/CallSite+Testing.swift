public import AsyncWait
public import Testing

extension CallSite {
  /// Creates a call site from a Swift Testing source location, for a helper
  /// that takes `sourceLocation: SourceLocation = #_sourceLocation` as
  /// Swift Testing's own helpers do.
  ///
  /// ```swift
  /// func requireSignedIn(
  ///   _ app: ChatApp, sourceLocation: SourceLocation = #_sourceLocation
  /// ) async throws {
  ///   try await requireEventually(
  ///     "the banner says hello", callSite: CallSite(sourceLocation)
  ///   ) { await app.banner == "Hello" }
  /// }
  /// ```
  ///
  /// - Parameter sourceLocation: Where the helper was called.
  public init(_ sourceLocation: Testing.SourceLocation) {
    self.init(
      fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line,
      column: sourceLocation.column)
  }
}
