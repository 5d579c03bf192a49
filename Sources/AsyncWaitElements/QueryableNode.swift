/// A node of a tree that queries can search: a snapshot of a UI element, an
/// accessibility node, a DOM node.
///
/// Conform by giving the node's children; the attributes that queries match
/// have defaults, so a node implements only those its tree has.
///
/// ```swift
/// struct AccessibilityNode: QueryableNode {
///   var role: String
///   var accessibilityIdentifier: String?
///   var children: [AccessibilityNode]
///
///   var elementType: ElementType { ElementType(rawValue: role) }
///   var identifier: String { accessibilityIdentifier ?? "" }
/// }
/// ```
///
/// Queries read a node's properties synchronously and many times per probe,
/// so a node is best a cheap value: a snapshot of the tree at one moment,
/// handed out afresh by the root provider of a ``TreeElement`` on every probe.
///
/// Queries are `Sendable` and may run their filters on any thread, so a
/// node's conformance cannot be isolated to an actor (the protocol refines
/// `SendableMetatype`); a node that is a value snapshot needs no isolation.
public protocol QueryableNode: SendableMetatype {
  /// The node's children, in order.
  var children: [Self] { get }

  /// The node's kind. The default is ``ElementType/other``.
  var elementType: ElementType { get }

  /// A stable identifier for tests, such as `ItemListScreen.button.add`. The
  /// default is empty.
  var identifier: String { get }

  /// The text a user or an assistive technology reads. The default is empty.
  var label: String { get }

  /// The node's value, such as a text field's text or a toggle's state. The
  /// default is `nil`.
  var value: String? { get }

  /// Whether the node accepts interaction. The default is `true`.
  var isEnabled: Bool { get }

  /// The text the node shows, which ``ElementQuery/matching(text:)`` matches.
  /// The default is the ``label`` of a ``ElementType/staticText`` node and
  /// `nil` for any other: text is found where the tree holds it, in its
  /// text nodes.
  var text: String? { get }

  /// The text of the node and of everything below it, as a reader sees it
  /// whole: what `.text(…)` expects and `require(texts:)` reads.
  ///
  /// The default is the node's own ``text``, or else the texts of the nodes
  /// below it in depth-first order, joined with spaces: `Hello <b>world</b>!`
  /// in a tree of text nodes reads `Hello world !`. A tree that knows how its
  /// texts join gives the text itself, as the browser integration does with
  /// the DOM's text content (`Hello world!`).
  var textContent: String { get }

  /// The hint a text field shows while it is empty, which
  /// ``ElementQuery/matching(placeholder:)`` matches. The default is `nil`.
  var placeholder: String? { get }

  /// The text of a label that names the node apart from what it shows
  /// itself, such as a text field's `<label>` or a button's `aria-label`,
  /// which ``ElementQuery/matching(labelled:)`` matches.
  ///
  /// The default guesses from the tree: the ``label`` of a node that is not
  /// a text node, when the texts of its children do not make it up (a
  /// button whose text child reads its name is named by its text, not
  /// labelled). In a tree without text nodes every named node counts as
  /// labelled; a tree that knows where names come from says so, as the
  /// browser integration does from the accessibility tree's name sources.
  var labelText: String? { get }

  /// The states a dump of the tree shows after the node's identity, such
  /// as `checked` or `class="todo completed"`: what a test can assert of it
  /// besides its label, identifier, value and being disabled. The default
  /// is none.
  var dumpedStates: [String] { get }

  /// Whether a query for `type` matches the node: `.any`, the node's
  /// ``elementType``, and any other name the tree gives the node's kind.
  ///
  /// The default matches `.any` and the node's ``elementType``. A tree whose
  /// nodes have a role of their own besides the package's type answers to
  /// both: a web page's checkbox is a `.toggle` and a `"checkbox"`, and
  /// `page.descendants(matching: "checkbox")` finds it (and no radio
  /// button), as Playwright's `getByRole("checkbox")` does.
  ///
  /// - Parameter type: The type a query asks for.
  /// - Returns: Whether the node is of that type.
  func isOfType(_ type: ElementType) -> Bool
}

extension QueryableNode {
  /// The kind of a node whose tree says nothing of kinds: ``ElementType/other``.
  public var elementType: ElementType { .other }
  /// No identifier: the empty string.
  public var identifier: String { "" }
  /// No label: the empty string.
  public var label: String { "" }
  /// No value: `nil`, which a dump of the tree leaves out.
  public var value: String? { nil }
  /// Enabled: `true`, for trees that have no disabled state.
  public var isEnabled: Bool { true }
  /// A text node's label; `nil` for any other node.
  public var text: String? { elementType == .staticText ? label : nil }
  /// No placeholder: `nil`.
  public var placeholder: String? { nil }
  /// The node's ``text``, or else the texts below it in depth-first order,
  /// joined with spaces.
  public var textContent: String {
    if let text { return text }
    var texts: [String] = []
    var stack = Array(children.reversed())
    // Bounded: an expectation reads one element, not a cyclic tree.
    var budget = 100_000
    while let next = stack.popLast(), budget > 0 {
      budget -= 1
      if let text = next.text {
        texts.append(text)
      } else {
        stack.append(contentsOf: next.children.reversed())
      }
    }
    return texts.joined(separator: " ")
  }
  /// No states beyond those every node has: none.
  public var dumpedStates: [String] { [] }
  /// Whether `type` is `.any` or the node's ``elementType``.
  ///
  /// - Parameter type: The type a query asks for.
  /// - Returns: Whether the node is of that type.
  @inlinable
  public func isOfType(_ type: ElementType) -> Bool { type == .any || type == elementType }
  /// The ``label``, unless the node is a text node or its children's texts make up its label.
  public var labelText: String? {
    guard !label.isEmpty, elementType != .staticText else { return nil }
    let ownText = children.compactMap(\.text).joined(separator: " ")
    return TextMatch.exactly(ownText).matches(label) ? nil : label
  }
}
