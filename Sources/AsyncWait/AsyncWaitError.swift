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
    case invalidTimeoutScale
    case nonPositiveStandstillLimit
    case invalidNearTimeoutWarning
  }

  private let kind: Kind
  /// What was wrong in detail, such as the rejected text; not part of the
  /// error's identity.
  private let detail: String?

  private init(_ kind: Kind, detail: String? = nil) {
    self.kind = kind
    self.detail = detail
  }

  /// Whether two errors are of the same kind, whatever their details.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when both are of the same kind.
  public static func == (lhs: AsyncWaitError, rhs: AsyncWaitError) -> Bool {
    lhs.kind == rhs.kind
  }

  /// Hashes the error's kind.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
  }

  /// The timeout was less than zero.
  ///
  /// A timeout of zero is valid: it probes the condition exactly once.
  public static let negativeTimeout = AsyncWaitError(.negativeTimeout)

  /// The polling interval was zero or less, or a schedule's interval was.
  public static let nonPositivePollingInterval = AsyncWaitError(.nonPositivePollingInterval)

  /// A backoff whose factor is below 1 or not finite, whose jitter is
  /// outside 0…1 or whose maximum is below its initial interval, or an empty
  /// sequence of intervals.
  public static let invalidSchedule = AsyncWaitError(.invalidSchedule)

  /// A hold duration (a stable-for duration, a never or always window, a
  /// not-before minimum) was negative.
  public static let negativeDuration = AsyncWaitError(.negativeDuration)

  /// The environment variable `ASYNCWAIT_TIMEOUT_SCALE` is set to something
  /// other than a positive, finite decimal number.
  public static let invalidTimeoutScale = AsyncWaitError(.invalidTimeoutScale)

  /// The standstill limit (``WaitDefaults/standstillLimit``) is zero or
  /// negative.
  public static let nonPositiveStandstillLimit = AsyncWaitError(.nonPositiveStandstillLimit)

  /// The near-timeout warning's fraction (``NearTimeoutWarning/after(_:)``,
  /// or the environment variable `ASYNCWAIT_NEAR_TIMEOUT_WARNING`) is not
  /// above 0 and at most 1, and not `off`.
  public static let invalidNearTimeoutWarning = AsyncWaitError(.invalidNearTimeoutWarning)

  /// The same error with the text that was rejected.
  static func invalidNearTimeoutWarning(_ text: String) -> AsyncWaitError {
    AsyncWaitError(.invalidNearTimeoutWarning, detail: text)
  }

  /// The same error with the text that was rejected.
  static func invalidTimeoutScale(_ text: String) -> AsyncWaitError {
    AsyncWaitError(.invalidTimeoutScale, detail: text)
  }

  /// A sentence that says what was wrong and what is accepted instead.
  public var description: String {
    switch kind {
    case .negativeTimeout:
      "The timeout is negative; pass zero to probe the condition exactly once, or a positive duration."
    case .nonPositivePollingInterval:
      "The polling interval is zero or negative; pass a positive duration."
    case .invalidSchedule:
      "The polling schedule is invalid: a backoff factor must be at least 1 and finite, a jitter between 0 and 1, "
        + "a maximum at least the initial interval, and a sequence must have at least one interval."
    case .negativeDuration:
      "The hold duration is negative; pass zero or a positive duration."
    case .invalidTimeoutScale:
      // The variable's name is written out, not read from `TimeoutScale`, so
      // that the error depends on nothing that depends on it.
      "The environment variable ASYNCWAIT_TIMEOUT_SCALE is \(detail.map { "\"\($0)\"" } ?? "invalid"); "
        + "set it to a positive decimal number such as 3 or 1.5, or unset it."
    case .nonPositiveStandstillLimit:
      "The standstill limit is zero or negative; pass a positive duration of real time, such as .seconds(10)."
    case .invalidNearTimeoutWarning:
      "The near-timeout warning's fraction is \(detail.map { "\"\($0)\"" } ?? "not above 0 and at most 1"); "
        + "pass a fraction above 0 and at most 1, such as .after(0.9), or .off; "
        + "ASYNCWAIT_NEAR_TIMEOUT_WARNING takes 0.9 or off."
    }
  }
}
