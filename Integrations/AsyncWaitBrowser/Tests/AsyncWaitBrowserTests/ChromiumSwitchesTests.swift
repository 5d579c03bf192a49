import Foundation
import Testing

@_spi(Tests) @testable import AsyncWaitBrowser

/// The switches Chromium is launched with: the features a test never sees
/// are off, in one `--disable-features` with the caller's.
@Suite(.timeLimit(.minutes(2)))
struct ChromiumSwitchesTests {
  static let ours = "WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess"

  @Test func theCallersDisabledFeaturesJoinOursInOneSwitch() {
    let switches = ChromiumProcess.switches(
      profile: "/tmp/profile", asRoot: true,
      extra: [
        "--window-size=640,480", "--disable-features=Translate,,WebUIOmniboxPopup", "--lang=de",
        "--disable-features=", "--disable-features=Foo",
      ])
    #expect(
      switches.filter { $0.hasPrefix("--disable-features=") } == [
        "--disable-features=\(Self.ours),Translate,Foo"
      ])
    // The caller's other switches come last, in their order, after the
    // sandbox's.
    #expect(Array(switches.suffix(3)) == ["--no-sandbox", "--window-size=640,480", "--lang=de"])
    #expect(switches.contains("--user-data-dir=/tmp/profile"))
    #expect(
      !ChromiumProcess.switches(profile: "/tmp/profile", asRoot: false, extra: []).contains("--no-sandbox"))
  }

  @Test func aFeatureTheCallerEnablesIsLeftOn() {
    let enabling = "--enable-features=SpareRendererForSitePerProcess,Bar"
    let switches = ChromiumProcess.switches(profile: "/tmp/profile", asRoot: false, extra: [enabling])
    #expect(
      switches.filter { $0.hasPrefix("--disable-features=") } == [
        "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"
      ])
    #expect(switches.last == enabling)
    // All of them on: no switch that disables nothing.
    let allOn = ChromiumProcess.switches(
      profile: "/tmp/profile", asRoot: false, extra: ["--enable-features=\(Self.ours)"])
    #expect(!allOn.contains { $0.hasPrefix("--disable-features") })
  }

  /// A context's page leaves Chromium with no page of its own interface.
  ///
  /// Without the switch, Chromium 156 opens two
  /// (`chrome://omnibox-popup.top-chrome/`), in a process of their own, for
  /// each window: each context's. Checked by hand: with the features'
  /// names misspelled, this test saw four such targets.
  @Test func aContextOpensNoPageOfChromiumsOwnInterface() async throws {
    let browser = try await Browser.launch()
    defer { browser.close() }
    let context = try await browser.newContext()
    _ = try await context.newPage(url: "data:text/html,<p>here</p>", timeout: patience)
    let targets = try await browser.connection.send("Target.getTargets")["targetInfos"]?.array ?? []
    let contexts = targets.filter { $0["browserContextId"]?.string == context.identifier }
    #expect(contexts.compactMap { $0["type"]?.string } == ["page"])
    let interface = targets.filter {
      $0["type"]?.string == "browser_ui" || ($0["url"]?.string ?? "").contains("omnibox-popup")
    }
    #expect(interface.isEmpty, "\(interface.compactMap { $0["url"]?.string })")
    try await context.close()
  }
}
