// The waits on XCUIElement and XCUIApplication as the docs show them, compiled
// by Scripts/check-apple-sources.sh the way a user's UI test target compiles
// them (Swift 6, no upcoming features), against the AsyncWaitTesting module
// built from Sources/ with the Apple stubs of Tests/AppleStubs.
//
// The design calls must resolve to this package's async, `Duration`-based
// waits, and XCUITest's own synchronous `TimeInterval` waits must still be
// reachable next to them: `.seconds(5)` is no `TimeInterval`, and `5` is no
// `Duration`, so neither call can silently take the other overload, and any
// ambiguity is an error here. The script fails on any warning other than the
// unused `Bool` results of the calls below, which are written as the docs
// write them.

import AsyncWaitTesting

#if canImport(XCUIAutomation)
  import XCUIAutomation
#else
  import XCTest
#endif

@MainActor
func designCalls() async throws {
  let app = XCUIApplication()
  let element = app.staticTexts["Saved"]
  let button = app.buttons["Save"]

  try await element.waitForExistence(timeout: .seconds(5))
  try await element.waitForNonExistence(timeout: .seconds(5))
  try await button.wait(for: \.isHittable, toEqual: true, timeout: .seconds(5))
  try await app.wait(for: .runningForeground, timeout: .seconds(5))
  try await element.wait(timeout: .seconds(5)) { $0.exists && $0.isHittable }

  try await element.waitForExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50))
  try await element.waitForNonExistence(timeout: .seconds(5), pollingInterval: .milliseconds(50))
  try await button.wait(
    for: \.isHittable, toEqual: true, timeout: .seconds(5), pollingInterval: .milliseconds(50))
  try await app.wait(for: .runningForeground, timeout: .seconds(5), pollingInterval: .milliseconds(50))
  try await element.wait(timeout: .seconds(5), pollingInterval: .milliseconds(50)) {
    $0.exists && $0.isHittable
  }

  // With every default: XCUITest's waits all take a timeout.
  try await element.waitForExistence()
  try await button.wait(for: \.isHittable, toEqual: true)
  try await app.wait(for: .runningForeground)

  // XCUITest's own waits, synchronous and in seconds: typed `Bool` with no
  // `await`, so resolving to an async wait of this package would be an error.
  let appeared: Bool = element.waitForExistence(timeout: 5)
  let disappeared: Bool = element.waitForNonExistence(timeout: 5)
  let hittable: Bool = button.wait(for: \.isHittable, toEqual: true, timeout: 5)
  let foreground: Bool = app.wait(for: .runningForeground, timeout: 5)
  _ = (appeared, disappeared, hittable, foreground)
}

// The Apple-only block of the article "Migrating waits to this package"
// (Sources/AsyncWait/AsyncWait.docc/migrating-waits-to-this-package.md), which
// the docs check skips: keep the two the same.
@MainActor
func testSaveAppears() async throws {
  let app = XCUIApplication()
  app.launch()
  try await app.buttons["Save"].requireExistence(timeout: .seconds(5))
}
