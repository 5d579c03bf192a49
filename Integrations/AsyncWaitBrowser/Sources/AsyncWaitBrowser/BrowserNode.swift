public import AsyncWaitElements

/// A snapshot of one node of a web page, with its subtree: an accessibility
/// node joined with its DOM element's identity and box.
///
/// Queries match these attributes:
///
/// - ``identifier``: the element's `data-testid` attribute when it has one,
///   else its `id` attribute, else empty. So `page.buttons["add-item"]`
///   finds `<button data-testid="add-item">` and `<button id="add-item">`,
///   and a `data-testid` wins over an `id` on the same element.
/// - ``label``: the accessible name, as a screen reader reads it: an
///   `aria-label`, a `<label>`, a button's text; runs of white space read as
///   one space, with none at either end.
/// - ``value``: a text field's text, a slider's value.
/// - ``elementType``: the accessibility role mapped onto the package's
///   element types (see ``elementType(forRole:)``); the role itself is ``role``.
///
/// The tree is the page's accessibility tree: an element hidden with
/// `display: none`, `visibility: hidden` or `aria-hidden` is not in it, as
/// it is not for a screen reader, so it does not exist for queries. Nodes the
/// accessibility tree marks as ignored (layout `div`s) are left out and their
/// children take their place, unless the element has a `data-testid` or an
/// `id`. Inline text boxes and list bullets are left out; the static text
/// stays.
public struct BrowserNode: QueryableNode, Sendable, Equatable {
  /// A node's layout box in CSS pixels, relative to the top left corner of
  /// the document (not of the viewport: scrolling does not move it).
  public struct Box: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a box.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width.
    ///   - height: The height.
    public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// The box as `(x, y, width × height)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
  }

  /// The node's kind: its role mapped onto the package's element types.
  public var elementType: ElementType
  /// The node's accessibility role as Chromium names it, such as `button`,
  /// `textbox`, `StaticText` or `RootWebArea`.
  public var role: String
  /// The identifier queries match: ``testID`` if present, else ``htmlID``,
  /// else empty.
  public var identifier: String { testID ?? htmlID ?? "" }
  /// The element's `data-testid` attribute.
  public var testID: String?
  /// The element's `id` attribute.
  public var htmlID: String?
  /// The accessible name.
  public var label: String
  /// The accessible value, such as a text field's text; `nil` when it has none.
  public var value: String?
  /// Whether the element is enabled: not `disabled`, not `aria-disabled`.
  public var isEnabled: Bool
  /// Whether the element has the keyboard focus.
  public var isFocused: Bool
  /// Whether the element takes typed text: a text field, a content-editable.
  public var isEditable: Bool
  /// The element's box when it has a layout box; `nil` when it has none.
  public var box: Box?
  /// The node's children, in order.
  public var children: [BrowserNode]
  /// The DOM node behind the accessibility node, for acting on it.
  var backendNodeID: Int?

  /// Whether the element is visible: it has a box of non-zero width and height.
  public var isVisible: Bool {
    guard let box else { return false }
    return box.width > 0 && box.height > 0
  }

  /// Creates a node, as a snapshot of a page makes it; for tests of code
  /// that reads nodes.
  ///
  /// - Parameters:
  ///   - role: The accessibility role.
  ///   - testID: The `data-testid` attribute.
  ///   - htmlID: The `id` attribute.
  ///   - label: The accessible name.
  ///   - value: The accessible value.
  ///   - isEnabled: Whether the element is enabled.
  ///   - isFocused: Whether the element has the focus.
  ///   - isEditable: Whether the element takes typed text.
  ///   - box: The element's box.
  ///   - children: The children.
  public init(
    role: String, testID: String? = nil, htmlID: String? = nil, label: String = "", value: String? = nil,
    isEnabled: Bool = true, isFocused: Bool = false, isEditable: Bool = false, box: Box? = nil,
    children: [BrowserNode] = []
  ) {
    self.elementType = BrowserNode.elementType(forRole: role)
    self.role = role
    self.testID = testID
    self.htmlID = htmlID
    self.label = label
    self.value = value
    self.isEnabled = isEnabled
    self.isFocused = isFocused
    self.isEditable = isEditable
    self.box = box
    self.children = children
    self.backendNodeID = nil
  }
}

extension BrowserNode {
  /// The element type of an accessibility role: the package's type where one
  /// fits, so that XCUITest-style shortcuts work on web pages too.
  ///
  /// | Roles | Element type |
  /// | --- | --- |
  /// | `button` | `.button` |
  /// | `textbox`, `searchbox`, `combobox`, `spinbutton` | `.textField` |
  /// | `StaticText` | `.staticText` |
  /// | `list`, `listbox`, `table`, `grid`, `tree`, `treegrid` | `.list` |
  /// | `listitem`, `option`, `row`, `treeitem` | `.cell` |
  /// | `dialog`, `alertdialog` | `.sheet` |
  /// | `RootWebArea`, `WebArea` | `.window` |
  /// | `checkbox`, `radio`, `switch` | `.toggle` |
  /// | `img`, `image` | `.image` |
  ///
  /// Any other role is its own type, named as Chromium names it, such as
  /// `link` or `heading`: `page.descendants(matching: "link")`.
  ///
  /// - Parameter role: The role's name.
  /// - Returns: The element type.
  public static func elementType(forRole role: String) -> ElementType {
    switch role {
    case "button": .button
    case "textbox", "searchbox", "combobox", "spinbutton": .textField
    case "StaticText": .staticText
    case "list", "listbox", "table", "grid", "tree", "treegrid": .list
    case "listitem", "option", "row", "treeitem": .cell
    case "dialog", "alertdialog": .sheet
    case "RootWebArea", "WebArea": .window
    case "checkbox", "radio", "switch": .toggle
    case "img", "image": .image
    default: ElementType(rawValue: role)
    }
  }
}
