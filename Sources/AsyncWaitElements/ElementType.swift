/// The kind of a node in a tree, such as a button or a text field, that a
/// query can match.
///
/// The common kinds have static members named after XCUITest's element types.
/// A tree with kinds of its own adds them as string literals or extensions:
///
/// ```swift
/// extension ElementType {
///   static let pushButton: ElementType = "push button"
/// }
/// ```
public struct ElementType: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The name of the kind.
  public var rawValue: String

  /// Creates a kind from its name.
  ///
  /// - Parameter rawValue: The name of the kind.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a kind from a string literal.
  ///
  /// - Parameter value: The name of the kind.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The name of the kind.
  public var description: String { rawValue }

  /// Matches every kind, in a query; no node has it.
  public static let any: ElementType = "any"
  /// A kind that is none of the others.
  public static let other: ElementType = "other"
  /// The root of an application's tree.
  public static let application: ElementType = "application"
  /// A window.
  public static let window: ElementType = "window"
  /// A sheet or dialog shown above other content.
  public static let sheet: ElementType = "sheet"
  /// A button.
  public static let button: ElementType = "button"
  /// A piece of text that cannot be edited.
  public static let staticText: ElementType = "staticText"
  /// An editable text field.
  public static let textField: ElementType = "textField"
  /// An on/off switch or checkbox.
  public static let toggle: ElementType = "toggle"
  /// A picker of one value among several.
  public static let picker: ElementType = "picker"
  /// A date picker.
  public static let datePicker: ElementType = "datePicker"
  /// A list or table.
  public static let list: ElementType = "list"
  /// A row of a list or table.
  public static let cell: ElementType = "cell"
  /// An image.
  public static let image: ElementType = "image"

  /// The kinds with a static member, by name.
  static let named: Set<String> = [
    "any", "other", "application", "window", "sheet", "button", "staticText", "textField", "toggle", "picker",
    "datePicker", "list", "cell", "image",
  ]

  /// The kind as Swift source in a query: `.button` for a kind with a static
  /// member, `"link"` for any other, so a query's description can be pasted.
  var sourceDescription: String {
    Self.named.contains(rawValue) ? ".\(rawValue)" : String(reflecting: rawValue)
  }

  /// Whether a node of kind `kind` matches this kind in a query.
  @inlinable
  package func matches(_ kind: ElementType) -> Bool {
    self == .any || self == kind
  }
}
