@_spi(Integrations) public import AsyncWait
import Foundation

// JavaScript dialogs: answered as they open, never left to block the page.
extension BrowserPage {
  /// What the page knows of its dialogs.
  struct DialogState {
    /// The handler of ``onDialog(_:)``; `nil` dismisses.
    var handler: (@Sendable (BrowserDialog) async throws -> BrowserDialog.Response)?
    /// The answer a ``waitForDialog(answering:timeout:isolation:callSite:fileID:filePath:line:column:during:)``
    /// gives the next dialog that opens, in place of the handler, and the
    /// wait's number.
    var pending: (wait: Int, response: BrowserDialog.Response?)?
    /// The number of the last dialog wait begun.
    var waits = 0
    /// How many dialogs the page has opened: each is numbered as its event
    /// comes, before it is answered.
    var opened = 0
    /// Every dialog the page opened and answered, with its number, oldest
    /// first (the latest ``mostKeptDialogs``).
    var log: [(number: Int, dialog: BrowserDialog)] = []
    /// The first handler error no action or wait has thrown yet.
    var unreported: BrowserDialog?
  }

  /// The most dialogs ``dialogs`` keeps.
  static let mostKeptDialogs = 100

  /// Answers the page's dialogs with `handler` from now on, as Playwright's
  /// `page.on('dialog', …)` does; `nil` restores the default, which
  /// dismisses each (and accepts a `beforeunload` prompt).
  ///
  /// The handler runs as each dialog opens, outside any test's task, and
  /// returns the answer; the page stays blocked until it does. A dialog
  /// wait's own answer replaces it for the dialog the wait is for. When it
  /// throws, the dialog gets the default answer, the error is kept in the
  /// dialog's ``BrowserDialog/handlerError``, and the page's next action or
  /// dialog wait throws ``BrowserError/dialogHandlerFailed`` with it, once.
  /// A test that takes neither step after it sees it only in ``dialogs``.
  ///
  /// ```swift
  /// page.onDialog { dialog in
  ///   dialog.kind == .prompt ? .accept(promptText: "Ada") : .accept()
  /// }
  /// ```
  ///
  /// - Parameter handler: What answers each dialog; `nil` to dismiss each.
  public func onDialog(_ handler: (@Sendable (BrowserDialog) async throws -> BrowserDialog.Response)?) {
    dialogState.withLock { $0.handler = handler }
  }

  /// The dialogs the page has opened, oldest first, each with how it was
  /// answered (the latest 100).
  public var dialogs: [BrowserDialog] {
    dialogState.withLock { $0.log.map(\.dialog) }
  }

  /// Runs `action`, then waits for the first dialog the page opens from the
  /// moment it began, answered with `response`: Playwright's
  /// `page.waitForEvent('dialog')` around the step that opens it.
  ///
  /// The answer is given as the dialog opens, so the step that opened it
  /// (a click that waits for the page's handler to return) goes on at
  /// once. The dialog's event wakes the wait; polling stays as the safety
  /// net. The dialog the wait is for is the first whose event came after
  /// the wait began.
  ///
  /// ```swift
  /// let dialog = try await page.waitForDialog(
  ///   answering: .accept(promptText: "Ada")
  /// ) {
  ///   try await page.click(page.buttons["Rename"])
  /// }
  /// #expect(dialog.kind == .prompt)
  /// #expect(dialog.message == "New name?")
  /// ```
  ///
  /// - Parameters:
  ///   - response: How to answer the dialog; `nil` leaves it to the page's
  ///     handler (``onDialog(_:)``), or to the default answer when there is
  ///     none.
  ///   - timeout: How long to wait for a dialog once `action` has returned;
  ///     `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that opens the dialog.
  /// - Returns: The dialog, with its kind, message and answer.
  /// - Throws: `WaitTimeoutError` when no dialog opened in time, naming the
  ///   dialogs the page had opened before; ``BrowserError/dialogHandlerFailed``
  ///   when the page's handler threw for it or for an earlier dialog; what
  ///   `action` throws; `CancellationError`.
  @discardableResult
  public func waitForDialog(
    answering response: BrowserDialog.Response? = nil,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserDialog {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try throwUnreportedDialogFailure(at: site)
    let (wait, start) = dialogState.withLock { state in
      state.waits += 1
      state.pending = (state.waits, response)
      return (state.waits, state.opened)
    }
    // The answer is for this wait's dialog only: a later one goes to the
    // handler, and a wait that ends without a dialog leaves none behind.
    defer {
      dialogState.withLock { state in
        if state.pending?.wait == wait { state.pending = nil }
      }
    }
    let dialog = try await browser.waitForEvent(
      "a dialog to open", after: start, timeout: timeout, trigger: trigger, at: site, during: action
    ) { [self] start in
      dialogObservation(since: start)
    } event: { [self] number in
      // The first dialog that opened after the wait began, once answered.
      dialogState.withLock { state in state.log.first { $0.number == number }?.dialog }
    }
    if dialog.handlerError != nil {
      dialogState.withLock { state in
        if state.unreported == dialog { state.unreported = nil }
      }
      throw FailureRecording.report(Self.handlerFailure(dialog), at: site)
    }
    return dialog
  }

  /// What a dialog wait's timeout says it saw.
  private func dialogObservation(since start: Int) -> String {
    let (opened, earlier) = dialogState.withLock { ($0.opened, $0.log.suffix(3).map(\.dialog)) }
    if opened > start {
      // Opened, and still unanswered: its handler has not returned.
      return "a dialog opened after the wait began, and its handler has not answered it"
    }
    guard !earlier.isEmpty else { return "no dialog opened on the page" }
    return "no dialog opened after the wait began; the last before it: "
      + earlier.map(\.description).joined(separator: "; ")
  }

  /// Throws, once, what the page's dialog handler threw for a dialog no
  /// action or wait has reported yet.
  func throwUnreportedDialogFailure(at site: CallSite) throws {
    let unreported = dialogState.withLock { state in
      defer { state.unreported = nil }
      return state.unreported
    }
    guard let dialog = unreported else { return }
    throw FailureRecording.report(Self.handlerFailure(dialog), at: site)
  }

  private static func handlerFailure(_ dialog: BrowserDialog) -> BrowserError {
    .dialogHandlerFailed(
      "\(dialog.handlerError ?? "an error"); the \(dialog.kind.rawValue) \(String(reflecting: dialog.message)) "
        + (dialog.response == .dismiss ? "was dismissed" : "was accepted"))
  }

  /// Numbers a dialog as its event comes and takes the answer of a wait
  /// for it, then answers it in a task of its own.
  ///
  /// Runs on the connection's reader, in the order of the page's events,
  /// so that a dialog that opened before a wait began never takes its
  /// answer.
  func dialogOpened(_ parameters: JSONValue) {
    let (number, pending, handler) = dialogState.withLock { state in
      state.opened += 1
      defer { state.pending = nil }
      return (state.opened, state.pending, state.handler)
    }
    Task { await answerDialog(parameters, number: number, answer: pending?.response, handler: handler) }
  }

  /// Answers a dialog: with the wait's answer, the handler's, or the
  /// default (``defaultResponse(to:)``); then logs it and wakes the waits.
  private func answerDialog(
    _ parameters: JSONValue, number: Int, answer: BrowserDialog.Response?,
    handler: (@Sendable (BrowserDialog) async throws -> BrowserDialog.Response)?
  ) async {
    var dialog = BrowserDialog(
      kind: parameters["type"]?.string.flatMap(BrowserDialog.Kind.init(rawValue:)) ?? .alert,
      message: parameters["message"]?.string ?? "",
      defaultPromptText: parameters["defaultPrompt"]?.string ?? "",
      url: parameters["url"]?.string ?? "")
    var response = Self.defaultResponse(to: dialog.kind)
    if let answer {
      response = answer
    } else if let handler {
      do {
        response = try await handler(dialog)
      } catch {
        dialog.handlerError = String(describing: error)
      }
    }
    dialog.response = response
    var promptText: String?
    if case .accept(let text?) = response { promptText = text }
    let command = DevTools.Page.HandleJavaScriptDialog(accept: response != .dismiss, promptText: promptText)
    // A slow answer is sent again; any other error means the page, and
    // its dialog with it, went away.
    for _ in 0..<3 {
      do {
        try await send(command)
        break
      } catch let error as BrowserError where error == .commandTimedOut {
        continue
      } catch {
        break
      }
    }
    dialogState.withLock { state in
      state.log.append((number, dialog))
      if state.log.count > Self.mostKeptDialogs {
        state.log.removeFirst(state.log.count - Self.mostKeptDialogs)
      }
      if dialog.handlerError != nil, state.unreported == nil { state.unreported = dialog }
    }
    trigger.fire()
  }

  /// What a dialog no one answers gets, as in Playwright: a `beforeunload`
  /// prompt is accepted, so that the page leaves; every other is dismissed.
  static func defaultResponse(to kind: BrowserDialog.Kind) -> BrowserDialog.Response {
    kind == .beforeUnload ? .accept() : .dismiss
  }
}
