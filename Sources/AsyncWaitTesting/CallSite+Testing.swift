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

extension Testing.SourceLocation {
  /// The Swift Testing location of a wait's call site, where its failures
  /// and warnings are recorded.
  ///
  /// - Parameter callSite: Where the wait was called.
  init(_ callSite: CallSite) {
    self.init(
      fileID: callSite.fileID, filePath: callSite.filePath, line: callSite.line, column: callSite.column)
  }
}
