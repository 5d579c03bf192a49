import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Testing

/// JavaScript dialogs (`BrowserPage+Dialogs.swift`), on the page of dialogs.
///
/// Dismissed by default, answered by a handler or by the wait for one, and
/// never left open to block the page. Each test has a twin in
/// Playwright (`Playwright/dialogs.py`), which `Scripts/test-browser.sh`
/// runs against the same page.
@Suite(.timeLimit(.minutes(2)))
struct DialogTests {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "Refused()" }
  }

  /// The page's status line, which says how the last dialog was answered
  /// and counts the answers.
  func status(of page: BrowserPage) -> TreeElement<BrowserNode> {
    page.descendants(identifiedBy: "status").element
  }

  @Test func everyDialogIsDismissedByDefault() async throws {
    try await withPage("/dialogs") { page in
      // Each click returns: the dialog it opened does not block the page.
      try await page.click(page.buttons["Save"], timeout: patience)
      try await status(of: page).require(.text("alerted 1"), timeout: patience)
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 2"), timeout: patience)
      try await page.click(page.buttons["Rename"], timeout: patience)
      try await status(of: page).require(.text("not renamed 3"), timeout: patience)

      #expect(
        page.dialogs.map(\.description) == [
          #"alert "Saved", dismissed"#, #"confirm "Delete the draft?", dismissed"#,
          #"prompt "New name?", dismissed"#,
        ])
      #expect(page.dialogs.last?.defaultPromptText == "Draft")
      #expect(page.dialogs.last?.url.hasSuffix("/dialogs") == true)
    }
  }

  @Test func aPageLeavesThroughItsBeforeUnloadPrompt() async throws {
    try await withPage("/dialogs") { page in
      // The page asks to stay; by default, as in Playwright, it leaves.
      try await page.click(page.buttons["Leave"], timeout: patience)
      try await page.require(url: .containing("/other"), timeout: patience)
      #expect(page.dialogs.map(\.kind) == [.beforeUnload])
      #expect(page.dialogs.last?.response == .accept())
    }
  }

  @Test func theWaitForADialogAnswersItAndReturnsIt() async throws {
    try await withPage("/dialogs") { page in
      let confirm = try await page.waitForDialog(answering: .accept(), timeout: patience) {
        try await page.click(page.buttons["Delete"], timeout: patience)
      }
      #expect(confirm.kind == .confirm)
      #expect(confirm.message == "Delete the draft?")
      #expect(confirm.response == .accept())
      try await status(of: page).require(.text("deleted 1"), timeout: patience)

      let prompt = try await page.waitForDialog(answering: .accept(promptText: "Ada"), timeout: patience) {
        try await page.click(page.buttons["Rename"], timeout: patience)
      }
      #expect(prompt.description == #"prompt "New name?", accepted with "Ada""#)
      try await status(of: page).require(.text("renamed to Ada 2"), timeout: patience)

      // Accepted with no text: an empty one, as in Playwright.
      try await page.waitForDialog(answering: .accept(), timeout: patience) {
        try await page.click(page.buttons["Rename"], timeout: patience)
      }
      try await status(of: page).require(.text("renamed to 3"), timeout: patience)

      // The answer was for the awaited dialog only: the next is dismissed.
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 4"), timeout: patience)
    }
  }

  @Test func aDialogThatOpensAfterTheStepReturnsIsAwaited() async throws {
    try await withPage("/dialogs") { page in
      // The page asks 300 ms after the click has returned.
      let dialog = try await page.waitForDialog(answering: .accept(), timeout: patience) {
        try await page.click(page.buttons["Ask later"], timeout: patience)
      }
      #expect(dialog.message == "Later?")
      try await status(of: page).require(.text("later: yes 1"), timeout: patience)
    }
  }

  @Test func aHandlerAnswersEveryDialogUntilItIsRemoved() async throws {
    try await withPage("/dialogs") { page in
      page.onDialog { dialog in
        dialog.kind == .prompt ? .accept(promptText: "Bo") : .accept()
      }
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("deleted 1"), timeout: patience)
      try await page.click(page.buttons["Rename"], timeout: patience)
      try await status(of: page).require(.text("renamed to Bo 2"), timeout: patience)

      // A wait with no answer of its own leaves the dialog to the handler.
      let dialog = try await page.waitForDialog(timeout: patience) {
        try await page.click(page.buttons["Delete"], timeout: patience)
      }
      #expect(dialog.response == .accept())
      try await status(of: page).require(.text("deleted 3"), timeout: patience)

      page.onDialog(nil)
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 4"), timeout: patience)
    }
  }

  @Test func aHandlerThatThrowsDismissesAndTheNextActionSaysSo() async throws {
    try await withPage("/dialogs") { page in
      page.onDialog { _ in throw Refused() }
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 1"), timeout: patience)
      #expect(page.dialogs.last?.handlerError == "Refused()")

      // The next action throws what the handler threw, once.
      let error = await #expect(throws: BrowserError.dialogHandlerFailed) {
        try await page.click(page.buttons["Save"], timeout: patience)
      }
      #expect(
        error?.description
          == #"The page's dialog handler threw: Refused(); the confirm "Delete the draft?" was dismissed"#)
      page.onDialog(nil)
      try await page.click(page.buttons["Save"], timeout: patience)
      try await status(of: page).require(.text("alerted 2"), timeout: patience)
    }
  }

  @Test func aDialogWaitThrowsAnEarlierHandlerErrorBeforeItsStep() async throws {
    try await withPage("/dialogs") { page in
      page.onDialog { _ in throw Refused() }
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 1"), timeout: patience)
      page.onDialog(nil)
      var ran = false
      await #expect(throws: BrowserError.dialogHandlerFailed) {
        try await page.waitForDialog(timeout: patience) { ran = true }
      }
      #expect(!ran)
    }
  }

  @Test func aDialogWaitWhoseHandlerThrowsThrowsItself() async throws {
    try await withPage("/dialogs") { page in
      page.onDialog { _ in throw Refused() }
      await #expect(throws: BrowserError.dialogHandlerFailed) {
        try await page.waitForDialog(timeout: patience) {
          try await page.click(page.buttons["Rename"], timeout: patience)
        }
      }
      try await status(of: page).require(.text("not renamed 1"), timeout: patience)
      // Reported by the wait: the next action does not throw it again.
      page.onDialog(nil)
      try await page.click(page.buttons["Save"], timeout: patience)
    }
  }

  @Test func aWaitForADialogThatNeverOpensNamesTheLastOnes() async throws {
    try await withPage("/dialogs") { page in
      try await page.click(page.buttons["Save"], timeout: patience)
      try await status(of: page).require(.text("alerted 1"), timeout: patience)

      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.waitForDialog(answering: .accept(), timeout: .milliseconds(300)) {}
      }
      let text = error?.description ?? ""
      #expect(text.contains(#"waiting for "a dialog to open""#), "\(text)")
      let observed = #"no dialog opened after the wait began; the last before it: alert "Saved", dismissed"#
      #expect(text.contains(observed), "\(text)")
      // The answer it held goes to no later dialog.
      try await page.click(page.buttons["Delete"], timeout: patience)
      try await status(of: page).require(.text("kept 2"), timeout: patience)
    }
  }

  @Test func theStepRunsOnTheCallersActor() async throws {
    try await withPage("/dialogs") { page in
      try await Self.dismissTheDeleteDialog(on: page)
    }
  }

  /// A wait for a dialog from the main actor, whose step must run there.
  @MainActor
  static func dismissTheDeleteDialog(on page: BrowserPage) async throws {
    let dialog = try await page.waitForDialog(answering: .dismiss, timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Delete"], timeout: patience)
      MainActor.assertIsolated()
    }
    #expect(dialog.response == .dismiss)
  }
}
