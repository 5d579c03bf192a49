@_spi(Tests) import AsyncWait
import AsyncWaitElements
import Testing

/// A helper's caller's place, passed as one `callSite:` value, is where the
/// waits of every kind report their failure: the four literals of the
/// helper's own line are not read. (Scripts/check-isolation-matrix.py checks
/// that every public wait takes `callSite:`.)
@Suite struct CallSiteTests {
  /// The place a helper's caller would pass.
  static let site = CallSite(
    fileID: "AppTests/InboxTests.swift", filePath: "/src/AppTests/InboxTests.swift", line: 42, column: 7)

  @Test func anEventuallyWaitFailsAtTheGivenCallSite() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await requireEventually("the inbox loads", timeout: .zero, callSite: Self.site) { false }
    }
    #expect(error.location == Self.site)
    #expect(error.description.hasSuffix("at AppTests/InboxTests.swift:42:7"))
  }

  @Test func aValueWaitAndAnAssertionBlockFailAtTheGivenCallSite() async throws {
    let value = try await #require(throws: WaitTimeoutError.self) {
      _ = try await Wait(timeout: .zero).requireValue("a user", callSite: Self.site) { () -> Int? in nil }
    }
    let passing = try await #require(throws: WaitTimeoutError.self) {
      try await requirePassing("the badge", timeout: .zero, callSite: Self.site) {
        struct NotYet: Error {}
        throw NotYet()
      }
    }
    #expect(value.location == Self.site)
    #expect(passing.location == Self.site)
  }

  @Test func aHoldFailsAtTheGivenCallSite() async throws {
    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping))
        .requireNever("an error banner", callSite: Self.site) { true }
    }
    #expect(error.location == Self.site)
  }

  @Test func elementWaitsFailAtTheGivenCallSite() async throws {
    let element = FlagElement(flag: Locked(false))
    let existence = try await #require(throws: WaitTimeoutError.self) {
      try await element.requireExistence(timeout: .zero, callSite: Self.site)
    }
    let value = try await #require(throws: WaitTimeoutError.self) {
      try await element.require(for: \.title, toEqual: "shown", timeout: .zero, callSite: Self.site)
    }
    #expect(existence.location == Self.site)
    #expect(value.location == Self.site)
  }

  @Test func withoutACallSiteTheWaitsOwnLineIsTheLocation() async throws {
    // Not inside `#require(throws:)`: a macro's expansion moves the `#line`
    // of the code in its closure to the macro's own line.
    var caught: WaitTimeoutError?
    let line = #line + 2
    do {
      try await requireEventually(timeout: .zero) { false }
    } catch let error as WaitTimeoutError {
      caught = error
    }
    let error = try #require(caught)
    #expect(error.location.line == line)
    #expect(error.location.fileID == #fileID)
  }

  @Test func anXCTestHelpersTwoLiteralsMakeACallSite() {
    let site = CallSite(filePath: "/src/AppTests/InboxTests.swift", line: 12)
    #expect(site.fileID == "AppTests/InboxTests.swift")
    #expect(site.filePath == "/src/AppTests/InboxTests.swift")
    #expect(site.line == 12)
    #expect(site.column == 1)
    #expect(CallSite(filePath: "File.swift", line: 1).fileID == "File.swift")
  }
}
