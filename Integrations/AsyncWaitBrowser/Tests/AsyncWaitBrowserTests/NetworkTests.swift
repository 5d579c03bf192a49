import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// Network waits, load states and routes (`BrowserPage+Network.swift`), on
/// the network page and the fixture server's API.
///
/// Each wait is woken by its event; each test has a twin in Playwright
/// (`Playwright/network.py`), which `Scripts/test-browser.sh` runs against
/// the same pages.
@Suite(.timeLimit(.minutes(2)))
struct NetworkTests {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "Refused()" }
  }

  /// The page's status line.
  func status(of page: BrowserPage) -> TreeElement<BrowserNode> {
    page.descendants(identifiedBy: "status").element
  }

  @Test func theWaitForAResponseReturnsItsStatusHeadersAndBody() async throws {
    try await withPage("/network") { page in
      let response = try await page.waitForResponse("**/api/items", timeout: patience) {
        try await page.click(page.buttons["Load items"], timeout: patience)
      }
      #expect(response.status == 200)
      #expect(response.ok)
      #expect(response.url == site.url("/api/items"))
      #expect(response.headers["content-type"] == "application/json")
      #expect(response.request.method == "GET")
      #expect(response.request.resourceType == "Fetch")
      #expect(try await response.text(timeout: patience) == #"["Milk","Eggs"]"#)
      #expect(try await response.json([String].self) == ["Milk", "Eggs"])
      try await status(of: page).require(.text("loaded 2"), timeout: patience)
    }
  }

  @Test func theWaitForARequestReturnsItsMethodHeadersAndBody() async throws {
    try await withPage("/network") { page in
      let request = try await page.waitForRequest(
        where: { $0.method == "POST" }, timeout: patience
      ) {
        try await page.click(page.buttons["Save"], timeout: patience)
      }
      #expect(request.url == site.url("/api/items"))
      #expect(request.headers["content-type"] == "application/json")
      #expect(request.postData == #"{"name":"Milk"}"#)
      try await status(of: page).require(.text("saved 201"), timeout: patience)
    }
  }

  @Test func aPredicateTakesTheResponseItWants() async throws {
    try await withPage("/network") { page in
      let response = try await page.waitForResponse(
        where: { $0.request.method == "POST" && $0.status == 201 }, timeout: patience
      ) {
        try await page.click(page.buttons["Load items"], timeout: patience)
        try await page.click(page.buttons["Save"], timeout: patience)
      }
      #expect(response.status == 201)
      #expect(try await response.text(timeout: patience) == #"{"created":{"name":"Milk"}}"#)
    }
  }

  @Test func aRedirectEndsInTheResponseOfItsTarget() async throws {
    try await withPage("/network") { page in
      // The redirect's own answer, then the response to where it led.
      let moved = try await page.waitForResponse(.exact(site.url("/api/moved")), timeout: patience) {
        try await page.click(page.buttons["Load moved"], timeout: patience)
      }
      #expect(moved.status == 302)
      let location = moved.headers["location"]
      #expect(location == "/api/items")
      // The redirect's own body: none, not its target's.
      #expect(try await moved.body(timeout: patience).isEmpty)
      try await status(of: page).require(.text("loaded 2"), timeout: patience)
    }
  }

  @Test func aRequestSentBeforeTheWaitBeganIsNotTaken() async throws {
    try await withPage("/network") { page in
      // A first wait turns the network's events on, so that the page's
      // next request is seen, and numbered, before the second wait begins.
      try await page.waitForResponse("**/api/items", timeout: patience) {
        try await page.click(page.buttons["Load items"], timeout: patience)
      }
      try await page.click(page.buttons["Save"], timeout: patience)
      try await status(of: page).require(.text("saved 201"), timeout: patience)
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.waitForRequest(where: { $0.method == "POST" }, timeout: .milliseconds(300)) {}
      }
      #expect(error.description.contains(#"waiting for "a request the predicate takes""#))
      let observation = try #require(error.lastObservation)
      #expect(observation.hasPrefix("the page sent no requests after the wait began; the last: "))
      #expect(observation.contains("POST \(site.url("/api/items")) → 201"))
    }
  }

  @Test func aWaitKeepsItsFirstRequestThroughHundredsMore() async throws {
    try await withPage("/network") { page in
      // 250 requests before the wait's first probe, more than the page
      // keeps for a timeout's list: the wait still reads the first.
      let response = try await page.waitForResponse(.exact(site.url("/api/items?n=0")), timeout: patience) {
        try await page.evaluate(
          "Promise.all(Array.from({ length: 250 }, (_, n) => fetch('/api/items?n=' + n).then((r) => r.text())))"
        )
      }
      #expect(response.status == 200)
      #expect(try await response.text(timeout: patience) == #"["Milk","Eggs"]"#)
    }
  }

  @Test func aCancelledNetworkWaitEndsAtOnce() async throws {
    try await withPage("/network") { page in
      let wait = Task {
        try await page.waitForResponse("**/api/never", timeout: .seconds(600)) {}
      }
      try await Task.sleep(for: .milliseconds(200))
      wait.cancel()
      await #expect(throws: CancellationError.self) { try await wait.value }
    }
  }

  @Test func aNetworkWaitEndsWhenTheBrowserGoesAway() async throws {
    // A browser of its own, closed in the step: no event can come, and the
    // wait says why instead of running to its timeout.
    let browser = try await Browser.launch()
    let page = try await browser.newPage(url: site.url("/network"), timeout: patience)
    await #expect(throws: BrowserError.disconnected) {
      try await page.waitForResponse("**/api/items", timeout: patience) { browser.close() }
    }
  }

  @Test func aTimeoutNamesTheLastRequestsAndWhatCameOfThem() async throws {
    try await withPage("/network") { page in
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.waitForResponse("**/api/nothing", timeout: .milliseconds(500)) {
          try await page.click(page.buttons["Load items"], timeout: patience)
          try await status(of: page).require(.text("loaded 2"), timeout: patience)
        }
      }
      let observation = try #require(error.lastObservation)
      #expect(observation.contains("after the wait began; the last: "))
      #expect(observation.contains("GET \(site.url("/api/items")) → 200"))
    }
  }

  @Test func urlMatchesAreGlobsRegularExpressionsOrExactAddresses() throws {
    let items = "http://127.0.0.1:8080/api/items"
    #expect(URLMatch("**/api/items").matches(items))
    #expect(URLMatch("**/api/*").matches(items))
    #expect(!URLMatch("**/api/*").matches("http://127.0.0.1:8080/api/items/1"))
    #expect(URLMatch("**/api/**").matches("http://127.0.0.1:8080/api/items/1"))
    #expect(URLMatch("**/*.{png,jpg}").matches("http://x/a/b.jpg"))
    #expect(!URLMatch("**/*.{png,jpg}").matches("http://x/a/b.gif"))
    #expect(!URLMatch("**/api/items").matches(items + "?page=2"))
    #expect(URLMatch("http://127.0.0.1:8080/api/items?page=2").matches(items + "?page=2"))
    #expect(URLMatch.exact(items).matches(items))
    #expect(!URLMatch.exact(items).matches(items + "/1"))
    #expect(try URLMatch.regex(#"/api/items$"#).matches(items))
    #expect(try !URLMatch.regex(#"/api/items$"#).matches(items + "/1"))
    #expect(throws: BrowserError.invalidArgument) { try URLMatch.regex("(unclosed") }
  }

  @Test func aRouteFulfilsARequestWithJSON() async throws {
    try await withPage("/network") { page in
      try await page.route("**/api/items") { _ in
        try .fulfill(json: ["Tea", "Bread", "Jam"])
      }
      let response = try await page.waitForResponse("**/api/items", timeout: patience) {
        try await page.click(page.buttons["Load items"], timeout: patience)
      }
      #expect(response.headers["content-type"] == "application/json")
      try await status(of: page).require(.text("loaded 3"), timeout: patience)
    }
  }

  @Test func aRouteAbortsARequest() async throws {
    try await withPage("/network") { page in
      try await page.route("**/api/*") { _ in .abort() }
      try await page.click(page.buttons["Load items"], timeout: patience)
      try await status(of: page).require(.text("failed"), timeout: patience)
    }
  }

  @Test func aRouteContinuesARequestChanged() async throws {
    try await withPage("/network") { page in
      // Sent on to another address, which answers with a page, not JSON.
      try await page.route("**/api/items") { request in
        .continue(url: request.url.replacingOccurrences(of: "/api/items", with: "/echo-headers"))
      }
      try await page.route("**/echo-headers") { _ in try .fulfill(json: ["Changed"]) }
      try await page.click(page.buttons["Load items"], timeout: patience)
      // A route's change goes to the network, not to the page's routes.
      try await status(of: page).require(.text("failed"), timeout: patience)
      try await page.unrouteAll()
      // The server sees the headers a route gives.
      try await page.route("**/echo-headers") { request in
        .continue(headers: request.headers.merging(["x-test": "routed"]) { $1 })
      }
      try await page.goto(site.url("/echo-headers"), timeout: patience)
      try await page.descendants(identifiedBy: "headers").element.require(
        .text(.containing("x-test: routed")), timeout: patience)
    }
  }

  @Test func theLatestRouteRunsFirstAndFallsBackToEarlierOnes() async throws {
    try await withPage("/network") { page in
      try await page.route("**/api/items") { _ in try .fulfill(json: ["From the first"]) }
      try await page.route("**/api/items") { _ in .fallback }
      try await page.click(page.buttons["Load items"], timeout: patience)
      try await status(of: page).require(.text("loaded 1"), timeout: patience)
      try await page.unroute("**/api/items")
      try await page.click(page.buttons["Load slowly"], timeout: patience)
      try await page.click(page.buttons["Load items"], timeout: patience)
      try await status(of: page).require(.text("loaded 2"), timeout: patience)
    }
  }

  @Test func aContextRouteTakesEveryPageOfTheContext() async throws {
    let context = try await Browser.shared.newContext()
    try await context.route("**/api/items") { _ in try .fulfill(json: ["Context"]) }
    let page = try await context.newPage(url: site.url("/network"), timeout: patience)
    try await page.click(page.buttons["Load items"], timeout: patience)
    try await status(of: page).require(.text("loaded 1"), timeout: patience)
    // The page's own route runs first.
    try await page.route("**/api/items") { _ in try .fulfill(json: ["Page", "Own"]) }
    try await page.click(page.buttons["Load items"], timeout: patience)
    try await status(of: page).require(.text("loaded 2"), timeout: patience)
    // A route the context adds takes the pages it has open.
    try await context.route("**/api/slow-items") { _ in try .fulfill(json: ["A", "B", "C"]) }
    try await page.click(page.buttons["Load slowly"], timeout: patience)
    try await status(of: page).require(.text("loaded 3"), timeout: patience)
    try await context.close()
  }

  @Test func aRouteHandlerThatThrowsAbortsTheRequestAndTheNextStepSaysWhy() async throws {
    try await withPage("/network") { page in
      try await page.route("**/api/items") { _ in throw Refused() }
      let error = try await #require(throws: BrowserError.routeHandlerFailed) {
        try await page.waitForResponse("**/api/items", timeout: patience) {
          try await page.click(page.buttons["Load items"], timeout: patience)
        }
      }
      #expect(error.detail.contains("Refused()"))
      #expect(error.detail.contains("GET \(site.url("/api/items")) was aborted"))
      try await status(of: page).require(.text("failed"), timeout: patience)
      // Reported once: the next step goes on.
      try await page.click(page.buttons["Load slowly"], timeout: patience)
      try await status(of: page).require(.text("loaded 2"), timeout: patience)
    }
  }

  @Test func networkIdleWaitsForTheRequestsAfterTheLoad() async throws {
    try await withPage("/network") { page in
      try await page.goto(site.url("/network-late"), timeout: patience)
      try await page.waitForLoadState(.networkIdle, timeout: patience)
      // The fetch that began after the load has ended.
      try await status(of: page).require(.text("loaded 2"), timeout: .zero)
      try await page.waitForLoadState(.load, timeout: .zero)
      try await page.waitForLoadState(.domContentLoaded, timeout: .zero)
    }
  }

  @Test func aPageNeverNavigatedHasReachedEveryLoadState() async throws {
    let context = try await Browser.shared.newContext()
    let page = try await context.newPage()
    for state in BrowserPage.LoadState.allCases {
      try await page.waitForLoadState(state, timeout: .zero)
    }
    try await context.close()
  }

  @Test func aMainActorWaitRunsItsStepAndPredicateOnTheMainActor() async throws {
    try await withPage("/network") { page in
      try await Self.saveOnTheMainActor(on: page)
    }
  }

  @MainActor
  static func saveOnTheMainActor(on page: BrowserPage) async throws {
    let isAPost = { (response: BrowserResponse) in
      MainActor.assertIsolated()
      return response.request.method == "POST"
    }
    let response = try await page.waitForResponse(where: isAPost, timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Save"], timeout: patience)
    }
    #expect(response.status == 201)
    let isAGet = { (request: BrowserRequest) in
      MainActor.assertIsolated()
      return request.method == "GET"
    }
    let request = try await page.waitForRequest(where: isAGet, timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Load items"], timeout: patience)
    }
    #expect(request.url.hasSuffix("/api/items"))
    let loaded = try await page.waitForResponse("**/api/slow-items", timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Load slowly"], timeout: patience)
    }
    #expect(loaded.ok)
  }
}
