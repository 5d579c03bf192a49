/// One probe of a wait, as reported to the wait's probe observer.
///
/// ```swift
/// let wait = Wait(timeout: .seconds(10), onProbe: { probe in
///   if probe.index.isMultiple(of: 20) {
///     print("still waiting after \(probe.elapsed): \(probe.outcome)")
///   }
/// })
/// ```
public struct WaitProbe: Sendable, CustomStringConvertible {
  /// What a probe found.
  public enum Outcome: Sendable, CustomStringConvertible {
    /// The probe decided the wait: for an eventually-style wait the condition
    /// held; for a hold, the promise was broken.
    case decided
    /// The condition did not hold yet.
    case notYet
    /// The condition threw an error that counts as "not yet": one the wait
    /// retries, or one it threw as it ran out of time, at or after the
    /// deadline (the wait then times out with it as its last error).
    case retriedError(any Error)

    /// `decided`, `not yet`, or `retried error: …`.
    public var description: String {
      switch self {
      case .decided: "decided"
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

  /// Creates a probe report, as a wait makes them; public so that observers
  /// can be tested on their own.
  ///
  /// - Parameters:
  ///   - index: The probe's number, counting from 1.
  ///   - elapsed: When the probe started, from the start of the wait.
  ///   - outcome: What the probe found.
  public init(index: Int, elapsed: Duration, outcome: Outcome) {
    self.index = index
    self.elapsed = elapsed
    self.outcome = outcome
  }

  /// `probe 3 at 200 ms: not yet`.
  public var description: String { "probe \(index) at \(elapsed.shortDescription): \(outcome)" }
}
