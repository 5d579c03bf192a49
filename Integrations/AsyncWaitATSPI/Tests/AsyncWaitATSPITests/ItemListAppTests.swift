import AsyncWaitATSPI
import AsyncWaitElements
import Testing

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

      let error = await #expect(throws: NodeBudgetExceededError.self) {
        _ = try await small.lists["ItemListScreen.list.items"].exists
      }

      #expect(error?.nodeBudget == 5)
      #expect(error?.description.contains("stopped after 5 nodes") == true, "\(String(describing: error))")
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
      let remove = root.descendants(matching: .button)["Remove Last"]
      try await items.requireExistence(timeout: timeout)

      for remaining in stride(from: 3, through: 0, by: -1) {
        try await app.click(remove)
        try await items.require(timeout: timeout) { try await $0.count == remaining }
      }

      try await remove.require(for: \.isEnabled, toEqual: false, timeout: timeout)
      await #expect(throws: ATSPIError.self) { try await app.click(remove) }
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
