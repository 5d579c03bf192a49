import AsyncWaitElements

/// Why a simulated user could not act on an element.
struct InteractionError: Error, CustomStringConvertible {
  var description: String
}

/// The node an action is aimed at: it must exist and be enabled, as XCUITest requires.
///
/// `nonisolated(nonsending)` runs it in the caller's isolation, so a main-actor
/// app can pass it its non-`Sendable` elements.
nonisolated(nonsending) func target(_ element: TreeElement<ElementNode>) async throws -> ElementNode {
  guard let node = try await element.snapshot() else {
    throw InteractionError(description: "\(element.elementDescription) does not exist")
  }
  guard node.isEnabled else {
    throw InteractionError(description: "\(element.elementDescription) is disabled")
  }
  return node
}
