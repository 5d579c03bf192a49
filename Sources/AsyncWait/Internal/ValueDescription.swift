/// How a value reads in a failure: an optional by what it holds (`nil`
/// spelled `nil`), strings quoted, enum cases with a leading dot
/// (`.loading`, `.downloading(partsDone: 0, of: 3)`), other values as they
/// describe themselves; longer than ``valueDescriptionLimit`` characters,
/// cut with a marker that says how much was left out.
///
/// - Parameter value: The value.
/// - Returns: Its description.
package func valueDescription(_ value: some Any) -> String {
  let text = fullValueDescription(value)
  guard text.count > valueDescriptionLimit else { return text }
  let omitted = text.count - valueDescriptionLimit
  return text.prefix(valueDescriptionLimit) + "… (\(omitted) more characters)"
}

/// The length past which a value's description in a failure is cut.
package let valueDescriptionLimit = 300

/// ``valueDescription(_:)`` before it is cut.
private func fullValueDescription(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional {
    guard let wrapped = mirror.children.first?.value else { return "nil" }
    return fullValueDescription(wrapped)
  }
  if value is any StringProtocol { return String(reflecting: value) }
  if mirror.displayStyle == .enum, !(value is any CustomStringConvertible) {
    return "." + String(describing: value)
  }
  return String(describing: value)
}
