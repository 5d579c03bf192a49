import Foundation

/// The benchmark's output: a Markdown table of every metric by contender,
/// with ratios to `floor`, the check of the targets, and optionally JSON.
struct Report {
  var measurements: [Measurement]
  var contenders: [String]

  /// The median of `floor` for a metric, which the others are divided by.
  func floorMedian(of metric: String) -> Double? {
    measurements.first { $0.metric == metric && $0.contender == "floor" }?.median
  }

  func ratio(_ measurement: Measurement) -> Double? {
    guard let floor = floorMedian(of: measurement.metric), floor != 0, floor.isFinite,
      measurement.median.isFinite
    else { return nil }
    return measurement.median / floor
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

  /// The targets of the benchmark, each with the library's ratio to floor.
  var targets: String {
    let checks: [(String, String, Double)] = [
      ("per-probe overhead beyond a 1 ms interval", "per-probe overhead", 1.10),
      ("fast path: time per call", "fast path time", 2),
      ("timeout overshoot (50 ms timeout, 10 ms interval)", "timeout overshoot", 1.5),
      ("cancellation latency (1 s interval)", "cancellation latency", 2),
      ("10000 concurrent waits, 10 ms interval: CPU per probe", "CPU per probe at 10,000 waits", 0.5),
      (
        "10000 concurrent waits, 10 ms interval: heap memory per wait", "memory per wait at 10,000 waits",
        0.75
      ),
    ]
    var lines = ["| target | waitUntil ÷ floor | limit | met |", "| --- | --- | --- | --- |"]
    for (metric, name, limit) in checks {
      guard
        let measurement = measurements.first(where: { $0.metric == metric && $0.contender == "waitUntil" }),
        let ratio = ratio(measurement)
      else { continue }
      lines.append("| \(name) | \(format(ratio)) | ≤ \(format(limit)) | \(ratio <= limit ? "yes" : "no") |")
    }
    for metric in ["fast path: heap allocations per call", "steady-state heap allocations per probe"] {
      guard
        let measurement = measurements.first(where: { $0.metric == metric && $0.contender == "waitUntil" }),
        measurement.median.isFinite
      else { continue }
      lines.append(
        "| \(metric) | \(format(measurement.median)) | 0 | \(measurement.median == 0 ? "yes" : "no") |")
    }
    if let event = measurements.first(where: {
      $0.metric == "detection latency, 100 ms interval" && $0.contender == "event-driven"
    }) {
      lines.append(
        "| event-driven detection latency p50 at a 100 ms interval | \(format(event.median)) µs | ≤ 100 µs | "
          + "\(event.median <= 100 ? "yes" : "no") |")
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
