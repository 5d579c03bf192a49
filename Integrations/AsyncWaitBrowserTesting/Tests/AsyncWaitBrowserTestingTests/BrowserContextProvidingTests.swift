#if canImport(XCTest)
  @_spi(Tests) import AsyncWaitBrowser
  import AsyncWaitBrowserTesting
  import XCTest

  /// Each test of the class reads a context of its own, opened with the
  /// class's options and closed after the test.
  final class BrowserContextProvidingTests: XCTestCase, BrowserContextProviding {
    static let browserContext: BrowserContextTrait = .browserContext(locale: "de-DE")

    /// The contexts the tests of the class had, in the order they ran.
    static let seen = SeenList()

    func testAFirstTestHasItsOwnContext() async throws {
      try await checkTheContext()
    }

    func testASecondTestHasItsOwnContext() async throws {
      try await checkTheContext()
    }

    private func checkTheContext() async throws {
      let context = try await BrowserContext.current
      let again = try await BrowserContext.current
      XCTAssertTrue(again === context)
      let open = try await isOpen(context.identifier)
      XCTAssertTrue(open)
      let page = try await context.newPage()
      let language = try await page.evaluate("navigator.language", as: String.self)
      XCTAssertEqual(language, "de-DE")
      // The tests that ran before had other contexts, each closed by now
      // or soon.
      let earlier = await Self.seen.append(context.identifier)
      XCTAssertFalse(earlier.contains(context.identifier))
      for identifier in earlier {
        try await requireEventually("an earlier test's context to close", timeout: .seconds(10)) {
          try await !isOpen(identifier)
        }
      }
    }
  }

  /// A class that gives its tests no context.
  final class NoBrowserContextTests: XCTestCase {
    func testReadingTheContextThrows() async throws {
      do {
        _ = try await BrowserContext.current
        XCTFail("a context was read in a class that gives none")
      } catch let error as NoBrowserContextError {
        XCTAssertTrue(error.description.contains("BrowserContextProviding"))
      }
    }
  }

  /// The identifiers the XCTest cases saw.
  actor SeenList {
    private var identifiers: [String] = []

    /// Appends one; returns those appended before.
    func append(_ identifier: String) -> [String] {
      defer { identifiers.append(identifier) }
      return identifiers
    }
  }
#endif
