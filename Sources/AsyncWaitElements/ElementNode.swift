/// A node of an ``ElementTree``: a plain value with the attributes queries match.
///
/// Build a screen as a value, the way a declarative UI describes it:
///
/// ```swift
/// let screen = ElementNode(.application, label: "Items", children: [
///   ElementNode(.list, identifier: "ItemListScreen.list.items", children: [
///     ElementNode(.cell, label: "Milk"),
///   ]),
///   ElementNode(.button, identifier: "ItemListScreen.button.add", label: "Add"),
/// ])
/// ```
public struct ElementNode: QueryableNode, Hashable, Sendable {
  /// The node's kind.
  public var elementType: ElementType
  /// The node's identifier for tests; empty when it has none.
  public var identifier: String
  /// The node's label; empty when it has none.
  public var label: String
  /// The node's value, such as a text field's text; `nil` when it has none.
  public var value: String?
  /// Whether the node accepts interaction.
  public var isEnabled: Bool
  /// The node's children, in order.
  public var children: [ElementNode]

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - elementType: The node's kind.
  ///   - identifier: The node's identifier for tests; empty by default.
  ///   - label: The node's label; empty by default.
  ///   - value: The node's value; `nil` by default.
  ///   - isEnabled: Whether the node accepts interaction; `true` by default.
  ///   - children: The node's children; none by default.
  public init(
    _ elementType: ElementType,
    identifier: String = "",
    label: String = "",
    value: String? = nil,
    isEnabled: Bool = true,
    children: [ElementNode] = []
  ) {
    self.elementType = elementType
    self.identifier = identifier
    self.label = label
    self.value = value
    self.isEnabled = isEnabled
    self.children = children
  }

  /// The first node, this one or below, in depth-first order, with an identifier.
  ///
  /// - Parameter identifier: The identifier to look for.
  /// - Returns: The node, or `nil` when none has the identifier.
  public func first(identifier: String) -> ElementNode? {
    if self.identifier == identifier { return self }
    for child in children {
      if let found = child.first(identifier: identifier) { return found }
    }
    return nil
  }

  /// Changes the first node, this one or below, in depth-first order, with an identifier.
  ///
  /// - Parameters:
  ///   - identifier: The identifier of the node to change.
  ///   - body: Changes the node in place.
  /// - Returns: Whether a node had the identifier.
  @discardableResult
  public mutating func update(identifier: String, _ body: (inout ElementNode) -> Void) -> Bool {
    if self.identifier == identifier {
      body(&self)
      return true
    }
    for index in children.indices where children[index].update(identifier: identifier, body) {
      return true
    }
    return false
  }

  /// Removes every node below this one for which a predicate holds, with its subtree.
  ///
  /// - Parameter shouldRemove: Returns whether to remove a node.
  public mutating func removeAll(where shouldRemove: (ElementNode) -> Bool) {
    children.removeAll(where: shouldRemove)
    for index in children.indices {
      children[index].removeAll(where: shouldRemove)
    }
  }
}
