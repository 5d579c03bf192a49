extension Duration {
  /// The duration in the largest unit that keeps it at one or more, with at
  /// most three decimals: `2.5 s`, `100 ms`, `1.25 µs`, `3 ns`, `-1 s`.
  ///
  /// Written without Foundation, which the core target does not import.
  package var shortDescription: String {
    let (seconds, attoseconds) = components
    let total = Double(seconds) + Double(attoseconds) / 1e18
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
