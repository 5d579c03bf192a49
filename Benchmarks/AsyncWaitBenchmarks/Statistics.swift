/// A set of samples and the figures the report gives for them.
struct Samples: Sendable {
  var values: [Double] = []

  mutating func append(_ value: Double) { values.append(value) }

  var median: Double { quantile(0.5) }
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
