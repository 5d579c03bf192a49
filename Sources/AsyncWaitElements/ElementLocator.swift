/// Something that finds one element of a tree for an action: a
/// ``TreeElement``, or an ``ElementQuery``, whose only match it stands for.
///
/// Actions take a locator, so a query reads as Playwright's locators do:
///
/// ```swift
/// try await page.click(page.descendants(matching: .button, named: "Add item"))
/// ```
///
/// and a query that matches several elements fails the action with
/// ``AmbiguousElementError`` (see ``TreeElement/uniqueSnapshot()``).
public protocol ElementLocator<Node>: WaitableElement, Sendable {
  /// The node type of the tree.
  associatedtype Node: QueryableNode

  /// The one element the locator stands for: a tree element itself, a
  /// query's ``ElementQuery/element``.
  var element: TreeElement<Node> { get }
}
