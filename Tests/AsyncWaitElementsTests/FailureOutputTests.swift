import AsyncWait
import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

@Suite struct FailureOutputTests {
  @Test func missingElementErrorShowsTheQueryEachStepAndTheTree() async throws {
    let app = NodeTree(shoppingScreen).rootElement()
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.lists.firstMatch.cells["Butter"].requireExistence(
        timeout: .milliseconds(200), using: Wait(clock: clock))
    }

    #expect(
      error.description == """
        Timed out after 200 ms waiting for "app.lists.firstMatch\
        .cells["Butter"] to exist"
          (3 probes over 200 ms, polling every 100 ms on ManualClock)
          last observed:
            does not exist
            query: app.lists.firstMatch.cells["Butter"]
              .lists: 1 match
              .firstMatch: 1 match
              .cells["Butter"]: no matches
            tree:
              application "Shopping"
                list id=ShoppingScreen.list.items
                  cell "Milk" id=ShoppingScreen.cell.Milk
                    button "Check" id=ShoppingScreen.button.check.Milk
                  cell "Eggs" id=ShoppingScreen.cell.Eggs
                    button "Check" id=ShoppingScreen.button.check.Eggs
                  cell "Bread" id=ShoppingScreen.cell.Bread
                    button "Check" id=ShoppingScreen.button.check.Bread
                button "Add" id=ShoppingScreen.button.add
                button "Clear" id=ShoppingScreen.button.clear disabled
                textField "Search" id=ShoppingScreen.textField.search value="ch"
          at \(error.location)
        """)
  }

  @Test func subscriptsPrintOnlyTheStepsTheUserWrote() async throws {
    let app = NodeTree(shoppingScreen).rootElement()
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.lists["ShoppingScreen.list.items"].cells["Butter"].requireExistence(
        timeout: .zero, using: Wait(clock: clock))
    }

    let observation = try #require(error.lastObservation)
    #expect(
      observation.hasPrefix(
        """
        does not exist
        query: app.lists["ShoppingScreen.list.items"].cells["Butter"]
          .lists["ShoppingScreen.list.items"]: 1 match
          .cells["Butter"]: no matches
        tree:
        """))
  }

  @Test func attributeErrorShowsTheLastValueAndTheNodeFound() async throws {
    let app = NodeTree(shoppingScreen).rootElement()
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.buttons["Clear"].require(
        for: \.isEnabled, toEqual: true, timeout: .zero, using: Wait(clock: clock))
    }

    let observation = try #require(error.lastObservation)
    #expect(
      error.comment == #"app.buttons["Clear"].isEnabled to equal true"#)
    #expect(observation.hasPrefix(".isEnabled was false\nquery: "))
    #expect(observation.contains("\nfound: button \"Clear\" id=ShoppingScreen.button.clear disabled\n"))
    #expect(error.probeCount == 1)
  }

  /// A choice of one element among several (a subscript's, `.element`)
  /// says it was ambiguous, and no element is said to be found.
  @Test func anAmbiguousChoiceSaysSoAndNamesNoElementFound() async throws {
    let app = NodeTree(shoppingScreen).rootElement()

    let subscripted = try #require(await app.buttons["Check"].stateDescription)
    let element = try #require(await app.cells.element.stateDescription)

    #expect(
      subscripted.hasPrefix(
        """
        query: app.buttons["Check"]
          .buttons["Check"]: 3 matches
          the subscript's one element: ambiguous, 3 candidates
        tree:
        """))
    #expect(
      element.hasPrefix(
        """
        query: app.cells.element
          .cells: 3 matches
          .element: ambiguous, 3 candidates
        tree:
        """))
  }

  /// A query of many elements, as a count reads it, finds no one element.
  @Test func aQueryOfManyElementsNamesNoElementFound() async throws {
    let app = NodeTree(shoppingScreen).rootElement()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.cells.require(count: 5, timeout: .zero)
    }

    let observation = try #require(error.lastObservation)
    #expect(observation.contains("\n  .cells: 3 matches\ntree:\n"))
    #expect(!observation.contains("found:"))
  }

  @Test func elementThatWouldNotGoAwayIsReportedAsStillThere() async throws {
    let app = NodeTree(shoppingScreen).rootElement()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.buttons["Add"].requireNonExistence("the add button hides", timeout: .zero)
    }

    #expect(error.comment == "the add button hides")
    #expect(error.lastObservation?.hasPrefix("still exists\nquery: ") == true)
  }

  @Test func largeTreeDumpIsCutWithACountOfWhatWasLeftOut() async throws {
    let rows = (0..<100).map { ElementNode(.cell, label: "Row \($0)") }
    let app = NodeTree(ElementNode(.list, children: rows)).rootElement()

    let state = try #require(await app.buttons["Missing"].stateDescription)

    let treeLines = state.split(separator: "\n").drop { $0 != "tree:" }.dropFirst()
    #expect(treeLines.count == 41)
    #expect(treeLines.last == "  … 61 more nodes")
  }

  @Test func rootProviderErrorIsDescribedNotThrown() async throws {
    struct Disconnected: Error {}
    let app = TreeElement<ElementNode>("remote") { throw Disconnected() }

    #expect(await app.buttons["Add"].stateDescription == "the root could not be read: Disconnected()")
    await #expect(throws: Disconnected.self) { try await app.buttons["Add"].exists }
  }
}

@Suite struct StepReportTests {
  @Test func stepsAfterAnEmptyOneAreListedAsNotReached() async throws {
    let app = NodeTree(shoppingScreen).rootElement()

    let state = try #require(await app.lists["Groceries"].cells["Milk"].stateDescription)

    #expect(
      state.hasPrefix(
        """
        query: app.lists["Groceries"].cells["Milk"]
          .lists["Groceries"]: no matches
          (not reached: .cells["Milk"])
        tree:
        """))
  }
}
