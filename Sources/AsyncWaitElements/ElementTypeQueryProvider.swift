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
  public var buttons: ElementQuery<Node> { descendants(matching: .button).writtenAsProperty() }
  /// All nodes below of type ``ElementType/staticText``.
  @inlinable
  public var staticTexts: ElementQuery<Node> { descendants(matching: .staticText).writtenAsProperty() }
  /// All nodes below of type ``ElementType/textField``.
  @inlinable
  public var textFields: ElementQuery<Node> { descendants(matching: .textField).writtenAsProperty() }
  /// All nodes below of type ``ElementType/toggle``.
  @inlinable
  public var toggles: ElementQuery<Node> { descendants(matching: .toggle).writtenAsProperty() }
  /// All nodes below of type ``ElementType/cell``.
  @inlinable
  public var cells: ElementQuery<Node> { descendants(matching: .cell).writtenAsProperty() }
  /// All nodes below of type ``ElementType/list``.
  @inlinable
  public var lists: ElementQuery<Node> { descendants(matching: .list).writtenAsProperty() }
  /// All nodes below of type ``ElementType/sheet``.
  @inlinable
  public var sheets: ElementQuery<Node> { descendants(matching: .sheet).writtenAsProperty() }
  /// All nodes below of type ``ElementType/window``.
  @inlinable
  public var windows: ElementQuery<Node> { descendants(matching: .window).writtenAsProperty() }
  /// All nodes below of type ``ElementType/image``.
  @inlinable
  public var images: ElementQuery<Node> { descendants(matching: .image).writtenAsProperty() }
}

extension ElementTypeQueryProvider {
  /// All nodes below of a kind with a name, as Playwright's `getByRole`
  /// finds them: `descendants(matching: type).matching(named: name)`.
  ///
  /// ```swift
  /// try await page.click(page.descendants(matching: .button, named: "Add item"))
  /// ```
  ///
  /// - Parameters:
  ///   - type: The kind to match; ``ElementType/any`` matches all.
  ///   - name: The name to match.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(matching type: ElementType, named name: TextMatch) -> ElementQuery<Node> {
    descendants(matching: type).matching(named: name)
      .written(as: .named(type))
  }

  /// All nodes below with text, as Playwright's `getByText` finds them:
  /// `descendants(matching: .any).matching(text: text)`.
  ///
  /// - Parameter text: The text to match.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(withText text: TextMatch) -> ElementQuery<Node> {
    descendants(matching: .any).matching(text: text).written(as: .withText)
  }

  /// All nodes below labelled so, as Playwright's `getByLabel` finds them:
  /// `descendants(matching: .any).matching(labelled: label)`.
  ///
  /// - Parameter label: The label to match.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(labelled label: TextMatch) -> ElementQuery<Node> {
    descendants(matching: .any).matching(labelled: label).written(as: .labelled)
  }

  /// All nodes below with a placeholder, as Playwright's `getByPlaceholder`
  /// finds them: `descendants(matching: .any).matching(placeholder: placeholder)`.
  ///
  /// - Parameter placeholder: The placeholder to match.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(withPlaceholder placeholder: TextMatch) -> ElementQuery<Node> {
    descendants(matching: .any).matching(placeholder: placeholder)
      .written(as: .withPlaceholder)
  }

  /// All nodes below with an identifier, as Playwright's `getByTestId`
  /// finds them: `descendants(matching: .any).matching(identifier: identifier)`.
  ///
  /// - Parameter identifier: The identifier to match exactly.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(identifiedBy identifier: String) -> ElementQuery<Node> {
    descendants(matching: .any).matching(identifier: identifier)
      .written(as: .identifiedBy)
  }
}
