extension Duration {
  /// The duration in seconds, as a `Double`.
  ///
  /// Computed by division, not from `components`, so that it is defined for
  /// every `Duration`: `components` traps for a duration whose seconds do not
  /// fit in an `Int64`, such as `.seconds(Int64.max) * 2`.
  package var seconds: Double { self / .seconds(1) }

  /// The duration scaled by `factor`, or `limit` when the product would
  /// reach it; never traps.
  ///
  /// `Duration * Double` traps when the product leaves the range of
  /// `Duration`; the bound is compared in seconds first, so the product is
  /// formed only when it is below `limit`.
  ///
  /// - Parameters:
  ///   - factor: A finite, non-negative factor.
  ///   - limit: The largest result.
  /// - Returns: `self × factor`, at most `limit`.
  func scaled(by factor: Double, atMost limit: Duration) -> Duration {
    guard factor.isFinite, seconds * factor < limit.seconds else { return limit }
    return min(self * factor, limit)
  }

  /// The duration in the largest unit that keeps it at one or more, with at
  /// most three decimals: `2.5 s`, `100 ms`, `1.25 µs`, `3 ns`, `-1 s`.
  ///
  /// Defined for every `Duration`, including those past `Int64` seconds, and
  /// written without Foundation, which the core target does not import.
  ///
  /// Not API: SPI for the benchmark package.
  @_spi(Benchmarks) @_spi(Tests) public var shortDescription: String {
    let total = seconds
    let magnitude = abs(total)
    let (scaled, unit): (Double, String) =
      switch magnitude {
      case 1...: (total, "s")
      case 1e-3...: (total * 1e3, "ms")
      case 1e-6...: (total * 1e6, "µs")
      default: (total * 1e9, "ns")
      }
    let rounded = (scaled * 1000).rounded() / 1000
    guard rounded.magnitude < 1e15 else { return "\(rounded) \(unit)" }
    if rounded == rounded.rounded() {
      return "\(Int64(rounded)) \(unit)"
    }
    return "\(rounded) \(unit)"
  }
}
