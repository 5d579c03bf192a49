/// One probe of a wait, as reported to the wait's probe observer.
///
/// ```swift
/// let wait = Wait(timeout: .seconds(10), onProbe: { probe in
///   if probe.index.isMultiple(of: 20) { print("still waiting after \(probe.elapsed): \(probe.outcome)") }
/// })
/// ```
public struct WaitProbe: Sendable, CustomStringConvertible {
  /// What a probe found.
  public enum Outcome: Sendable, CustomStringConvertible {
    /// The condition held (for a hold wait: the probe decided the wait).
    case satisfied
    /// The condition did not hold yet.
    case notYet
    /// The condition threw an error that the wait retries.
    case retriedError(any Error)

    /// `satisfied`, `not yet`, or `retried error: …`.
    public var description: String {
      switch self {
      case .satisfied: "satisfied"
      case .notYet: "not yet"
      case .retriedError(let error): "retried error: \(error)"
      }
    }
  }

  /// The probe's number, counting from 1.
  public var index: Int
  /// When the probe started, measured on the wait's clock from the start of the wait.
  public var elapsed: Duration
  /// What the probe found.
  public var outcome: Outcome

  /// `probe 3 at 200 ms: not yet`.
  public var description: String { "probe \(index) at \(elapsed.shortDescription): \(outcome)" }
}
