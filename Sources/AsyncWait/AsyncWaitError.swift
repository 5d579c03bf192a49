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
    case invalidSchedule
    case negativeDuration
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

  /// A backoff factor below 1, a jitter outside 0…1, or an empty sequence of intervals.
  public static let invalidSchedule = AsyncWaitError(.invalidSchedule)

  /// A hold duration (stable-for, a never or always window, a not-before minimum) was negative.
  public static let negativeDuration = AsyncWaitError(.negativeDuration)

  /// A sentence that says what was wrong and what is accepted instead.
  public var description: String {
    switch kind {
    case .negativeTimeout:
      "The timeout is negative; pass zero to probe the condition exactly once, or a positive duration."
    case .nonPositivePollingInterval:
      "The polling interval is zero or negative (or a backoff's maximum is below its initial interval); "
        + "pass a positive duration."
    case .invalidSchedule:
      "The polling schedule is invalid: a backoff factor must be at least 1 and finite, a jitter between 0 and 1, "
        + "and a sequence must have at least one interval."
    case .negativeDuration:
      "The hold duration is negative; pass zero or a positive duration."
    }
  }
}
