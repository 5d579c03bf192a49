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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
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
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
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
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///   - timeout: How long to wait for it to be ready; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
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
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///     again for it to be checked; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
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
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
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
  ///     again for it to be unchecked; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
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
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await setChecked(false, element.element, timeout: timeout, at: site)
  }

  /// Clicks a checkable element when its state is not `checked`, then waits
  /// until it is.
  private func setChecked(
    _ checked: Bool, _ element: TreeElement<BrowserNode>, timeout: Duration?, at site: CallSite
  ) async throws {
    let timeout = timeout ?? WaitDefaults.current.actionTimeout
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
}
