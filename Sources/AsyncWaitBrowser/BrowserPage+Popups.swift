@_spi(Integrations) public import AsyncWait
import Foundation

// What a page opens beyond itself: popups, downloads and file choosers,
// each numbered as its event comes, so that a wait takes only one that
// opened after it began.
extension BrowserPage {
  /// What the page has opened.
  struct Openings {
    /// How many popups the page has opened.
    var popupCount = 0
    /// The latest popups, by number: each one's target and address.
    var popups: [(number: Int, targetID: String, url: String)] = []
    /// How many downloads the page has begun.
    var downloadCount = 0
    /// The latest downloads, by number, and each one's id.
    var downloads: [(number: Int, guid: String, download: BrowserDownload)] = []
    /// How many file choosers the page has opened.
    var chooserCount = 0
    /// The latest file choosers, by number: each one's input, and whether
    /// it takes several files (not the chooser, which holds the page).
    var choosers: [(number: Int, backendNodeID: Int, isMultiple: Bool)] = []
    /// Whether the page's file choosers are intercepted.
    var interceptsChoosers = false
  }

  /// How many of each opening the page keeps.
  static let mostKeptOpenings = 20

  // MARK: - Popups

  /// Runs `action`, then waits for the first page the page opens from the
  /// moment it began, and returns it loaded: Playwright's
  /// `page.waitForEvent('popup')`.
  ///
  /// A link with `target="_blank"` or a call of `window.open` opens one.
  /// The popup's creation wakes the wait; it is then opened here (its
  /// events subscribed, its changes reported as any page's, the context's
  /// options applied) and waited on until its document has loaded. It
  /// belongs to this page's context.
  ///
  /// ```swift
  /// let popup = try await page.waitForPopup {
  ///   try await page.click(
  ///     page.descendants(matching: "link", named: "Help"))
  /// }
  /// try await popup.require(title: "Help")
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the popup once `action` has
  ///     returned; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`). Its load then
  ///     takes the scope's navigation timeout
  ///     (`WaitDefaults.navigationTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that opens the popup.
  /// - Returns: The popup, loaded.
  /// - Throws: `WaitTimeoutError` when no popup opened in time, or it did
  ///   not load in time; ``BrowserError`` when Chromium refuses or has
  ///   gone away; what `action` throws; `CancellationError`.
  public func waitForPopup(
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
    try throwUnreportedFailure(at: site)
    try await browser.discoverTargets()
    let popup = try await browser.waitForEvent(
      "a popup to open", after: openings.withLock { $0.popupCount }, timeout: timeout,
      trigger: openingsTrigger,
      at: site, during: action
    ) { [self] _ in
      let earlier = openings.withLock { $0.popups.last }
      return "the page opened no popup after the wait began"
        + (earlier.map { "; the last before it: \($0.url.isEmpty ? "about:blank" : $0.url)" } ?? "")
    } event: { [self] number in
      openings.withLock { state in state.popups.first { $0.number == number } }
    }
    let page = try await browser.attach(popup.targetID, in: context)
    context?.adopt(page)
    try await page.waitUntilShown(popup.url, at: site)
    return page
  }

  /// Waits until a page opened elsewhere shows its first document, loaded:
  /// when it was opened at an address, a document other than
  /// `about:blank`; when it was opened at `about:blank` (or at no
  /// address), that one.
  func waitUntilShown(_ url: String, at site: CallSite) async throws {
    let blank = url.isEmpty || url == "about:blank"
    try await Wait(timeout: WaitDefaults.current.navigationTimeout, triggers: [trigger]).require(
      "the popup to load \(blank ? "its page" : url)", callSite: site
    ) { [self] in
      let state: [JSONValue]
      do {
        state = try await evaluateValue("[location.href, document.readyState]").array ?? []
      } catch let error as BrowserError where error == .commandFailed {
        // Its document changed under the script: not yet.
        return false
      }
      guard state.count == 2, state[1].string == "complete", let href = state[0].string else { return false }
      return blank || href != "about:blank"
    }
  }

  /// Numbers a popup as its event comes, and wakes the popup waits.
  func popupOpened(targetID: String, url: String) {
    openings.withLock { state in
      state.popupCount += 1
      state.popups.append((state.popupCount, targetID, url))
      if state.popups.count > Self.mostKeptOpenings { state.popups.removeFirst() }
    }
    openingsTrigger.fire()
  }
}
