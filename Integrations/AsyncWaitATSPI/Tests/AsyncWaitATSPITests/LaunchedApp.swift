import AsyncWaitATSPI
import Foundation

/// The GTK item-list app of the fixtures, launched for one test and killed after it.
///
/// Each launch gets a program name of its own, so that a test finds its own
/// instance in the AT-SPI desktop. The list has `items` items, "Item 1" on.
func withItemListApp(items: Int = 4, _ body: (ATSPIApplication) async throws -> Void) async throws {
  let name = "item-list-\(UInt32.random(in: 0...UInt32.max))"
  // Connect to AT-SPI first, so that its registry is up before the app
  // starts and announces itself.
  let application = try await ATSPIApplication(named: name)
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/item_list_app.py")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
  process.arguments = [fixture.path, name, String(items)]
  // The app must not hold the test's output open: if the test process ended
  // abnormally, `swift test` would wait for that output forever.
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  try process.run()
  defer {
    // SIGKILL: processes started from tests can inherit a blocked SIGTERM.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
  try await body(application)
}
