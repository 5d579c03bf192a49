import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

/// The first node an element finds (walked lazily on every probe) is the
/// first node of the whole set its query resolves to, for random trees and
/// random queries.
@Suite struct LazyFirstMatchTests {
  /// The kinds the random trees and queries draw from.
  static let kinds: [ElementType] = [.button, .cell, .list, .staticText]

  /// A random tree of at most `budget` nodes, each with an identifier of
  /// its own and one of a few labels.
  static func tree(_ generator: inout SplitMix64, depth: Int, budget: inout Int) -> ElementNode {
    budget -= 1
    let kind = kinds.randomElement(using: &generator)!
    var node = ElementNode(
      kind, identifier: "n\(budget)", label: ["a", "b", "c"].randomElement(using: &generator)!)
    guard depth > 0 else { return node }
    for _ in 0..<Int.random(in: 0...4, using: &generator) where budget > 0 {
      node.children.append(tree(&generator, depth: depth - 1, budget: &budget))
    }
    return node
  }

  /// A random chain of searches, filters and first-element choices.
  static func query(_ generator: inout SplitMix64, from root: TreeElement<ElementNode>)
    -> ElementQuery<ElementNode>
  {
    func search(from element: TreeElement<ElementNode>) -> ElementQuery<ElementNode> {
      let type = (kinds + [.any]).randomElement(using: &generator)!
      return Bool.random(using: &generator)
        ? element.descendants(matching: type) : element.children(matching: type)
    }
    var query = search(from: root)
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      switch Int.random(in: 0...3, using: &generator) {
      case 0: query = search(from: query.firstMatch)
      case 1: query = query.matching { $0.label == "a" }
      case 2: query = query.descendants(matching: kinds.randomElement(using: &generator)!)
      default: query = query.children(matching: .any)
      }
    }
    return query
  }

  @Test(arguments: 0..<8)
  func firstMatchIsTheFirstOfTheResolvedSet(batch: UInt64) async throws {
    var generator = SplitMix64(seed: 0xF1257 &+ batch)
    for _ in 0..<250 {
      var budget = 60
      let root = Self.tree(&generator, depth: 5, budget: &budget)
      let app = TreeElement("app") { root }
      let query = Self.query(&generator, from: app)

      let all = try await query.snapshots()
      let first = try await query.firstMatch.snapshot()
      let exists = try await query.exists

      #expect(first?.identifier == all.first?.identifier, "\(query.elementDescription)")
      #expect(exists == !all.isEmpty, "\(query.elementDescription)")
    }
  }

  @Test func selectIsFinalEvenWhenALaterMatchWouldFind() async throws {
    let root = ElementNode(
      .application,
      children: [
        ElementNode(.cell, identifier: "empty"),
        ElementNode(.cell, identifier: "full", children: [ElementNode(.button, identifier: "go")]),
      ])
    let app = TreeElement("app") { root }

    #expect(try await app.cells.firstMatch.buttons.firstMatch.exists == false)
    #expect(try await app.cells.buttons.firstMatch.snapshot()?.identifier == "go")
  }
}
