import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// The list forms of Playwright's `toHaveText` and `toHaveClass` on a page:
/// every match's text or `class` attribute, from one read of the page.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ListExpectationTests {
  @Test func theTextsAndClassesOfEveryMatchAreCheckedInOrder() async throws {
    try await withItemListPage { (page) async throws in
      let items = page.lists["items"].cells
      try await items.require(
        texts: ["Item 1 Remove", "Item 2 Remove", .containing("Item 3"), .matching(/^Item 4/)],
        timeout: patience)
      try await items.require(classes: ["", "", "", ""], timeout: patience)

      try await page.evaluate(
        """
        const items = document.querySelectorAll('[data-testid=items] li');
        items.forEach((item, index) => { item.className = index % 2 ? 'done' : ''; });
        setTimeout(() => { items[0].className = 'done  urgent'; }, 100);
        """)
      // The change 100 ms later wakes the wait; the class attribute reads
      // its classes joined by single spaces.
      try await items.require(
        classes: ["done urgent", "done", "", .containing("do")], timeout: patience,
        pollingInterval: .seconds(3600))

      // A class filter, which reads as written.
      let done = items.matching(class: "done")
      try await done.require(count: 3, timeout: patience)
      #expect(
        done.elementDescription
          == #"page.lists["items"].cells.matching(class: "done")"#
      )
      #expect(try await items.matching(class: "urgent").count == 1)
      #expect(try await items.matching(class: "do").count == 0)

      let error = try await #require(throws: WaitTimeoutError.self) {
        try await items.require(classes: ["done urgent", "done", ""], timeout: .milliseconds(200))
      }
      #expect(
        error.comment
          == #"page.lists["items"].cells to have classes ["done urgent", "done", ""]"#
      )
      #expect(
        error.lastObservation?.hasPrefix(#"its classes were ["done urgent", "done", "", "done"]"#) == true,
        "\(String(describing: error.lastObservation))")
    }
  }
}
