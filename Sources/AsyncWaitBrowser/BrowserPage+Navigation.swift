@_spi(Integrations) public import AsyncWait
import AsyncWaitElements
public import Foundation

// Navigation (goto, reload, history) and the loading state that Chromium's
// page events keep, which every navigation waits on.
extension BrowserPage {
  /// How many navigations have started or committed: for
  /// ``navigated(since:)``.
  var navigationCount: Int { load.withLock { $0.navigationCount } }

  /// Whether a navigation is running, or one started or committed after
  /// the count `navigations` was read.
  func navigated(since navigations: Int) -> Bool {
    load.withLock { $0.navigating || $0.navigationCount != navigations }
  }

  /// Whether the document of `loaderID`, or one committed after it, has
  /// fired its load event.
  private func hasLoaded(_ loaderID: String) -> Bool {
    load.withLock { state in state.commits[loaderID].map { state.loadedCommit >= $0 } ?? false }
  }

  /// Opens `url` in this page and waits until it has loaded.
  ///
  /// The wait is for this navigation's document (not the `about:blank` a
  /// new page starts with, nor the page before) to fire its load event, or
  /// for a document that replaced it, such as where a script on the page
  /// sent the browser next.
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
  /// - Throws: ``BrowserError/navigationFailed`` when the page cannot be
  ///   reached; `WaitTimeoutError` when it does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func goto(
    _ url: String,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    // Chromium answers `Page.navigate` once the response has come: the
    // wait's timeout bounds that too, so the command runs beside it, with
    // no timeout of its own that could end it first (the wait cancels it).
    let answer = Locked<Result<DevTools.Page.Navigate.Answer, any Error>?>(nil)
    let navigation = Task { [self] in
      let result: Result<DevTools.Page.Navigate.Answer, any Error>
      do {
        result = .success(try await send(DevTools.Page.Navigate(url: url), timeout: .seconds(86_400)))
      } catch {
        result = .failure(error)
      }
      answer.withLock { $0 = result }
      trigger.fire()
    }
    defer { navigation.cancel() }
    try await Wait(timeout: timeout ?? WaitDefaults.current.navigationTimeout, triggers: [trigger]).require(
      "\(url) to load",
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      guard let result = answer.withLock({ $0 }) else { return false }
      let answer = try result.get()
      if let failure = answer.errorText {
        throw BrowserError.navigationFailed("\(url): \(failure)")
      }
      // A navigation within the document (a `#fragment`) loads nothing.
      guard let loaderID = answer.loaderID else { return true }
      return hasLoaded(loaderID)
    }
  }

  /// Opens `url` in this page and waits until it has loaded.
  ///
  /// The same as ``goto(_:timeout:callSite:fileID:filePath:line:column:)-(String,_,_,_,_,_,_)``,
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
  /// - Throws: As the `String` form does.
  public func goto(
    _ url: URL,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    try await goto(
      url.absoluteString, timeout: timeout,
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Loads the page's current document again and waits until the new one
  /// has loaded, as the browser's reload button does.
  ///
  /// The wait is for a document committed after the reload started to fire
  /// its load event; the new document reports its changes as the old one
  /// did, so waits wake on them as before.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the load; `nil` takes the scope's
  ///     navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when it does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func reload(
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let before = load.withLock { $0.commitCount }
    try await send(DevTools.Page.Reload())
    try await Wait(timeout: timeout ?? WaitDefaults.current.navigationTimeout, triggers: [trigger]).require(
      "the page to load again",
      callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    ) {
      load.withLock { $0.loadedCommit > before }
    }
  }

  /// Goes back one entry in the page's history, as the browser's back
  /// button does, and waits until the page shows it: Playwright's `goBack`.
  ///
  /// The wait is for the history to stand at the entry before and, when
  /// that entry is another document, for it to have loaded. An entry of the
  /// same document (`pushState`, a `#fragment`) is there at once.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the entry; `nil` takes the scope's
  ///     navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: `false`, having done nothing, when the history has no entry
  ///   before this one; `true` once the page shows it.
  /// - Throws: `WaitTimeoutError` when the entry does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  @discardableResult
  public func goBack(
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Bool {
    try await moveInHistory(
      by: -1, timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Goes forward one entry in the page's history, as the browser's forward
  /// button does, and waits until the page shows it: Playwright's
  /// `goForward`.
  ///
  /// The wait is as ``goBack(timeout:callSite:fileID:filePath:line:column:)``'s.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the entry; `nil` takes the scope's
  ///     navigation timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: `false`, having done nothing, when the history has no entry
  ///   after this one; `true` once the page shows it.
  /// - Throws: `WaitTimeoutError` when the entry does not load in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  @discardableResult
  public func goForward(
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Bool {
    try await moveInHistory(
      by: 1, timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Moves `offset` entries in the history and waits until the page shows
  /// the entry; `false` when there is none there.
  private func moveInHistory(
    by offset: Int, timeout: Duration?, at location: CallSite
  ) async throws -> Bool {
    let history = try await send(DevTools.Page.GetNavigationHistory())
    let current = history.currentIndex
    guard history.entries.indices.contains(current + offset) else { return false }
    let entry = history.entries[current + offset]
    let address = entry.url.isEmpty ? "the entry" : entry.url
    try await send(DevTools.Page.NavigateToHistoryEntry(entryID: entry.id))
    // A navigation to another document is under way from the moment the
    // history stands at its entry until it loads.
    try await Wait(timeout: timeout ?? WaitDefaults.current.navigationTimeout, triggers: [trigger]).require(
      "\(address) to show again", callSite: location
    ) {
      // While the new document takes the page's place, Chromium may refuse
      // to say where the history stands: not yet.
      let now: DevTools.Page.GetNavigationHistory.Answer
      do {
        now = try await send(DevTools.Page.GetNavigationHistory())
      } catch let error as BrowserError where error == .commandFailed {
        return false
      }
      return now.currentIndex == current + offset && !load.withLock { $0.navigating }
    }
    return true
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

  /// Updates the loading state from an event and wakes the waits.
  func handle(_ notification: DevToolsConnection.Notification) {
    guard case .event(let event) = notification else {
      trigger.fire()
      networkTrigger.fire()
      openingsTrigger.fire()
      return
    }
    if handleNetwork(event) { return }
    switch event.method {
    case "Page.frameStartedNavigating", "Page.frameStartedLoading":
      guard mainFrame(event.params["frameId"]) else { return }
      load.withLock { state in
        state.navigating = true
        state.navigationCount += 1
      }
    case "Page.frameNavigated":
      guard let frame = event.params["frame"], frame["parentId"] == nil else { return }
      load.withLock { state in
        state.commitCount += 1
        if let loaderID = frame["loaderId"]?.string { state.commits[loaderID] = state.commitCount }
        let oldest = state.commitCount - 64
        state.commits = state.commits.filter { $0.value > oldest }
        state.navigating = true
        state.navigationCount += 1
      }
    case "Page.loadEventFired":
      load.withLock { state in
        state.loadedCommit = state.commitCount
        state.navigating = false
      }
    case "Runtime.bindingCalled":
      guard event.params["name"]?.string == Self.bindingName else { return }
    case "Page.frameStoppedLoading":
      // A navigation that loads nothing (a download, a 204) stops here.
      if mainFrame(event.params["frameId"]) { load.withLock { $0.navigating = false } }
    case "Fetch.requestPaused":
      requestPaused(event.params)
      return
    case "Page.lifecycleEvent":
      lifecycleEvent(event.params)
    case "Page.fileChooserOpened":
      fileChooserOpened(event.params)
      return
    case "Target.attachedToTarget":
      frameAttached(event.params, parent: sessionID)
      return
    case "Target.detachedFromTarget":
      frameDetached(event.params)
      return
    case "Page.javascriptDialogOpening":
      // Answered at once, so that no dialog blocks the page.
      dialogOpened(event.params)
      return
    case "Page.domContentEventFired":
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
