import AsyncWait
public import AsyncWaitElements
import Foundation

// The actions of the keyboard: typing, filling, clearing, pressing keys and
// focusing. Each first waits until its element is ready
// (BrowserPage+Actionability.swift).
extension BrowserPage {
  /// Types text into an element, once it is ready for typing.
  ///
  /// First waits until the element exists, is enabled, is visible, holds
  /// still, and takes text (a text field, a text area, a content-editable,
  /// not read-only); then focuses it and inserts `text` at the caret, as
  /// typing it would. The page's `input` event fires. A line break in
  /// `text` is inserted as text, not pressed as Enter: use
  /// ``press(_:on:timeout:callSite:fileID:filePath:line:column:)`` for that.
  ///
  /// ```swift
  /// try await page.type("Milk", into: page.textFields["name"])
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text to insert.
  ///   - element: The element, such as `page.textFields["name"]`.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the element is not ready in time,
  ///   saying which condition was unmet (as for a click, or `it does not
  ///   take text`); as ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func type(
    _ text: String,
    into element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .type, timeout: timeout, at: site)
    try await focus(target.backendNodeID)
    try await send(DevTools.Input.InsertText(text: text))
  }

  /// Replaces a field's text, once it is ready for filling.
  ///
  /// Waits until the element exists, is enabled, is visible and takes text
  /// (it need not hold still), then focuses it, selects all its text and
  /// types `text` over it; an empty `text` deletes it. The page's `input`
  /// event fires.
  ///
  /// ```swift
  /// let email = page.descendants(labelled: "Email")
  /// try await page.fill(email, with: "ada@example.com")
  /// ```
  ///
  /// - Parameters:
  ///   - element: The text field, text area or content-editable.
  ///   - text: The new text.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``type(_:into:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func fill(
    _ element: some ElementLocator<BrowserNode>,
    with text: String,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .fill, timeout: timeout, at: site)
    try await replaceText(of: target, with: text)
  }

  /// Deletes a field's text, once it is ready for filling: `fill(element, with: "")`.
  ///
  /// - Parameters:
  ///   - element: The text field, text area or content-editable.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``type(_:into:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func clear(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .fill, timeout: timeout, at: site)
    try await replaceText(of: target, with: "")
  }

  /// Presses a key, or a chord of modifiers and a key, on an element.
  ///
  /// Waits until the element exists (no other check: a key goes where the
  /// focus is), focuses it, then sends each modifier down, the key down and
  /// up, and each modifier up, as a keyboard would: `Enter` in a form's
  /// field submits the form, `Escape` closes a dialog.
  ///
  /// Keys: a single printable ASCII character (`a`, `A`, `1`, `/`), or `Enter`,
  /// `Tab`, `Escape`, `Backspace`, `Delete`, `Space`, `ArrowLeft`,
  /// `ArrowUp`, `ArrowRight`, `ArrowDown`, `Home`, `End`, `PageUp`,
  /// `PageDown`; modifiers `Shift`, `Control`, `Alt`, `Meta`, joined with
  /// `+`: `"Shift+Tab"`, `"Control+a"`.
  ///
  /// ```swift
  /// let newToDo = page.descendants(withPlaceholder: "What needs to be done?")
  /// try await page.press("Enter", on: newToDo)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key or chord.
  ///   - element: The element to focus and press the key on.
  ///   - timeout: How long to wait for it to exist; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: ``BrowserError/invalidArgument`` for a key or modifier it
  ///   does not know, before waiting; as ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func press(
    _ key: String,
    on element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let chord = try KeyChord(key)
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .press, timeout: timeout, at: site)
    try await focus(target.backendNodeID)
    for event in chord.events {
      try await send(event)
    }
  }

  /// Gives an element the keyboard focus, once it exists.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - timeout: How long to wait for it to exist; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does;
  ///   ``BrowserError/commandFailed`` for an element that cannot take the focus.
  public func focus(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .focus, timeout: timeout, at: site)
    try await focus(target.backendNodeID)
  }
}
