/// A set of samples and the figures the report gives for them.
struct Samples: Sendable {
  var values: [Double] = []

  mutating func append(_ value: Double) { values.append(value) }

  /// The middle value; of an even number of samples, the mean of the two
  /// middle ones.
  ///
  /// Not the nearest rank, which of six samples is the third lowest: for a
  /// figure where more is better (probes per second) it leans to the worse
  /// side, and for one where less is better (CPU per probe) to the better,
  /// the more so the more a contender's samples spread.
  var median: Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
  var p90: Double { quantile(0.9) }

  /// The quantile by the nearest-rank method; NaN when there are no samples.
  func quantile(_ q: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}

extension Duration {
  /// The duration in microseconds, as a `Double`.
  var microseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }
}
