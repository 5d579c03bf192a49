import AsyncWaitElements
import Testing

/// A form as a page's accessibility tree has it: buttons named by their
/// text, a field named by its label, a button named by an `aria-label`,
/// two buttons with the same text, text split across nodes.
let signUpForm = ElementNode(
  .window, label: "Sign up",
  children: [
    ElementNode("heading", label: "Sign up", children: [ElementNode(.staticText, label: "Sign up")]),
    ElementNode(
      .textField, label: "Email", placeholder: "you@example.com",
      children: []),
    ElementNode(.textField, label: "  Full\n name ", placeholder: "Ada Lovelace"),
    ElementNode(.toggle, label: "Remember me"),
    ElementNode(
      .list, label: "Drafts",
      children: [
        ElementNode(
          .cell, identifier: "draft-1",
          children: [
            ElementNode(.staticText, label: "Item 1"),
            ElementNode(.button, label: "Delete", children: [ElementNode(.staticText, label: "Delete")]),
          ]),
        ElementNode(
          .cell, identifier: "draft-2",
          children: [
            ElementNode(.staticText, label: "Item 22"),
            ElementNode(.button, label: "Delete", children: [ElementNode(.staticText, label: "Delete")]),
          ]),
      ]),
    ElementNode(.button, label: "Close dialog", children: [ElementNode(.staticText, label: "×")]),
    ElementNode(.button, identifier: "submit", label: "Create account"),
  ])

@Suite struct ElementLocatorTests {
  var page: TreeElement<ElementNode> { NodeTree(signUpForm).rootElement("page") }

  /// `.loosely` matches as Playwright's strings do by default: a part, in
  /// any case; described as the match it is.
  @Test func looselyMatchesAPartInAnyCase() async throws {
    #expect(try await page.descendants(matching: .button, named: .loosely("delete")).count == 2)
    #expect(try await page.descendants(labelled: .loosely("CLOSE")).count == 1)
    #expect(try await page.descendants(labelled: .loosely("full name")).count == 1)
    #expect(try await page.descendants(labelled: .loosely("Fullname")).count == 0)
    // Each reads as written.
    #expect(TextMatch.loosely("Close").description == #".loosely("Close")"#)
    #expect(
      page.descendants(labelled: .loosely("Close")).elementDescription
        == #"page.descendants(labelled: .loosely("Close"))"#)
    #expect(
      page.descendants(matching: .button, named: .loosely("delete")).element.elementDescription
        == #"page.descendants(matching: .button, named: .loosely("delete")).element"#)
  }

  @Test func namesMatchExactlyByDefaultWithWhiteSpaceNormalised() async throws {
    #expect(try await page.descendants(matching: .button, named: "Delete").count == 2)
    #expect(try await page.descendants(matching: .button, named: "delete").count == 0)
    #expect(try await page.descendants(matching: .button, named: "Delet").count == 0)
    // The node's name has a line break and spaces around it.
    #expect(try await page.descendants(matching: .textField, named: "Full name").count == 1)
    #expect(try await page.descendants(matching: .textField, named: " Full  name").count == 1)
  }

  @Test func namesMatchByPartIgnoringCaseOrByRegex() async throws {
    #expect(try await page.descendants(matching: .any, named: .containing("account")).count == 1)
    #expect(try await page.descendants(matching: .any, named: .containing("ACCOUNT")).count == 0)
    #expect(
      try await page.descendants(matching: .any, named: .containing("ACCOUNT", ignoringCase: true)).count == 1
    )
    #expect(
      try await page.descendants(matching: .any, named: .exactly("sign UP", ignoringCase: true)).count == 2)
    #expect(try await page.descendants(withText: .matching(/^Item \d$/)).count == 1)
    #expect(try await page.descendants(withText: .matching(/Item \d+/)).count == 2)
    #expect(try await page.descendants(withText: .containing("")).count == 6)
  }

  @Test func textMatchesTheTextNodesOnly() async throws {
    let signUp = try await page.descendants(withText: "Sign up").snapshots()

    #expect(signUp.map(\.elementType) == [.staticText])
    #expect(try await page.descendants(withText: "Create account").count == 0)
  }

  @Test func aLabelIsANameThatIsNotTheNodesOwnText() async throws {
    // Fields named by their labels, and a button whose name is not its text.
    #expect(try await page.descendants(labelled: "Email").count == 1)
    #expect(try await page.descendants(labelled: "Remember me").snapshots().map(\.elementType) == [.toggle])
    #expect(try await page.descendants(labelled: "Close dialog").count == 1)
    // Buttons and headings named by the text they show are not labelled.
    #expect(try await page.descendants(labelled: "Delete").count == 0)
    #expect(try await page.descendants(labelled: "Sign up").count == 0)
  }

  @Test func placeholdersAndIdentifiersFindTheirNodes() async throws {
    let email = try await page.descendants(withPlaceholder: .containing("example.com")).snapshots()

    #expect(email.map(\.label) == ["Email"])
    #expect(try await page.descendants(identifiedBy: "submit").count == 1)
    #expect(try await page.descendants(identifiedBy: "Create account").count == 0)
  }

  @Test func containingKeepsTheMatchesBelowWhichAQueryOrTextIsFound() async throws {
    let cells = page.cells

    let withItem22 = try await cells.containing(text: "Item 22").snapshots()
    let withText = try await cells.containing(page.staticTexts["Item 1"]).snapshots()
    let withButton = try await cells.containing(page.buttons["Delete"]).count

    #expect(withItem22.map(\.identifier) == ["draft-2"])
    #expect(withText.map { $0.identifier } == ["draft-1"])
    #expect(withButton == 2)
    #expect(try await cells.containing(page.buttons["Archive"]).count == 0)
    #expect(try await page.lists.containing(text: .containing("22")).count == 1)
  }

  @Test func firstLastAndBoundByChooseAmongTheMatches() async throws {
    let deletes = page.descendants(matching: .button, named: "Delete")

    #expect(try await deletes.lastMatch.exists)
    #expect(try await page.cells.containing(deletes).lastMatch.snapshot()?.identifier == "draft-2")
    #expect(try await page.cells.firstMatch.snapshot()?.identifier == "draft-1")
    #expect(try await page.cells.element(boundBy: 1).snapshot()?.identifier == "draft-2")
    #expect(try await page.descendants(matching: "link").lastMatch.snapshot() == nil)
  }

  @Test func anActionsUniqueSnapshotRefusesAnImplicitChoiceOfSeveral() async throws {
    let delete = page.buttons["Delete"]

    // A read takes the first; an action's resolution lists the candidates.
    #expect(try await delete.exists)
    let error = try await #require(throws: AmbiguousElementError.self) {
      _ = try await delete.uniqueSnapshot()
    }

    #expect(error.query == #"page.buttons["Delete"]"#)
    #expect(error.matchCount == 2)
    #expect(error.matches == [#"button "Delete""#, #"button "Delete""#])
    #expect(
      error.description == """
        page.buttons["Delete"] matches 2 elements, and an action needs exactly one:
          button "Delete"
          button "Delete"
        Narrow the query, or say which one with .firstMatch, .lastMatch or .element(boundBy:).
        """)
  }

  @Test func explicitChoicesAndSingleMatchesAreUnique() async throws {
    let deletes = page.descendants(matching: .button, named: "Delete")

    #expect(try await deletes.firstMatch.uniqueSnapshot() != nil)
    #expect(try await deletes.lastMatch.uniqueSnapshot() != nil)
    #expect(try await deletes.element(boundBy: 1).uniqueSnapshot() != nil)
    #expect(try await page.cells["draft-2"].buttons["Delete"].uniqueSnapshot() != nil)
    #expect(try await page.buttons["Archive"].uniqueSnapshot() == nil)
    let error = try await #require(throws: AmbiguousElementError.self) {
      _ = try await deletes.element.uniqueSnapshot()
    }
    #expect(error.query == #"page.descendants(matching: .button, named: "Delete").element"#)
  }

  @Test func anAmbiguousChoiceEarlierInTheQueryIsReportedWhereItIs() async throws {
    let error = try await #require(throws: AmbiguousElementError.self) {
      _ = try await page.cells.element.buttons["Delete"].uniqueSnapshot()
    }

    #expect(error.query == "page.cells.element")
    #expect(error.matches == ["cell id=draft-1", "cell id=draft-2"])
  }

  @Test func descriptionsAreSwiftThatCanBePasted() {
    #expect(
      page.descendants(matching: .button, named: .containing("add", ignoringCase: true)).elementDescription
        == #"page.descendants(matching: .button, named: .containing("add", ignoringCase: true))"#)
    #expect(
      page.descendants(matching: "link", named: .matching(/Item \d+/)).lastMatch.elementDescription
        == #"page.descendants(matching: "link", named: .matching(/Item \d+/)).lastMatch"#)
    #expect(
      page.cells.containing(page.buttons["Delete"]).containing(text: .exactly("a", ignoringCase: true))
        .elementDescription
        == #"page.cells.containing(page.buttons["Delete"])"#
        + #".containing(text: .exactly("a", ignoringCase: true))"#)
    #expect(
      page.descendants(labelled: "Email").elementDescription
        == #"page.descendants(labelled: "Email")"#)
    #expect(
      page.descendants(withPlaceholder: "x").element.elementDescription
        == #"page.descendants(withPlaceholder: "x").element"#)
    #expect(
      page.descendants(identifiedBy: "summary").descendants(withText: "Saved").matching(named: "Saved")
        .elementDescription
        == #"page.descendants(identifiedBy: "summary").descendants(withText: "Saved").matching(named: "Saved")"#
    )
    #expect(TextMatch.matching(/a\/b/).description == ".matching(#/a/b/#)")
  }

  @Test func containingCountsItsWalkAgainstTheBudgetOfACyclicTree() async throws {
    let app = TreeElement("app", nodeBudget: 5_000) { Loop() }

    await #expect(throws: NodeBudgetExceededError.self) {
      _ = try await app.descendants(matching: .any).containing(text: "never").count
    }
    await #expect(throws: NodeBudgetExceededError.self) {
      _ = try await app.descendants(matching: .any).containing(app.buttons["x"]).firstMatch.exists
    }
  }

  @Test func aLocatableNodeSaysWhereEachCandidateIs() async throws {
    struct Pinned: LocatableNode, Sendable {
      var children: [Pinned] = []
      var elementType: ElementType = .button
      var label = "Delete"
      var y = 0
      var locationDescription: String? { y == 0 ? nil : "row \(y)" }
    }
    let app = TreeElement("app") {
      Pinned(children: [Pinned(y: 1), Pinned(y: 2), Pinned()], elementType: .window, label: "")
    }

    let error = try await #require(throws: AmbiguousElementError.self) {
      _ = try await app.buttons["Delete"].uniqueSnapshot()
    }

    #expect(
      error.matches == [#"button "Delete" at row 1"#, #"button "Delete" at row 2"#, #"button "Delete""#])
  }
}
