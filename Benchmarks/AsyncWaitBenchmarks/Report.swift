import Foundation

/// The benchmark's output: a Markdown table of every metric by contender,
/// with ratios to `floor` (and in some rows to `resume-floor` or
/// `trigger-floor`), the check of the targets, and optionally JSON.
struct Report {
  var measurements: [Measurement]
  var contenders: [String]

  /// The median of `floor` for a metric, which the others are divided by.
  func floorMedian(of metric: String) -> Double? {
    measurements.first { $0.metric == metric && $0.contender == "floor" }?.median
  }

  func ratio(_ measurement: Measurement, to contender: String = "floor") -> Double? {
    guard
      let floor = measurements.first(where: { $0.metric == measurement.metric && $0.contender == contender })?
        .median,
      floor != 0, floor.isFinite, measurement.median.isFinite
    else { return nil }
    return measurement.median / floor
  }

  /// The median of `contender` for `metric`.
  func median(_ metric: String, _ contender: String) -> Double? {
    measurements.first { $0.metric == metric && $0.contender == contender }?.median
  }

  var metrics: [String] {
    var seen: [String] = []
    for measurement in measurements where !seen.contains(measurement.metric) {
      seen.append(measurement.metric)
    }
    return seen
  }

  func cell(_ metric: String, _ contender: String) -> String {
    guard let measurement = measurements.first(where: { $0.metric == metric && $0.contender == contender })
    else {
      return "–"
    }
    var text = "\(format(measurement.median)) \(measurement.unit)"
    if let p90 = measurement.p90 { text += " (p90 \(format(p90)))" }
    if contender != "floor", let ratio = ratio(measurement) { text += " ×\(format(ratio))" }
    if metric.contains("concurrent waits"), contender != "floor", contender != "resume-floor",
      let ratio = ratio(measurement, to: "resume-floor")
    {
      text += ", ×\(format(ratio)) to resume-floor"
    }
    if metric.hasPrefix("detection latency"), contender == "event-driven",
      let ratio = ratio(measurement, to: "trigger-floor")
    {
      text += ", ×\(format(ratio)) to trigger-floor"
    }
    if let note = measurement.note { text += "; \(note)" }
    return text
  }

  var markdown: String {
    var lines = [
      "| metric | " + contenders.joined(separator: " | ") + " |",
      "| --- |" + String(repeating: " --- |", count: contenders.count),
    ]
    for metric in metrics {
      lines.append("| \(metric) | " + contenders.map { cell(metric, $0) }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// The targets of the benchmark, each with what this run measured.
  var targets: String {
    let scale = "10000 concurrent waits, 10 ms interval"
    let fast = "fast path: time per call"
    let fastAllocations = "fast path: heap allocations per call"
    let steady = "steady-state heap allocations per probe"
    func ratio(_ metric: String, _ contender: String, to base: String) -> Double? {
      guard let value = median(metric, contender), let other = median(metric, base), other != 0 else {
        return nil
      }
      return value / other
    }
    let checks: [(name: String, value: Double?, unit: String, limit: Double, atMost: Bool)] = [
      (
        "10,000 waits: probes per wait per second ÷ resume-floor",
        ratio("\(scale): probes per wait per second", "waitUntil", to: "resume-floor"), "×", 0.9, false
      ),
      (
        "10,000 waits: CPU per probe ÷ resume-floor",
        ratio("\(scale): CPU per probe", "waitUntil", to: "resume-floor"), "×", 1.3, true
      ),
      (
        "10,000 waits: memory per waiting task ÷ floor",
        ratio("\(scale): heap memory per wait", "waitUntil", to: "floor"), "×", 1.25, true
      ),
      (
        "10,000 waits: heap allocations per probe",
        median("\(scale): heap allocations per probe", "waitUntil"),
        "allocs", 1, true
      ),
      (
        "1 wait, 1 ms interval: per-probe lateness ÷ floor",
        ratio("per-probe overhead beyond a 1 ms interval", "waitUntil", to: "floor"), "×", 1, true
      ),
      ("fast path ÷ floor", ratio(fast, "waitUntil", to: "floor"), "×", 1.5, true),
      ("fast path: heap allocations", median(fastAllocations, "waitUntil"), "allocs", 0, true),
      (
        "element wait, element there ÷ waitUntil's fast path", ratio(fast, "element", to: "waitUntil"), "×",
        4, true
      ),
      (
        "element wait, element there: heap allocations", median(fastAllocations, "element"), "allocs", 2, true
      ),
      (
        "element wait that times out: allocations per probe beyond waitUntil's",
        median(steady, "element").flatMap { element in median(steady, "waitUntil").map { element - $0 } },
        "allocs", 1, true
      ),
      (
        "cancellation latency ÷ floor (1.3 before)",
        ratio("cancellation latency (1 s interval)", "waitUntil", to: "floor"),
        "×", 1.3, true
      ),
      (
        "timeout overshoot ÷ floor (1.23 before)",
        ratio("timeout overshoot (50 ms timeout, 10 ms interval)", "waitUntil", to: "floor"), "×", 1.23, true
      ),
      (
        "event-driven detection latency p50, 100 ms interval (25.51 µs before)",
        median("detection latency, 100 ms interval", "event-driven"), "µs", 25.51, true
      ),
    ]
    var lines = ["| target | measured | limit | met |", "| --- | --- | --- | --- |"]
    for check in checks {
      guard let value = check.value, value.isFinite else { continue }
      let met = check.atMost ? value <= check.limit : value >= check.limit
      let limit = "\(check.atMost ? "≤" : "≥") \(format(check.limit)) \(check.unit)"
      lines.append("| \(check.name) | \(format(value)) \(check.unit) | \(limit) | \(met ? "yes" : "no") |")
    }
    return lines.count > 2 ? lines.joined(separator: "\n") : ""
  }

  func writeJSON(to path: String, machine: String) throws {
    let rows: [[String: Any]] = measurements.map { measurement in
      var row: [String: Any] = [
        "metric": measurement.metric, "contender": measurement.contender, "unit": measurement.unit,
        "median": measurement.median.isFinite ? measurement.median : NSNull(),
      ]
      if let p90 = measurement.p90 { row["p90"] = p90.isFinite ? p90 : NSNull() }
      if let ratio = ratio(measurement) { row["ratioToFloor"] = ratio }
      if let note = measurement.note { row["note"] = note }
      return row
    }
    let data = try JSONSerialization.data(
      withJSONObject: ["machine": machine, "measurements": rows], options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
  }
}
