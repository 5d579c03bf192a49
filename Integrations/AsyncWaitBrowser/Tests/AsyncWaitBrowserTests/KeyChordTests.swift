import Testing

@testable import AsyncWaitBrowser

/// Key names and chords as `press` parses them into key events.
@Suite struct KeyChordTests {
  /// Each event's type, key and modifier mask, in order.
  func summary(_ chord: String) throws -> [String] {
    try KeyChord(chord).events.map { event in
      let text = event.text.map { " text=\(String(reflecting: $0))" } ?? ""
      return "\(event.type) \(event.key) \(event.modifiers)\(text)"
    }
  }

  @Test func enterTypesACarriageReturnSoAFormSubmits() throws {
    #expect(try summary("Enter") == [#"keyDown Enter 0 text="\r""#, "keyUp Enter 0"])
    #expect(try KeyChord("Enter").key.keyCode == 13)
  }

  @Test func keysWithoutTextAreRawAndModifiersWrapTheKey() throws {
    #expect(
      try summary("Shift+Tab") == [
        "rawKeyDown Shift 8", "rawKeyDown Tab 8", "keyUp Tab 8", "keyUp Shift 0",
      ])
    #expect(
      try summary("Control+Alt+Delete") == [
        "rawKeyDown Control 2", "rawKeyDown Alt 3", "rawKeyDown Delete 3", "keyUp Delete 3", "keyUp Alt 2",
        "keyUp Control 0",
      ])
  }

  @Test func charactersTypeThemselvesUnlessAShortcutHoldsThem() throws {
    #expect(try summary("a") == [#"keyDown a 0 text="a""#, "keyUp a 0"])
    #expect(try summary("A") == [#"keyDown A 0 text="A""#, "keyUp A 0"])
    #expect(try KeyChord("A").key.code == "KeyA")
    #expect(try KeyChord("+").key.key == "+")
    #expect(
      try summary("Shift+a") == [
        "rawKeyDown Shift 8", #"keyDown A 8 text="A""#, "keyUp A 8", "keyUp Shift 0",
      ])
    #expect(
      try summary("Control+a") == ["rawKeyDown Control 2", "rawKeyDown a 2", "keyUp a 2", "keyUp Control 0"])
    #expect(try KeyChord("a").key.code == "KeyA")
    #expect(try KeyChord("7").key.code == "Digit7")
    #expect(try summary("Shift++").last == "keyUp Shift 0")
    #expect(try KeyChord("Shift++").key.key == "+")
    #expect(try summary("Space") == [#"keyDown   0 text=" ""#, "keyUp   0"])
  }

  @Test func unknownKeysAndModifiersAreRefusedWithWhatIsKnown() throws {
    let key = #expect(throws: BrowserError.invalidArgument) { try KeyChord("Return") }
    #expect(
      key?.detail.hasPrefix(#""Return" is not a key this package can press: a single character or one of "#)
        == true)
    #expect(key?.detail.contains("Enter") == true)
    let modifier = #expect(throws: BrowserError.invalidArgument) { try KeyChord("Hyper+x") }
    #expect(
      modifier?.detail
        == #""Hyper" in "Hyper+x" is not a modifier; the modifiers are Alt, Control, Meta, Shift"#)
    #expect(throws: BrowserError.invalidArgument) { try KeyChord("") }
    // A chord that ends in one "+" names no key; it does not press "+".
    let dangling = #expect(throws: BrowserError.invalidArgument) { try KeyChord("Control+") }
    #expect(dangling?.detail == #""Control+" names no key"#)
    #expect(throws: BrowserError.invalidArgument) { try KeyChord("a+") }
    #expect(throws: BrowserError.invalidArgument) { try KeyChord("é") }
    #expect(throws: BrowserError.invalidArgument) { try KeyChord("ab") }
  }
}
