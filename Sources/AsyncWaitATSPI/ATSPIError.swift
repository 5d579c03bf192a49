public import AsyncWait

/// An error reported by AT-SPI, or an action it could not perform.
///
/// An application that was slow to answer (a D-Bus call that timed out:
/// libatspi's `timeout from dbind`) is not gone: that error is transient,
/// so every wait counts it as "not yet" and names it in its timeout if the
/// application stays that slow, as a browser's slow command is.
public struct ATSPIError: TransientError, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// Whether the application was slow to answer, not gone or unable.
  public var isTransient: Bool

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - isTransient: Whether it says a call was slow, not that it failed.
  public init(_ message: String, isTransient: Bool = false) {
    self.message = message
    self.isTransient = isTransient
  }

  /// The message.
  public var description: String { "AT-SPI: \(message)" }

  /// The error for what libatspi reported: transient when it says a call
  /// timed out (libatspi's own, D-Bus's and GIO's words for it).
  static func reported(_ message: String) -> ATSPIError {
    ATSPIError(message, isTransient: timeouts.contains { message.contains($0) })
  }

  /// What libatspi, D-Bus and GIO say of a call that got no answer in time.
  static let timeouts = ["timeout from dbind", "Did not receive a reply", "Timeout was reached"]
}
