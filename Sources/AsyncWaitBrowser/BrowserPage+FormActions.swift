import AsyncWait
public import AsyncWaitElements
import Foundation

// The actions of forms and events: choosing a <select>'s options, setting
// a file input's files, and dispatching a DOM event. Each first waits
// until its element is ready (BrowserPage+Actionability.swift).
extension BrowserPage {
  /// Selects options of a `<select>`, by value or by label, once it is
  /// ready.
  ///
  /// Waits until the element exists, is enabled, is visible, is a
  /// `<select>`, and has an option for each of `options` whose `value` or
  /// visible label is that text; then selects those options (the only ones
  /// selected) and fires the page's `input` and `change` events. More than
  /// one option needs a `<select multiple>`.
  ///
  /// ```swift
  /// let colour = page.descendants(labelled: "Colour")
  /// try await page.selectOption("Blue", in: colour)
  /// ```
  ///
  /// - Parameters:
  ///   - options: The options' values or labels.
  ///   - element: The `<select>`.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` as for a click, with `it is not a
  ///   <select>` or `it has no option "…"` among the unmet conditions; the
  ///   wait's comment names the options.
  public func selectOption(
    _ options: String...,
    in element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    _ = try await ready(element.element, for: .selectOption, timeout: timeout, at: site, selecting: options)
  }

  /// Sets the files of a file input, once it exists, as choosing them in
  /// the file dialog would; the page's `input` and `change` events fire.
  ///
  /// ```swift
  /// let avatar = page.descendants(labelled: "Avatar")
  /// try await page.setInputFiles(["/tmp/avatar.png"], on: avatar)
  /// ```
  ///
  /// - Parameters:
  ///   - paths: Paths of local files; empty to clear the input.
  ///   - element: The `<input type="file">`.
  ///   - timeout: How long to wait for it to exist; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: ``BrowserError/invalidArgument`` for a path with no file,
  ///   before waiting; ``BrowserError/commandFailed`` when the element is not
  ///   a file input; as ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func setInputFiles(
    _ paths: [String],
    on element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let absolute = try Self.absolutePaths(paths)
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .setInputFiles, timeout: timeout, at: site)
    try await setFiles(absolute, onNode: target.backendNodeID)
  }

  /// Dispatches a DOM event on an element, once it exists, whether or not
  /// it is visible or enabled: Playwright's `dispatchEvent`.
  ///
  /// The event is of the interface its type belongs to (`MouseEvent` for
  /// `click`, `FocusEvent` for `blur`, `KeyboardEvent` for `keydown`,
  /// `PointerEvent`, `TouchEvent`, `DragEvent`, `WheelEvent`, `InputEvent`;
  /// `Event` otherwise), and bubbles, can be cancelled and crosses shadow
  /// roots unless `eventInit` says otherwise. Nothing else happens: an
  /// element that is blurred this way keeps the focus.
  ///
  /// ```swift
  /// try await page.dispatchEvent("blur", on: page.textFields["new-todo"])
  /// try await page.dispatchEvent(
  ///   "keydown", on: editor, eventInit: "{ key: 'Escape' }")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The event's type, such as `click` or `blur`.
  ///   - element: The element.
  ///   - eventInit: A JavaScript object literal of the event's properties,
  ///     given to its constructor; `{}` by default.
  ///   - timeout: How long to wait for the element to exist; `nil` takes the
  ///     scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``focus(_:timeout:callSite:fileID:filePath:line:column:)``
  ///   does; ``BrowserError/commandFailed`` when `eventInit` is not an
  ///   object literal or the element went away.
  public func dispatchEvent(
    _ type: String,
    on element: some ElementLocator<BrowserNode>,
    eventInit: String = "{}",
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .dispatchEvent, timeout: timeout, at: site)
    let declaration = PageScript.dispatchEvent.replacingOccurrences(of: "EVENT_INIT", with: eventInit)
    guard
      try await callFunction(
        on: target.backendNodeID, declaration, [.string(type)],
        named: "dispatching \(String(reflecting: type))")
        != nil
    else { throw BrowserError.commandFailed(Self.detached) }
  }
}
