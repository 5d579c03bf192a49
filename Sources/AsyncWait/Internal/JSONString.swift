/// Appends `value` to `text` as a JSON string: quoted, with `"`, `\` and
/// the control characters escaped (`\n`, `\r`, `\t`, else `\u00XX`), and
/// every other character as it is.
///
/// The one writer of a JSON string in the repository: the wait report's
/// lines (``WaitReport``) and the browser integration's DevTools messages.
///
/// - Parameters:
///   - value: The string.
///   - text: The JSON text written so far.
package func appendJSONString(_ value: String, to text: inout String) {
  text += "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\n": text += "\\n"
    case "\r": text += "\\r"
    case "\t": text += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: text.unicodeScalars.append(scalar)
    }
  }
  text += "\""
}
