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
        try await send(DevTools.Input.DispatchMouseEvent(type: type, x: x, y: y, clickCount: clickCount))
      }
    }
  }

  /// Moves the pointer to (x, y) in the page's viewport.
  func movePointer(toX x: Double, y: Double) async throws {
    try await send(DevTools.Input.DispatchMouseEvent(type: "mouseMoved", x: x, y: y))
  }

  /// Selects all of a focused field's text and types `text` over it, or
  /// deletes it when `text` is empty.
  func replaceText(of target: Target, with text: String) async throws {
    try await focus(target.backendNodeID)
    guard try await callFunction(on: target.backendNodeID, PageScript.selectAllText) != nil else {
      throw BrowserError.commandFailed(Self.detached)
    }
    if text.isEmpty {
      for event in try KeyChord("Delete").events {
        try await send(event)
      }
    } else {
      try await send(DevTools.Input.InsertText(text: text))
    }
  }

  /// Focuses a node, in its frame's process: keys the page is sent then
  /// go to it, in whatever frame it is.
  func focus(_ backendNodeID: Int) async throws {
    let address = try address(of: backendNodeID)
    try await send(DevTools.DOM.Focus(backendNodeID: address.id), at: address)
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
    // In the process of the node's frame, which holds its object.
    let address = try address(of: backendNodeID)
    guard let objectID = try await send(DevTools.DOM.ResolveNode(backendNodeID: address.id), at: address)
    else {
      return nil
    }
    defer {
      Task { [self] in try? await send(DevTools.Runtime.ReleaseObject(objectID: objectID), at: address) }
    }
    let answer = try await send(
      DevTools.Runtime.CallFunctionOn(
        functionDeclaration: declaration, objectID: objectID, arguments: arguments, returned: .value),
      at: address)
    if let exception = answer.exception {
      throw BrowserError.commandFailed("\(name) threw: \(exception)")
    }
    return answer.result.value ?? .null
  }
}
