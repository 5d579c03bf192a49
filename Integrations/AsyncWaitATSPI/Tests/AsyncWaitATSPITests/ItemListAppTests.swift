import AsyncWaitATSPI
import AsyncWaitElements
import Testing

extension GUIAppTests {
  /// The item-list flow, driven as a user would through AT-SPI.
  ///
  /// It runs against a real GTK app in a real (virtual) X session. Every wait
  /// is an AsyncWait wait; the timeouts bound a hang, they are not
  /// expectations of speed.
  @Suite(.serialized, .timeLimit(.minutes(2)))
  struct ItemListAppTests {
    let timeout = Duration.seconds(20)

    @Test func listShowsItsFourItems() async throws {
      try await withItemListApp { app in
        // The application is a query provider, as a browser page is.
        let list = app.lists["ItemListScreen.list.items"]

        try await list.requireExistence(timeout: timeout)

        let items = list.children(matching: .cell)
        #expect(try await items.count == 4)
        #expect(try await list.descendants(matching: .staticText).firstMatch.snapshot()?.label == "Item 1")
      }
    }

    @Test func aTreeLargerThanItsBudgetSaysSo() async throws {
      try await withItemListApp { app in
        try await app.lists["ItemListScreen.list.items"].requireExistence(timeout: timeout)
        let small = try await ATSPIApplication(named: app.name, nodeBudget: 5)

        // The application evaluates the search, and the list it finds is read
        // whole, more than 5 nodes; the walk of a snapshot, which a predicate
        // needs, reads the whole tree.
        let searched = await #expect(throws: NodeBudgetExceededError.self) {
          _ = try await small.descendants(matching: .any)["ItemListScreen.list.items"].snapshot()
        }
        let walked = await #expect(throws: NodeBudgetExceededError.self) {
          _ = try await small.lists.matching { _ in true }["ItemListScreen.list.items"].exists
        }

        #expect(searched?.nodeBudget == 5)
        #expect(walked?.nodeBudget == 5)
        #expect(
          walked?.description.contains("stopped after 5 nodes") == true, "\(String(describing: walked))")
        // What the application searched for, by type, is within the budget.
        #expect(try await small.lists["ItemListScreen.list.items"].exists)
      }
    }

    /// The queries the application evaluates find what a walk of a snapshot
    /// finds: the same nodes, in the same order.
    @Test func theApplicationsSearchFindsWhatAWalkFinds() async throws {
      try await withItemListApp { app in
        try await app.lists["ItemListScreen.list.items"].requireExistence(timeout: timeout)
        let root = app.root
        let queries: [(String, ElementQuery<ATSPINode>)] = [
          ("buttons", root.buttons),
          ("static texts", root.staticTexts),
          ("cells of the list", root.lists["ItemListScreen.list.items"].children(matching: .cell)),
          ("any named Add Item", root.descendants(matching: .any).matching(named: "Add Item")),
          (
            "buttons named remove, any case",
            root.buttons.matching(named: .containing("remove", ignoringCase: true))
          ),
          (
            "by identifier",
            root.descendants(matching: .any).matching(identifier: "ItemListScreen.button.remind")
          ),
          ("texts in cells", root.cells.descendants(matching: .staticText)),
          ("windows", root.descendants(matching: .window)),
          ("a text", root.descendants(withText: "Item 3")),
          ("texts, loosely", root.descendants(withText: .loosely("item"))),
          ("static texts with a text", root.staticTexts.matching(text: .containing("Item"))),
          ("buttons with a text, which show none", root.buttons.matching(text: "Add Item")),
          ("push buttons, by the role's name", root.descendants(matching: "push button")),
          ("a type with no role", root.descendants(matching: .datePicker)),
        ]
        for (name, query) in queries {
          // A predicate no evaluator can run makes the same query a walk.
          let walked = query.matching { _ in true }
          let found = try await query.snapshots().map { "\($0.role) \($0.identifier) \($0.label)" }
          let expected = try await walked.snapshots().map { "\($0.role) \($0.identifier) \($0.label)" }
          #expect(found == expected, "\(name)")
          #expect(try await query.count == expected.count, "\(name)")
          #expect(try await query.exists == !expected.isEmpty, "\(name)")
        }
        #expect(try await root.descendants(matching: "push button").count == 3)
        #expect(try await root.descendants(matching: "list box").children(matching: "list item").count == 4)
        #expect(try await root.staticTexts.element(boundBy: 2).snapshot()?.label == "Item 3")
        #expect(try await root.cells.lastMatch.staticTexts.firstMatch.snapshot()?.label == "Item 4")
        let ambiguous = await #expect(throws: AmbiguousElementError.self) {
          _ = try await root.buttons.element.uniqueSnapshot()
        }
        #expect(ambiguous?.matchCount == 3)
      }
    }

    /// A probe of a search the application evaluates costs what it keeps, not
    /// what the application checks: on a tree four times the default budget,
    /// a button, one text of 4,000 and a count of 4,000 are found; a walk of
    /// the same tree stops at the budget and says so, naming the call that
    /// sets it.
    @Test func aSearchInATreeLargerThanTheBudgetFindsItsMatches() async throws {
      try await withItemListApp(items: 4_000) { app in
        let add = app.buttons["ItemListScreen.button.add"]

        try await add.requireExistence(timeout: timeout)
        try await app.buttons["Remove Last"].requireExistence(timeout: timeout)
        #expect(try await app.buttons.count == 3)
        #expect(try await app.lists["ItemListScreen.list.items"].exists)

        let walked = await #expect(throws: NodeBudgetExceededError.self) {
          _ = try await app.buttons.matching { _ in true }["ItemListScreen.button.add"].exists
        }
        #expect(walked?.description.contains("(ATSPIApplication(named:nodeBudget:callTimeout:))") == true)
        // 4,000 static texts are checked by id and name, and one is kept.
        try await app.staticTexts["Item 4000"].requireExistence(timeout: timeout)
        try await app.descendants(withText: "Item 3999").requireExistence(timeout: timeout)
        #expect(try await app.staticTexts.count == 4_000)
        #expect(try await app.cells.count == 4_000)
      }
    }

    @Test func addingAnItemShowsItInTheList() async throws {
      try await withItemListApp { app in
        let root = app.root
        let list = root.descendants(matching: .list)["ItemListScreen.list.items"]
        try await list.requireExistence(timeout: timeout)

        try await app.click(root.descendants(matching: .button)["ItemListScreen.button.add"])
        let dialog = root.descendants(matching: .sheet)["AddItemSheet.dialog.main"]
        try await dialog.requireExistence(timeout: timeout)
        let confirm = dialog.descendants(matching: .button)["AddItemSheet.button.confirm"]
        try await confirm.require(for: \.isEnabled, toEqual: false, timeout: timeout)
        let field = dialog.descendants(matching: .textField)["AddItemSheet.textField.name"]
        try await app.type("Milk", into: field)
        try await field.require(for: \.value, toEqual: "Milk", timeout: timeout)
        try await confirm.require(for: \.isEnabled, toEqual: true, timeout: timeout)
        try await app.click(confirm)

        try await dialog.requireNonExistence(timeout: timeout)
        try await list.descendants(matching: .staticText)["Milk"].requireExistence(timeout: timeout)
        #expect(try await list.children(matching: .cell).count == 5)
      }
    }

    @Test func removingEveryItemDisablesRemoveLast() async throws {
      try await withItemListApp { app in
        let root = app.root
        let items = root.descendants(matching: .list)["ItemListScreen.list.items"].children(
          matching: .cell)
        let remove = root.buttons["Remove Last"]
        try await items.requireExistence(timeout: timeout)

        for remaining in stride(from: 3, through: 0, by: -1) {
          try await app.click(remove)
          try await items.require(timeout: timeout) { try await $0.count == remaining }
        }

        try await remove.require(for: \.isEnabled, toEqual: false, timeout: timeout)
        // An action waits for its element to be ready, and its failure leads
        // with the check the element failed last.
        let disabled = try await #require(throws: WaitTimeoutError.self) {
          try await app.click(remove, timeout: .milliseconds(300))
        }
        // The query is described from the application, by its name.
        let headline = String(disabled.description.prefix { $0 != "\n" })
        #expect(headline.hasPrefix(app.name + ".buttons"))
        #expect(
          headline.hasSuffix(
            #"["Remove Last"] is not enabled; timed out after 300 ms "#
              + "waiting for it to be ready for a click: to exist, be showing, be enabled, not be busy "
              + "and have an action"))
        let button = try await #require(throws: WaitTimeoutError.self) {
          try await app.type("Milk", into: remove, timeout: .milliseconds(300))
        }
        #expect(button.description.contains(#"["Remove Last"] is not enabled; timed out"#))
      }
    }

    /// An action right after the app starts waits for its element, as a
    /// browser page's does, where it threw "does not exist" at once.
    @Test func anActionRightAfterTheLaunchWaitsForItsElement() async throws {
      try await withItemListApp { app in
        try await app.click(app.buttons["ItemListScreen.button.remind"], timeout: timeout)
        try await app.sheets["ReminderSheet.dialog.main"].requireExistence(timeout: timeout)
        // A button takes no text: said first.
        let error = try await #require(throws: WaitTimeoutError.self) {
          try await app.type(
            "Milk", into: app.buttons["ItemListScreen.button.add"], timeout: .milliseconds(300))
        }
        #expect(
          error.description.hasPrefix(
            app.name + #".buttons["ItemListScreen.button.add"] does not take text; "#
              + "timed out after 300 ms"))
      }
    }

    @Test func reminderDialogAppearsOnATimerAndIsDismissed() async throws {
      try await withItemListApp { app in
        let root = app.root
        let remind = root.descendants(matching: .button)["ItemListScreen.button.remind"]
        let reminder = root.descendants(matching: .sheet)["ReminderSheet.dialog.main"]
        try await remind.requireExistence(timeout: timeout)
        #expect(try await reminder.exists == false)

        try await app.click(remind)
        try await reminder.requireExistence(timeout: timeout)
        #expect(try await reminder.descendants(matching: .staticText)["Buy more items"].exists)
        try await app.click(reminder.descendants(matching: .button)["Dismiss"])

        try await reminder.requireNonExistence(timeout: timeout)
      }
    }

    @Test func applicationThatIsNotRunningHasNoRoot() async throws {
      let app = try await ATSPIApplication(named: "no-such-app-\(UInt32.random(in: 0...UInt32.max))")

      #expect(try await app.root.exists == false)
      #expect(
        try await app.root.waitForExistence(
          timeout: .milliseconds(300), using: Wait(schedule: .fixed(.milliseconds(100))))
          == false)
    }
  }
}
