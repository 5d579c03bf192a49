@_spi(Tests) import AsyncWait
import AsyncWaitElements
import Testing

/// Web-first assertions on any tree: what each expectation accepts, what a
/// failing one says, negation, and counts.
@Suite struct ElementExpectationTests {
  let tree = NodeTree(signUpForm)
  var page: TreeElement<ElementNode> { tree.rootElement("page") }

  @Test func eachExpectationIsMetByTheStateItNames() async throws {
    let submit = page.buttons["submit"]
    let email = page.textFields["Email"]

    try await submit.require(.enabled, timeout: .zero)
    try await submit.require(.name("Create account"), timeout: .zero)
    try await submit.require(.name(.containing("account")), timeout: .zero)
    try await page.cells["draft-2"].require(.text("Item 22 Delete"), timeout: .zero)
    try await page.cells["draft-2"].require(.text(.matching(/^Item \d+/)), timeout: .zero)
    try await page.staticTexts["Item 1"].require(.text("Item 1"), timeout: .zero)
    tree.update { $0?.update(identifier: "submit") { $0.isEnabled = false } }
    try await submit.require(.disabled, timeout: .zero)
    try await submit.require(.not(.enabled), timeout: .zero)
    #expect(try await email.wait(for: .value(""), timeout: .zero) == false)
  }

  @Test func aWaitEndsWhenTheTreeChangesToTheExpectedState() async throws {
    let clock = ManualClock()
    let field = page.textFields["Email"]
    async let filled: Void = field.require(
      .value(.containing("@")), timeout: .seconds(30), using: Wait(clock: clock))

    // Once the wait has probed and parked, the tree's change wakes it: the
    // clock never moves.
    try await clock.sleepers(atLeast: 1)
    tree.update { $0?.children[1].value = "ada@example.com" }

    try await filled
    #expect(clock.now == clock.start)
  }

  @Test func aTimedOutExpectationSaysWhatTheLastProbeSaw() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await page.buttons["submit"].require(.text(.containing("Save")), timeout: .zero)
    }

    #expect(
      error.comment == #"page.buttons["submit"] to have text .containing("Save")"#)
    #expect(error.lastObservation?.hasPrefix("its text was \"\"\nquery: ") == true)
    let disabled = try await #require(throws: WaitTimeoutError.self) {
      try await page.buttons["submit"].require(
        .not(.name("Create account")), "the button renamed", timeout: .zero)
    }
    #expect(disabled.comment == "the button renamed")
    #expect(disabled.lastObservation?.hasPrefix(#"its name was "Create account""#) == true)
  }

  @Test func aMissingElementMeetsNoExpectationAndEveryNegatedOne() async throws {
    let missing = page.buttons["Archive"]

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await missing.require(.enabled, timeout: .zero)
    }
    #expect(error.lastObservation?.hasPrefix("it did not exist\n") == true)
    try await missing.require(.not(.enabled), timeout: .zero)
    try await missing.require(.not(.not(.not(.text("x")))), timeout: .zero)
    #expect(try await missing.wait(for: .not(.not(.enabled)), timeout: .zero) == false)
  }

  @Test func valueNeedsANodeWithAValue() async throws {
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await page.buttons["submit"].require(.value(""), timeout: .zero)
    }

    #expect(error.comment == #"page.buttons["submit"] to have value """#)
    #expect(error.lastObservation?.hasPrefix("it had no value\n") == true)
  }

  @Test func aQueryIsReadAtItsFirstMatchAndCounted() async throws {
    let deletes = page.descendants(matching: .button, named: "Delete")

    try await deletes.require(.enabled, timeout: .zero)
    try await deletes.require(count: 2, timeout: .zero)
    #expect(try await deletes.wait(forCount: 3, timeout: .zero) == false)
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await deletes.require(count: 1, timeout: .zero)
    }
    #expect(
      error.comment == #"page.descendants(matching: .button, named: "Delete") to match 1 node"#)
    #expect(error.lastObservation?.hasPrefix("it matched 2 nodes\nquery: ") == true)
  }
}

/// The list form of the texts: every match's text, one read a probe.
@Suite struct ListExpectationTests {
  @Test func theTextsOfEveryMatchAreCheckedInOrder() async throws {
    let page = NodeTree(signUpForm).rootElement("page")
    let drafts = page.cells

    try await drafts.require(texts: ["Item 1 Delete", "Item 22 Delete"], timeout: .zero)
    try await drafts.require(texts: [.containing("Item 1"), .matching(/^Item 22/)], timeout: .zero)
    try await page.descendants(matching: "dialog").require(texts: [], timeout: .zero)

    // One text short, one too many, and one in the wrong place.
    for wrong: [TextMatch] in [
      ["Item 1 Delete"], ["Item 1 Delete", "Item 22 Delete", "Item 3"], ["Item 22 Delete", "Item 1 Delete"],
    ] {
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await drafts.require(texts: wrong, timeout: .zero)
      }
      #expect(
        error.lastObservation?.hasPrefix(#"its texts were ["Item 1 Delete", "Item 22 Delete"]"#) == true)
    }
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await drafts.require(texts: ["Item 1 Delete", .containing("Item 3")], timeout: .zero)
    }
    #expect(
      error.comment
        == #"page.cells to have texts ["Item 1 Delete", .containing("Item 3")]"#)
  }

  /// A probe reads the tree once: the count and the texts are of one
  /// moment, never a count of one tree and a text of the next.
  @Test func eachProbeReadsTheTreeOnce() async throws {
    let reads = Locked(0)
    let page = TreeElement("page") {
      let read = reads.withLock { count in
        count += 1
        return count
      }
      // The second item's text changes on every read.
      return ElementNode(
        .window,
        children: [
          ElementNode(.cell, children: [ElementNode(.staticText, label: "Item 1")]),
          ElementNode(.cell, children: [ElementNode(.staticText, label: "Read \(read)")]),
        ])
    }

    try await page.cells.require(texts: ["Item 1", "Read 1"], timeout: .zero)
    #expect(reads.withLock { $0 } == 1)
  }
}

/// A root's diagnostics run when a wait on it fails, never while waits pass
/// nor for a look at the state.
@Suite struct DiagnosticsTests {
  @Test func diagnosticsAreAddedToAFailedWaitOnly() async throws {
    let calls = Locked<[String]>([])
    let app = TreeElement(
      "app",
      diagnostics: { state in
        calls.withLock { $0.append(state) }
        return "screenshot: /tmp/app.png"
      },
      root: { signUpForm })

    try await app.buttons["submit"].require(.enabled, timeout: .zero)
    try await app.buttons["Archive"].requireNonExistence(timeout: .zero)
    #expect(try await app.cells.wait(forCount: 2, timeout: .zero))
    // A look at the state is not a failure either.
    #expect(await app.buttons["submit"].stateDescription?.hasPrefix("query: ") == true)
    #expect(calls.withLock { $0 }.isEmpty)

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await app.buttons["submit"].require(.disabled, timeout: .zero)
    }

    let states = calls.withLock { $0 }
    #expect(states.count == 1)
    #expect(states.first?.hasPrefix(#"query: app.buttons["submit"]"#) == true)
    #expect(error.lastObservation?.hasSuffix("\nscreenshot: /tmp/app.png") == true)
  }
}
