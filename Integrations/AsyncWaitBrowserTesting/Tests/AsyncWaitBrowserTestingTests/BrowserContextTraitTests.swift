@_spi(Tests) import AsyncWaitBrowser
import AsyncWaitBrowserTesting
import Testing

/// The contexts the tests of this file were given, to show that no two
/// tests shared one.
actor SeenContexts {
  static let shared = SeenContexts()
  private var identifiers: Set<String> = []

  /// Notes a context; `false` when another test had it.
  func note(_ identifier: String) -> Bool { identifiers.insert(identifier).inserted }
}

/// Whether the shared browser still has the context open.
func isOpen(_ identifier: String) async throws -> Bool {
  try await Browser.shared.browserContextIdentifiers().contains(identifier)
}

@Suite(.browserContext(locale: "de-DE"))
struct BrowserContextTraitTests {
  /// Eight cases, run in parallel: each reads one context of its own, open
  /// while it runs, opened with the suite's options.
  @Test(arguments: 0..<8)
  func eachTestCaseHasAContextOfItsOwn(case: Int) async throws {
    let context = try await BrowserContext.current
    #expect(try await BrowserContext.current === context)
    #expect(await SeenContexts.shared.note(context.identifier))
    #expect(try await isOpen(context.identifier))
    let page = try await context.newPage()
    #expect(try await page.evaluate("navigator.language", as: String.self) == "de-DE")
  }

  @Test(.browserContext(locale: "fr-FR"))
  func aTraitOnTheTestBeatsTheSuites() async throws {
    let page = try await BrowserContext.current.newPage()
    #expect(try await page.evaluate("navigator.language", as: String.self) == "fr-FR")
  }

  /// A failing wait in such a test is recorded at its line, by
  /// AsyncWaitTesting, which the product brings.
  @Test func aFailingWaitIsRecordedAtItsLine() async throws {
    let page = try await BrowserContext.current.newPage()
    let line = #line + 2
    try await withKnownIssue {
      try await page.buttons["Nowhere"].requireExistence(timeout: .milliseconds(200))
    } matching: { issue in
      issue.sourceLocation?.line == line && "\(issue)".contains("Timed out after 200 ms")
    }
  }
}

@Suite struct BrowserContextScopeTests {
  @Test func noContextOutsideTheTrait() async throws {
    let error = await #expect(throws: NoBrowserContextError.self) {
      _ = try await BrowserContext.current
    }
    #expect(error?.description.hasPrefix("No browser context for this test: give the test") == true)
  }

  /// The trait's scope, run by hand: the context it opened is closed once
  /// the test ends, whether it passed or threw.
  @Test(arguments: [false, true])
  func theContextIsClosedAfterTheTest(throwing: Bool) async throws {
    struct Thrown: Error {}
    let seen = SeenIdentifier()
    let trait = BrowserContextTrait.browserContext
    let test = try #require(Test.current)
    // Finished once the scope has ended, for the task that reads after it.
    let (scopeEnded, endScope) = AsyncStream<Void>.makeStream()
    defer { endScope.finish() }
    do {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        // Read in the scope's task, kept outside it.
        let opened = try await BrowserContext.current.identifier
        try await seen.set(opened)
        // A task that inherits the test's scope and reads after it ends.
        await seen.keep(
          Task {
            for await _ in scopeEnded {}
            return try await BrowserContext.current.identifier
          })
        if throwing { throw Thrown() }
      }
      #expect(!throwing)
    } catch is Thrown {
      #expect(throwing)
    }
    endScope.finish()
    let identifier = await seen.value
    #expect(!identifier.isEmpty)
    let late = try #require(await seen.outliving)
    await #expect(throws: NoBrowserContextError.self) { _ = try await late.value }
    // Closed soon after, not at once: the next test need not wait.
    let closed = identifier
    try await requireEventually("the test's context to close", timeout: .seconds(10)) {
      try await !isOpen(closed)
    }
    await #expect(throws: NoBrowserContextError.self) { _ = try await BrowserContext.current }
  }
}

/// The one context a test body read, for the test that ran it.
actor SeenIdentifier {
  private(set) var value = ""
  /// A task the test body started that outlives it.
  private(set) var outliving: Task<String, any Error>?
  func keep(_ task: Task<String, any Error>) { outliving = task }
  func set(_ value: String) throws { self.value = value }
}
