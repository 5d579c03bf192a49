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
/// - ``value``: a text field's text, a slider's value; `""` for an empty
///   text field (never `nil`), `nil` for an element that holds no value.
/// - ``text``: an element's whole ``textContent``; `matching(text:)` finds
///   the innermost element that shows a text, as Playwright's `getByText`
///   does, never a text node (find a text node by its label:
///   `page.staticTexts["Milk"]`).
/// - ``placeholder``: the element's `placeholder` attribute.
/// - ``elementType``: the accessibility role mapped onto the package's
///   element types (see ``elementType(forRole:)``); the role itself is ``role``.
///
/// The tree is the page's accessibility tree: an element hidden with
/// `display: none`, `visibility: hidden` or `aria-hidden` is not in it, as
/// it is not for a screen reader, so it does not exist for queries, but
/// for those from ``BrowserPage/includingHidden``. Nodes the
/// accessibility tree marks as ignored (layout `div`s) are left out and their
/// children take their place, unless the element has a `data-testid` or an
/// `id`. Inline text boxes and list bullets are left out; the static text
/// stays.
public struct BrowserNode: QueryableNode, LocatableNode, Sendable, Equatable {
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
  /// The accessible name when a label gave it: what `descendants(labelled:)` matches.
  ///
  /// A `<label>` (around the element or naming it with `for`),
  /// `aria-labelledby` or `aria-label`, as Playwright's `getByLabel` reads
  /// them; `nil` when the element is named by its contents, a placeholder,
  /// a `title`, or not at all.
  public var labelText: String?
  /// The accessible value, such as a text field's text: `""` for an empty
  /// text field, `nil` for an element that holds no value.
  public var value: String?
  /// Whether the element is enabled: not `disabled`, not `aria-disabled`.
  public var isEnabled: Bool
  /// Whether the element has the keyboard focus.
  public var isFocused: Bool
  /// Whether the element takes typed text: a text field, a content-editable,
  /// not `readonly`.
  public var isEditable: Bool
  /// Whether a checkbox, radio button or switch is checked.
  ///
  /// `nil` for an element that has no checked state; a `mixed`
  /// (indeterminate) checkbox reads `false`.
  public var isChecked: Bool?
  /// Whether an option, tab, row or cell is selected.
  public var isSelected: Bool
  /// Whether an element that expands (a `<details>`, an `aria-expanded`
  /// button) is expanded; `nil` for one that does not expand.
  public var isExpanded: Bool?
  /// Whether a toggle button (`aria-pressed`) is pressed.
  ///
  /// `nil` for an element that is not a toggle button; `mixed` reads `false`.
  public var isPressed: Bool?
  /// The element's level: a heading's (1 for `<h1>`, or its `aria-level`),
  /// or the `aria-level` of a list item, row or tree item; `nil` for an
  /// element that has none.
  public var level: Int?
  /// Whether the checked state is `mixed` (an indeterminate checkbox),
  /// which ``isChecked`` reads as `false`.
  var isCheckedMixed = false
  /// Whether the pressed state is `mixed`, which ``isPressed`` reads as
  /// `false`.
  var isPressedMixed = false
  /// The element's HTML attributes as the page last set them, such as
  /// `class`, `href` or `aria-current`: the markup's, not live properties
  /// (an input's typed text is ``value``, its `checked` state ``isChecked``).
  public var attributes: [String: String]
  /// The element's box when it has a layout box; `nil` when it has none.
  public var box: Box?
  /// The node's children, in order.
  public var children: [BrowserNode]
  /// The DOM node behind the accessibility node, for acting on it.
  var backendNodeID: Int?
  /// The element's text content as the DOM holds it, white space
  /// normalized; `nil` for a node made without it.
  var domText: String?
  /// The CSS selectors of the query being resolved that select the
  /// element (`locator(css:)`).
  var selectors: [String] = []
  /// Whether the node is a text that CSS generated (`::before`, `::after`
  /// content), which is no part of an element's text content.
  var isGeneratedText = false

  /// The text the element shows: its whole ``textContent``.
  ///
  /// `matching(text:)` and `containing(text:)` read it. It is `nil` for a
  /// text node, since on a web page text is searched as Playwright's
  /// `getByText` searches it: the innermost element whose text matches,
  /// whatever CSS lays it out. A text node's text is its ``label``.
  public var text: String? {
    elementType == .staticText ? nil : domText
  }

  /// The element's text content as Playwright's `toHaveText` and
  /// `getByText` read it: the DOM's text below the element, whole, with
  /// runs of white space read as one space and none at either end.
  ///
  /// Text split over inline elements reads as one (`<strong>3</strong>
  /// items left` reads `3 items left`); text that CSS generates
  /// (`::before`, `::after`, such as a delete button's `×` shown on hover)
  /// and the contents of `<script>` and `<style>` are no part of it, and
  /// neither is what a text field holds (its ``value``). A text node's text
  /// content is its text.
  public var textContent: String {
    if elementType == .staticText { return isGeneratedText ? "" : label }
    if let domText { return domText }
    // A node made without the DOM's text: the texts below it, joined.
    var texts: [String] = []
    var stack = Array(children.reversed())
    var budget = 100_000
    while let next = stack.popLast(), budget > 0 {
      budget -= 1
      if next.elementType == .staticText {
        if !next.isGeneratedText { texts.append(next.label) }
      } else if let text = next.domText {
        texts.append(text)
      } else {
        stack.append(contentsOf: next.children.reversed())
      }
    }
    return PageSnapshot.normalized(texts.joined(separator: " "))
  }

  /// The element's `placeholder` attribute.
  public var placeholder: String? { attributes["placeholder"] }

  /// The element's box, for an ambiguity error to tell elements apart that
  /// read alike; `nil` when it has none.
  public var locationDescription: String? { box.map(String.init(describing:)) }

  /// The states a test can assert, as a dump of the page shows them after
  /// the element's identity: `checked` or `unchecked`, `expanded` or
  /// `collapsed`, `pressed`, `selected`, `focused`, and its classes as
  /// `class="todo completed"`.
  public var dumpedStates: [String] {
    var states: [String] = []
    if isCheckedMixed {
      states.append("mixed")
    } else if let isChecked {
      states.append(isChecked ? "checked" : "unchecked")
    }
    if let level { states.append("level=\(level)") }
    if let isExpanded { states.append(isExpanded ? "expanded" : "collapsed") }
    if isPressed == true { states.append("pressed") }
    if isSelected { states.append("selected") }
    if isFocused { states.append("focused") }
    if !classes.isEmpty { states.append("class=\(String(reflecting: classes.joined(separator: " ")))") }
    return states
  }

  /// The classes of the element's `class` attribute, in order.
  public var classes: [String] {
    attributes["class"].map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
  }

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
  ///   - labelText: The accessible name when a label gave it.
  ///   - value: The accessible value.
  ///   - isEnabled: Whether the element is enabled.
  ///   - isFocused: Whether the element has the focus.
  ///   - isEditable: Whether the element takes typed text.
  ///   - isChecked: Whether it is checked; `nil` when it has no checked state.
  ///   - isSelected: Whether it is selected.
  ///   - isExpanded: Whether it is expanded; `nil` when it does not expand.
  ///   - isPressed: Whether it is pressed; `nil` when it is not a toggle button.
  ///   - attributes: The HTML attributes.
  ///   - textContent: The element's text content; `nil` to read the texts
  ///     of `children`, joined with spaces.
  ///   - box: The element's box.
  ///   - children: The children.
  public init(
    role: String, testID: String? = nil, htmlID: String? = nil, label: String = "", labelText: String? = nil,
    value: String? = nil,
    isEnabled: Bool = true, isFocused: Bool = false, isEditable: Bool = false, isChecked: Bool? = nil,
    isSelected: Bool = false, isExpanded: Bool? = nil, isPressed: Bool? = nil,
    attributes: [String: String] = [:], textContent: String? = nil,
    box: Box? = nil, children: [BrowserNode] = []
  ) {
    self.elementType = BrowserNode.elementType(forRole: role)
    self.role = role
    self.testID = testID
    self.htmlID = htmlID
    self.label = label
    self.labelText = labelText
    self.value = value
    self.isEnabled = isEnabled
    self.isFocused = isFocused
    self.isEditable = isEditable
    self.isChecked = isChecked
    self.isSelected = isSelected
    self.isExpanded = isExpanded
    self.isPressed = isPressed
    self.attributes = attributes
    self.box = box
    self.children = children
    self.backendNodeID = nil
    self.domText = textContent
  }
}

extension BrowserNode {
  /// The element's state of a name that `getByRole`'s options read, as a
  /// query's state filter compares it (``QueryPlan/Filter/state(_:value:)``):
  /// `"true"`, `"false"` or `"mixed"` for `checked` and `pressed` (a button
  /// that is no toggle reads `"false"`, as in Playwright), `"true"`
  /// or `"false"` for `disabled`, `expanded` and `selected`, the number for
  /// `level`; `nil` for a state the element does not have.
  ///
  /// - Parameter name: The state's name.
  /// - Returns: How it reads, or `nil`.
  func state(_ name: String) -> String? {
    switch name {
    case "checked": isCheckedMixed ? "mixed" : isChecked.map { String($0) }
    // A button that is no toggle reads unpressed, as Playwright reads it.
    case "pressed":
      isPressedMixed ? "mixed" : isPressed.map { String($0) } ?? (role == "button" ? "false" : nil)
    case "disabled": String(!isEnabled)
    case "expanded": isExpanded.map { String($0) }
    case "selected": String(isSelected)
    case "level": level.map { String($0) }
    default: nil
    }
  }

  /// Whether a query for `type` matches the element: `.any`, its
  /// ``elementType``, or its role by name, as ARIA or Chromium names it
  /// (`"checkbox"`, `"listitem"`, `"img"`): `page.descendants(matching:
  /// "checkbox")` finds checkboxes and no radio button, as Playwright's
  /// `getByRole("checkbox")` does, while `.toggle` finds both.
  ///
  /// - Parameter type: The type a query asks for.
  /// - Returns: Whether the element is of that type.
  public func isOfType(_ type: ElementType) -> Bool {
    Self.role(role, isOfType: type)
  }

  /// Whether an element of Chromium's role `role` is of `type`; the rule of
  /// ``isOfType(_:)``, for the page's own search too.
  static func role(_ role: String, isOfType type: ElementType) -> Bool {
    if type == .any || type.rawValue == role { return true }
    // ARIA's name where Chromium's differs.
    if type.rawValue == "img" && role == "image" { return true }
    return type == elementType(forRole: role)
  }

  /// The element type of an accessibility role: the package's type where one
  /// fits, so that XCUITest-style shortcuts work on web pages too.
  ///
  /// A query by the role's own name matches too (``isOfType(_:)``).
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
