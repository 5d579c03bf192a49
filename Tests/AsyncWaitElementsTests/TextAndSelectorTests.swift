@_spi(Tests) import AsyncWait
import Testing

@testable import AsyncWaitElements

/// A node whose elements have a text of their own, as a web page's do, and
/// which marks the nodes that the query's tree selectors name.
private struct TextNode: QueryableNode {
  var elementType: ElementType = .other
  var identifier = ""
  var ownText: String?
  var marks: [String] = []
  var children: [TextNode] = []

  var text: String? { ownText }
}

/// The tree; `seen` collects what the root provider saw of
/// ``TreeSelectors`` each time it was read.
private func root(seen: Locked<[[String]]> = Locked([])) -> TreeElement<TextNode> {
  TreeElement("root") {
    let selectors = TreeSelectors.current
    seen.withLock { $0.append(selectors) }
    func marked(_ node: TextNode) -> TextNode {
      var node = node
      node.marks = selectors.filter { node.identifier.hasPrefix($0) }
      node.children = node.children.map(marked)
      return node
    }
    return marked(
      TextNode(children: [
        // "Hello world!" split over an inline element, as in a paragraph.
        TextNode(
          identifier: "item-paragraph", ownText: "Hello world!",
          children: [
            TextNode(elementType: .staticText, ownText: "Hello"),
            TextNode(
              identifier: "bold", ownText: "world",
              children: [TextNode(elementType: .staticText, ownText: "world")]),
            TextNode(elementType: .staticText, ownText: "!"),
          ]),
        TextNode(
          identifier: "item-label", ownText: "Milk",
          children: [TextNode(elementType: .staticText, ownText: "Milk")]),
      ]))
  }
}

@Suite struct TextAndSelectorTests {
  @Test func aTextIsFoundOnTheInnermostNodeThatShowsIt() async throws {
    // The paragraph shows it whole, and no child does.
    #expect(
      try await root().descendants(withText: "Hello world!").snapshots().map(\.identifier) == [
        "item-paragraph"
      ])
    // A label and its text node both read "Milk": the text node is found.
    let milk = try await root().descendants(withText: "Milk").snapshots()
    #expect(milk.count == 1)
    #expect(milk.first?.elementType == .staticText)
    // "world": the bold element's text node, not the element nor the paragraph.
    #expect(try await root().descendants(withText: "world").snapshots().map(\.elementType) == [.staticText])
    // A filter on what a node or a node below it shows keeps every such node.
    #expect(try await root().descendants(matching: .any).containing(text: "world").count == 3)
  }

  @Test func textContentJoinsTheTextsBelowWithSpacesByDefault() {
    let node = ElementNode(
      .cell,
      children: [
        ElementNode(.staticText, label: "Hello"),
        ElementNode(.other, children: [ElementNode(.staticText, label: "world")]),
      ])
    #expect(node.textContent == "Hello world")
    // A node with a text of its own reads that text.
    #expect(TextNode(ownText: "Own", children: [TextNode(ownText: "child")]).textContent == "Own")
    // The expectation and the list form read it.
    #expect(ElementExpectation<ElementNode>.text("Hello world").isMet(by: node))
  }

  @Test func aSelectorReachesTheRootProviderAndReadsAsWritten() async throws {
    let seen = Locked<[[String]]>([])
    let items = root(seen: seen).descendants(matching: .any).selected(
      by: "item", describedAs: ".locator(css: \"item\")"
    ) {
      $0.marks.contains("item")
    }
    #expect(try await items.count == 2)
    #expect(items.elementDescription == #"root.locator(css: "item")"#)
    #expect(
      items.matching(identifier: "item-label").elementDescription
        == #"root.locator(css: "item").matching(identifier: "item-label")"#)
    // Only a query with a selector reads the root with it.
    #expect(try await root(seen: seen).descendants(matching: .any).count == 7)
    // An inner query's selectors are read for the query that holds it.
    let holders = root(seen: seen).descendants(matching: .any).containing(
      root().descendants(matching: .any).selected(by: "bold", describedAs: ".locator(css: \"bold\")") {
        $0.marks.contains("bold")
      })
    #expect(try await holders.count == 1)
    #expect(seen.withLock { $0 } == [["item"], [], ["bold"]])
    // A failure counts the selector's matches from a walk of the same tree.
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await items.require(count: 3, timeout: .zero)
    }
    #expect(error.description.contains(#".locator(css: "item"): 2 matches"#))
  }
}
