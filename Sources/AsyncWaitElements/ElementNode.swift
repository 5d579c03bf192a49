/// A node of a ``NodeTree``: a plain value with the attributes queries match.
///
/// Build a screen as a value, the way a declarative UI describes it:
///
/// ```swift
/// let screen = ElementNode(.application, label: "Items", children: [
///   ElementNode(.list, identifier: "ItemListScreen.list.items", children: [
///     ElementNode(.cell, label: "Milk"),
///   ]),
///   ElementNode(
///     .button, identifier: "ItemListScreen.button.add", label: "Add"),
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
  /// The hint a text field shows while it is empty; `nil` when it has none.
  public var placeholder: String?
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
  ///   - placeholder: The hint a text field shows while it is empty; `nil`
  ///     by default.
  ///   - children: The node's children; none by default.
  public init(
    _ elementType: ElementType,
    identifier: String = "",
    label: String = "",
    value: String? = nil,
    isEnabled: Bool = true,
    placeholder: String? = nil,
    children: [ElementNode] = []
  ) {
    self.elementType = elementType
    self.identifier = identifier
    self.label = label
    self.value = value
    self.isEnabled = isEnabled
    self.placeholder = placeholder
    self.children = children
  }

  /// The first node, this one or below, in depth-first order, with an identifier.
  ///
  /// Walks the tree with an explicit stack, so a tree of any depth works.
  ///
  /// - Parameter identifier: The identifier to look for.
  /// - Returns: The node, or `nil` when none has the identifier.
  public func first(identifier: String) -> ElementNode? {
    var stack = [self]
    while let node = stack.popLast() {
      if node.identifier == identifier { return node }
      stack.append(contentsOf: node.children.reversed())
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
    var found = false
    visitAll { node in
      guard node.identifier == identifier else { return true }
      body(&node)
      found = true
      return false
    }
    return found
  }

  /// Removes every node below this one for which a predicate holds, with its
  /// subtree; this node itself stays.
  ///
  /// - Parameter shouldRemove: Returns whether to remove a node.
  public mutating func removeAll(where shouldRemove: (ElementNode) -> Bool) {
    visitAll { node in
      node.children.removeAll(where: shouldRemove)
      return true
    }
  }

  /// Calls `visit` on this node and every node below it in depth-first
  /// pre-order, each in place, until it returns `false`.
  ///
  /// Iterative, so a tree of any depth works: each node is moved out of its
  /// parent while it is visited and put back after its subtree, so no copy
  /// of a subtree is made.
  private mutating func visitAll(_ visit: (inout ElementNode) -> Bool) {
    var path: [(node: ElementNode, next: Int)] = []
    var current = self
    self = ElementNode(.other)
    var goingOn = visit(&current)
    path.append((current, 0))
    while let last = path.indices.last {
      if goingOn, path[last].next < path[last].node.children.count {
        let index = path[last].next
        var child = ElementNode(.other)
        swap(&child, &path[last].node.children[index])
        goingOn = visit(&child)
        path.append((child, 0))
      } else {
        let finished = path.removeLast().node
        guard let parent = path.indices.last else {
          self = finished
          return
        }
        path[parent].node.children[path[parent].next] = finished
        path[parent].next += 1
      }
    }
  }
}
