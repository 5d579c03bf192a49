internal import AsyncWaitATSPILoader
public import AsyncWaitElements

/// A snapshot of one node of the AT-SPI accessibility tree, with its subtree.
///
/// The attributes that queries match: the role, mapped onto the package's
/// element types, as ``elementType`` (so `app.buttons` finds push buttons;
/// the role itself is ``role``), the accessible id as ``identifier``, the name as
/// ``label``, the text of text nodes as ``value``, and the sensitive state as
/// ``isEnabled``. A snapshot is taken once per probe and does not change;
/// actions on it (``ATSPIApplication/click(_:timeout:callSite:fileID:filePath:line:column:)``) act on the live node.
public struct ATSPINode: QueryableNode, Sendable {
  /// The node's kind: its role mapped onto the package's element types (see
  /// ``elementType(forRole:)``).
  public var elementType: ElementType
  /// The node's role, as AT-SPI names it, such as `push button`, `text` or `dialog`.
  public var role: String
  /// The node's accessible id, such as `ItemListScreen.button.add`; empty when it has none.
  public var identifier: String
  /// The node's accessible name.
  public var label: String
  /// The node's text, for nodes that have text (entries, labels); otherwise `nil`.
  public var value: String?
  /// The node's accessible description.
  public var description: String
  /// Whether the node is sensitive and enabled.
  public var isEnabled: Bool
  /// Whether the node is showing on screen.
  public var isShowing: Bool
  /// Whether the node has the keyboard focus.
  public var isFocused: Bool
  /// Whether the node says it is busy and cannot respond now (AT-SPI's
  /// `busy` state), as a window that is loading does.
  public var isBusy: Bool
  /// The node's children, in order.
  public var children: [ATSPINode]

  let handle: AccessibleHandle

  /// Reads `accessible` and its subtree.
  ///
  /// Runs on the AT-SPI thread.
  static func read(
    _ accessible: AccessibleHandle, budget: inout Int, using atspi: ATSPIFunctions
  ) throws -> ATSPINode {
    budget -= 1
    let pointer = accessible.pointer
    let role = try atspi.string { atspi.atspi_accessible_get_role_name(pointer, $0) }
    let name = try atspi.string { atspi.atspi_accessible_get_name(pointer, $0) }
    let description = try atspi.string { atspi.atspi_accessible_get_description(pointer, $0) }
    let identifier = try atspi.string { atspi.atspi_accessible_get_accessible_id(pointer, $0) }
    var states = (enabled: false, showing: false, focused: false, busy: false)
    if let set = atspi.atspi_accessible_get_state_set(pointer) {
      defer { atspi.g_object_unref(UnsafeMutableRawPointer(set)) }
      states.enabled =
        atspi.atspi_state_set_contains(set, ATSPI_STATE_SENSITIVE) != 0
        && atspi.atspi_state_set_contains(set, ATSPI_STATE_ENABLED) != 0
      states.showing = atspi.atspi_state_set_contains(set, ATSPI_STATE_SHOWING) != 0
      states.focused = atspi.atspi_state_set_contains(set, ATSPI_STATE_FOCUSED) != 0
      states.busy = atspi.atspi_state_set_contains(set, ATSPI_STATE_BUSY) != 0
    }
    var value: String?
    if let text = atspi.atspi_accessible_get_text_iface(pointer) {
      defer { atspi.g_object_unref(UnsafeMutableRawPointer(text)) }
      var error: UnsafeMutablePointer<GError>?
      let count = atspi.atspi_text_get_character_count(text, &error)
      try atspi.check(error)
      value = try atspi.string { atspi.atspi_text_get_text(text, 0, max(count, 0), $0) }
    }
    var children: [ATSPINode] = []
    for child in try atspi.children(of: pointer) {
      // Past the budget the read stops, one below zero, for the caller to
      // say so.
      guard budget > 0 else {
        budget = -1
        break
      }
      children.append(try read(child, budget: &budget, using: atspi))
    }
    return ATSPINode(
      elementType: elementType(forRole: role), role: role, identifier: identifier, label: name, value: value,
      description: description, isEnabled: states.enabled, isShowing: states.showing,
      isFocused: states.focused, isBusy: states.busy,
      children: children, handle: accessible)
  }
}

extension ATSPINode {
  /// Whether a query for `type` matches the node: `.any`, its
  /// ``elementType``, or its AT-SPI role by name (`"push button"`,
  /// `"check box"`): `app.descendants(matching: "check box")` finds check
  /// boxes and no radio button, while `.toggle` finds both.
  ///
  /// - Parameter type: The type a query asks for.
  /// - Returns: Whether the node is of that type.
  public func isOfType(_ type: ElementType) -> Bool {
    Self.role(role, isOfType: type)
  }

  /// Whether a node of the AT-SPI role `role` is of `type`; the rule of
  /// ``isOfType(_:)``, for the application's own search too.
  static func role(_ role: String, isOfType type: ElementType) -> Bool {
    type == .any || type.rawValue == role || type == elementType(forRole: role)
  }

  /// The element type of an AT-SPI role: the package's type where one fits,
  /// so that XCUITest-style shortcuts work on the desktop too.
  ///
  /// | AT-SPI roles | Element type |
  /// | --- | --- |
  /// | `push button`, `button` | `.button` |
  /// | `text`, `entry`, `password text` | `.textField` |
  /// | `label`, `static` | `.staticText` |
  /// | `list`, `list box`, `table`, `tree`, `tree table` | `.list` |
  /// | `list item`, `table cell`, `tree item` | `.cell` |
  /// | `dialog`, `alert`, `file chooser` | `.sheet` |
  /// | `frame`, `window` | `.window` |
  /// | `check box`, `radio button`, `toggle button`, `switch` | `.toggle` |
  /// | `image`, `icon` | `.image` |
  /// | `application` | `.application` |
  ///
  /// Any other role is its own type, named as AT-SPI names it; a query by
  /// any role's own name matches too (``isOfType(_:)``).
  ///
  /// - Parameter role: The role's name.
  /// - Returns: The element type.
  public static func elementType(forRole role: String) -> ElementType {
    switch role {
    case "push button", "button": .button
    case "text", "entry", "password text": .textField
    case "label", "static": .staticText
    case "list", "list box", "table", "tree", "tree table": .list
    case "list item", "table cell", "tree item": .cell
    case "dialog", "alert", "file chooser": .sheet
    case "frame", "window": .window
    case "check box", "radio button", "toggle button", "switch": .toggle
    case "image", "icon": .image
    case "application": .application
    default: ElementType(rawValue: role)
    }
  }
}
