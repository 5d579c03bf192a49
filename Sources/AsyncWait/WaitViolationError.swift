/// An error that ends a hold whose condition broke its promise: it came true
/// during a never window, false during an always window, true earlier than
/// a minimum, or could not be checked because the condition threw.
///
/// ```
/// "an error is logged" held at 120 ms, probe 3, during a window of 500 ms that it must never hold in
///   at AppTests/LogTests.swift:22:5
/// ```
public struct WaitViolationError: Error, Sendable, CustomStringConvertible {
  /// Which promise was broken.
  ///
  /// New kinds may be added in later releases, so a `switch` over them needs
  /// a `default` case.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private enum Value: Hashable, Sendable {
      case heldDuringNever
      case failedDuringAlways
      case heldTooEarly
      case threwDuringHold
      case fulfilledTooOften
    }

    private let value: Value

    private init(_ value: Value) {
      self.value = value
    }

    /// The condition held during a window in which it must never hold.
    public static let heldDuringNever = Kind(.heldDuringNever)
    /// The condition failed during a window in which it must always hold.
    public static let failedDuringAlways = Kind(.failedDuringAlways)
    /// The condition held before the minimum duration had passed.
    public static let heldTooEarly = Kind(.heldTooEarly)
    /// A ``WaitExpectation`` was fulfilled more often than its expected
    /// count by the time it was awaited, or an inverted one was fulfilled
    /// at all.
    ///
    /// ``WaitViolationError/probeIndex`` holds the number of fulfilments.
    public static let fulfilledTooOften = Kind(.fulfilledTooOften)
    /// The condition threw an error the wait retries during a never or always window.
    ///
    /// The probe saw nothing, so the promise could not be checked. The error
    /// is in ``WaitViolationError/lastError``.
    public static let threwDuringHold = Kind(.threwDuringHold)

    /// The kind's name, such as `heldDuringNever`.
    public var description: String {
      switch value {
      case .heldDuringNever: "heldDuringNever"
      case .failedDuringAlways: "failedDuringAlways"
      case .heldTooEarly: "heldTooEarly"
      case .threwDuringHold: "threwDuringHold"
      case .fulfilledTooOften: "fulfilledTooOften"
      }
    }
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
  /// The error the violating probe threw, for ``Kind/threwDuringHold``.
  public var lastError: (any Error)?
  /// Where the wait was called.
  public var location: CallSite

  /// Creates a violation error.
  ///
  /// - Parameters:
  ///   - kind: Which promise was broken.
  ///   - comment: What the condition was, or `nil`.
  ///   - window: The window, or the minimum.
  ///   - elapsed: When the violating probe started.
  ///   - probeIndex: The violating probe's number.
  ///   - lastError: The error the violating probe threw, or `nil`.
  ///   - location: Where the wait was called.
  public init(
    kind: Kind, comment: String?, window: Duration, elapsed: Duration, probeIndex: Int,
    lastError: (any Error)? = nil, location: CallSite
  ) {
    self.kind = kind
    self.comment = comment
    self.window = window
    self.elapsed = elapsed
    self.probeIndex = probeIndex
    self.lastError = lastError
    self.location = location
  }

  /// What was promised, what happened and when, and where the wait was called.
  public var description: String {
    let subject = comment.map { "\"\($0)\"" } ?? "The condition"
    let seen = "at \(elapsed.shortDescription), probe \(probeIndex)"
    let window = window.shortDescription
    var lines: [String]
    switch kind {
    case .heldDuringNever:
      lines = ["\(subject) held \(seen), during a window of \(window) that it must never hold in"]
    case .failedDuringAlways:
      lines = ["\(subject) failed \(seen), during a window of \(window) that it must always hold in"]
    case .heldTooEarly:
      lines = ["\(subject) held \(seen), earlier than the minimum of \(window)"]
    case .fulfilledTooOften:
      lines = [
        "\(subject) was fulfilled \(probeIndex == 1 ? "1 time" : "\(probeIndex) times"), more often than expected, "
          + "within \(elapsed.shortDescription)"
      ]
    default:
      lines = [
        "\(subject) could not be checked \(seen), during a hold window of \(window): the condition threw"
      ]
    }
    if let lastError { lines.append("  error: \(lastError)") }
    lines.append("  at \(location)")
    return lines.joined(separator: "\n")
  }
}
