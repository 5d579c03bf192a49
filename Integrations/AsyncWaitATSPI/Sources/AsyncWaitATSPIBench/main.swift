// The AT-SPI bench: the waits a test writes, on a GTK app of 100 to 10,000
// rows (Bench/rows_app.py), against hand-written pyatspi and dogtail
// (Bench/peers.py) on the same app in the same run, p50 in milliseconds.
//
//   Scripts/bench-atspi.sh [ROWS ...]
//
// Run inside a GUI session (the script starts one). Each size launches the
// app once. The Swift side's samples and pyatspi's alternate, one each, so
// that neither gets the app warmer than the other: the side that measured
// first was up to 1.8× slower when they ran one after the other.
import AsyncWait
import AsyncWaitATSPI
import AsyncWaitElements
import Foundation

/// The bench's folder, beside this package's sources.
let benchFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Bench")

/// How many samples a size gets: fewer as a search gets slower.
func samples(for rows: Int) -> Int {
  switch rows {
  case ..<1_000: 21
  case ..<5_000: 11
  case ..<10_000: 5
  default: 3
  }
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Milliseconds of a duration.
func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The peers' process, answering one command a line (Bench/peers.py).
final class Peers {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  var buffered = Data()

  init(application name: String) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [benchFolder.appendingPathComponent("peers.py").path, name]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Sends `command` and returns the line it answers.
  func ask(_ command: String) throws -> String {
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
    while true {
      if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<end], as: UTF8.self)
        buffered.removeSubrange(...end)
        return line
      }
      let more = output.fileHandleForReading.availableData
      guard !more.isEmpty else { throw ATSPIError("peers.py ended: \(command)") }
      buffered.append(more)
    }
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

/// One row of the table.
struct Row {
  var rows: Int
  var metric: String
  var ours: Double
  var pyatspi: Double?
  var dogtail: Double?
}

/// Prints a row of the table as soon as it is measured: a run of 10,000
/// rows takes many minutes.
func emit(_ row: Row) {
  let ratio = row.pyatspi.map { String(format: "×%.2f", row.ours / $0) } ?? "–"
  print(
    "| \(row.rows) | \(row.metric) | \(format(row.ours)) | \(format(row.pyatspi)) | \(ratio) "
      + "| \(format(row.dogtail)) |")
  fflush(nil)
}

/// Launches the rows app and measures both sides on it.
func measure(rows: Int) async throws -> [Row] {
  let name = "rows-\(rows)-\(UInt32.random(in: 0...UInt32.max))"
  // The defaults: no node budget or call timeout set.
  let app = try await ATSPIApplication(named: name)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments = [benchFolder.appendingPathComponent("rows_app.py").path, name, String(rows)]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  defer {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
  let timeout = Duration.seconds(120)
  let last = rows - 1
  // The app is ready once its last row is there. GTK makes a widget's
  // accessible object when a client first asks for it: one read of every
  // row before either side measures.
  try await app.buttons["open-\(last)"].requireExistence(timeout: timeout)
  try await app.descendants(withText: "Row \(last)").requireExistence(timeout: timeout)
  let peers = try Peers(application: name)
  let count = samples(for: rows)
  let waits: [(String, () async throws -> Void)] = [
    ("id", { try await app.buttons.matching(identifier: "open-\(last)").requireExistence(timeout: timeout) }),
    ("count", { try await app.buttons.require(count: rows + 1, timeout: timeout) }),
    ("subscript", { try await app.buttons["open-\(last)"].requireExistence(timeout: timeout) }),
    ("text", { try await app.descendants(withText: "Row \(last)").requireExistence(timeout: timeout) }),
  ]
  var table: [Row] = []
  let clock = ContinuousClock()
  for (metric, wait) in waits {
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<count {
      ours.append(milliseconds(try await clock.measure { try await wait() }))
      guard let sample = Double(try peers.ask("\(metric) \(rows)")) else {
        throw ATSPIError("peers.py answered no number for \(metric)")
      }
      theirs.append(sample)
    }
    table.append(Row(rows: rows, metric: metric, ours: median(ours), pyatspi: median(theirs)))
    if rows > 1_000 { emit(table[table.count - 1]) }
  }
  // dogtail walks the tree in Python, one call a node: at 5,000 rows and
  // more a sample takes minutes.
  if rows <= 1_000 {
    let answer = try peers.ask("dogtail \(rows) 3")
    let dogtail = try JSONDecoder().decode([String: Double].self, from: Data(answer.utf8))
    for index in table.indices { table[index].dogtail = dogtail[table[index].metric] }
  }
  // A change: from the click's return until the wait sees the row it
  // added; last, as the added rows change the counts above.
  var changes: [Double] = []
  for added in 1...count {
    try await app.click(app.buttons["add-row"], timeout: timeout)
    changes.append(
      milliseconds(
        try await clock.measure {
          try await app.descendants(withText: "Added \(added)").requireExistence(timeout: timeout)
        }))
  }
  table.append(Row(rows: rows, metric: "change", ours: median(changes)))
  if rows > 1_000 { emit(table[table.count - 1]) } else { table.forEach(emit) }
  return table
}

func format(_ value: Double?) -> String {
  value.map { String(format: $0 < 10 ? "%.2f" : "%.1f", $0) } ?? "–"
}

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print("| rows | wait | ours | pyatspi | ours ÷ pyatspi | dogtail |")
print("| --- | --- | --- | --- | --- | --- |")
fflush(nil)
for rows in sizes.isEmpty ? [100, 1_000, 5_000, 10_000] : sizes {
  _ = try await measure(rows: rows)
}
