import AsyncWaitATSPI
import Foundation

/// The GTK item-list app of the fixtures, launched for one test and killed after it.
///
/// Each launch gets a program name of its own, so that a test finds its own
/// instance in the AT-SPI desktop. The list has `items` items, "Item 1" on.
func withItemListApp(items: Int = 4, _ body: (ATSPIApplication) async throws -> Void) async throws {
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/item_list_app.py")
  try await withApp(fixture, named: "item-list", arguments: [String(items)], body)
}

/// The bench's GTK app of `rows` rows (a label "Row i" and a button with
/// the accessible id "open-i" each, Bench/rows_app.py), launched for one
/// test and killed after it.
func withRowsApp(rows: Int, _ body: (ATSPIApplication) async throws -> Void) async throws {
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Bench/rows_app.py")
  try await withApp(fixture, named: "rows", arguments: [String(rows)], body)
}

/// A Python GTK app, launched with a program name of its own for one test
/// and killed after it.
private func withApp(
  _ script: URL, named prefix: String, arguments: [String], _ body: (ATSPIApplication) async throws -> Void
) async throws {
  let name = "\(prefix)-\(UInt32.random(in: 0...UInt32.max))"
  // Connect to AT-SPI first, so that its registry is up before the app
  // starts and announces itself.
  let application = try await ATSPIApplication(named: name)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments = [script.path, name] + arguments
  // The app must not hold the test's output open: if the test process ended
  // abnormally, `swift test` would wait for that output forever.
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  // Its end is awaited, never `waitUntilExit()`, which blocks a thread
  // that no time limit can free.
  let (ended, end) = AsyncStream<Void>.makeStream()
  process.terminationHandler = { _ in end.finish() }
  try process.run()
  // SIGKILL: processes started from tests can inherit a blocked SIGTERM.
  do {
    try await body(application)
  } catch {
    kill(process.processIdentifier, SIGKILL)
    for await _ in ended {}
    throw error
  }
  kill(process.processIdentifier, SIGKILL)
  for await _ in ended {}
}
