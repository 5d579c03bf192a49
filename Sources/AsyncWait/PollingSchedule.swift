/// How long a wait sleeps between probes.
///
/// Every interval is counted from the end of a probe, and no schedule sleeps
/// past the deadline: the last sleep is shortened to it and followed by a
/// final probe, whatever the schedule.
///
/// ```swift
/// let wait = Wait(
///   timeout: .seconds(30),
///   schedule: .exponentialBackoff(
///     initial: .milliseconds(50), factor: 2, maximum: .seconds(2)))
/// try await wait.require("the job finishes") {
///   try await jobs.status(id) == .done
/// }
/// ```
public struct PollingSchedule: Sendable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Sendable {
    case fixed(Duration)
    indirect case backoff(
      initial: Duration, factor: Double, maximum: Duration, jitter: Double,
      random: @Sendable (ClosedRange<Double>) -> Double)
    case sequence([Duration])
  }

  @usableFromInline let kind: Kind

  /// The same interval after every probe: the default, 100 milliseconds.
  ///
  /// - Parameter interval: The interval; must be positive.
  /// - Returns: The schedule.
  public static func fixed(_ interval: Duration) -> PollingSchedule {
    PollingSchedule(kind: .fixed(interval))
  }

  /// An interval that grows by a factor after every probe, up to a maximum,
  /// with optional jitter.
  ///
  /// After probe *n* the wait sleeps `min(initial × factor^(n−1), maximum)`,
  /// then scaled by a random factor in `1 − jitter … 1 + jitter` and kept
  /// within `maximum`. Use it for conditions that are costly to probe, such
  /// as a remote service.
  ///
  /// - Parameters:
  ///   - initial: The first interval; must be positive.
  ///   - factor: How much each interval grows; at least 1. Defaults to 2.
  ///   - maximum: The longest interval; at least `initial`.
  ///   - jitter: How far, as a fraction, an interval may be moved at random;
  ///     from 0 (none, the default) to 1.
  ///   - random: Returns a random number in the given range; inject a fixed
  ///     sequence to make jitter deterministic in tests. Defaults to the
  ///     system's random source.
  /// - Returns: The schedule.
  public static func exponentialBackoff(
    initial: Duration,
    factor: Double = 2,
    maximum: Duration,
    jitter: Double = 0,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) -> PollingSchedule {
    PollingSchedule(
      kind: .backoff(initial: initial, factor: factor, maximum: maximum, jitter: jitter, random: random))
  }

  /// Given intervals in order, repeating the last one: for example 100, 250,
  /// 500 and then 1000 milliseconds for as long as the wait lasts.
  ///
  /// - Parameter intervals: The intervals; at least one, each positive.
  /// - Returns: The schedule.
  public static func sequence(_ intervals: [Duration]) -> PollingSchedule {
    PollingSchedule(kind: .sequence(intervals))
  }

  /// Checks the schedule's parameters.
  ///
  /// - Throws: `AsyncWaitError.nonPositivePollingInterval` for an interval
  ///   that is not positive; `AsyncWaitError.invalidSchedule` for a factor
  ///   below 1 or not finite, a jitter outside 0…1, a maximum below the
  ///   initial interval, or an empty sequence.
  func validate() throws(AsyncWaitError) {
    switch kind {
    case .fixed(let interval):
      guard interval > .zero else { throw .nonPositivePollingInterval }
    case .backoff(let initial, let factor, let maximum, let jitter, _):
      guard initial > .zero else { throw .nonPositivePollingInterval }
      guard maximum >= initial, factor >= 1, factor.isFinite, (0...1).contains(jitter) else {
        throw .invalidSchedule
      }
    case .sequence(let intervals):
      guard !intervals.isEmpty else { throw .invalidSchedule }
      guard intervals.allSatisfy({ $0 > .zero }) else { throw .nonPositivePollingInterval }
    }
  }

  /// The interval to sleep after probe `probeCount` (counting from 1).
  ///
  /// A fixed schedule's, the one most waits have, is read where the loop
  /// asks for it, without a call.
  @inlinable
  func interval(after probeCount: Int) -> Duration {
    if case .fixed(let interval) = kind { return interval }
    return varyingInterval(after: probeCount)
  }

  /// The interval of a schedule that is not fixed after probe `probeCount`.
  @usableFromInline
  func varyingInterval(after probeCount: Int) -> Duration {
    switch kind {
    case .fixed(let interval):
      return interval
    case .backoff(let initial, let factor, let maximum, let jitter, let random):
      // Grown in `Duration` arithmetic, so that whole intervals stay exact
      // (9 ms stays 9 ms, not 8.999999999999999 ms); the bound is checked in
      // seconds first, so that no product can overflow.
      let growth = pow(factor, Double(max(probeCount - 1, 0)))
      var interval = initial.scaled(by: growth, atMost: maximum)
      if jitter > 0 {
        let scale = random((1 - jitter)...(1 + jitter))
        // A random source that answers outside the range it was asked for
        // is held to it.
        interval = interval.scaled(by: min(max(scale, 1 - jitter), 1 + jitter), atMost: maximum)
      }
      // Never zero: a wait always sleeps at least a nanosecond.
      return max(interval, .nanoseconds(1))
    case .sequence(let intervals):
      return intervals[min(max(probeCount - 1, 0), intervals.count - 1)]
    }
  }

  /// How the schedule reads in a timeout error: `every 100 ms`,
  /// `backing off from 50 ms ×2 up to 2 s`, `at 100 ms, 250 ms, then 1 s`.
  public var description: String {
    switch kind {
    case .fixed(let interval):
      return "every \(interval.shortDescription)"
    case .backoff(let initial, let factor, let maximum, let jitter, _):
      let jitterText = jitter > 0 ? " with ±\(Int((jitter * 100).rounded()))% jitter" : ""
      return
        "backing off from \(initial.shortDescription) ×\(factor) up to \(maximum.shortDescription)\(jitterText)"
    case .sequence(let intervals):
      let texts = intervals.map(\.shortDescription)
      guard let last = texts.last else { return "at no intervals" }
      return texts.count == 1
        ? "every \(last)" : "at \(texts.dropLast().joined(separator: ", ")), then \(last)"
    }
  }
}

/// `base` raised to `exponent`, for factors ≥ 1, without Foundation.
private func pow(_ base: Double, _ exponent: Double) -> Double {
  var result = 1.0
  var remaining = Int(min(exponent, 4096))
  var power = base
  while remaining > 0 {
    if remaining & 1 == 1 { result *= power }
    power *= power
    remaining >>= 1
    if result.isInfinite { return .infinity }
  }
  return result
}
