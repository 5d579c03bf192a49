@_spi(Integrations) import AsyncWait

/// A thread-safe, in-memory tree of ``ElementNode`` values that any task can
/// change and any wait can query.
///
/// It is this package's test fixture, and a ready model for tests of view
/// models and simulations: render state into the tree whenever it changes,
/// and drive tests through queries and waits as a UI test would.
///
/// ```swift
/// let tree = NodeTree(ElementNode(.application, label: "Items"))
/// let app = tree.rootElement()
///
/// Task {
///   try await Task.sleep(for: .milliseconds(50))
///   tree.update { root in
///     root?.children.append(ElementNode(.button, label: "Done"))
///   }
/// }
/// try await app.buttons["Done"].requireExistence(timeout: .seconds(2))
/// ```
///
/// Reads return a snapshot: a value that later changes do not touch, so one
/// probe of a wait sees one consistent tree. Every change fires ``trigger``,
/// and the elements of ``rootElement(_:)`` carry that trigger, so their waits
/// probe again the moment the tree changes instead of at their next tick.
public final class NodeTree: Sendable {
  private let state: Locked<ElementNode?>

  /// Fires after every change to the tree.
  public let trigger = WaitTrigger()

  /// Creates a tree.
  ///
  /// - Parameter root: The root node, or `nil` for a tree with nothing in it
  ///   yet, like an application that has not started.
  public init(_ root: ElementNode? = nil) {
    state = Locked(root)
  }

  /// A snapshot of the tree's current root.
  public var root: ElementNode? {
    state.withLock { $0 }
  }

  /// Changes the tree in one step: no reader sees it half-changed.
  ///
  /// - Parameter body: Changes the root in place; it may set it to `nil`.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the changes it made before throwing are kept.
  @discardableResult
  public func update<Result, Failure: Error>(
    _ body: (inout ElementNode?) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { trigger.fire() }
    return try state.withLock(body)
  }

  /// The tree's root as an element to query and wait on.
  ///
  /// - Parameter name: How the root reads in descriptions and errors.
  /// - Returns: An element whose every read takes a fresh snapshot of the tree.
  public func rootElement(_ name: String = "app") -> TreeElement<ElementNode> {
    TreeElement(name, triggers: [trigger]) { [self] in root }
  }
}
