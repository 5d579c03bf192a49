import AsyncWait
public import AsyncWaitElements

extension BrowserPage {
  /// What an action needs of its element before it acts.
  private enum Action {
    case click
    case type

    var readiness: String {
      switch self {
      case .click: "ready for a click: to exist, be enabled, be visible, hold still and receive the click"
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
  /// (the same box in two snapshots one after the other), and receives the
  /// click (scrolled into view, no other element is on top of the centre of
  /// its box); then clicks there with the left mouse button. The wait wakes
  /// on the page's ``trigger``.
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
  ///   does not hold still`, `it does not receive the click`), with a dump of
  ///   the page. ``BrowserError`` when
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
    func observe() async -> String? {
      let state = await element.stateDescription
      return "last probe: \(unmet)" + (state.map { "\n\($0)" } ?? "")
    }
    func probe() async throws -> Target? {
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
      if action == .click {
        do {
          switch try await clickPoint(of: backendNodeID) {
          case .at(let x, let y): target.point = (x, y)
          case .covered(let obstruction):
            unmet = "it does not receive the click: another element is on top, \(obstruction)"
            return nil
          case .offScreen:
            unmet = "it has no box on screen to click"
            return nil
          }
        } catch let error as BrowserError where error == .commandFailed {
          unmet = "it went away before it could be clicked (\(error.detail))"
          return nil
        }
      }
      return target
    }
    return try await Wait(timeout: timeout, triggers: [trigger]).requireValue(
      "\(element.elementDescription) to be \(action.readiness)", observation: observe,
      fileID: fileID, filePath: filePath, line: line, column: column, probe)
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
    guard let objectID = try await send("DOM.resolveNode", node)["object"]?["objectId"]?.string else {
      return .offScreen
    }
    defer { Task { [self] in _ = try? await send("Runtime.releaseObject", ["objectId": .string(objectID)]) } }
    let hit = try await send(
      "Runtime.callFunctionOn",
      [
        "objectId": .string(objectID), "functionDeclaration": .string(Self.hitTest),
        "arguments": [["value": .number(x)], ["value": .number(y)]], "returnByValue": true,
      ])
    if let exception = hit["exceptionDetails"] {
      throw BrowserError.commandFailed("the hit test threw: \(Self.text(ofException: exception))")
    }
    guard let obstruction = hit["result"]?["value"]?.string else {
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

  /// Says what element a click at (x, y) would hit instead of `this` (the
  /// parent element, for a text node): empty when it hits it or an element
  /// inside it (across shadow roots).
  static let hitTest = """
    function (x, y) {
      const target = this.nodeType === Node.TEXT_NODE ? this.parentElement : this;
      if (!target) return "nothing: the node is not in the document";
      const root = target.getRootNode();
      const hit = (root.elementFromPoint ? root : document).elementFromPoint(x, y);
      for (let node = hit; node; node = node.parentNode || node.host) {
        if (node === target) return "";
      }
      return hit ? hit.outerHTML.slice(0, 120) : "nothing";
    }
    """
}
