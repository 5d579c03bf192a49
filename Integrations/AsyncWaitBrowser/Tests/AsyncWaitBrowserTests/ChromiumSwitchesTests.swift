import Foundation
import Testing

@testable import AsyncWaitBrowser

/// The switches Chromium is launched with: the features a test never sees
/// are off, in one `--disable-features` with the caller's.
@Suite(.timeLimit(.minutes(2)))
struct ChromiumSwitchesTests {
  @Test func theCallersDisabledFeaturesJoinOursInOneSwitch() {
    let switches = ChromiumProcess.switches(
      profile: "/tmp/profile", asRoot: true,
      extra: [
        "--window-size=640,480", "--disable-features=Translate,WebUIOmniboxPopup", "--disable-features=Foo",
      ])
    let disabling = switches.filter { $0.hasPrefix("--disable-features=") }
    #expect(
      disabling == [
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess,Translate,Foo"
      ])
    #expect(switches.last == "--window-size=640,480")
    #expect(switches.contains("--no-sandbox"))
    #expect(switches.contains("--user-data-dir=/tmp/profile"))
    #expect(
      !ChromiumProcess.switches(profile: "/tmp/profile", asRoot: false, extra: []).contains("--no-sandbox"))
  }

  /// Without the switch, Chromium 156 opens two pages of its own interface
  /// (`chrome://omnibox-popup.top-chrome/`), in a process of their own, for
  /// each window: each context's.
  @Test func aContextOpensNoPageOfChromiumsOwnInterface() async throws {
    let browser = try await Browser.launch()
    defer { browser.close() }
    let context = try await browser.newContext()
    _ = try await context.newPage(url: "data:text/html,<p>here</p>", timeout: patience)
    let targets = try await browser.connection.send("Target.getTargets")["targetInfos"]?.array ?? []
    let kinds = targets.compactMap { $0["type"]?.string }
    #expect(kinds.contains("page"))
    #expect(
      !kinds.contains("browser_ui"),
      "\(targets.compactMap { $0["url"]?.string }.joined(separator: ", "))")
    try await context.close()
  }
}
