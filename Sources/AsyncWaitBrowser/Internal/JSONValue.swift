import AsyncWait
import Foundation

/// A JSON value of a DevTools protocol message: what the protocol's
/// messages are made of, `Sendable` so that answers can cross tasks.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The member `key` of an object; `nil` for a missing member or a value
  /// that is not an object.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  var double: Double? {
    guard case .number(let value) = self else { return nil }
    return value
  }

  /// The value as an integer, when it is a number with no fraction that fits.
  var int: Int? {
    guard case .number(let value) = self, let integer = Int(exactly: value) else { return nil }
    return integer
  }

  var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// Whether the value is truthy, as JavaScript has it: not `false`, `0`,
  /// `""` or `null` (which `undefined` and `NaN` become as JSON).
  var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .number(let value): value != 0 && !value.isNaN
    case .string(let value): !value.isEmpty
    case .array, .object: true
    }
  }

  var array: [JSONValue]? {
    guard case .array(let values) = self else { return nil }
    return values
  }

  /// Parses one message.
  ///
  /// - Throws: ``JSONValue/ParseError`` when the bytes are not one JSON value.
  static func parse(_ bytes: Data) throws(ParseError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    return try parser.parseDocument()
  }

  /// The value as compact JSON text.
  var serialized: String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value):
      if let integer = Int(exactly: value) {
        text += String(integer)
      } else if value.isFinite {
        text += String(value)
      } else {
        text += "null"
      }
    case .string(let value): appendJSONString(value, to: &text)
    case .array(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        value.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        appendJSONString(key, to: &text)
        text += ":"
        members[key]!.write(to: &text)
      }
      text += "}"
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
