/// What a run of ``Poller/poll(isolation:_:)`` ended with.
@usableFromInline
enum PollOutcome<Value> {
  /// A probe decided the wait with this value.
  case decided(Value)
  /// The timeout passed with no probe deciding the wait.
  case expired(PollExpiry)
}

extension PollOutcome where Value == Void {
  /// This outcome, with `value` as the deciding probe's value.
  ///
  /// - Parameter value: What the deciding probe produced; never `nil` for
  ///   a decided outcome.
  /// - Returns: The same outcome, with the value when it is decided.
  @inlinable
  func carrying<Decided>(_ value: Decided?) -> PollOutcome<Decided> {
    switch self {
    case .expired(let expiry):
      return .expired(expiry)
    case .decided:
      guard let value else {
        preconditionFailure("Internal inconsistency: a wait was decided without a value")
      }
      return .decided(value)
    }
  }
}

extension PollOutcome {
  /// Whether a probe decided the wait.
  @inlinable
  var isDecided: Bool {
    if case .decided = self { true } else { false }
  }
}
