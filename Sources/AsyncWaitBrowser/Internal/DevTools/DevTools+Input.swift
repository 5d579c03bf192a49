extension DevTools.Input {
  /// `Input.dispatchMouseEvent`: the pointer moves, or the left button
  /// goes down or up.
  struct DispatchMouseEvent: DevToolsCommand {
    static let method = "Input.dispatchMouseEvent"
    /// `mouseMoved`, `mousePressed` or `mouseReleased`.
    var type: String
    /// Where, in the viewport's CSS pixels.
    var x: Double
    var y: Double
    /// For a press or a release: its count in a run of clicks, from 1; the
    /// left button is the one pressed.
    var clickCount: Int?
    var parameters: JSONValue {
      .parameters([
        "type": .string(type), "x": .number(x), "y": .number(y),
        "button": clickCount == nil ? nil : "left", "clickCount": clickCount.map(JSONValue.integer),
      ])
    }
  }

  /// `Input.dispatchKeyEvent`: a key goes down or up.
  struct DispatchKeyEvent: DevToolsCommand, Equatable {
    static let method = "Input.dispatchKeyEvent"
    /// `keyDown` (which types `text`), `rawKeyDown` or `keyUp`.
    var type: String
    /// The key's value, such as `a` or `Enter`.
    var key: String
    /// The physical key, such as `KeyA`; empty when it has none.
    var code: String
    var windowsVirtualKeyCode: Int
    /// The modifiers held: Alt 1, Control 2, Meta 4, Shift 8.
    var modifiers: Int
    /// What the key types, for a `keyDown` that types.
    var text: String?
    var parameters: JSONValue {
      .parameters([
        "type": .string(type), "key": .string(key), "code": .string(code),
        "windowsVirtualKeyCode": .integer(windowsVirtualKeyCode), "modifiers": .integer(modifiers),
        "text": text.map(JSONValue.string), "unmodifiedText": text.map(JSONValue.string),
      ])
    }
  }

  /// `Input.insertText`: text typed into the focused element at once, as
  /// an input method would.
  struct InsertText: DevToolsCommand {
    static let method = "Input.insertText"
    var text: String
    var parameters: JSONValue { ["text": .string(text)] }
  }
}
