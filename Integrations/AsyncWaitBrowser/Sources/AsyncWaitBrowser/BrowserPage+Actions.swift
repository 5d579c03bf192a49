import AsyncWait
public import AsyncWaitElements

extension BrowserPage {
  /// What an action needs of its element before it acts.
  private enum Action {
    case click
    case type

    var readiness: String {
      switch self {
      case .click: "ready for a click: to exist, be enabled, be visible and hold still"
      case .type: "ready for typing: to exist, be enabled, be visible, hold still and take text"
      }
    }
  }

  /// The element an action acts on, found ready, and where to click it.
  private struct Target {
    var node: BrowserNode
    var backendNodeID: Int
    var point: (x: Double, y: Double)?
  }

  /// Clicks an element, once it is ready for a click.
  ///
  /// First waits, with this package's waits, until the element exists, is
  /// enabled, is visible (it has a box of non-zero size) and holds still
  /// (the same box in two snapshots one after the other); then scrolls it
  /// into view and clicks the centre of its box with the left mouse button.
  /// The wait wakes on the page's ``trigger``.
  ///
  /// ```swift
  /// try await page.click(page.buttons["add-item"])
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element, such as `page.buttons["add-item"]`.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's default timeout.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the element is not ready in time; its
  ///   last observation says which condition the last probe found unmet
  ///   (`it does not exist`, `it is not enabled`, `it is not visible`, `it
  ///   does not hold still`), with a dump of the page. ``BrowserError`` when
  ///   Chromium goes away; `CancellationError`.
  public func click(
    _ element: TreeElement<BrowserNode>,
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let target = try await ready(
      element, for: .click, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    guard let (x, y) = target.point else { return }
    for (type, extra): (String, [String: JSONValue]) in [
      ("mouseMoved", [:]), ("mousePressed", ["button": "left", "clickCount": 1]),
      ("mouseReleased", ["button": "left", "clickCount": 1]),
    ] {
      var params: [String: JSONValue] = ["type": .string(type), "x": .number(x), "y": .number(y)]
      params.merge(extra) { _, new in new }
      _ = try await send("Input.dispatchMouseEvent", .object(params))
    }
  }

  /// Types text into an element, once it is ready for typing.
  ///
  /// First waits, as ``click(_:timeout:fileID:filePath:line:column:)`` does,
  /// until the element exists, is enabled, is visible and holds still, and
  /// also takes text (a text field, a text area, a content-editable); then
  /// focuses it and inserts `text` at the caret, as typing it would. The
  /// page's `input` event fires.
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
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the element is not ready in time,
  ///   saying which condition was unmet (as for a click, or `it does not
  ///   take text`); ``BrowserError`` when Chromium goes away;
  ///   `CancellationError`.
  public func type(
    _ text: String,
    into element: TreeElement<BrowserNode>,
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let target = try await ready(
      element, for: .type, timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
    _ = try await send("Input.insertText", ["text": .string(text)])
  }

  /// Waits until `element` is ready for `action`: Playwright's
  /// actionability checks, as one wait of this package.
  private func ready(
    _ element: TreeElement<BrowserNode>, for action: Action, timeout: Duration?,
    fileID: String, filePath: StaticString, line: Int, column: Int
  ) async throws -> Target {
    var unmet = "it was not probed"
    var lastBox: BrowserNode.Box?
    return try await Wait(timeout: timeout, triggers: [trigger]).value(
      "\(element.elementDescription) to be \(action.readiness)",
      observation: {
        let state = await element.stateDescription
        return "last probe: \(unmet)" + (state.map { "\n\($0)" } ?? "")
      },
      fileID: fileID, filePath: filePath, line: line, column: column
    ) { () async throws -> Target? in
      guard let node = try await element.snapshot() else {
        unmet = "it does not exist"
        lastBox = nil
        return nil
      }
      guard node.isEnabled else {
        unmet = "it is not enabled"
        return nil
      }
      guard let box = node.box, node.isVisible else {
        unmet = "it is not visible: " + (node.box.map { "its box \($0) is empty" } ?? "it has no box")
        lastBox = nil
        return nil
      }
      if action == .type && !node.isEditable {
        unmet = "it does not take text (role \(node.role))"
        return nil
      }
      if lastBox != box {
        // Not seen in this place before: look again at once.
        let again = try await element.snapshot()?.box
        lastBox = again
        guard again == box else {
          unmet = "it does not hold still: its box moved from \(box) to \(again.map(String.init(describing:)) ?? "nowhere")"
          return nil
        }
      }
      guard let backendNodeID = node.backendNodeID else {
        unmet = "it has no DOM node to act on"
        return nil
      }
      var target = Target(node: node, backendNodeID: backendNodeID)
      if action == .click {
        do {
          target.point = try await clickPoint(of: backendNodeID)
        } catch let error as BrowserError where error == .commandFailed {
          unmet = "it went away before it could be clicked (\(error.detail))"
          return nil
        }
        if target.point == nil {
          unmet = "it has no box on screen to click"
          return nil
        }
      }
      return target
    }
  }

  /// Scrolls a node into view and returns the centre of its first box.
  private func clickPoint(of backendNodeID: Int) async throws -> (x: Double, y: Double)? {
    let node: JSONValue = ["backendNodeId": .number(Double(backendNodeID))]
    _ = try await send("DOM.scrollIntoViewIfNeeded", node)
    let quads = try await send("DOM.getContentQuads", node)
    guard let quad = quads["quads"]?.array?.first?.array?.compactMap(\.double), quad.count == 8 else {
      return nil
    }
    let xs = stride(from: 0, to: 8, by: 2).map { quad[$0] }
    let ys = stride(from: 1, to: 8, by: 2).map { quad[$0] }
    return (xs.reduce(0, +) / 4, ys.reduce(0, +) / 4)
  }
}
