/// An error that rejects a wait's configuration before the condition runs.
///
/// Every wait validates its arguments before the first probe and throws one of
/// these instead of trapping or hanging. Compare against the static members:
///
/// ```swift
/// await #expect(throws: AsyncWaitError.negativeTimeout) {
///   try await waitUntil(timeout: .seconds(-1)) { true }
/// }
/// ```
///
/// New kinds of configuration error may be added in later releases, so a
/// `switch` over them needs a `default` case.
public struct AsyncWaitError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case negativeTimeout
    case nonPositivePollingInterval
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The timeout was less than zero.
  ///
  /// A timeout of zero is valid: it probes the condition exactly once.
  public static let negativeTimeout = AsyncWaitError(.negativeTimeout)

  /// The polling interval was zero or less.
  public static let nonPositivePollingInterval = AsyncWaitError(.nonPositivePollingInterval)

  /// A sentence that says what was wrong and what is accepted instead.
  public var description: String {
    switch kind {
    case .negativeTimeout:
      "The timeout is negative; pass zero to probe the condition exactly once, or a positive duration."
    case .nonPositivePollingInterval:
      "The polling interval is zero or negative; pass a positive duration."
    }
  }
}
