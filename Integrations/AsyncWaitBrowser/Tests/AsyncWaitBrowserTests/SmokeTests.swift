import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Testing

@Suite(.serialized, .timeLimit(.minutes(2)))
struct SmokeTests {
  @Test func dump() async throws {
    try await withItemListPage { page in
      let start = ContinuousClock.now
      let root = try await page.snapshot()
      print("snapshot", ContinuousClock.now - start)
      print(await page.lists["items"].cells["nope"].stateDescription ?? "")
      #expect(root != nil)
      #expect(try await page.lists["items"].cells.count == 4)
    }
  }
}
