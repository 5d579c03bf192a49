import Foundation
import Testing

@testable import AsyncWaitBrowser

/// The protocol's JSON parser: what it accepts, what it refuses, and that
/// what the connection writes parses back.
@Suite struct JSONParserTests {
  func parse(_ text: String) throws -> JSONValue {
    try JSONValue.parse(Data(text.utf8))
  }

  @Test func parsesEveryKindOfValue() throws {
    let value = try parse(
      #" { "a": [1, -2, 3.5, -0.25e2, 1E3, 12345678901234567890], "b": true, "c": false, "d": null, "e": "x" } "#
    )

    #expect(
      value["a"] == [1, -2, .number(3.5), .number(-25), .number(1000), .number(12_345_678_901_234_567_890)])
    #expect(value["b"] == true)
    #expect(value["c"] == false)
    #expect(value["d"] == .null)
    #expect(value["e"] == "x")
    #expect(value["a"]?.array?[1].int == -2)
    #expect(value["a"]?.array?[2].int == nil)
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    #expect(try parse(#""q\"b\\s\/n\nt\tu\u00e9\ud83d\ude00""#) == "q\"b\\s/n\nt\tué😀")
    #expect(try parse(#""lone \ud800 surrogate""#) == "lone \u{FFFD} surrogate")
    #expect(try parse(#""héllo""#) == "héllo")
  }

  @Test(arguments: [
    "", "   ", "{", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "01", "-", "1.", "1e", "tru", "nul",
    "\"unterminated", "\"bad \\x escape\"", "\"control \u{01}\"", "[1] 2", "\"\\u12G4\"",
  ])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: JSONValue.ParseError.self) { try parse(text) }
  }

  @Test func refusesNestingDeeperThanItsLimit() throws {
    let limit = JSONParser.maximumDepth
    #expect(
      try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).array != nil)
    #expect(throws: JSONValue.ParseError.self) {
      try parse(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
    }
  }

  @Test func serializedValuesParseBack() throws {
    let value: JSONValue = [
      "text": "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀", "numbers": [0, -1, .number(2.5)],
      "flags": [true, false, .null], "nested": ["empty": [:], "list": []],
    ]

    #expect(try parse(value.serialized) == value)
    #expect(JSONValue.number(.infinity).serialized == "null")
  }
}
