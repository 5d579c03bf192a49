import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// `require(url:)` and `require(title:)`, Playwright's `toHaveURL` and
/// `toHaveTitle`: they wait across a navigation, and a timeout says what
/// the page last had.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PageExpectationTests {
  @Test func theAddressAndTitleAreAwaitedAcrossANavigation() async throws {
    try await withItemListPage { (page) async throws in
      try await page.require(url: .exactly(site.url("/")), timeout: patience)
      // A navigation a moment later, which the waits see through.
      try await page.evaluate("setTimeout(() => { location.href = '/account'; }, 100)")
      try await page.require(url: .matching(/\/account$/), timeout: patience)
      try await page.require(title: .loosely("account"), timeout: patience)
    }
  }

  @Test func aTimeoutSaysWhatThePageHad() async throws {
    try await withItemListPage { (page) async throws in
      let title = try await page.evaluate("document.title", as: String.self)
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.require(url: .containing("/nowhere"), timeout: .milliseconds(300))
      }
      let lines = error.description.split(separator: "\n").map(String.init)
      #expect(
        lines.first == #"Timed out after 300 ms waiting for "page to have URL .containing("/nowhere")""#)
      #expect(lines.contains { $0.hasSuffix("its URL was \(String(reflecting: site.url("/")))") })
      let titled = try await #require(throws: WaitTimeoutError.self) {
        try await page.require(title: "Nope", timeout: .zero)
      }
      #expect(titled.description.contains("its title was \(String(reflecting: title))"))
    }
  }
}
