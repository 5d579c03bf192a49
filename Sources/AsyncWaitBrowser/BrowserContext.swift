@_spi(Integrations) public import AsyncWait
public import Foundation

/// A browser context: pages that share cookies, storage and cache with one
/// another and with nothing else, as in a fresh browser profile, in a
/// ``Browser`` that is already running: Playwright's `BrowserContext`.
///
/// A context opens in tens of milliseconds, a fraction of what launching
/// Chromium takes, so a suite launches one browser and gives each test a
/// context of its own:
///
/// ```swift
/// let context = try await Browser.shared.newContext(locale: "de-DE")
/// let page = try await context.newPage(url: "http://127.0.0.1:8080/")
/// try await page.click(page.buttons["add-item"])
/// ```
///
/// The options (``Options``) apply to every page the context opens. The
/// context ends on ``close()``, or when the last reference to it goes away
/// (each of its pages holds one): Chromium then discards its pages, cookies
/// and storage.
public final class BrowserContext: Sendable {
  /// The browser the context belongs to.
  public let browser: Browser
  /// What the context's pages were opened with.
  public let options: Options
  /// Chromium's identifier of the context.
  let contextID: String
  /// Chromium's identifier of the context, for tests that ask Chromium
  /// whether it is open.
  @_spi(Tests) public var identifier: String { contextID }
  /// The user agent that the context's pages send with their locale, when
  /// the options set a locale but no user agent: the browser's own.
  private let localizedUserAgent: String?
  /// The context's open pages, by target.
  ///
  /// None is held, so that a page that goes away ends here too. No other
  /// lock is taken while it is held.
  private let openPages = Locked<[String: WeakPage]>([:])
  /// Whether the context has been closed; no other lock is taken while it
  /// is held.
  private let isClosed = Locked(false)
  /// Where failed waits on the context's pages keep their artifacts, when
  /// set; no other lock is taken while it is held.
  private let artifactsPath = Locked<String?>(nil)

  /// A reference to a page that does not keep it.
  struct WeakPage: Sendable {
    weak var page: BrowserPage?
  }

  init(browser: Browser, options: Options, contextID: String, localizedUserAgent: String?) {
    self.browser = browser
    self.options = options
    self.contextID = contextID
    self.localizedUserAgent = localizedUserAgent
  }

  /// Where a failed wait on one of the context's pages writes its
  /// screenshot and tree, when no Swift Testing test takes them as
  /// attachments: the browser's ``Browser/artifactsDirectory`` unless set.
  public var artifactsDirectory: String {
    get { artifactsPath.withLock { $0 } ?? browser.artifactsDirectory }
    set { artifactsPath.withLock { $0 = newValue } }
  }

  /// The context's open pages, in no particular order.
  public var pages: [BrowserPage] {
    openPages.withLock { $0.values.compactMap(\.page) }
  }

  /// Opens a new page in the context, at `about:blank`, with the context's
  /// options applied.
  ///
  /// - Returns: The page.
  /// - Throws: ``BrowserError/invalidArgument`` when Chromium refuses one of
  ///   the options (an unknown time zone or locale), naming it;
  ///   ``BrowserError/disconnected`` when the context is closed or Chromium
  ///   has gone away; another ``BrowserError`` when Chromium refuses.
  public func newPage() async throws -> BrowserPage {
    if isClosed.withLock({ $0 }) { throw BrowserError.disconnected("the browser context was closed") }
    let page = try await browser.openPage(in: self)
    adopt(page)
    return page
  }

  /// Counts a page among the context's open pages.
  func adopt(_ page: BrowserPage) {
    openPages.withLock { pages in
      pages = pages.filter { $0.value.page != nil }
      pages[page.targetID] = WeakPage(page: page)
    }
  }

  /// Takes a page that is closing off the context's pages.
  func forget(_ page: BrowserPage) {
    _ = openPages.withLock { $0.removeValue(forKey: page.targetID) }
  }

  /// Opens a new page in the context and waits until `url` has loaded in it.
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
  /// - Throws: As ``newPage()`` does, and as
  ///   ``BrowserPage/goto(_:timeout:callSite:fileID:filePath:line:column:)-(String,_,_,_,_,_,_)``
  ///   does.
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

  /// Opens a new page in the context and waits until `url` has loaded in it.
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

  /// The context's cookies.
  ///
  /// - Parameter urls: Only the cookies these addresses would be sent;
  ///   every cookie of the context when empty, the default.
  /// - Returns: The cookies, in Chromium's order.
  /// - Throws: ``BrowserError`` when the context is closed or Chromium has
  ///   gone away.
  public func cookies(for urls: [String] = []) async throws -> [Cookie] {
    let cookies = try await browser.connection.send(DevTools.Storage.GetCookies(browserContextID: contextID))
      .compactMap(Cookie.init(devTools:))
    guard !urls.isEmpty else { return cookies }
    let addresses = urls.compactMap { URL(string: $0) }
    return cookies.filter { cookie in addresses.contains { cookie.isSent(to: $0) } }
  }

  /// Adds cookies to the context, replacing any of the same name, domain
  /// and path.
  ///
  /// - Parameter cookies: The cookies.
  /// - Throws: ``BrowserError/invalidArgument`` when Chromium refuses one,
  ///   naming it; ``BrowserError`` when the context is closed or Chromium
  ///   has gone away.
  public func addCookies(_ cookies: [Cookie]) async throws {
    guard !cookies.isEmpty else { return }
    do {
      try await browser.connection.send(
        DevTools.Storage.SetCookies(cookies: cookies.map(\.devTools), browserContextID: contextID))
    } catch let error as BrowserError where error == .commandFailed {
      throw BrowserError.invalidArgument(
        "cookies \(cookies.map { "\"\($0.name)\" for \($0.domain)" }.joined(separator: ", ")): \(error.detail)"
      )
    }
  }

  /// Removes every cookie of the context.
  ///
  /// - Throws: ``BrowserError`` when the context is closed or Chromium has
  ///   gone away.
  public func clearCookies() async throws {
    try await browser.connection.send(DevTools.Storage.ClearCookies(browserContextID: contextID))
  }

  /// The pages opened in the context since a page wait first asked, each
  /// numbered as its event comes (the latest 20); no other lock is taken
  /// while it is held.
  private let openedPages = Locked<(count: Int, latest: [(number: Int, targetID: String, url: String)])>(
    (0, []))

  /// Fires when a page opens in the context, which wakes the page waits.
  private let pageTrigger = WaitTrigger()

  /// Numbers a page that opened in the context, and wakes the page waits.
  func pageOpened(targetID: String, url: String) {
    openedPages.withLock { opened in
      opened.count += 1
      opened.latest.append((opened.count, targetID, url))
      if opened.latest.count > BrowserPage.mostKeptOpenings { opened.latest.removeFirst() }
    }
    pageTrigger.fire()
  }

  /// Runs `action`, then waits for the first page that opens in the
  /// context from the moment it began, and returns it loaded: Playwright's
  /// `context.waitForEvent('page')`.
  ///
  /// A popup of any of the context's pages counts, as does a page the step
  /// opens with ``newPage()``, which comes back as that call returned it.
  /// A popup is opened here as ``BrowserPage/waitForPopup(timeout:isolation:callSite:fileID:filePath:line:column:during:)``
  /// opens one; one that a popup wait took as well is opened twice.
  ///
  /// ```swift
  /// let help = try await context.waitForPage {
  ///   try await page.click(
  ///     page.descendants(matching: "link", named: "Help"))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the page once `action` has
  ///     returned; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`). A popup's load then takes the
  ///     scope's navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that opens the page.
  /// - Returns: The page.
  /// - Throws: `WaitTimeoutError` when no page opened in time, or a popup
  ///   did not load in time; ``BrowserError`` when Chromium refuses or has
  ///   gone away; what `action` throws; `CancellationError`.
  public func waitForPage(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserPage {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await browser.discoverTargets()
    let opened = try await browser.waitForEvent(
      "a page to open in the context", after: openedPages.withLock { $0.count }, timeout: timeout,
      trigger: pageTrigger, at: site, during: action
    ) { _ in
      "no page opened in the context after the wait began"
    } event: { [self] number in
      openedPages.withLock { opened in opened.latest.first { $0.number == number } }
    }
    // A page the step opened here is there already.
    if let page = pages.first(where: { $0.targetID == opened.targetID }) { return page }
    let page = try await browser.attach(opened.targetID, in: self)
    adopt(page)
    try await page.waitUntilShown(opened.url, at: site)
    return page
  }

  /// The files of the downloads its pages took, removed when it closes;
  /// no other lock is taken while it is held.
  private let downloadFiles = Locked<[String]>([])

  /// Counts a download's file among those the context removes as it
  /// closes, as Playwright removes them.
  func keepUntilClosed(download path: String) {
    downloadFiles.withLock { $0.append(path) }
  }

  /// Removes the files of the context's downloads.
  private func removeDownloads() {
    for path in downloadFiles.withLock({ files in
      defer { files.removeAll() }
      return files
    }) {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// The context's routes, oldest first; no other lock is taken while it
  /// is held.
  private let routeList = Locked<[BrowserPage.Route]>([])

  /// The context's routes, oldest first.
  var routes: [BrowserPage.Route] { routeList.withLock { $0 } }

  /// Routes the requests of every page of the context, open now or later,
  /// whose address `url` matches to `handler`: Playwright's
  /// `context.route`.
  ///
  /// As ``BrowserPage/route(_:_:)``, whose routes run before the
  /// context's.
  ///
  /// ```swift
  /// try await context.route("**/analytics/**") { _ in .abort() }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The addresses to route.
  ///   - handler: What to do with each request.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func route(
    _ url: URLMatch, _ handler: @escaping @Sendable (BrowserRequest) async throws -> RouteAction
  ) async throws {
    routeList.withLock { $0.append(BrowserPage.Route(match: url, handler: handler)) }
    try await updateInterception()
  }

  /// Intercepts the requests of every open page that a route now needs,
  /// and only those; a page that fails (one that went away) does not stop
  /// the others, and the first error is thrown after.
  private func updateInterception() async throws {
    var firstError: (any Error)?
    for page in pages {
      do {
        try await page.updateInterception()
      } catch {
        firstError = firstError ?? error
      }
    }
    if let firstError { throw firstError }
  }

  /// Removes the context's routes for `url`, as it was given to
  /// ``route(_:_:)``: Playwright's `context.unroute`.
  ///
  /// - Parameter url: The addresses the routes were added for.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func unroute(_ url: URLMatch) async throws {
    routeList.withLock { routes in routes.removeAll { $0.match == url } }
    try await updateInterception()
  }

  /// Takes the context's open pages off the network, or puts them back on,
  /// with every page it opens later.
  ///
  /// - Parameter offline: `true` to make every request fail as it would
  ///   without a network.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func setOffline(_ offline: Bool) async throws {
    offlineState.withLock { $0 = offline }
    for page in pages {
      for command in Self.networkCommands(offline: offline, headers: options.extraHTTPHeaders) {
        _ = try await page.send(command)
        // And its frames from another origin, each a process of its own;
        // one that goes meanwhile is left.
        await page.sendToRemoteFrames(command)
      }
    }
  }

  /// Whether the context's pages are offline now; no other lock is taken
  /// while it is held.
  private let offlineState = Locked(false)

  /// The context's cookies and the local storage of its open pages' origins,
  /// to open another context with (``Options/storageState``), or to write
  /// to a file with ``StorageState/write(toFile:)``: Playwright's
  /// `storageState`.
  ///
  /// - Returns: The state.
  /// - Throws: ``BrowserError`` when the context is closed or Chromium has
  ///   gone away.
  public func storageState() async throws -> StorageState {
    var origins: [String: [StorageState.Item]] = [:]
    for page in pages {
      // An opaque origin (about:blank, data:) has no storage to read.
      let value = try await page.evaluateValue(
        """
        (() => { try { return [location.origin, Object.keys(localStorage).map(k => [k, localStorage.getItem(k)])] }
          catch (e) { return null } })()
        """)
      guard let pair = value.array, pair.count == 2, let origin = pair[0].string, origin != "null",
        let entries = pair[1].array
      else { continue }
      origins[origin] = entries.compactMap { entry in
        guard let items = entry.array, items.count == 2, let name = items[0].string,
          let value = items[1].string
        else { return nil }
        return StorageState.Item(name: name, value: value)
      }
    }
    return StorageState(
      cookies: try await cookies(),
      origins: origins.sorted { $0.key < $1.key }.map {
        StorageState.Origin(origin: $0.key, localStorage: $0.value)
      })
  }

  /// Closes the context: Chromium closes its pages and discards its
  /// cookies, storage and cache.
  ///
  /// Safe to call more than once.
  ///
  /// - Throws: ``BrowserError`` when Chromium refuses; nothing when it has
  ///   gone away already, which ended the context too.
  public func close() async throws {
    let wasOpen = isClosed.withLock { closed in
      defer { closed = true }
      return !closed
    }
    guard wasOpen else { return }
    // A handler that holds the context would keep it alive.
    routeList.withLock { $0.removeAll() }
    removeDownloads()
    for page in pages {
      browser.connection.unsubscribe(session: page.sessionID)
      page.forgetRemoteFrames()
    }
    do {
      try await browser.connection.send(DevTools.Target.DisposeBrowserContext(browserContextID: contextID))
    } catch let error as BrowserError where error == .disconnected {
      return
    }
  }

  deinit {
    removeDownloads()
    guard isClosed.withLock({ !$0 }) else { return }
    // Nothing can use the context any more: end it without waiting.
    let connection = browser.connection
    let contextID = contextID
    Task {
      try? await connection.send(DevTools.Target.DisposeBrowserContext(browserContextID: contextID))
    }
  }

  /// The commands that give a new page of the context its options, each
  /// with the option it applies, in order.
  var pageCommands: [(option: String, command: any DevToolsCommand)] {
    var commands: [(option: String, command: any DevToolsCommand)] = []
    if options.viewport != nil || options.deviceScaleFactor != nil {
      commands.append(
        (
          "viewport",
          DevTools.Emulation.SetDeviceMetricsOverride(
            width: options.viewport?.width ?? 0, height: options.viewport?.height ?? 0,
            deviceScaleFactor: options.deviceScaleFactor ?? 0)
        ))
    }
    if let userAgent = options.userAgent ?? localizedUserAgent {
      commands.append(
        (
          "userAgent",
          DevTools.Emulation.SetUserAgentOverride(userAgent: userAgent, acceptLanguage: options.locale)
        ))
    }
    if let locale = options.locale {
      commands.append(("locale", DevTools.Emulation.SetLocaleOverride(locale: locale)))
    }
    if let timeZone = options.timeZone {
      commands.append(("timeZone", DevTools.Emulation.SetTimezoneOverride(timezoneID: timeZone)))
    }
    if let colorScheme = options.colorScheme {
      commands.append(
        (
          "colorScheme",
          DevTools.Emulation.SetEmulatedMedia(feature: "prefers-color-scheme", value: colorScheme.rawValue)
        ))
    }
    let offline = offlineState.withLock { $0 }
    if offline || !options.extraHTTPHeaders.isEmpty {
      commands += Self.networkCommands(offline: offline, headers: options.extraHTTPHeaders).map {
        ("network", $0)
      }
    }
    return commands
  }

  /// The commands that set a page's network conditions and headers.
  private static func networkCommands(offline: Bool, headers: [String: String]) -> [any DevToolsCommand] {
    [
      DevTools.Network.Enable(), DevTools.Network.SetExtraHTTPHeaders(headers: headers),
      DevTools.Network.EmulateNetworkConditions(offline: offline),
    ]
  }

  /// Starts the context's offline state from its options.
  func startOffline() {
    offlineState.withLock { $0 = options.offline }
  }

  /// Grants the options' permissions and restores their storage state.
  func start() async throws {
    if !options.permissions.isEmpty {
      do {
        try await browser.connection.send(
          DevTools.Browser.GrantPermissions(
            permissions: options.permissions.map(Self.chromiumPermission), browserContextID: contextID))
      } catch let error as BrowserError where error == .commandFailed {
        throw BrowserError.invalidArgument(
          "permissions \(options.permissions.map { "\"\($0)\"" }.joined(separator: ", ")): \(error.detail)")
      }
    }
    guard let state = options.storageState else { return }
    try await addCookies(state.cookies)
    let origins = state.origins.filter { !$0.localStorage.isEmpty }
    guard !origins.isEmpty else { return }
    // Local storage is written from a page of its origin: one page visits
    // each origin, every request answered with an empty document, so that
    // no server is asked for anything (Playwright does the same).
    let page = try await browser.openPage(in: self)
    do {
      try await page.serveEmptyDocuments()
      for origin in origins {
        try await page.goto(origin.origin + "/", timeout: browser.commandTimeout)
        let items = JSONValue.array(origin.localStorage.map { [.string($0.name), .string($0.value)] })
        _ = try await page.evaluateValue(
          "(items => { for (const [name, value] of items) localStorage.setItem(name, value) })("
            + items.serialized + ")")
      }
    } catch {
      _ = try? await page.close()
      throw error
    }
    try await page.close()
  }
}
