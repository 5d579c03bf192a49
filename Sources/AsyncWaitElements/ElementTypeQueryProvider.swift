/// Something queries start from: a ``TreeElement`` or an ``ElementQuery``,
/// with XCUITest's shortcut properties, so `app.cells.buttons["delete"]`
/// reads as it does in XCUITest.
///
/// Each shortcut is `descendants(matching:)` of one ``ElementType``, and
/// matches nodes whose ``QueryableNode/elementType`` is that type. Trees
/// with role names of their own map them onto these types in their node's
/// `elementType` (the AT-SPI integration maps `push button` to
/// ``ElementType/button``, `table cell` to ``ElementType/cell``, and so on).
public protocol ElementTypeQueryProvider {
  /// The node type of the tree.
  associatedtype Node: QueryableNode

  /// All nodes of a kind anywhere below.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those nodes, in depth-first order.
  func descendants(matching type: ElementType) -> ElementQuery<Node>

  /// The children of a kind.
  ///
  /// - Parameter type: The kind to match; ``ElementType/any`` matches all.
  /// - Returns: A query for those children, in order.
  func children(matching type: ElementType) -> ElementQuery<Node>
}

extension ElementTypeQueryProvider {
  /// All nodes below of type ``ElementType/button``.
  @inlinable
  public var buttons: ElementQuery<Node> { descendants(matching: .button) }
  /// All nodes below of type ``ElementType/staticText``.
  @inlinable
  public var staticTexts: ElementQuery<Node> { descendants(matching: .staticText) }
  /// All nodes below of type ``ElementType/textField``.
  @inlinable
  public var textFields: ElementQuery<Node> { descendants(matching: .textField) }
  /// All nodes below of type ``ElementType/toggle``.
  @inlinable
  public var toggles: ElementQuery<Node> { descendants(matching: .toggle) }
  /// All nodes below of type ``ElementType/cell``.
  @inlinable
  public var cells: ElementQuery<Node> { descendants(matching: .cell) }
  /// All nodes below of type ``ElementType/list``.
  @inlinable
  public var lists: ElementQuery<Node> { descendants(matching: .list) }
  /// All nodes below of type ``ElementType/sheet``.
  @inlinable
  public var sheets: ElementQuery<Node> { descendants(matching: .sheet) }
  /// All nodes below of type ``ElementType/window``.
  @inlinable
  public var windows: ElementQuery<Node> { descendants(matching: .window) }
  /// All nodes below of type ``ElementType/image``.
  @inlinable
  public var images: ElementQuery<Node> { descendants(matching: .image) }
}
