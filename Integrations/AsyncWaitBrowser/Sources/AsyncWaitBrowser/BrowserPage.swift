public import AsyncWait
public import AsyncWaitElements

/// A page of a ``Browser``: a tree to query and wait on, and a place to click
/// and type.
///
/// ```swift
/// let page = try await browser.newPage(url: site.url)
/// let items = page.lists["items"].cells
/// try await page.click(page.buttons["add-item"])
/// try await page.type("Milk", into: page.textFields["name"])
/// try await page.click(page.buttons["confirm"])
/// try await items["Milk"].requireExistence(timeout: .seconds(5))
/// ```
///
/// Queries start at ``root`` or at the page itself (`page.buttons` is
/// `page.root.buttons`) and resolve afresh on every probe against a snapshot
/// of the page (see ``BrowserNode`` for what a snapshot holds and how
/// identifiers match). DOM changes, attribute changes, input events,
/// navigations and loads fire ``trigger``, which every query from this page
/// carries, so waits probe again within milliseconds of a change; polling
/// stays as the safety net for changes nothing reports, such as an animation.
public final class BrowserPage: ElementTypeQueryProvider, Sendable {
  /// The page's node type.
  public typealias Node = BrowserNode

  /// The browser the page belongs to.
  public let browser: Browser
  /// Fires whenever the page changes: DOM and attribute changes, input
  /// events, navigations, loads, and the browser going away.
  public let trigger: WaitTrigger
  let targetID: String
  let sessionID: String

  /// The page's loading state, as its events tell it.
  private struct LoadState {
    /// The loader of the main frame's current document.
    var loaderID: String?
    /// Whether that document has fired its load event.
    var loaded = false
    /// Whether a navigation has started and not yet loaded.
    var navigating = false
    /// How many times the DOM was replaced; the DOM events of a document
    /// flow only once it has been requested with `DOM.getDocument`.
    var documentGeneration = 0
    /// The generation being requested, when a request is running.
    var requesting: Int?
  }

  /// Protects the loading state; no other lock is taken inside it.
  private let load = Locked(LoadState())

  /// The name a binding calls in the page to say that an input event fired.
  static let bindingName = "__asyncWaitChanged"

  /// Events with no DOM change that still change what a snapshot reads.
  static let pageScript = """
    for (const type of ["input", "change", "focusin", "focusout", "transitionend", "animationend", "toggle"]) {
      addEventListener(type, () => { try { \(bindingName)(type) } catch (_) {} }, true);
    }
    """

  init(browser: Browser, targetID: String, sessionID: String) {
    self.browser = browser
    self.targetID = targetID
    self.sessionID = sessionID
    self.trigger = WaitTrigger()
  }

  /// Subscribes to the page's events and enables the domains that send them.
  func prepare() async throws {
    browser.connection.subscribe(session: sessionID) { [weak self] notification in
      self?.handle(notification)
    }
    for (method, params): (String, JSONValue) in [
      ("Page.enable", [:]), ("DOM.enable", [:]), ("Accessibility.enable", [:]), ("Runtime.enable", [:]),
      ("Runtime.addBinding", ["name": .string(Self.bindingName)]),
      ("Page.addScriptToEvaluateOnNewDocument", ["source": .string(Self.pageScript)]),
    ] {
      _ = try await send(method, params)
    }
  }

  /// Sends a command to the page's session.
  func send(_ method: String, _ params: JSONValue = [:]) async throws -> JSONValue {
    try await browser.connection.send(method, params, session: sessionID)
  }

  /// How long each of a snapshot's two commands takes alone, answer parsed,
  /// for the bench's breakdown of a probe.
  package func timeSnapshotCommands() async throws -> (accessibility: Duration, dom: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    _ = try await send("Accessibility.getFullAXTree")
    let middle = clock.now
    _ = try await send("DOMSnapshot.captureSnapshot", ["computedStyles": []])
    return (middle - start, clock.now - middle)
  }

  /// The page's root, to query: a fresh snapshot of the page on every read.
  public var root: TreeElement<BrowserNode> {
    TreeElement("page", triggers: [trigger]) { [self] in try await snapshot() }
  }

  /// All nodes of a kind anywhere in the page.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(matching type: ElementType) -> ElementQuery<BrowserNode> {
    root.descendants(matching: type)
  }

  /// The children of the page's root of a kind.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those children, in order.
  public func children(matching type: ElementType) -> ElementQuery<BrowserNode> {
    root.children(matching: type)
  }

  /// Takes one snapshot of the page: its accessibility tree joined with its
  /// DOM's identities and boxes.
  ///
  /// - Returns: The root node, `nil` while the page has no tree (in the
  ///   middle of a navigation).
  /// - Throws: ``BrowserError`` when Chromium refuses outside a navigation
  ///   or goes away; `CancellationError`.
  public func snapshot() async throws -> BrowserNode? {
    async let accessibility = send("Accessibility.getFullAXTree")
    async let dom = send("DOMSnapshot.captureSnapshot", ["computedStyles": []])
    do {
      return try PageSnapshot.tree(accessibility: try await accessibility, dom: try await dom)
    } catch let error as BrowserError where error == .commandFailed && isNavigating {
      // The old document is gone and the new one not yet there: no tree
      // now, and the query resolves again on the next probe.
      return nil
    }
  }

  /// Whether the document of `loaderID` has fired its load event.
  private func hasLoaded(_ loaderID: String) -> Bool {
    load.withLock { $0.loaderID == loaderID && $0.loaded }
  }

  /// Whether a navigation of the main frame has started and not yet loaded.
  var isNavigating: Bool { load.withLock { $0.navigating } }

  /// Opens `url` in this page and waits until it has loaded.
  ///
  /// The wait is for this navigation's document (not the `about:blank` a
  /// new page starts with, nor the page before) to fire its load event.
  ///
  /// - Parameters:
  ///   - url: The address to open.
  ///   - timeout: How long to wait for the load; `nil` takes the scope's
  ///     default timeout.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: ``BrowserError/navigationFailed`` when the page cannot be
  ///   reached; `WaitTimeoutError` when it does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func goto(
    _ url: String,
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let answer = try await send("Page.navigate", ["url": .string(url)])
    if let failure = answer["errorText"]?.string, !failure.isEmpty {
      throw BrowserError.navigationFailed("\(url): \(failure)")
    }
    if let loaderID = answer["loaderId"]?.string {
      try await Wait(timeout: timeout, triggers: [trigger]).require(
        "\(url) to load", fileID: fileID, filePath: filePath, line: line, column: column
      ) {
        hasLoaded(loaderID)
      }
    }
    // DOM events flow for a document once it has been requested.
    try await requestDocument()
  }

  /// The address of the page's current document.
  ///
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public var url: String {
    get async throws {
      guard case .string(let address) = try await evaluateValue("location.href") else {
        throw BrowserError.unexpectedResponse("location.href is not a string")
      }
      return address
    }
  }

  /// Runs JavaScript in the page and returns its result as JSON text.
  ///
  /// A promise is awaited. Values that have no JSON form (`undefined`,
  /// functions) read as `null`.
  ///
  /// ```swift
  /// let count = try await page.evaluate(
  ///   "document.querySelectorAll('li').length")  // "4"
  /// ```
  ///
  /// - Parameter expression: The script.
  /// - Returns: The result, as JSON text.
  /// - Throws: ``BrowserError/scriptFailed`` with the exception when the
  ///   script throws; ``BrowserError`` when Chromium refuses or has gone away.
  public func evaluate(_ expression: String) async throws -> String {
    try await evaluateValue(expression).serialized
  }

  func evaluateValue(_ expression: String) async throws -> JSONValue {
    let answer = try await send(
      "Runtime.evaluate", ["expression": .string(expression), "returnByValue": true, "awaitPromise": true])
    if let exception = answer["exceptionDetails"] {
      let text = exception["exception"]?["description"]?.string ?? exception["text"]?.string ?? "an exception"
      throw BrowserError.scriptFailed(text)
    }
    return answer["result"]?["value"] ?? .null
  }

  /// Closes the page.
  ///
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func close() async throws {
    browser.connection.unsubscribe(session: sessionID)
    _ = try await browser.connection.send("Target.closeTarget", ["targetId": .string(targetID)])
  }

  /// Requests the current document, so that its DOM events flow, until the
  /// document requested is the latest.
  private func requestDocument() async throws {
    let generation = load.withLock { $0.documentGeneration }
    _ = try await send("DOM.getDocument", ["depth": -1])
    let again = load.withLock { state -> Bool in
      if state.documentGeneration == generation {
        state.requesting = nil
        return false
      }
      return true
    }
    if again { try await requestDocument() }
  }

  /// Starts a request of the new document, unless one is running (which
  /// then requests again).
  private func documentReplaced() {
    let start = load.withLock { state -> Bool in
      state.documentGeneration += 1
      guard state.requesting == nil else { return false }
      state.requesting = state.documentGeneration
      return true
    }
    guard start else { return }
    Task { [weak self] in
      do {
        try await self?.requestDocument()
      } catch {
        self?.load.withLock { $0.requesting = nil }
      }
    }
  }

  /// Updates the loading state from an event and wakes the waits.
  private func handle(_ notification: DevToolsConnection.Notification) {
    guard case .event(let event) = notification else {
      trigger.fire()
      return
    }
    switch event.method {
    case "Page.frameStartedNavigating", "Page.frameStartedLoading":
      if mainFrame(event.params["frameId"]) { load.withLock { $0.navigating = true } }
    case "Page.frameNavigated":
      guard let frame = event.params["frame"], frame["parentId"] == nil else { return }
      load.withLock { state in
        state.loaderID = frame["loaderId"]?.string
        state.loaded = false
        state.navigating = true
      }
    case "Page.loadEventFired":
      load.withLock { state in
        state.loaded = true
        state.navigating = false
      }
    case "DOM.documentUpdated":
      documentReplaced()
    case "Runtime.bindingCalled":
      guard event.params["name"]?.string == Self.bindingName else { return }
    case "Page.frameStoppedLoading":
      // A navigation that loads nothing (a download, a 204) stops here.
      if mainFrame(event.params["frameId"]) { load.withLock { $0.navigating = false } }
    case "DOM.childNodeInserted", "DOM.childNodeRemoved", "DOM.attributeModified", "DOM.attributeRemoved",
      "DOM.characterDataModified", "DOM.childNodeCountUpdated", "DOM.setChildNodes",
      "Page.domContentEventFired":
      break
    default:
      return
    }
    trigger.fire()
  }

  /// Whether a frame id names the page's main frame, whose id is the target's.
  private func mainFrame(_ frameID: JSONValue?) -> Bool {
    frameID?.string == targetID
  }
}
