/// An error that ends a hold wait whose condition broke its promise: it came
/// true during a never window, false during an always window, or true
/// earlier than a minimum.
///
/// ```
/// "an error is logged" held at 120 ms, probe 3, during a window of 500 ms that it must never hold in
///   at AppTests/LogTests.swift:22:5
/// ```
public struct WaitViolationError: Error, Sendable, CustomStringConvertible {
  /// Which promise was broken.
  public enum Kind: Sendable, Hashable {
    /// The condition held during a window in which it must never hold.
    case heldDuringNever
    /// The condition failed during a window in which it must always hold.
    case failedDuringAlways
    /// The condition held before the minimum duration had passed.
    case heldTooEarly
  }

  /// Which promise was broken.
  public var kind: Kind
  /// What the caller said the condition was, if anything.
  public var comment: String?
  /// The window the condition was watched for, or the minimum it had to wait.
  public var window: Duration
  /// When the probe that saw the violation started, from the start of the wait.
  public var elapsed: Duration
  /// The number of the probe that saw the violation, counting from 1.
  public var probeIndex: Int
  /// Where the wait was called.
  public var location: SourceLocation

  /// Creates a violation error.
  ///
  /// - Parameters:
  ///   - kind: Which promise was broken.
  ///   - comment: What the condition was, or `nil`.
  ///   - window: The window, or the minimum.
  ///   - elapsed: When the violating probe started.
  ///   - probeIndex: The violating probe's number.
  ///   - location: Where the wait was called.
  public init(
    kind: Kind, comment: String?, window: Duration, elapsed: Duration, probeIndex: Int,
    location: SourceLocation
  ) {
    self.kind = kind
    self.comment = comment
    self.window = window
    self.elapsed = elapsed
    self.probeIndex = probeIndex
    self.location = location
  }

  /// What was promised, what happened and when, and where the wait was called.
  public var description: String {
    let subject = comment.map { "\"\($0)\"" } ?? "The condition"
    let seen = "at \(elapsed.shortDescription), probe \(probeIndex)"
    let sentence =
      switch kind {
      case .heldDuringNever:
        "\(subject) held \(seen), during a window of \(window.shortDescription) that it must never hold in"
      case .failedDuringAlways:
        "\(subject) failed \(seen), during a window of \(window.shortDescription) that it must always hold in"
      case .heldTooEarly:
        "\(subject) held \(seen), earlier than the minimum of \(window.shortDescription)"
      }
    return sentence + "\n  at \(location)"
  }
}
