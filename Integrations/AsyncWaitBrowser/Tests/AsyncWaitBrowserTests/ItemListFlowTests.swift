import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// The item-list flow, driven as a user would in headless Chromium.
///
/// Every wait is an AsyncWait wait; the timeouts bound a hang, they are not
/// expectations of speed.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ItemListFlowTests {
  @Test func listShowsItsFourItems() async throws {
    try await withItemListPage { (page) async throws in
      let items = page.lists["items"].cells

      #expect(try await items.count == 4)
      #expect(try await items.firstMatch.staticTexts.firstMatch.snapshot()?.label == "Item 1")
      #expect(try await page.buttons["remove-last"].snapshot()?.label == "Remove last")
    }
  }

  @Test func addingAnItemThroughTheDialogShowsItInTheList() async throws {
    try await withItemListPage { (page) async throws in
      let dialog = page.sheets["add-dialog"]
      let confirm = dialog.buttons["confirm"]
      let name = page.textFields["name"]
      #expect(try await dialog.exists == false)

      try await page.click(page.buttons["add-item"], timeout: patience)
      try await dialog.requireExistence(timeout: patience)
      try await confirm.require(for: \.isEnabled, toEqual: false, timeout: patience)
      try await page.type("Milk", into: name, timeout: patience)
      try await name.require(for: \.value, toEqual: "Milk", timeout: patience)
      try await page.click(confirm, timeout: patience)

      try await dialog.requireNonExistence(timeout: patience)
      let items = page.lists["items"].cells
      try await items.staticTexts["Milk"].requireExistence(timeout: patience)
      #expect(try await items.count == 5)
    }
  }

  @Test func removeButtonsRemoveTheirItem() async throws {
    try await withItemListPage { (page) async throws in
      let items = page.lists["items"].cells

      try await page.click(page.buttons["Remove Item 2"], timeout: patience)

      try await items["item-2"].requireNonExistence(timeout: patience)
      #expect(try await items.count == 3)
      #expect(try await items["item-3"].exists)
    }
  }

  @Test func removingEveryItemDisablesRemoveLast() async throws {
    try await withItemListPage { (page) async throws in
      let items = page.lists["items"].cells
      let removeLast = page.buttons["remove-last"]

      for remaining in stride(from: 3, through: 0, by: -1) {
        try await page.click(removeLast, timeout: patience)
        try await items.require(timeout: patience) { try await $0.count == remaining }
      }

      try await removeLast.require(for: \.isEnabled, toEqual: false, timeout: patience)
    }
  }

  @Test func itemThatAppearsAfterADelayIsAwaited() async throws {
    try await withItemListPage { (page) async throws in
      let late = page.lists["items"].cells.staticTexts["Delivered later"]
      #expect(try await late.exists == false)

      try await page.click(page.buttons["add-later"], timeout: patience)

      #expect(try await late.exists == false)
      try await late.requireExistence(timeout: patience)
    }
  }

  @Test func identifierMatchesTestIDFirstThenID() async throws {
    try await withItemListPage { (page) async throws in
      try await page.click(page.buttons["add-item"], timeout: patience)
      try await page.textFields["name"].requireExistence(timeout: patience)
      let field = try #require(try await page.textFields["name"].snapshot())
      #expect(field.testID == nil)
      #expect(field.htmlID == "name")
      #expect(field.identifier == "name")

      _ = try await page.evaluate(
        "document.getElementById('name').dataset.testid = 'item-name'; true")

      try await page.textFields["item-name"].requireExistence(timeout: patience)
      #expect(try await page.textFields["name"].exists == false)
    }
  }

  @Test func aURLValueOpensAsItsTextDoes() async throws {
    try await withItemListPage { (page) async throws in
      let second = try await page.browser.newPage(
        url: try #require(URL(string: site.url())), timeout: patience)
      #expect(try await second.lists["items"].exists)

      try await second.goto(try #require(URL(string: site.url("/other"))), timeout: patience)

      #expect(try await second.url == site.url("/other"))
    }
  }

  @Test func elementsHiddenFromEveryoneDoNotExist() async throws {
    try await withItemListPage { (page) async throws in
      let anything = page.descendants(matching: .any)

      #expect(try await anything["hidden-by-aria"].exists == false)
      #expect(try await anything["inside-hidden"].exists == false)
      #expect(try await anything["invisible"].exists == false)
      #expect(try await anything["to-other"].exists)
    }
  }

  @Test func evaluateReturnsJSONAndReportsExceptions() async throws {
    try await withItemListPage { (page) async throws in
      #expect(try await page.evaluateJSON("document.querySelectorAll('li').length") == "4")
      #expect(try await page.evaluateJSON("({a: [1, 'two', null]})") == #"{"a":[1,"two",null]}"#)
      #expect(try await page.evaluateJSON("undefined") == "null")
      #expect(try await page.url == site.url())
      await #expect(throws: BrowserError.scriptFailed) {
        try await page.evaluate("throw new Error('boom')")
      }
    }
  }
}
