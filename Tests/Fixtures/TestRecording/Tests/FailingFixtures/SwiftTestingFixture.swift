// Deliberately failing Swift Testing tests. Scripts/test-recording.sh runs
// them, checks that each failure is recorded once, at the line marked
// `// fails here`, and writes their output into the docs' transcripts.

import AsyncWaitTesting
import Testing

@Suite struct SwiftTestingFixture {
  @Test func timeout() async throws {
    let feed = Feed()
    try await requireEventually("the feed loads", timeout: .seconds(0.2)) { feed.isLoaded }  // fails here
    Issue.record("not reached: the failing wait stops the test")
  }

  @Test func optionalValue() async throws {
    let downloads = Downloads()
    try await Wait(timeout: .milliseconds(200))
      .require("the report", for: downloads.state(of: "report"), toEqual: .finished)  // fails here
  }

  @Test func elementTimeout() async throws {
    let app = NodeTree(ElementNode(.application)).rootElement()
    try await app.buttons["Save"].requireExistence(timeout: .milliseconds(200))  // fails here
  }

  @Test func holdViolated() async throws {
    try await Wait(timeout: .milliseconds(200)).requireNever("an error is logged") { true }  // fails here
  }

  @Test func conditionThrows() async throws {
    try await requireEventually("the server answers", timeout: .seconds(30)) {  // fails here
      throw ConnectionRefused()
    }
  }

  @Test func probeOverran() async throws {
    let server = SlowServer()
    try await requireEventually("the server is healthy", timeout: .milliseconds(100)) {  // fails here
      try await server.isHealthy()
    }
  }

  @Test func negativeTestWrittenTheObviousWay() async throws {
    // Inside a macro's closure, Swift gives a default `#line` the macro's own
    // line: the wait is written on one line with it. Two issues: the wait's,
    // and #expect's own about the error it caught.
    // swift-format-ignore
    await #expect(throws: WaitTimeoutError.self) { try await requireEventually { false } }  // fails here, twice
  }

  @Test func caughtError() async throws {
    do {
      try await requireEventually("the feed loads", timeout: .seconds(0.1)) { Feed().isLoaded }  // fails here
    } catch {
      print("caught: \(error)")
    }
  }

  @Test func assertionBlockNeverPasses() async throws {
    let feed = Feed()
    try await requirePassing("the feed fills", timeout: .seconds(0.2)) {  // fails here
      #expect(feed.itemCount == 3)  // fails here
    }
  }

  @Test func expectationFulfilledThreeOfFive() async throws {
    let parts = WaitExpectation("every part arrives", expectedCount: 5)
    for _ in 0..<3 { parts.fulfill() }
    try await parts.require(timeout: .seconds(0.2))  // fails here
  }

  @Test func valueWithItsLastValue() async throws {
    let feed = Feed()
    try await requireEventually("it loads", for: feed.phase, toEqual: .loaded, timeout: .zero)  // fails here
  }

  @Test func clockNothingAdvances() async throws {
    let clock = ManualClock()
    let cache = TTLCache(clock: clock)
    let standsStill = Wait(timeout: .seconds(5), standstillLimit: .milliseconds(200), clock: clock)
    try await standsStill.require("the entry expires") { cache.isEmpty }  // fails here
  }

  @Test func sleepersThatNeverCome() async throws {
    let clock = ManualClock()
    try await clock.sleepers(atLeast: 2, timeout: .milliseconds(200))  // fails here
  }

  @Test func passingWaitRecordsNothing() async throws {
    try await requireEventually("it holds", timeout: .milliseconds(200)) { true }
  }

  @Test func nearTimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var probes = 0
    try await requireEventually("the sync finishes", timeout: .seconds(1), clock: clock) {  // warns here
      probes += 1
      return probes == 10
    }
  }

  @Test func holdsLastTheirWindowAndNeverWarnRecordsNothing() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let wait = Wait(timeout: .seconds(1), clock: clock)
    try await wait.requireNever("an error is logged") { false }
    try await wait.requireAlways("the session is open") { true }
    try await wait.requireStable("the list is sorted", for: .milliseconds(900)) { true }
    var probes = 0
    try await withWaitDefaults(nearTimeoutWarning: .off) {
      try await requireEventually("the sync finishes", timeout: .seconds(1), clock: clock) {
        probes += 1
        return probes == 10
      }
    }
  }
}
