import AsyncWait
import AsyncWaitElements
import Testing

/// The item-list tutorial's UI test, run against the simulated app.
///
/// Every step waits on the real clock for state the app delivers after a
/// delay; the timeouts are generous because they bound a hang, not a speed.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ItemListFlowTests {
  /// Thirty seconds, probing every 5 ms: the timeout bounds a hang, not a speed.
  ///
  /// The app's delays resume on the cooperative pool, which the
  /// million-node walk of `HostileTreeTests` can hold for 8 to 14 s under
  /// ThreadSanitizer on two cores; at ten seconds these waits failed when it
  /// did.
  let patient = Wait(timeout: .seconds(30), schedule: .fixed(.milliseconds(5)))

  @Test func listAppearsWithItsItems() async throws {
    let app = ItemListApp()
    let screen = app.tree.rootElement()
    app.launch()

    let list = screen.lists["ItemListScreen.list.items"]
    try await list.requireExistence(using: patient)

    #expect(try await list.cells.count == 4)
    #expect(try await list.cells.firstMatch.snapshot()?.label == "Milk")
    #expect(try await screen.otherElementsLoading.exists == false)
  }

  @Test func addingAnItemThroughTheSheetShowsItInTheList() async throws {
    let app = ItemListApp()
    let screen = app.tree.rootElement()
    app.launch()
    try await screen.lists["ItemListScreen.list.items"].requireExistence(
      using: patient)

    try await app.tap(screen.buttons["ItemListScreen.button.add"])
    let sheet = screen.sheets["AddItemSheet.sheet.main"]
    try await sheet.requireExistence(using: patient)
    let confirm = sheet.buttons["AddItemSheet.button.confirm"]
    #expect(try await confirm.snapshot()?.isEnabled == false)
    try await app.type("Coffee", into: sheet.textFields["AddItemSheet.textField.name"])
    try await confirm.require(for: \.isEnabled, toEqual: true, using: patient)
    try await app.tap(confirm)

    try await sheet.requireNonExistence(using: patient)
    try await screen.cells["Coffee"].requireExistence(using: patient)
    #expect(try await screen.cells.count == 5)
    #expect(try await screen.cells.element(boundBy: 4).snapshot()?.label == "Coffee")
  }

  @Test func removingItemsOneByOneDisablesTheRemoveButton() async throws {
    let app = ItemListApp()
    let screen = app.tree.rootElement()
    app.launch()
    let cells = screen.lists["ItemListScreen.list.items"].cells
    let remove = screen.buttons["ItemListScreen.button.delete"]
    try await cells.requireExistence(using: patient)

    for remaining in stride(from: 3, through: 0, by: -1) {
      try await app.tap(remove)
      try await cells.require(using: patient) {
        try await $0.count == remaining
      }
    }

    try await remove.require(for: \.isEnabled, toEqual: false, using: patient)
    #expect(try await cells.exists == false)
    await #expect(throws: InteractionError.self) { try await app.tap(remove) }
  }

  @Test func cancellingTheSheetAddsNothing() async throws {
    let app = ItemListApp()
    let screen = app.tree.rootElement()
    app.launch()
    try await screen.cells.requireExistence(using: patient)

    try await app.tap(screen.buttons["ItemListScreen.button.add"])
    try await app.type("Tea", into: screen.textFields["AddItemSheet.textField.name"])
    try await app.tap(screen.buttons["AddItemSheet.button.cancel"])

    try await screen.sheets.firstMatch.requireNonExistence(using: patient)
    #expect(try await screen.cells["Tea"].exists == false)
    #expect(try await screen.cells.count == 4)
  }
}

extension TreeElement<ElementNode> {
  /// The loading indicator of the item list.
  fileprivate var otherElementsLoading: TreeElement<ElementNode> {
    descendants(matching: .other)["ItemListScreen.progress.loading"]
  }
}
