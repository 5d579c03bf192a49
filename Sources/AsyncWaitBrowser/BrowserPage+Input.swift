import AsyncWait
import AsyncWaitElements
import Foundation

// What the actions send to the page once an element is ready: the pointer's
// events, text typed over a field's, and functions called on a DOM node.
// The pointer stays where the last pointer action left it: the centre of
// the element clicked, double-clicked, hovered, checked or unchecked.
extension BrowserPage {
  /// Presses and releases the left button `count` times at the target's
  /// point, after moving the pointer there.
  func clickMouse(at target: Target, count: Int) async throws {
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
  func movePointer(toX x: Double, y: Double) async throws {
    _ = try await send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": .number(x), "y": .number(y)])
  }

  /// Selects all of a focused field's text and types `text` over it, or
  /// deletes it when `text` is empty.
  func replaceText(of target: Target, with text: String) async throws {
    _ = try await send("DOM.focus", ["backendNodeId": .number(Double(target.backendNodeID))])
    guard try await callFunction(on: target.backendNodeID, PageScript.selectAllText) != nil else {
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

  /// What a node that resolves to no script object is.
  static let detached = "the node is not in the document"
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
  func callFunction(
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
}
