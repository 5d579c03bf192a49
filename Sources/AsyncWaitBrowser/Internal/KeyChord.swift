/// A key press as ``BrowserPage/press(_:on:timeout:callSite:fileID:filePath:line:column:)``
/// takes it, `"Enter"` or `"Control+Shift+ArrowLeft"`, parsed into the
/// DevTools protocol's key events.
struct KeyChord: Equatable {
  /// One key as `Input.dispatchKeyEvent` describes it.
  struct Key: Equatable {
    /// The `key` value, such as `Enter` or `a`.
    var key: String
    /// The physical key, such as `Enter` or `KeyA`.
    var code: String
    /// The Windows virtual key code Chromium maps the key by.
    var keyCode: Int
    /// The text the key types, if any.
    var text: String?
  }

  /// A modifier key and its bit in the protocol's `modifiers` mask.
  struct Modifier: Equatable {
    var key: Key
    var bit: Int
  }

  var modifiers: [Modifier]
  var key: Key

  /// The modifiers by the names a chord spells them with.
  static let modifiersByName: [String: Modifier] = [
    "Alt": Modifier(key: Key(key: "Alt", code: "AltLeft", keyCode: 18), bit: 1),
    "Control": Modifier(key: Key(key: "Control", code: "ControlLeft", keyCode: 17), bit: 2),
    "Meta": Modifier(key: Key(key: "Meta", code: "MetaLeft", keyCode: 91), bit: 4),
    "Shift": Modifier(key: Key(key: "Shift", code: "ShiftLeft", keyCode: 16), bit: 8),
  ]

  /// The named keys: the ones a test presses that type no character, and
  /// the white space that does.
  static let namedKeys: [String: Key] = [
    "Enter": Key(key: "Enter", code: "Enter", keyCode: 13, text: "\r"),
    "Tab": Key(key: "Tab", code: "Tab", keyCode: 9),
    "Escape": Key(key: "Escape", code: "Escape", keyCode: 27),
    "Backspace": Key(key: "Backspace", code: "Backspace", keyCode: 8),
    "Delete": Key(key: "Delete", code: "Delete", keyCode: 46),
    "Space": Key(key: " ", code: "Space", keyCode: 32, text: " "),
    "ArrowLeft": Key(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37),
    "ArrowUp": Key(key: "ArrowUp", code: "ArrowUp", keyCode: 38),
    "ArrowRight": Key(key: "ArrowRight", code: "ArrowRight", keyCode: 39),
    "ArrowDown": Key(key: "ArrowDown", code: "ArrowDown", keyCode: 40),
    "Home": Key(key: "Home", code: "Home", keyCode: 36),
    "End": Key(key: "End", code: "End", keyCode: 35),
    "PageUp": Key(key: "PageUp", code: "PageUp", keyCode: 33),
    "PageDown": Key(key: "PageDown", code: "PageDown", keyCode: 34),
  ]

  /// Parses `Modifier+…+Key`.
  ///
  /// - Throws: ``BrowserError/invalidArgument`` naming the keys it knows,
  ///   for an empty chord, an unknown key or modifier.
  init(_ chord: String) throws(BrowserError) {
    // The plus key itself: "+" alone, or after modifiers, "Shift++". A
    // chord that ends in one "+" ("Control+") names no key.
    var parts = chord.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2 && parts.suffix(2).allSatisfy(\.isEmpty) {
      parts.removeLast(2)
      parts.append("+")
    }
    guard let last = parts.popLast(), !last.isEmpty else {
      throw .invalidArgument("\(String(reflecting: chord)) names no key")
    }
    var modifiers: [Modifier] = []
    for name in parts {
      guard let modifier = Self.modifiersByName[name] else {
        throw .invalidArgument(
          "\(String(reflecting: name)) in \(String(reflecting: chord)) is not a modifier; "
            + "the modifiers are \(Self.modifiersByName.keys.sorted().joined(separator: ", "))")
      }
      modifiers.append(modifier)
    }
    let shifted = modifiers.contains { $0.key.key == "Shift" }
    guard let key = Self.namedKeys[last] ?? Self.characterKey(last, shifted: shifted) else {
      throw .invalidArgument(
        "\(String(reflecting: last)) is not a key this package can press: a single character or one of "
          + Self.namedKeys.keys.sorted().joined(separator: ", "))
    }
    self.modifiers = modifiers
    self.key = key
  }

  /// A key that types one character: a letter, a digit, or another
  /// printable ASCII character.
  private static func characterKey(_ text: String, shifted: Bool) -> Key? {
    guard text.count == 1, let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1,
      scalar.isASCII, scalar.value >= 0x21, scalar.value < 0x7F
    else { return nil }
    let character = Character(scalar)
    if character.isLetter {
      // "A" types A, as "Shift+a" does; "a" types a.
      let upper = character.uppercased()
      let typed = shifted ? upper : text
      return Key(
        key: typed, code: "Key\(upper)", keyCode: Int(upper.unicodeScalars.first!.value), text: typed)
    }
    if character.isNumber {
      return Key(key: text, code: "Digit\(text)", keyCode: Int(scalar.value), text: text)
    }
    return Key(key: text, code: "", keyCode: 0, text: text)
  }

  /// The events of the chord, in order: each modifier down, the key down
  /// and up, each modifier up in reverse.
  var events: [DevTools.Input.DispatchKeyEvent] {
    var mask = 0
    var events: [DevTools.Input.DispatchKeyEvent] = []
    func event(_ type: String, _ key: Key, typing: Bool) -> DevTools.Input.DispatchKeyEvent {
      DevTools.Input.DispatchKeyEvent(
        type: type, key: key.key, code: key.code, windowsVirtualKeyCode: key.keyCode, modifiers: mask,
        text: typing ? key.text : nil)
    }
    for modifier in modifiers {
      mask |= modifier.bit
      events.append(event("rawKeyDown", modifier.key, typing: false))
    }
    // A key types its text unless Control, Alt or Meta is held.
    let types = key.text != nil && mask & ~8 == 0
    events.append(event(types ? "keyDown" : "rawKeyDown", key, typing: types))
    events.append(event("keyUp", key, typing: false))
    for modifier in modifiers.reversed() {
      mask &= ~modifier.bit
      events.append(event("keyUp", modifier.key, typing: false))
    }
    return events
  }
}
