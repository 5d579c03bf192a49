import AsyncWait
import AsyncWaitBrowser
import BrowserFixtures
import Foundation
import Testing

/// The item-list site, served for the whole test run.
let site: LoopbackServer = {
  do {
    return try LoopbackServer.itemList()
  } catch {
    fatalError("The loopback server could not start: \(error)")
  }
}()

/// Generous bounds for waits that should succeed: they bound a hang, they
/// do not expect speed.
let patience = Duration.seconds(20)

/// Runs `body` with a fresh Chromium and the item-list page loaded, then
/// closes the browser and checks that none of its processes is left.
func withItemListPage(_ body: (BrowserPage) async throws -> Void) async throws {
  let browser = try await Browser.launch()
  let group = browser.processIdentifier
  do {
    let page = try await browser.newPage(url: site.url(), timeout: patience)
    try await body(page)
  } catch {
    browser.close()
    throw error
  }
  browser.close()
  try await requireGroupGone(group)
}

/// Fails unless every process of `group` is gone within the patience.
func requireGroupGone(_ group: Int32) async throws {
  try await requireEventually("Chromium's process group \(group) is gone", timeout: patience) {
    kill(-group, 0) != 0 && errno == ESRCH
  }
}
