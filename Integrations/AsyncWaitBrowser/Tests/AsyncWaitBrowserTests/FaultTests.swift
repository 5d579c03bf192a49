@_spi(Tests) import AsyncWait
import AsyncWaitElements
import BrowserFixtures
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// Chromium missing, failing to start, killed, navigating away; commands to
/// a closed browser: each ends promptly with a clear error or a query that
/// resolves again, and leaves no process behind.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FaultTests {
  @Test func missingExplicitPathIsNamed() async throws {
    let error = await #expect(throws: BrowserError.chromiumNotFound) {
      try await Browser.launch(executablePath: "/no/such/chromium")
    }
    #expect(error?.description.contains("/no/such/chromium") == true)
  }

  @Test func searchNamesEverythingItLookedFor() throws {
    let error = #expect(throws: BrowserError.chromiumNotFound) {
      try ChromiumLocator.locate(explicitPath: nil, environment: ["PATH": "/no/bin:/nor/here"]) { _ in false }
    }
    let text = try #require(error?.description)
    for expected in [
      "ASYNCWAIT_CHROMIUM", "chromium", "google-chrome", "/no/bin:/nor/here", "/Applications/Chromium.app",
    ] {
      #expect(text.contains(expected), "\(text)")
    }
  }

  @Test func searchFollowsItsOrder() throws {
    let present: Set = ["/b/chromium", "/a/google-chrome", "/env/chrome"]
    let exists = { (path: String) in present.contains(path) }
    #expect(
      try ChromiumLocator.locate(explicitPath: nil, environment: ["PATH": "/a:/b"], isExecutable: exists)
        == "/a/google-chrome")
    #expect(
      try ChromiumLocator.locate(
        explicitPath: nil, environment: ["PATH": "/a:/b", "ASYNCWAIT_CHROMIUM": "/env/chrome"],
        isExecutable: exists)
        == "/env/chrome")
    #expect(throws: BrowserError.chromiumNotFound) {
      try ChromiumLocator.locate(
        explicitPath: nil, environment: ["PATH": "/a:/b", "ASYNCWAIT_CHROMIUM": "/env/typo"],
        isExecutable: exists)
    }
  }

  @Test func programThatIsNotChromiumFailsToLaunch() async throws {
    let error = await #expect(throws: BrowserError.launchFailed) {
      try await Browser.launch(executablePath: "/bin/true")
    }
    #expect(error?.description.contains("/bin/true did not answer") == true)
  }

  @Test func launchErrorEndsWithWhatTheProgramWroteBeforeItExited() async throws {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "failing-\(UUID().uuidString).sh")
    try "#!/bin/sh\necho 'error while loading shared libraries: libnss3.so' >&2\nexit 127\n".write(
      to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    chmod(script.path, 0o755)

    let error = await #expect(throws: BrowserError.launchFailed) {
      try await Browser.launch(executablePath: script.path)
    }

    #expect(error?.description.contains("exited with status 127") == true, "\(String(describing: error))")
    #expect(error?.description.contains("error while loading shared libraries: libnss3.so") == true)
  }

  @Test func programThatNeverAnswersFailsToLaunchAfterTheCommandTimeout() async throws {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "silent-\(UUID().uuidString).sh")
    try "#!/bin/sh\nexec sleep 600\n".write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    chmod(script.path, 0o755)

    let error = await #expect(throws: BrowserError.launchFailed) {
      try await Browser.launch(executablePath: script.path, commandTimeout: .milliseconds(500))
    }
    #expect(
      error?.description.contains("Browser.getVersion got no answer") == true, "\(String(describing: error))")
    #expect(livingProcesses(matching: script.path).isEmpty)
  }

  @Test func aPageSlowerThanTheCommandTimeoutMakesASlowWaitNotAFailedOne() async throws {
    // A command timeout of 10 s, which a loaded machine's launch needs and
    // the page's stall outlasts (the default, 30 s, would outlast it).
    let browser = try await Browser.launch(commandTimeout: .seconds(10))
    defer { browser.close() }
    let page = try await browser.newPage(url: site.url(), timeout: patience)
    // The page's main thread is busy for 12.5 s, then adds the button: the
    // probes in between get no answer within the command timeout.
    _ = try await page.evaluate(
      """
      setTimeout(() => {
        const start = Date.now();
        while (Date.now() - start < 12500) {}
        const button = document.createElement("button");
        button.dataset.testid = "after-the-stall";
        button.textContent = "Ready";
        document.body.append(button);
      }, 0); 1
      """)
    let retried = Locked<[String]>([])
    let wait = Wait(
      timeout: .seconds(40),
      onProbe: { probe in
        if case .retriedError(let error) = probe.outcome { retried.withLock { $0.append("\(error)") } }
      })

    try await page.buttons["after-the-stall"].requireExistence(using: wait)

    #expect(retried.withLock { $0 }.contains { $0.contains("did not answer a command in time") })
  }

  @Test func killingChromiumEndsARunningWaitWithItsCause() async throws {
    let browser = try await Browser.launch()
    defer { browser.close() }
    let group = try #require(browser.processIdentifier)
    let page = try await browser.newPage(url: site.url(), timeout: patience)
    let (probes, probed) = AsyncStream.makeStream(of: Int.self)
    let wait = Wait(timeout: .seconds(60), onProbe: { probed.yield($0.index) })
    let waiting = Task { try await page.buttons["never-there"].requireExistence(using: wait) }
    for await _ in probes { break }

    kill(group, SIGKILL)

    // Not a WaitTimeoutError: the wait ended long before its 60 seconds.
    let error = await #expect(throws: BrowserError.disconnected) { try await waiting.value }
    #expect(error?.description.contains("killed by signal 9") == true, "\(String(describing: error))")
    #expect(browser.isConnected == false)
    await #expect(throws: BrowserError.disconnected) { try await page.snapshot() }
    try await requireGroupGone(group)
  }

  @Test func waitStartedBeforeANavigationFindsTheNewPage() async throws {
    try await withItemListPage { (page) async throws in
      let back = page.buttons["back"]
      let waiting = Task { try await back.requireExistence(timeout: patience) }

      try await page.click(page.descendants(matching: "link")["to-other"], timeout: patience)

      try await waiting.value
      try await page.lists["items"].requireNonExistence(timeout: patience)
      #expect(try await page.url == site.url("/other"))
    }
  }

  @Test(arguments: ["/redirect-on-load", "/redirect-at-once"])
  func gotoReturnsWhenThePageSendsTheBrowserOn(path: String) async throws {
    try await withItemListPage { page in
      try await page.goto(site.url(path), timeout: patience)

      try await page.buttons["back"].requireExistence(timeout: patience)
      #expect(try await page.url == site.url("/other"))
    }
  }

  @Test func unreachableAddressFailsTheNavigation() async throws {
    try await withItemListPage { (page) async throws in
      let error = await #expect(throws: BrowserError.navigationFailed) {
        try await page.goto("http://127.0.0.1:\(try LoopbackServer.unusedPort())/", timeout: patience)
      }
      #expect(error?.description.contains("ERR_CONNECTION_REFUSED") == true, "\(String(describing: error))")
    }
  }

  @Test func closeEndsEveryProcessAndLaterCommandsFailAtOnce() async throws {
    let browser = try await Browser.launch()
    let page = try await browser.newPage()

    browser.close()
    browser.close()

    try await requireGroupGone(try #require(browser.processIdentifier))
    await #expect(throws: BrowserError.disconnected) { try await page.snapshot() }
    await #expect(throws: BrowserError.disconnected) { try await browser.newPage() }
  }

  @Test func droppingTheLastReferenceEndsChromium() async throws {
    var browser: Browser? = try await Browser.launch()
    let group = try #require(browser?.processIdentifier)
    #expect(!livingProcesses(inGroup: group).isEmpty)

    browser = nil

    try await requireGroupGone(group)
  }

  @Test func cancellingAWaitOnAPageLeavesTheBrowserUsable() async throws {
    try await withItemListPage { (page) async throws in
      let (probes, probed) = AsyncStream.makeStream(of: Int.self)
      let wait = Wait(timeout: .seconds(60), onProbe: { probed.yield($0.index) })
      let waiting = Task { try await page.buttons["never-there"].requireExistence(using: wait) }
      for await index in probes where index >= 2 { break }

      waiting.cancel()

      await #expect(throws: CancellationError.self) { try await waiting.value }
      #expect(try await page.lists["items"].cells.count == 4)
    }
  }
}
