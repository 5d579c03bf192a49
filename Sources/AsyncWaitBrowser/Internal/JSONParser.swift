/// A JSON parser for the DevTools protocol's messages: strict (RFC 8259),
/// fast on the large arrays of numbers a DOM snapshot holds, and bounded in
/// nesting, so that a hostile message fails to parse instead of exhausting
/// the stack.
///
/// Kept over Foundation's because the browser bench shows it faster end to
/// end (#59, point 6; the numbers are in the CHANGELOG): on Linux,
/// `JSONSerialization` and `JSONDecoder` took 19–43 times as long on the
/// messages of a bench run, which made a click about three times slower, and
/// `JSONSerialization` rounded a time stamp's last digit wrongly.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses the whole input as one value, with nothing but white space after it.
  mutating func parseDocument() throws(JSONValue.ParseError) -> JSONValue {
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected bytes after the value") }
    return value
  }

  private func error(_ reason: String) -> JSONValue.ParseError {
    JSONValue.ParseError(reason: reason, offset: index)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONValue.ParseError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default: return .number(try parseNumber())
    }
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONValue.ParseError)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw error("unexpected end") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw error("invalid literal")
    }
    index += count
    return value
  }

  private mutating func enter() throws(JSONValue.ParseError) {
    depth += 1
    guard depth <= JSONParser.maximumDepth else {
      throw error("nested deeper than \(JSONParser.maximumDepth)")
    }
  }

  private mutating func parseArray() throws(JSONValue.ParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(values)
    }
    while true {
      values.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end in an array") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(values)
      default: throw error("expected , or ] in an array")
      }
    }
  }

  private mutating func parseObject() throws(JSONValue.ParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected :") }
      index += 1
      members[key] = try parseValue()
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end in an object") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw error("expected , or } in an object")
      }
    }
  }

  private mutating func parseNumber() throws(JSONValue.ParseError) -> Double {
    let start = index
    if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    var integer: Int64 = 0
    var isInteger = true
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      if digits < 18 { integer = integer * 10 + Int64(bytes[index] - 0x30) } else { isInteger = false }
      digits += 1
      index += 1
    }
    guard digits > 0 else { throw error("invalid value") }
    guard !(digits > 1 && bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == 0x30) else {
      throw error("a number with a leading zero")
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      let fractionStart = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      guard index > fractionStart else { throw error("a number with no digits after the point") }
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      guard index > exponentStart else { throw error("a number with no digits in its exponent") }
    }
    if isInteger {
      return Double(bytes[start] == UInt8(ascii: "-") ? -integer : integer)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw error("an invalid number") }
    return value
  }

  private mutating func parseString() throws(JSONValue.ParseError) -> String {
    index += 1
    let start = index
    // The common case: no escapes, so the bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("a control character in a string") }
      index += 1
    }
    var scalars = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw error("unexpected end in an escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            if (0xDC00..<0xE000).contains(low) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
              appendScalar(0xFFFD, to: &scalars)
              code = low
            }
          }
          appendScalar(code, to: &scalars)
        default: throw error("an invalid escape")
        }
      default:
        guard byte >= 0x20 else { throw error("a control character in a string") }
        scalars.append(byte)
      }
    }
    throw error("unexpected end in a string")
  }

  private mutating func parseHex4() throws(JSONValue.ParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unexpected end in an escape") }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw error("an invalid \\u escape")
      }
      code = code << 4 | UInt32(digit)
    }
    return code
  }

  /// Appends a scalar as UTF-8; a lone surrogate becomes U+FFFD.
  private func appendScalar(_ code: UInt32, to bytes: inout [UInt8]) {
    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
  }
}

extension JSONValue {
  /// Why bytes are not JSON, and where.
  struct ParseError: Error, CustomStringConvertible {
    var reason: String
    var offset: Int

    var description: String { "\(reason) at byte \(offset)" }
  }
}
