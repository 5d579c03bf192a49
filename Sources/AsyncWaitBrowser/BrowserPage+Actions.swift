import AsyncWait
public import AsyncWaitElements
import Foundation

/// Every action takes an ``ElementLocator``: a tree element such as
/// `page.buttons["add-item"]`, or a query such as
/// `page.descendants(matching: .button, named: "Add item")`. Each first waits,
/// with this package's waits and on the page's ``BrowserPage/trigger``, until
/// the element is ready for it: Playwright's actionability checks, as the
/// action needs them (see "Testing a web page" for the table). An action is
/// strict: it also waits until the locator names one element where it says
/// "the element" (a subscript, a query), and when it still names several at
/// the timeout, its failure lists them; `firstMatch`, `lastMatch` and
/// `element(boundBy:)` say which.
///
/// The pointer stays where the last pointer action left it: the centre of
/// the element clicked, double-clicked, hovered, checked or unchecked.
extension BrowserPage {
  /// Playwright's actionability checks.
  struct Checks: OptionSet {
    let rawValue: Int
    /// Not disabled.
    static let enabled = Checks(rawValue: 1)
    /// A box of non-zero size.
    static let visible = Checks(rawValue: 2)
    /// The same box in two snapshots one after the other.
    static let stable = Checks(rawValue: 4)
    /// A text field, text area or content-editable, not read-only.
    static let editable = Checks(rawValue: 8)
    /// Scrolled into view, with nothing on top of the centre of its box.
    static let receivesEvents = Checks(rawValue: 16)
    /// Has a checked state: a checkbox, a radio button, a switch.
    static let checkable = Checks(rawValue: 32)

    /// What pointer actions need: click, double-click, check, uncheck.
    static let pointer: Checks = [.enabled, .visible, .stable, .receivesEvents]
  }

  /// An action, with the checks it needs and how its readiness reads.
  struct Action {
    /// The action, as "ready for …" says it: "a click", "typing".
    var name: String
    var checks: Checks
    /// What the element must receive, when it must receive events: "the click".
    var received = "the click"

    static let click = Action(name: "a click", checks: .pointer)
    static let doubleClick = Action(name: "a double click", checks: .pointer, received: "the double click")
    static let hover = Action(
      name: "hovering", checks: [.visible, .stable, .receivesEvents], received: "the pointer")
    static let check = Action(name: "checking", checks: Checks.pointer.union(.checkable))
    static let uncheck = Action(name: "unchecking", checks: Checks.pointer.union(.checkable))
    static let type = Action(name: "typing", checks: [.enabled, .visible, .stable, .editable])
    static let fill = Action(name: "filling", checks: [.enabled, .visible, .editable])
    static let selectOption = Action(name: "selecting an option", checks: [.enabled, .visible])
    static let press = Action(name: "a key press", checks: [])
    static let focus = Action(name: "focusing", checks: [])
    static let setInputFiles = Action(name: "setting its files", checks: [])
    static let dispatchEvent = Action(name: "an event", checks: [])

    /// "ready for a click: to exist, be enabled, be visible, hold still and
    /// receive the click".
    var readiness: String {
      var parts = ["exist"]
      if checks.contains(.enabled) { parts.append("be enabled") }
      if checks.contains(.visible) { parts.append("be visible") }
      if checks.contains(.stable) { parts.append("hold still") }
      if checks.contains(.checkable) { parts.append("have a checked state") }
      if checks.contains(.receivesEvents) { parts.append("receive \(received)") }
      if checks.contains(.editable) { parts.append("take text") }
      let listed =
        parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
      return "ready for \(name): to \(listed)"
    }
  }

  /// The element an action acts on, found ready, and where to click it.
  struct Target {
    var node: BrowserNode
    var backendNodeID: Int
    var point: (x: Double, y: Double)?
  }

  /// Clicks an element, once it is ready for a click.
  ///
  /// First waits until the element exists, is enabled, is visible (it has a
  /// box of non-zero size), holds still (the same box in two snapshots one
  /// after the other), and receives the click (scrolled into view, no other
  /// element is on top of the centre of its box); then clicks there with the
  /// left mouse button, and leaves the pointer there.
  ///
  /// ```swift
  /// try await page.click(page.buttons["add-item"])
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element, such as `page.buttons["add-item"]`.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the element is not ready in time; its
  ///   last observation says which condition the last probe found unmet
  ///   (`it does not exist`, `it is not enabled`, `it is not visible`, `it
  ///   does not hold still`, `it does not receive the click`), with a dump of
  ///   the page; `it is not one element` lists the matches of a locator that
  ///   names several. ``BrowserError`` when Chromium goes away;
  ///   `CancellationError`.
  public func click(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .click, timeout: timeout, at: site)
    try await clickMouse(at: target, count: 1)
  }

  /// Double-clicks an element, once it is ready for a double click.
  ///
  /// Waits as ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does, then
  /// presses and releases the left button twice (the page sees two `click`
  /// events and one `dblclick`), and leaves the pointer there.
  ///
  /// ```swift
  /// try await page.doubleClick(page.descendants(withText: "Buy milk"))
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func doubleClick(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .doubleClick, timeout: timeout, at: site)
    try await clickMouse(at: target, count: 2)
  }

  /// Moves the pointer over an element, once it is ready for hovering.
  ///
  /// Waits until the element exists, is visible, holds still and receives
  /// the pointer (it need not be enabled), then moves the pointer to the
  /// centre of its box, where it stays: `:hover` styles apply and elements
  /// shown on hover appear.
  ///
  /// ```swift
  /// try await page.hover(page.cells["item-2"])
  /// try await page.click(page.cells["item-2"].buttons["Remove"])
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func hover(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .hover, timeout: timeout, at: site)
    guard let (x, y) = target.point else { return }
    try await movePointer(toX: x, y: y)
  }

  /// Checks a checkbox, radio button or switch, unless it is checked.
  ///
  /// Waits as for a click, and also until the element has a checked state;
  /// when it is not checked, clicks it and waits until it is.
  ///
  /// ```swift
  /// try await page.check(page.descendants(labelled: "Remember me"))
  /// ```
  ///
  /// - Parameters:
  ///   - element: The checkbox, radio button or switch.
  ///   - timeout: How long to wait for it to be ready, and then as long
  ///     again for it to be checked; `nil` takes the scope's default
  ///     timeout.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does,
  ///   with `it has no checked state` among the unmet conditions; a
  ///   `WaitTimeoutError` when the click does not check it.
  public func check(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await setChecked(true, element.element, timeout: timeout, at: site)
  }

  /// Unchecks a checkbox or switch, unless it is unchecked.
  ///
  /// Waits as ``check(_:timeout:callSite:fileID:filePath:line:column:)`` does; when
  /// it is checked, clicks it and waits until it is not. A checked radio
  /// button is refused with ``BrowserError/invalidArgument``: a click does
  /// not uncheck it.
  ///
  /// - Parameters:
  ///   - element: The checkbox or switch.
  ///   - timeout: How long to wait for it to be ready, and then as long
  ///     again for it to be unchecked; `nil` takes the scope's default
  ///     timeout.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``check(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  public func uncheck(
    _ element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    try await setChecked(false, element.element, timeout: timeout, at: site)
  }

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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .type, timeout: timeout, at: site)
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
    _ = try await send("Input.insertText", ["text": .string(text)])
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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .fill, timeout: timeout, at: site)
    try await replaceText(of: target, with: text)
  }

  /// Deletes a field's text, once it is ready for filling: `fill(element, with: "")`.
  ///
  /// - Parameters:
  ///   - element: The text field, text area or content-editable.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///     default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .press, timeout: timeout, at: site)
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
    for event in chord.events {
      _ = try await send("Input.dispatchKeyEvent", event)
    }
  }

  /// Gives an element the keyboard focus, once it exists.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - timeout: How long to wait for it to exist; `nil` takes the scope's
  ///     default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .focus, timeout: timeout, at: site)
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
  }

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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///     default timeout.
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
    var absolute: [JSONValue] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
      else {
        throw BrowserError.invalidArgument("there is no file at \(path)")
      }
      absolute.append(.string(URL(fileURLWithPath: path).standardizedFileURL.path))
    }
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .setInputFiles, timeout: timeout, at: site)
    _ = try await send(
      "DOM.setFileInputFiles",
      ["files": .array(absolute), "backendNodeId": .number(Double(target.backendNodeID))])
  }

  /// Presses and releases the left button `count` times at the target's
  /// point, after moving the pointer there.
  private func clickMouse(at target: Target, count: Int) async throws {
    guard let (x, y) = target.point else { return }
    try await movePointer(toX: x, y: y)
    for clickCount in 1...count {
      for type in ["mousePressed", "mouseReleased"] {
        _ = try await send(
          "Input.dispatchMouseEvent",
          [
            "type": .string(type), "x": .number(x), "y": .number(y), "button": "left",
            "clickCount": .number(Double(clickCount)),
          ])
      }
    }
  }

  /// Moves the pointer to (x, y) in the page's viewport.
  private func movePointer(toX x: Double, y: Double) async throws {
    _ = try await send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": .number(x), "y": .number(y)])
  }

  /// Clicks a checkable element when its state is not `checked`, then waits
  /// until it is.
  private func setChecked(
    _ checked: Bool, _ element: TreeElement<BrowserNode>, timeout: Duration?, at site: CallSite
  ) async throws {
    let target = try await ready(element, for: checked ? .check : .uncheck, timeout: timeout, at: site)
    guard target.node.isChecked != checked else { return }
    if !checked && target.node.role == "radio" {
      throw BrowserError.invalidArgument(
        "\(element.elementDescription) is a radio button, which a click does not uncheck: check another of its group"
      )
    }
    try await clickMouse(at: target, count: 1)
    try await element.require(
      "clicking \(element.elementDescription) to \(checked ? "check" : "uncheck") it",
      for: \.isChecked, toEqual: checked, timeout: timeout, callSite: site)
  }

  /// Selects all of a focused field's text and types `text` over it, or
  /// deletes it when `text` is empty.
  private func replaceText(of target: Target, with text: String) async throws {
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
    guard try await callFunction(on: target.backendNodeID, Self.selectAllText) != nil else {
      throw BrowserError.commandFailed(Self.detached)
    }
    if text.isEmpty {
      for event in try KeyChord("Delete").events {
        _ = try await send("Input.dispatchKeyEvent", event)
      }
    } else {
      _ = try await send("Input.insertText", ["text": .string(text)])
    }
  }

  /// Selects all the text of a text field, text area or content-editable.
  static let selectAllText = """
    function () {
      if (this instanceof HTMLInputElement || this instanceof HTMLTextAreaElement) {
        this.select();
      } else {
        const range = document.createRange();
        range.selectNodeContents(this);
        const selection = this.ownerDocument.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      return "";
    }
    """

  /// Selects the options of a `<select>` whose value or label is one of
  /// the arguments and fires `input` and `change`; returns what is unmet,
  /// or "" when done.
  static let selectOptions = """
    function (...wanted) {
      if (!(this instanceof HTMLSelectElement)) return "it is not a <select>";
      if (wanted.length > 1 && !this.multiple) return "it takes one option, and " + wanted.length + " were given";
      const options = Array.from(this.options);
      const chosen = [];
      for (const text of wanted) {
        const option = options.find(o => o.value === text) || options.find(o => o.label.trim() === text.trim());
        if (!option) return "it has no option " + JSON.stringify(text);
        if (option.disabled) return "its option " + JSON.stringify(text) + " is disabled";
        chosen.push(option);
      }
      for (const option of options) option.selected = chosen.includes(option);
      this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      this.dispatchEvent(new Event("change", { bubbles: true }));
      return "";
    }
    """

  /// What a node that resolves to no script object is.
  static let detached = "the node is not in the document"

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
  ///     scope's default timeout.
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
    let site = callSite ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .dispatchEvent, timeout: timeout, at: site)
    let declaration = Self.dispatchEventFunction.replacingOccurrences(of: "EVENT_INIT", with: eventInit)
    guard
      try await callFunction(
        on: target.backendNodeID, declaration, [.string(type)],
        named: "dispatching \(String(reflecting: type))")
        != nil
    else { throw BrowserError.commandFailed(Self.detached) }
  }

  /// Dispatches an event of a type (its one argument) on `this`, with the
  /// properties `EVENT_INIT` gives, of the interface the type belongs to.
  static let dispatchEventFunction = """
    function(type) {
      const interfaces = [
        [MouseEvent, ["auxclick", "click", "contextmenu", "dblclick", "mousedown", "mouseenter",
          "mouseleave", "mousemove", "mouseout", "mouseover", "mouseup"]],
        [PointerEvent, ["gotpointercapture", "lostpointercapture", "pointercancel", "pointerdown",
          "pointerenter", "pointerleave", "pointermove", "pointerout", "pointerover", "pointerup"]],
        [KeyboardEvent, ["keydown", "keypress", "keyup"]],
        [FocusEvent, ["blur", "focus", "focusin", "focusout"]],
        [DragEvent, ["drag", "dragend", "dragenter", "dragexit", "dragleave", "dragover", "dragstart", "drop"]],
        [WheelEvent, ["wheel"]],
        [InputEvent, ["beforeinput", "input"]],
        [typeof TouchEvent === "function" ? TouchEvent : Event, ["touchcancel", "touchend", "touchmove", "touchstart"]],
      ];
      const found = interfaces.find(([, types]) => types.includes(type));
      const init = Object.assign({ bubbles: true, cancelable: true, composed: true }, (EVENT_INIT));
      this.dispatchEvent(new (found ? found[0] : Event)(type, init));
      return true;
    }
    """

  /// Calls a function on a DOM node, with arguments, and returns its result.
  ///
  /// - Parameters:
  ///   - backendNodeID: The node, `this` in the function.
  ///   - declaration: The function's source.
  ///   - arguments: Its arguments, as JSON values.
  ///   - name: How the function reads in the error when it throws.
  /// - Returns: What the function returned (`null` for nothing), or `nil`
  ///   when the node resolves to no script object.
  /// - Throws: ``BrowserError/commandFailed`` when Chromium refuses (the
  ///   node is gone) or the function throws.
  private func callFunction(
    on backendNodeID: Int, _ declaration: String, _ arguments: [JSONValue] = [],
    named name: String = "the function"
  ) async throws -> JSONValue? {
    let node: JSONValue = ["backendNodeId": .number(Double(backendNodeID))]
    guard let objectID = try await send("DOM.resolveNode", node)["object"]?["objectId"]?.string else {
      return nil
    }
    defer { Task { [self] in _ = try? await send("Runtime.releaseObject", ["objectId": .string(objectID)]) } }
    let answer = try await send(
      "Runtime.callFunctionOn",
      [
        "objectId": .string(objectID), "functionDeclaration": .string(declaration),
        "arguments": .array(arguments.map { ["value": $0] }), "returnByValue": true,
      ])
    if let exception = answer["exceptionDetails"] {
      throw BrowserError.commandFailed("\(name) threw: \(Self.text(ofException: exception))")
    }
    return answer["result"]?["value"] ?? .null
  }

  /// Waits until `element` is ready for `action`.
  ///
  /// Playwright's actionability checks, as one wait of this package. With
  /// `selecting`, selecting those options is part of the last check.
  private func ready(
    _ element: TreeElement<BrowserNode>, for action: Action, timeout: Duration?, at site: CallSite,
    selecting options: [String]? = nil
  ) async throws -> Target {
    var unmet = "it was not probed"
    var lastBox: BrowserNode.Box?
    let checks = action.checks
    func observe() async -> String? {
      let state = await element.failureDescription
      return "last probe: \(unmet)" + (state.map { "\n\($0)" } ?? "")
    }
    func probe() async throws -> Target? {
      let found: BrowserNode?
      do {
        found = try await element.uniqueSnapshot()
      } catch let ambiguity as AmbiguousElementError {
        // Not the one element an action needs: named, and probed again, as
        // a page in the middle of a change can show two for a moment.
        unmet = "it is not one element: \(ambiguity)"
        lastBox = nil
        return nil
      }
      guard let node = found else {
        unmet = "it does not exist"
        lastBox = nil
        return nil
      }
      if checks.contains(.enabled) && !node.isEnabled {
        unmet = "it is not enabled"
        return nil
      }
      if checks.contains(.visible) && !node.isVisible {
        unmet = "it is not visible: " + (node.box.map { "its box \($0) is empty" } ?? "it has no box")
        lastBox = nil
        return nil
      }
      if checks.contains(.checkable) && node.isChecked == nil {
        unmet = "it has no checked state (role \(node.role))"
        return nil
      }
      if checks.contains(.editable) && !node.isEditable {
        unmet = "it does not take text (role \(node.role))"
        return nil
      }
      if checks.contains(.stable), let box = node.box, lastBox != box {
        // Not seen in this place before: look again at once.
        let again = try await element.snapshot()?.box
        lastBox = again
        guard again == box else {
          let moved = again.map(String.init(describing:)) ?? "nowhere"
          unmet = "it does not hold still: its box moved from \(box) to \(moved)"
          return nil
        }
      }
      guard let backendNodeID = node.backendNodeID else {
        unmet = "it has no DOM node to act on"
        return nil
      }
      var target = Target(node: node, backendNodeID: backendNodeID)
      do {
        if checks.contains(.receivesEvents) {
          switch try await clickPoint(of: backendNodeID) {
          case .at(let x, let y): target.point = (x, y)
          case .covered(let obstruction):
            unmet = "it does not receive \(action.received): another element is on top, \(obstruction)"
            return nil
          case .offScreen:
            unmet = "it has no box on screen to act on"
            return nil
          }
        }
        if let options {
          guard
            let answer = try await callFunction(
              on: backendNodeID, Self.selectOptions, options.map(JSONValue.string))
          else { throw BrowserError.commandFailed(Self.detached) }
          let result = answer.string ?? ""
          guard result.isEmpty else {
            unmet = result
            return nil
          }
        }
      } catch let error as BrowserError where error == .commandFailed {
        unmet = "it went away before it could be acted on (\(error.detail))"
        return nil
      }
      return target
    }
    var readiness = action.readiness
    if let options {
      let named = options.map { String(reflecting: $0) }
      let listed = named.count == 1 ? "an option \(named[0])" : "options " + named.joined(separator: ", ")
      readiness = readiness.replacingOccurrences(
        of: " and be visible", with: ", be visible and have \(listed)")
    }
    return try await Wait(timeout: timeout, triggers: [trigger]).requireValue(
      "\(element.elementDescription) to be \(readiness)", observation: observe,
      callSite: site, probe)
  }

  /// Scrolls a node into view and finds where to click it: the centre of
  /// its first box, if the node itself (or one inside it) is what a click
  /// there would hit.
  private func clickPoint(of backendNodeID: Int) async throws -> ClickPoint {
    let node: JSONValue = ["backendNodeId": .number(Double(backendNodeID))]
    _ = try await send("DOM.scrollIntoViewIfNeeded", node)
    let quads = try await send("DOM.getContentQuads", node)
    guard let quad = quads["quads"]?.array?.first?.array?.compactMap(\.double), quad.count == 8 else {
      return .offScreen
    }
    let x = stride(from: 0, to: 8, by: 2).map { quad[$0] }.reduce(0, +) / 4
    let y = stride(from: 1, to: 8, by: 2).map { quad[$0] }.reduce(0, +) / 4
    guard
      let hit = try await callFunction(
        on: backendNodeID, Self.hitTest, [.number(x), .number(y)], named: "the hit test")
    else { return .offScreen }
    guard let obstruction = hit.string else {
      throw BrowserError.unexpectedResponse("the hit test returned no text")
    }
    return obstruction.isEmpty ? .at(x: x, y: y) : .covered(by: obstruction)
  }

  /// Where a click would land.
  private enum ClickPoint {
    case at(x: Double, y: Double)
    /// Another element is on top there; the text is its HTML's beginning.
    case covered(by: String)
    case offScreen
  }

  /// Says what element a click at (x, y), in the page's viewport, would hit
  /// instead of `this` (the parent element, for a text node): empty when it
  /// hits it or an element inside it (across shadow roots), in whatever
  /// same-origin frame it is.
  static let hitTest = """
    function (x, y) {
      const target = this.nodeType === Node.TEXT_NODE ? this.parentElement : this;
      if (!target) return "nothing: the node is not in the document";
      // From the page's viewport to the viewport of the frame it is in.
      for (let view = target.ownerDocument.defaultView; view && view.frameElement; view = view.parent) {
        const frame = view.frameElement, box = frame.getBoundingClientRect();
        x -= box.left + frame.clientLeft;
        y -= box.top + frame.clientTop;
      }
      const root = target.getRootNode();
      const hit = (root.elementFromPoint ? root : document).elementFromPoint(x, y);
      for (let node = hit; node; node = node.parentNode || node.host) {
        if (node === target) return "";
      }
      return hit ? hit.outerHTML.slice(0, 120) : "nothing";
    }
    """
}
