@_spi(Tests) import AsyncWaitBrowser
import BrowserFixtures
import Foundation
import Testing

/// Browser contexts: what each keeps apart, what its options do, its
/// storage state, and how it ends.
@Suite(.timeLimit(.minutes(2)))
struct BrowserContextTests {
  @Test func contextsKeepCookiesAndStorageApart() async throws {
    let browser = try await Browser.shared
    let first = try await browser.newContext()
    let second = try await browser.newContext()
    let firstPage = try await first.newPage(url: site.url("/"), timeout: patience)
    try await firstPage.evaluate(
      "document.cookie = 'flavour=plum; path=/'; localStorage.setItem('cart', '3')")
    let secondPage = try await second.newPage(url: site.url("/"), timeout: patience)
    #expect(try await secondPage.evaluate("document.cookie", as: String.self) == "")
    #expect(try await secondPage.evaluate("localStorage.getItem('cart')", as: String?.self) == nil)
    // A second page of the first context shares its cookies and storage.
    let samePage = try await first.newPage(url: site.url("/other"), timeout: patience)
    #expect(try await samePage.evaluate("document.cookie", as: String.self) == "flavour=plum")
    #expect(try await samePage.evaluate("localStorage.getItem('cart')", as: String?.self) == "3")
    #expect(try await first.cookies().map(\.name) == ["flavour"])
    #expect(try await first.cookies(for: [site.url("/")]).map(\.value) == ["plum"])
    #expect(try await first.cookies(for: ["http://example.com/"]).isEmpty)
    #expect(try await second.cookies().isEmpty)
    #expect(first.pages.count == 2)
    try await first.close()
    try await second.close()
  }

  @Test func optionsApplyToEveryPage() async throws {
    let context = try await Browser.shared.newContext(
      viewport: .init(width: 390, height: 844), deviceScaleFactor: 3, userAgent: "AsyncWaitTest/1.0",
      locale: "de-DE", timeZone: "Asia/Tokyo", colorScheme: .dark,
      extraHTTPHeaders: ["X-Test-Run": "contexts"], permissions: ["geolocation"])
    defer { Task { try? await context.close() } }
    let page = try await context.newPage(url: site.url("/echo-headers"), timeout: patience)
    #expect(try await page.evaluate("[innerWidth, innerHeight]", as: [Int].self) == [390, 844])
    #expect(try await page.evaluate("devicePixelRatio", as: Double.self) == 3)
    #expect(try await page.evaluate("navigator.userAgent", as: String.self) == "AsyncWaitTest/1.0")
    #expect(try await page.evaluate("navigator.language", as: String.self) == "de-DE")
    #expect(try await page.evaluate("(1234.5).toLocaleString()", as: String.self) == "1.234,5")
    #expect(
      try await page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone", as: String.self)
        == "Asia/Tokyo")
    #expect(try await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches", as: Bool.self))
    let head = try await page.evaluate("document.getElementById('headers').textContent", as: String.self)
    #expect(head.contains("X-Test-Run: contexts"))
    #expect(head.contains("Accept-Language: de-DE"))
    #expect(head.contains("User-Agent: AsyncWaitTest/1.0"))
    #expect(
      try await page.evaluate(
        "navigator.permissions.query({ name: 'geolocation' }).then(status => status.state)", as: String.self)
        == "granted")
  }

  @Test func aContextGoesOfflineAndBack() async throws {
    let context = try await Browser.shared.newContext(offline: true)
    defer { Task { try? await context.close() } }
    let page = try await context.newPage()
    #expect(try await page.evaluate("navigator.onLine", as: Bool.self) == false)
    do {
      try await page.goto(site.url("/"), timeout: patience)
      Issue.record("an offline page loaded \(site.url("/"))")
    } catch let error as BrowserError {
      #expect(error == .navigationFailed)
      #expect(error.detail.contains("ERR_INTERNET_DISCONNECTED"))
    }
    try await context.setOffline(false)
    try await page.goto(site.url("/"), timeout: patience)
    #expect(try await page.evaluate("navigator.onLine", as: Bool.self))
  }

  @Test func aStorageStateCarriesALoginToAnotherContext() async throws {
    let browser = try await Browser.shared
    let login = try await browser.newContext()
    let page = try await login.newPage(url: site.url("/set-cookie"), timeout: patience)
    try await page.evaluate("localStorage.setItem('token', 'abc'); localStorage.setItem('user', 'Ada')")
    let state = try await login.storageState()
    try await login.close()
    let session = try #require(state.cookies.first { $0.name == "session" })
    #expect(session.value == "from-server")
    #expect(session.httpOnly)
    #expect(session.expires == -1)
    let origin = try #require(state.origins.first)
    #expect(origin.origin == site.baseURL)
    #expect(
      Set(origin.localStorage) == [.init(name: "token", value: "abc"), .init(name: "user", value: "Ada")])

    // Through a file, as a suite keeps it between its setup and its tests.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try state.write(toFile: path)
    let restored = try BrowserContext.StorageState(contentsOfFile: path)
    #expect(restored == state)

    let context = try await browser.newContext(storageState: restored)
    defer { Task { try? await context.close() } }
    let later = try await context.newPage(url: site.url("/"), timeout: patience)
    #expect(try await later.evaluate("localStorage.getItem('user')", as: String?.self) == "Ada")
    let head = try await context.newPage(url: site.url("/echo-headers"), timeout: patience)
    #expect(
      try await head.evaluate("document.getElementById('headers').textContent", as: String.self)
        .contains("Cookie: session=from-server"))
    // The page that wrote the storage is gone: only the test's pages are open.
    #expect(context.pages.count == 2)
    // A page closed is no longer the context's, and its state reads without it.
    try await head.close()
    #expect(context.pages.count == 1)
    #expect(try await context.storageState().origins.map(\.origin) == [site.baseURL])
  }

  @Test func aStorageStateFileOfPlaywrightsIsRead() throws {
    // As Playwright 1.65's `context.storage_state(path=…)` writes it.
    let json = """
      {
        "cookies": [
          {"name": "session", "value": "s1", "domain": "127.0.0.1", "path": "/", "expires": -1,
           "httpOnly": true, "secure": false, "sameSite": "Lax"}
        ],
        "origins": [
          {"origin": "http://127.0.0.1:8000", "localStorage": [{"name": "token", "value": "abc"}]}
        ]
      }
      """
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pw-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let state = try BrowserContext.StorageState(contentsOfFile: path)
    #expect(
      state.cookies == [
        .init(name: "session", value: "s1", domain: "127.0.0.1", httpOnly: true, sameSite: .lax)
      ])
    #expect(
      state.origins == [
        .init(origin: "http://127.0.0.1:8000", localStorage: [.init(name: "token", value: "abc")])
      ])
  }

  @Test func aBadStorageStateFileSaysWhy() throws {
    let missing = "/nonexistent/state.json"
    #expect {
      try BrowserContext.StorageState(contentsOfFile: missing)
    } throws: { error in
      (error as? BrowserError) == .invalidArgument && "\(error)".contains(missing)
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(#"{"cookies": 3}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try BrowserContext.StorageState(contentsOfFile: path)
    } throws: { error in
      (error as? BrowserError) == .invalidArgument && "\(error)".contains("is not a storage state")
    }
  }

  @Test func aBadOptionIsNamed() async throws {
    let context = try await Browser.shared.newContext(timeZone: "Mars/Olympus_Mons")
    defer { Task { try? await context.close() } }
    await #expect {
      _ = try await context.newPage()
    } throws: { error in
      (error as? BrowserError) == .invalidArgument && "\(error)".contains("timeZone")
    }
    #expect(context.pages.isEmpty)
    await #expect {
      _ = try await Browser.shared.newContext(permissions: ["teleportation"])
    } throws: { error in
      (error as? BrowserError) == .invalidArgument && "\(error)".contains("\"teleportation\"")
    }
    #expect(throws: BrowserError.invalidArgument) {
      _ = try BrowserContext.Cookie(name: "a", value: "b", url: "not a url")
    }
  }

  @Test func aClosedContextEndsItsPages() async throws {
    let browser = try await Browser.shared
    let context = try await browser.newContext()
    let page = try await context.newPage(url: site.url("/"), timeout: patience)
    #expect(try await browser.browserContextIdentifiers().contains(context.identifier))
    try await context.close()
    try await context.close()
    #expect(try await !browser.browserContextIdentifiers().contains(context.identifier))
    await #expect(throws: BrowserError.self) { try await page.evaluate("1", as: Int.self) }
    await #expect(throws: BrowserError.disconnected) { _ = try await context.newPage() }
  }

  @Test func aContextNobodyHoldsIsClosed() async throws {
    let browser = try await Browser.shared
    var identifier = ""
    do {
      let context = try await browser.newContext()
      _ = try await context.newPage(url: site.url("/"), timeout: patience)
      identifier = context.identifier
      #expect(try await browser.browserContextIdentifiers().contains(identifier))
    }
    try await requireEventually("the dropped context is closed", timeout: patience) {
      try await !browser.browserContextIdentifiers().contains(identifier)
    }
  }

  @Test func theSharedBrowserIsLaunchedOnce() async throws {
    async let first = Browser.shared
    async let second = Browser.shared
    let (a, b) = try await (first, second)
    #expect(a === b)
  }

  @Test func navigationsActionsAndAssertionsTakeTheirOwnTimeouts() async throws {
    let context = try await Browser.shared.newContext()
    defer { Task { try? await context.close() } }
    let page = try await context.newPage()
    // A scope of short assertions leaves a slow page its navigation timeout.
    try await withWaitDefaults(timeout: .milliseconds(300)) {
      try await page.goto(site.url("/stall/1"))
    }
    #expect(try await page.evaluate("document.title", as: String.self) == "slow")
    let navigation = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(
        timeout: .seconds(20), navigationTimeout: .milliseconds(300), recordsFailures: false
      ) {
        try await page.goto(site.url("/stall/1"))
      }
    }
    #expect(navigation.timeout == .milliseconds(300))
    let action = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(
        timeout: .seconds(20), actionTimeout: .milliseconds(300), recordsFailures: false
      ) {
        try await page.click(page.buttons["nowhere"])
      }
    }
    #expect(action.timeout == .milliseconds(300))
    let assertion = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(
        timeout: .milliseconds(200), actionTimeout: .seconds(20), recordsFailures: false
      ) {
        try await page.buttons["nowhere"].requireExistence()
      }
    }
    #expect(assertion.timeout == .milliseconds(200))
  }

  /// A navigation is bounded by its own timeout, not by the browser's
  /// command timeout: a server slower to answer than a command may be
  /// still loads within the navigation timeout.
  @Test func aNavigationOutlastsTheCommandTimeout() async throws {
    // Long enough to launch on a loaded machine, where a command has gone
    // unanswered for 10 s; shorter than the answer.
    let browser = try await Browser.launch(commandTimeout: .seconds(15))
    defer { browser.close() }
    let page = try await browser.newPage()
    try await page.goto(site.url("/stall/20"), timeout: .seconds(60))
    #expect(try await page.evaluate("document.title", as: String.self) == "slow")
  }
}
