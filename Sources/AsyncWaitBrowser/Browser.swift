@_spi(Integrations) import AsyncWait
// The waits and queries come with the browser: `import AsyncWaitBrowser`
// alone gives `requireExistence`, `page.buttons` and the rest.
@_exported public import AsyncWaitElements
public import Foundation

/// A headless Chromium, driven over the DevTools protocol on a pipe, whose
/// pages are trees to query and wait on.
///
/// ```swift
/// let browser = try await Browser.launch()
/// defer { browser.close() }
/// let page = try await browser.newPage(url: "http://127.0.0.1:8080/")
/// try await page.click(page.buttons["add-item"])
/// try await page.type("Milk", into: page.textFields["name"])
/// ```
///
/// ``launch(executablePath:arguments:commandTimeout:)`` finds Chromium (the
/// path given, then `ASYNCWAIT_CHROMIUM`, then `chromium`,
/// `chromium-browser`, `google-chrome-stable`, `google-chrome` and `chrome`
/// in `PATH`, then the Chrome and Chromium application bundles in
/// `/Applications`) and starts it headless with a fresh temporary profile,
/// in a process group of its own. The browser always ends: on ``close()``;
/// when the last reference to it goes away; when the test process exits;
/// and, if the test process dies without exiting, when Chromium reads the
/// end of its pipe. Each of the first three kills the whole group and
/// removes the profile; a test process killed outright leaves its profile
/// (`asyncwait-browser-…` in the temporary directory) behind.
public final class Browser: Sendable {
  /// Chromium's process identifier, which is also its process group's;
  /// `nil` for a browser reached by ``connect(to:commandTimeout:)``, which
  /// another process started.
  public let processIdentifier: Int32?
  /// The Chromium executable that runs; `nil` for a browser reached by
  /// ``connect(to:commandTimeout:)``.
  public let executablePath: String?
  /// How long a DevTools command may go unanswered before it fails with
  /// ``BrowserError/commandTimedOut``.
  public let commandTimeout: Duration
  let connection: DevToolsConnection
  /// The process this browser launched; `nil` for one it connected to.
  private let process: ChromiumProcess?

  private init(executablePath: String?, process: ChromiumProcess?, connection: DevToolsConnection) {
    self.processIdentifier = process?.pid
    self.executablePath = executablePath
    self.commandTimeout = connection.commandTimeout
    self.process = process
    self.connection = connection
    connection.subscribe(session: "") { [weak self] notification in
      guard case .event(let event) = notification else { return }
      self?.handle(event)
    }
  }

  /// The browser's open pages, by target, none held; no other lock is
  /// taken while it is held.
  private let pagesByTarget = Locked<[String: BrowserContext.WeakPage]>([:])

  /// A reference to a context that does not keep it.
  struct WeakContext: Sendable {
    weak var context: BrowserContext?
  }

  /// The browser's contexts, by Chromium's id, none held; no other lock is
  /// taken while it is held.
  private let contextsByID = Locked<[String: WeakContext]>([:])

  /// The page each download began in, by the download's id; no other lock
  /// is taken while it is held.
  private let downloadPages = Locked<[String: BrowserContext.WeakPage]>([:])

  /// The page that opened each page opened by another, by target (the
  /// latest 256); no other lock is taken while it is held.
  private let openers = Locked<[String: String]>([:])

  /// Whether Chromium tells of every new target (`Target.targetCreated`),
  /// which a popup wait needs; no other lock is taken while it is held.
  private let discoversTargets = Locked(false)

  /// Counts a page among the browser's, for the events of the browser's
  /// own session that are about it.
  func register(_ page: BrowserPage) {
    pagesByTarget.withLock { pages in
      pages = pages.filter { $0.value.page != nil }
      pages[page.targetID] = BrowserContext.WeakPage(page: page)
    }
  }

  /// Takes a page off the browser's.
  func unregister(_ page: BrowserPage) {
    _ = pagesByTarget.withLock { $0.removeValue(forKey: page.targetID) }
  }

  /// Has Chromium tell of every new target from now on, once.
  ///
  /// The targets there already are told of before the command's answer,
  /// so a popup wait that numbers its popups after the answer never takes
  /// one of them.
  func discoverTargets() async throws {
    guard !discoversTargets.withLock({ $0 }) else { return }
    try await connection.send(DevTools.Target.SetDiscoverTargets())
    discoversTargets.withLock { $0 = true }
  }

  /// The open page that opened the page of `targetID`, if any.
  private func opener(of targetID: String) -> BrowserPage? {
    guard let opener = openers.withLock({ $0[targetID] }) else { return nil }
    return pagesByTarget.withLock { $0[opener]?.page }
  }

  /// Hands an event of the browser's own session to the page it is about:
  /// a new page its opener opened, a download it began or that moved on.
  private func handle(_ event: DevToolsConnection.Event) {
    let params = event.params
    switch event.method {
    case "Target.targetCreated":
      guard let info = params["targetInfo"], info["type"]?.string == "page",
        let targetID = info["targetId"]?.string
      else { return }
      if let contextID = info["browserContextId"]?.string {
        contextsByID.withLock { $0[contextID]?.context }?.pageOpened(
          targetID: targetID, url: info["url"]?.string ?? "")
      }
      guard let opener = info["openerId"]?.string else { return }
      openers.withLock { openers in
        if openers.count >= 256 { openers.removeAll() }
        openers[targetID] = opener
      }
      pagesByTarget.withLock { $0[opener]?.page }?.popupOpened(
        targetID: targetID, url: info["url"]?.string ?? "")
    case "Browser.downloadWillBegin":
      // A download a new tab began (a `target="_blank"` link to a file) is
      // its opener's, as in Playwright.
      guard let frameID = params["frameId"]?.string, let guid = params["guid"]?.string,
        let page = pagesByTarget.withLock({ $0[frameID]?.page }) ?? opener(of: frameID)
      else { return }
      downloadPages.withLock { $0[guid] = BrowserContext.WeakPage(page: page) }
      page.downloadBegan(params)
    case "Browser.downloadProgress":
      guard let guid = params["guid"]?.string, let state = params["state"]?.string, state != "inProgress"
      else { return }
      downloadPages.withLock { $0.removeValue(forKey: guid)?.page }?.downloadEnded(guid: guid, state: state)
    default:
      return
    }
  }

  /// Where a browser's failed waits write their screenshots and trees
  /// unless told otherwise: the `ASYNCWAIT_ARTIFACTS` environment variable
  /// when set, else `asyncwait-artifacts` in the temporary directory.
  public static var defaultArtifactsDirectory: String {
    if let path = ProcessInfo.processInfo.environment["ASYNCWAIT_ARTIFACTS"], !path.isEmpty { return path }
    return FileManager.default.temporaryDirectory.appendingPathComponent("asyncwait-artifacts").path
  }

  /// Where a failed wait on one of this browser's pages writes its
  /// screenshot and tree, when no Swift Testing test takes them as
  /// attachments (under XCTest, outside a test); each file's name starts
  /// with the process identifier, and the failure names the files.
  ///
  /// ``defaultArtifactsDirectory`` unless set; the directory is made when
  /// the first failure writes to it. Set it per test to keep each test's
  /// files apart.
  public var artifactsDirectory: String {
    get { artifactsPath.withLock { $0 } }
    set { artifactsPath.withLock { $0 = newValue } }
  }

  /// The artifacts directory; no other lock is taken while it is held.
  private let artifactsPath = Locked(Browser.defaultArtifactsDirectory)

  /// Finds and starts Chromium, headless, with a fresh temporary profile.
  ///
  /// Runs as root, Chromium needs `--no-sandbox`, which is then added.
  /// Features a test never sees, which cost each browser context a
  /// process, are turned off: the omnibox's popup (`WebUIOmniboxPopup`,
  /// `WebUIOmniboxAimPopup`) and the spare renderer
  /// (`SpareRendererForSitePerProcess`).
  ///
  /// - Parameters:
  ///   - executablePath: Chromium's path; `nil`, the default, searches for it.
  ///   - arguments: More command-line switches, such as
  ///     `--window-size=1280,800`; the features a `--disable-features=`
  ///     here names are turned off beside those above, in one switch, and
  ///     one of those above that an `--enable-features=` here names is
  ///     left on.
  ///   - commandTimeout: How long a DevTools command may go unanswered; 30
  ///     seconds by default, which bounds a hang: a suite's tests starting
  ///     at once on a small machine can keep Chromium from answering for
  ///     more than 10 seconds.
  /// - Returns: The running browser.
  /// - Throws: ``BrowserError/chromiumNotFound`` naming every place
  ///   searched; ``BrowserError/launchFailed`` when it does not start or
  ///   answer, with the end of what it wrote to standard error.
  public static func launch(
    executablePath: String? = nil,
    arguments: [String] = [],
    commandTimeout: Duration = .seconds(30)
  ) async throws -> Browser {
    let executable = try ChromiumLocator.locate(
      explicitPath: executablePath, environment: ProcessInfo.processInfo.environment)
    let (process, commands, messages) = try ChromiumProcess.launch(
      executable: executable, extraArguments: arguments)
    let connection = DevToolsConnection(
      commands: commands, messages: messages, commandTimeout: commandTimeout,
      describeDisconnect: { "Chromium \(process.endAfterDisconnect())" })
    let browser = Browser(executablePath: executable, process: process, connection: connection)
    do {
      _ = try await connection.send(DevTools.Browser.GetVersion())
    } catch {
      let log = process.logTail()
      browser.close()
      throw BrowserError.launchFailed(
        "\(executable) did not answer: \(error)" + (log.isEmpty ? "" : "; it wrote:\n\(log)"))
    }
    return browser
  }

  /// One browser for the whole process, launched with the defaults on first
  /// use (or, when the environment variable `ASYNCWAIT_BROWSER_ENDPOINT`
  /// names a DevTools endpoint, connected to with
  /// ``connect(to:commandTimeout:)``) and shared by every caller after: a
  /// suite's tests each open a context of their own in it
  /// (``newContext(_:)``), in tens of milliseconds, a fraction of what a
  /// launch takes.
  ///
  /// ```swift
  /// let page = try await Browser.shared.newContext().newPage(url: site.url)
  /// ```
  ///
  /// Callers that ask while it launches share the launch. It ends with the
  /// process; if it goes away sooner (killed, or closed by a caller), the
  /// next caller launches another. A launch that fails throws to its
  /// callers and is tried again by the next.
  ///
  /// - Throws: What ``launch(executablePath:arguments:commandTimeout:)``
  ///   throws.
  public static var shared: Browser {
    get async throws {
      let launch = sharedLaunch.withLock { current in
        if let current { return current }
        let endpoint = ProcessInfo.processInfo.environment["ASYNCWAIT_BROWSER_ENDPOINT"] ?? ""
        let launch = Task {
          endpoint.isEmpty ? try await Browser.launch() : try await Browser.connect(to: endpoint)
        }
        current = launch
        return launch
      }
      do {
        let browser = try await launch.value
        if browser.isConnected { return browser }
      } catch {
        sharedLaunch.withLock { current in if current == launch { current = nil } }
        throw error
      }
      // It went away: the first caller to see it launches another.
      sharedLaunch.withLock { current in if current == launch { current = nil } }
      return try await Browser.shared
    }
  }

  /// The launch of ``shared``; no other lock is taken while it is held.
  private static let sharedLaunch = Locked<Task<Browser, any Error>?>(nil)

  /// The identifiers of the browser's open contexts, the default one left
  /// out, as Chromium lists them: for tests of how contexts end.
  @_spi(Tests) public func browserContextIdentifiers() async throws -> [String] {
    try await connection.send(DevTools.Target.GetBrowserContexts())
  }

  /// Connects to a Chromium that another process started with a DevTools
  /// port (`--remote-debugging-port`): in a container, on another machine,
  /// or on a grid that speaks the DevTools protocol over WebSocket;
  /// Playwright's `connectOverCDP`.
  ///
  /// ```swift
  /// let browser = try await Browser.connect(to: "http://127.0.0.1:9222")
  /// let page = try await browser.newContext().newPage(url: site.url)
  /// ```
  ///
  /// Start that Chromium with `--disable-back-forward-cache`, as
  /// ``launch(executablePath:arguments:commandTimeout:)`` and Playwright's
  /// launch do: with the cache on, a page left by a navigation is kept
  /// frozen, and a probe that read it just before may wait a whole command
  /// timeout for its answer. Give it too the `--disable-features=` that
  /// `launch` gives its own (`WebUIOmniboxPopup`, `WebUIOmniboxAimPopup`,
  /// `SpareRendererForSitePerProcess`), or each context costs it a
  /// renderer process that no test uses.
  ///
  /// Everything else works as on a browser this process launched: pages,
  /// contexts, waits, actions. ``close()`` ends the connection and leaves
  /// the browser running; close the contexts the test opened first, or let
  /// them go, to leave it as it was. ``Browser/shared`` connects here
  /// instead of launching when `ASYNCWAIT_BROWSER_ENDPOINT` names an
  /// endpoint, so a suite runs unchanged against a remote browser.
  ///
  /// - Parameters:
  ///   - endpoint: The browser's HTTP endpoint (`http://host:9222`), whose
  ///     `/json/version` names its WebSocket, or the WebSocket itself
  ///     (`ws://host:9222/devtools/browser/…`). `wss://` is not supported.
  ///   - commandTimeout: How long a DevTools command may go unanswered; 30
  ///     seconds by default, which bounds a hang: a suite's tests starting
  ///     at once on a small machine can keep Chromium from answering for
  ///     more than 10 seconds.
  /// - Returns: The connected browser.
  /// - Throws: ``BrowserError/invalidArgument`` for an address that is
  ///   neither; ``BrowserError/launchFailed`` when nothing answers there,
  ///   or it refuses the WebSocket, or does not answer its first command.
  public static func connect(to endpoint: String, commandTimeout: Duration = .seconds(30)) async throws
    -> Browser
  {
    // The connection and the handshake block: on a thread of their own.
    let (address, ends) = try await onThreadOfItsOwn("DevTools WebSocket handshake") {
      () throws -> (String, WebSocketBridge.Ends) in
      let address = try WebSocketBridge.webSocketAddress(of: endpoint)
      return (address, try WebSocketBridge.open(address))
    }
    let connection = DevToolsConnection(
      commands: ends.commands, messages: ends.messages, commandTimeout: commandTimeout,
      describeDisconnect: { "the browser at \(address) closed the connection" })
    let browser = Browser(executablePath: nil, process: nil, connection: connection)
    do {
      _ = try await connection.send(DevTools.Browser.GetVersion())
    } catch {
      browser.close()
      throw BrowserError.launchFailed("\(address) did not answer: \(error)")
    }
    return browser
  }

  /// Chromium's product and version, such as `Chrome/156.0.8078.108`.
  ///
  /// - Throws: ``BrowserError`` when Chromium has gone away.
  public var version: String {
    get async throws {
      try await connection.send(DevTools.Browser.GetVersion()).product
    }
  }

  /// Whether Chromium is still connected.
  public var isConnected: Bool { connection.isOpen }

  /// Opens a new page at `about:blank`, in the browser's default context,
  /// which every page opened here shares (see ``newContext(_:)`` for pages
  /// that share nothing).
  ///
  /// - Returns: The page.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func newPage() async throws -> BrowserPage {
    try await openPage(in: nil)
  }

  /// Opens a page at `about:blank` in `context`, or in the default context,
  /// with the context's options applied.
  func openPage(in context: BrowserContext?) async throws -> BrowserPage {
    let targetID = try await connection.send(
      DevTools.Target.CreateTarget(url: "about:blank", browserContextID: context?.contextID))
    do {
      return try await attach(targetID, in: context)
    } catch {
      // No page to hand out: close its target, which would otherwise stay open.
      try? await connection.send(DevTools.Target.CloseTarget(targetID: targetID))
      throw error
    }
  }

  /// Attaches to a page target, open already, and makes it a page: its
  /// events subscribed, its domains on, its context's options applied.
  func attach(_ targetID: String, in context: BrowserContext?) async throws -> BrowserPage {
    let sessionID = try await connection.send(DevTools.Target.AttachToTarget(targetID: targetID))
    let page = BrowserPage(browser: self, context: context, targetID: targetID, sessionID: sessionID)
    try await page.prepare()
    register(page)
    return page
  }

  /// Opens a browser context: pages that share cookies, storage and cache
  /// with one another and with nothing else, with `options` applied to
  /// each.
  ///
  /// - Parameter options: What the context's pages are opened with.
  /// - Returns: The context.
  /// - Throws: ``BrowserError/invalidArgument`` when Chromium refuses a
  ///   permission or a cookie of the options, naming it;
  ///   ``BrowserError`` when Chromium refuses or has gone away.
  public func newContext(_ options: BrowserContext.Options) async throws -> BrowserContext {
    let contextID = try await connection.send(DevTools.Target.CreateBrowserContext())
    // A locale without a user agent is sent with the browser's own.
    var localizedUserAgent: String?
    if options.locale != nil, options.userAgent == nil {
      do {
        localizedUserAgent = try await connection.send(DevTools.Browser.GetVersion()).userAgent
      } catch {
        try? await connection.send(DevTools.Target.DisposeBrowserContext(browserContextID: contextID))
        throw error
      }
    }
    let context = BrowserContext(
      browser: self, options: options, contextID: contextID, localizedUserAgent: localizedUserAgent)
    contextsByID.withLock { contexts in
      contexts = contexts.filter { $0.value.context != nil }
      contexts[contextID] = WeakContext(context: context)
    }
    context.startOffline()
    do {
      try await context.start()
    } catch {
      try? await context.close()
      throw error
    }
    return context
  }

  /// Opens a browser context: pages that share cookies, storage and cache
  /// with one another and with nothing else: Playwright's
  /// `browser.newContext(options)`.
  ///
  /// ```swift
  /// let context = try await browser.newContext(
  ///   viewport: .init(width: 390, height: 844), deviceScaleFactor: 3,
  ///   locale: "de-DE")
  /// let page = try await context.newPage(url: "http://127.0.0.1:8080/")
  /// ```
  ///
  /// - Parameters:
  ///   - viewport: The size of each page's viewport, in CSS pixels.
  ///   - deviceScaleFactor: Device pixels per CSS pixel.
  ///   - userAgent: The user agent.
  ///   - locale: The locale, such as `de-DE`.
  ///   - timeZone: The IANA time zone, such as `Europe/Berlin`.
  ///   - colorScheme: What `prefers-color-scheme` matches.
  ///   - extraHTTPHeaders: Headers sent with every request.
  ///   - offline: Whether the pages start offline.
  ///   - permissions: Permissions granted to every origin.
  ///   - storageState: Cookies and local storage to start with.
  /// - Returns: The context.
  /// - Throws: As ``newContext(_:)`` does.
  public func newContext(
    viewport: BrowserContext.Viewport? = nil,
    deviceScaleFactor: Double? = nil,
    userAgent: String? = nil,
    locale: String? = nil,
    timeZone: String? = nil,
    colorScheme: BrowserContext.ColorScheme? = nil,
    extraHTTPHeaders: [String: String] = [:],
    offline: Bool = false,
    permissions: [String] = [],
    storageState: BrowserContext.StorageState? = nil
  ) async throws -> BrowserContext {
    try await newContext(
      BrowserContext.Options(
        viewport: viewport, deviceScaleFactor: deviceScaleFactor, userAgent: userAgent, locale: locale,
        timeZone: timeZone, colorScheme: colorScheme, extraHTTPHeaders: extraHTTPHeaders, offline: offline,
        permissions: permissions, storageState: storageState))
  }

  /// Opens a new page and waits until `url` has loaded in it.
  ///
  /// - Parameters:
  ///   - url: The address to open.
  ///   - timeout: How long to wait for the load; `nil` takes the scope's
  ///     navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: The page, loaded.
  /// - Throws: ``BrowserError/navigationFailed`` when the page cannot be
  ///   reached; `WaitTimeoutError` when it does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func newPage(
    url: String,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> BrowserPage {
    let page = try await newPage()
    try await page.goto(
      url, timeout: timeout,
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
    return page
  }

  /// Opens a new page and waits until `url` has loaded in it.
  ///
  /// The same as ``newPage(url:timeout:callSite:fileID:filePath:line:column:)-(String,_,_,_,_,_,_)``,
  /// for a `URL`.
  ///
  /// - Parameters:
  ///   - url: The address to open.
  ///   - timeout: How long to wait for the load; `nil` takes the scope's
  ///     navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: The page, loaded.
  /// - Throws: As the `String` form does.
  public func newPage(
    url: URL,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> BrowserPage {
    try await newPage(
      url: url.absoluteString, timeout: timeout,
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Ends Chromium: kills its process group, reaps it and removes its
  /// profile; for a browser reached by ``connect(to:commandTimeout:)``,
  /// ends the connection alone.
  ///
  /// Commands still waiting, and every later one, fail with
  /// ``BrowserError/disconnected``.
  ///
  /// Safe to call more than once; it returns once Chromium has been reaped.
  public func close() {
    connection.close(.disconnected("the browser was closed"))
    process?.terminate()
  }

  deinit {
    close()
  }
}
