/// An error reported by AT-SPI, or an action it could not perform.
public struct ATSPIError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { "AT-SPI: \(message)" }
}
