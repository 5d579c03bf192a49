@_spi(Tests) import AsyncWait
import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

/// A small screen: a list of three cells, two buttons, a nested sheet.
let shoppingScreen = ElementNode(
  .application, label: "Shopping",
  children: [
    ElementNode(
      .list, identifier: "ShoppingScreen.list.items",
      children: ["Milk", "Eggs", "Bread"].map { item in
        ElementNode(
          .cell, identifier: "ShoppingScreen.cell.\(item)", label: item,
          children: [ElementNode(.button, identifier: "ShoppingScreen.button.check.\(item)", label: "Check")])
      }),
    ElementNode(.button, identifier: "ShoppingScreen.button.add", label: "Add"),
    ElementNode(.button, identifier: "ShoppingScreen.button.clear", label: "Clear", isEnabled: false),
    ElementNode(.textField, identifier: "ShoppingScreen.textField.search", label: "Search", value: "ch"),
  ])

@Suite struct ElementQueryTests {
  var app: TreeElement<ElementNode> { NodeTree(shoppingScreen).rootElement() }

  @Test func descendantsFindEveryMatchInDepthFirstOrder() async throws {
    let buttons = try await app.buttons.snapshots()

    #expect(
      buttons.map(\.identifier) == [
        "ShoppingScreen.button.check.Milk", "ShoppingScreen.button.check.Eggs",
        "ShoppingScreen.button.check.Bread", "ShoppingScreen.button.add", "ShoppingScreen.button.clear",
      ])
    #expect(try await app.descendants(matching: .any).count == 10)
  }

  @Test func childrenFindOnlyDirectChildren() async throws {
    #expect(try await app.children(matching: .button).count == 2)
    #expect(try await app.children(matching: .cell).count == 0)
    #expect(try await app.lists.firstMatch.children(matching: .cell).count == 3)
  }

  @Test func subscriptMatchesIdentifierOrLabel() async throws {
    #expect(try await app.buttons["ShoppingScreen.button.add"].exists)
    #expect(try await app.buttons["Add"].snapshot()?.identifier == "ShoppingScreen.button.add")
    #expect(try await app.buttons["Check"].snapshot()?.identifier == "ShoppingScreen.button.check.Milk")
    #expect(try await app.buttons["Nothing"].exists == false)
    #expect(try await app.cells["ShoppingScreen.button.add"].exists == false)
  }

  @Test func elementBoundByPicksByPositionAndFindsNothingOutOfRange() async throws {
    #expect(try await app.cells.element(boundBy: 1).snapshot()?.label == "Eggs")
    #expect(try await app.cells.element(boundBy: 3).exists == false)
    #expect(try await app.cells.element(boundBy: -1).exists == false)
    #expect(try await app.cells.firstMatch.snapshot()?.label == "Milk")
  }

  @Test func matchingNarrowsTheSet() async throws {
    let checks = app.buttons.matching { $0.label == "Check" }

    #expect(try await checks.count == 3)
    #expect(try await app.buttons.matching(identifier: "ShoppingScreen.button.clear").count == 1)
    #expect(try await app.buttons.matching { !$0.isEnabled }.firstMatch.snapshot()?.label == "Clear")
  }

  @Test func queriesChainFromElementsAndFromSets() async throws {
    let eggs = app.lists["ShoppingScreen.list.items"].cells["Eggs"]
    let checkInEveryCell = app.cells.descendants(matching: .button)

    #expect(try await eggs.buttons["Check"].snapshot()?.identifier == "ShoppingScreen.button.check.Eggs")
    #expect(try await checkInEveryCell.count == 3)
  }

  @Test func querySetIsWaitableAndExistsWhileItMatches() async throws {
    let tree = NodeTree(shoppingScreen)
    let cells = tree.rootElement().cells
    let clock = ManualClock()
    let wait = Task { try await cells.waitForNonExistence(timeout: .seconds(1), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    tree.update { $0?.removeAll { $0.elementType == .cell } }
    clock.advance(by: .milliseconds(100))

    #expect(try await wait.value)
    #expect(try await cells.exists == false)
  }

  @Test func treeWithoutARootHasNoElements() async throws {
    let tree = NodeTree()
    let app = tree.rootElement()

    #expect(try await app.exists == false)
    #expect(try await app.buttons.count == 0)
    #expect(await app.buttons["Add"].stateDescription == "the tree has no root")
  }

  @Test func descriptionsReadLikeTheQuery() {
    #expect(app.elementDescription == "app")
    #expect(
      app.lists["ShoppingScreen.list.items"].cells.element(boundBy: 2).elementDescription
        == "app.lists[\"ShoppingScreen.list.items\"]"
        + ".cells.element(boundBy: 2)")
    #expect(
      app.buttons.matching("disabled") { !$0.isEnabled }.firstMatch.elementDescription
        == "app.buttons.matching(disabled).firstMatch")
  }
}

@Suite struct AttributeWaitTests {
  @Test func attributeWaitReadsTheResolvedNode() async throws {
    let tree = NodeTree(shoppingScreen)
    let clear = tree.rootElement().buttons["ShoppingScreen.button.clear"]
    let clock = ManualClock()
    let wait = Task {
      try await clear.wait(for: \.isEnabled, toEqual: true, timeout: .seconds(1), using: Wait(clock: clock))
    }
    try await clock.sleepers(atLeast: 1)

    tree.update { $0?.update(identifier: "ShoppingScreen.button.clear") { $0.isEnabled = true } }
    clock.advance(by: .milliseconds(100))

    #expect(try await wait.value)
  }

  @Test func attributeWaitOnAMissingNodeKeepsWaiting() async throws {
    let app = NodeTree(shoppingScreen).rootElement()
    let clock = ManualClock(.advancesWhenSleeping)

    let labelled = try await app.buttons["Missing"].wait(
      for: \.label, toEqual: "", timeout: .milliseconds(300), using: Wait(clock: clock))

    #expect(labelled == false)
    #expect(clock.now.offset == .milliseconds(300))
  }

  @Test func optionalValueAttributeCompares() async throws {
    let app = NodeTree(shoppingScreen).rootElement()

    #expect(try await app.textFields["Search"].wait(for: \.value, toEqual: "ch", timeout: .zero))
    #expect(try await app.buttons["Add"].wait(for: \.value, toEqual: nil, timeout: .zero))
  }

  @Test func everyProbeReadsTheRootExactlyOnce() async throws {
    let reads = Locked(0)
    let app = TreeElement("app") { () -> ElementNode? in
      reads.withLock { $0 += 1 }
      return shoppingScreen
    }
    let clock = ManualClock(.advancesWhenSleeping)

    let result = try await app.buttons["Add"].wait(
      for: \.label, toEqual: "Remove", timeout: .milliseconds(500), using: Wait(clock: clock))

    #expect(result == false)
    #expect(reads.withLock { $0 } == 6)
  }
}

/// A generated tree that counts how often nodes hand out their children.
struct CountingNode: QueryableNode {
  let depth: Int
  let index: Int
  let visits: Locked<Int>

  var elementType: ElementType { depth == 4 ? .button : .other }
  var identifier: String { "node.\(depth).\(index)" }

  var children: [CountingNode] {
    visits.withLock { $0 += 1 }
    guard depth < 4 else { return [] }
    return (0..<10).map { CountingNode(depth: depth + 1, index: index * 10 + $0, visits: visits) }
  }
}

@Suite struct ResolutionCostTests {
  @Test func firstMatchStopsAtTheFirstMatch() async throws {
    let visits = Locked(0)
    let app = TreeElement("root") { CountingNode(depth: 0, index: 0, visits: visits) }

    let first = try await app.buttons.firstMatch.snapshot()

    #expect(first?.identifier == "node.4.0")
    // Only the path down to the first leaf: the root and one node on each
    // level above the leaves; the leaf itself matches before its children are read.
    #expect(visits.withLock { $0 } == 4)
  }

  @Test func countWalksTheWholeTree() async throws {
    let visits = Locked(0)
    let app = TreeElement("root") { CountingNode(depth: 0, index: 0, visits: visits) }

    let count = try await app.buttons.count

    #expect(count == 10_000)
    #expect(visits.withLock { $0 } == 11_111)
  }

  @Test func existsOfASubscriptStopsAtTheMatch() async throws {
    let visits = Locked(0)
    let app = TreeElement("root") { CountingNode(depth: 0, index: 0, visits: visits) }

    #expect(try await app.buttons["node.4.3"].exists)
    // The path down, plus the three leaves before the match.
    #expect(visits.withLock { $0 } == 7)
  }
}

@Suite struct TreeWakeUpTests {
  @Test func elementTreeChangeWakesAnElementWaitWithoutATick() async throws {
    let tree = NodeTree(shoppingScreen)
    let done = tree.rootElement().buttons["Done"]
    let clock = ManualClock()
    let wait = Task { try await done.waitForExistence(timeout: .seconds(60), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    tree.update { $0?.children.append(ElementNode(.button, label: "Done")) }

    #expect(try await wait.value)
    #expect(clock.now == clock.start)
  }

  @Test func elementTreeChangeWakesANonExistenceWaitWithoutATick() async throws {
    let tree = NodeTree(shoppingScreen)
    tree.update { $0?.children.append(ElementNode(.button, label: "Done")) }
    let done = tree.rootElement().buttons["Done"]
    #expect(try await done.exists)
    let clock = ManualClock()
    let wait = Task { try await done.waitForNonExistence(timeout: .seconds(60), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    tree.update { $0?.children.removeAll { $0.label == "Done" } }

    #expect(try await wait.value)
    #expect(clock.now == clock.start)
  }

  @Test func treeElementWithoutTriggersPolls() async throws {
    let tree = NodeTree(shoppingScreen)
    let done = TreeElement("app") { tree.root }.buttons["Done"]
    let clock = ManualClock()
    let wait = Task { try await done.waitForExistence(timeout: .seconds(60), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    tree.update { $0?.children.append(ElementNode(.button, label: "Done")) }
    clock.advance(by: .milliseconds(100))

    #expect(try await wait.value)
    #expect(clock.now.offset == .milliseconds(100))
    #expect(done.triggers.isEmpty)
  }
}
