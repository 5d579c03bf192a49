import AsyncWaitBrowser
import AsyncWaitTesting
import Testing
import XCTest

/// A page whose Save button never becomes enabled.
let saveNeverEnabled = "data:text/html,<title>Form</title><button disabled>Save</button>"

@Test func saveStaysDisabled() async throws {
  let browser = try await Browser.launch()
  defer { browser.close() }
  let page = try await browser.newPage(url: saveNeverEnabled)
  try await page.buttons["Save"].require(.enabled, timeout: .milliseconds(300))  // fails here
}

final class BrowserXCTestFixture: XCTestCase {
  func testSaveStaysDisabled() async throws {
    let browser = try await Browser.launch()
    defer { browser.close() }
    let page = try await browser.newPage(url: saveNeverEnabled)
    try await page.click(page.buttons["Save"], timeout: .milliseconds(300))  // fails here
  }
}
