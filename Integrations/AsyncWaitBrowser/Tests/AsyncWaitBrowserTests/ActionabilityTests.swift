import AsyncWait
import AsyncWaitElements
import Testing

@testable import AsyncWaitBrowser

/// Clicks and typing wait until their element is ready, and say which
/// condition was unmet when it never is.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ActionabilityTests {
  /// Short: each of these waits is meant to time out.
  let short = Duration.milliseconds(800)

  @Test func clickWaitsUntilTheButtonIsEnabled() async throws {
    try await withItemListPage { (page) async throws in
      let enabledSoon = page.buttons["enabled-soon"]
      #expect(try await enabledSoon.snapshot()?.isEnabled == false)

      try await page.click(page.buttons["enable-soon"], timeout: patience)
      try await page.click(enabledSoon, timeout: patience)

      try await page.lists["items"].staticTexts["Clicked when enabled"].requireExistence(timeout: patience)
    }
  }

  @Test func clickWaitsUntilNothingCoversTheButton() async throws {
    try await withItemListPage { (page) async throws in
      try await page.click(page.buttons["uncover-soon"], timeout: patience)
      try await page.click(page.buttons["covered"], timeout: patience)

      try await page.lists["items"].staticTexts["Clicked when uncovered"].requireExistence(timeout: patience)
    }
  }

  @Test func clickOnATextClicksTheElementItIsIn() async throws {
    try await withItemListPage { page in
      try await page.click(page.buttons["add-item"].staticTexts["Add item"], timeout: patience)

      try await page.sheets["add-dialog"].requireExistence(timeout: patience)
    }
  }

  /// The stability check waits for the page's next frame, or 50 ms: a
  /// page whose frames never come (its own fake timers here; a page in
  /// the background draws none) still gets its click, and not after a
  /// command's timeout (30 s by default), which a click that waited for
  /// the frame alone would take: a bound on a hang, not a measure of
  /// speed, with room for a loaded machine.
  @Test func aPageThatDrawsNoFrameStillGetsItsClick() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate("window.requestAnimationFrame = () => 0; 1")
      let clock = ContinuousClock()
      let start = clock.now
      try await page.click(page.buttons["add-item"], timeout: patience)
      #expect(clock.now - start < .seconds(15))
      try await page.sheets["add-dialog"].requireExistence(timeout: patience)
    }
  }

  @Test func eachUnmetConditionIsNamedInTheTimeout() async throws {
    try await withItemListPage { (page) async throws in
      let cases: [(TreeElement<BrowserNode>, String, String)] = [
        (page.buttons["no-such-button"], "last probe: it does not exist", "does not exist"),
        (page.buttons["never-enabled"], "last probe: it is not enabled", "is not enabled"),
        (page.buttons["no-size"], "last probe: it is not visible", "is not visible: "),
        (page.buttons["moving"], "last probe: it does not hold still", "does not hold still: its box moved"),
        (
          page.buttons["covered"], "last probe: it does not receive the click: another element is on top",
          "does not receive the click: another element is on top, <"
        ),
      ]
      for (element, unmet, cause) in cases {
        let error = await #expect(throws: WaitTimeoutError.self) {
          try await page.click(element, timeout: short)
        }
        let comment = try #require(error?.comment)
        #expect(comment.hasPrefix(element.elementDescription))
        #expect(
          comment.hasSuffix(
            "to be ready for a click: to exist, be enabled, be visible, hold still and receive the click"))
        #expect(error?.lastObservation?.contains(unmet) == true, "\(error?.lastObservation ?? "")")
        // The first line leads with the check that failed, then the checks.
        let headline = String(describing: try #require(error)).split(separator: "\n").first ?? ""
        #expect(headline.hasPrefix("\(element.elementDescription) \(cause)"), "\(headline)")
        #expect(headline.contains("; timed out after "), "\(headline)")
        #expect(
          headline.hasSuffix(
            " waiting for it to be ready for a click: to exist, be enabled, be visible, hold still and "
              + "receive the click"), "\(headline)")
      }
    }
  }

  @Test func typingNeedsAnElementThatTakesText() async throws {
    try await withItemListPage { (page) async throws in
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.type("Milk", into: page.descendants(matching: .any)["not-a-field"], timeout: short)
      }
      #expect(
        error?.comment?.hasSuffix(
          "to be ready for typing: to exist, be enabled, be visible, hold still and take text") == true)
      #expect(error?.lastObservation?.contains("last probe: it does not take text") == true)
      let headline = String(describing: try #require(error)).split(separator: "\n").first ?? ""
      #expect(
        headline.hasPrefix(#"page.descendants(matching: .any)["not-a-field"] does not take text (role "#))
    }
  }

  @Test func timeoutShowsThePageTree() async throws {
    try await withItemListPage { (page) async throws in
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.click(page.buttons["never-enabled"], timeout: short)
      }
      let observation = try #require(error?.lastObservation)
      #expect(observation.contains(#"button "Never enabled" id=never-enabled disabled"#))
      #expect(observation.contains(#"list "Items" id=items"#))
    }
  }
}

/// The checks one snapshot of the element answers, in the order an action
/// makes them, each with what its failure says; no browser needed.
@Suite struct ActionabilityCheckTests {
  typealias Checks = BrowserPage.Checks
  static let box = BrowserNode.Box(x: 0, y: 0, width: 80, height: 20)

  @Test func anEnabledVisibleButtonPassesTheChecksOfAClickThatASnapshotAnswers() {
    let button = BrowserNode(role: "button", box: Self.box)

    #expect(BrowserPage.Action.click.checks.firstUnmet(by: button) == nil)
  }

  @Test func eachCheckSaysWhatIsUnmet() {
    let disabled = BrowserNode(role: "button", isEnabled: false, box: Self.box)
    let empty = BrowserNode(role: "button", box: BrowserNode.Box(x: 4, y: 4, width: 0, height: 20))
    let boxless = BrowserNode(role: "button")
    let uncheckable = BrowserNode(role: "button", box: Self.box)
    let readOnly = BrowserNode(role: "textbox", isEditable: false, box: Self.box)

    #expect(Checks.enabled.firstUnmet(by: disabled)?.reason == "it is not enabled")
    #expect(
      Checks.visible.firstUnmet(by: empty)?.reason == "it is not visible: its box \(empty.box!) is empty")
    #expect(Checks.visible.firstUnmet(by: boxless)?.reason == "it is not visible: it has no box")
    #expect(Checks.checkable.firstUnmet(by: uncheckable)?.reason == "it has no checked state (role button)")
    #expect(Checks.editable.firstUnmet(by: readOnly)?.reason == "it does not take text (role textbox)")
  }

  @Test func theFirstUnmetCheckIsTheOneReported() {
    let node = BrowserNode(role: "textbox", isEnabled: false, isEditable: false)

    #expect(BrowserPage.Action.type.checks.firstUnmet(by: node)?.check == .enabled)
    #expect(Checks([.visible, .editable]).firstUnmet(by: node)?.check == .visible)
    #expect(Checks.editable.firstUnmet(by: node)?.check == .editable)
  }

  @Test func anActionWithoutChecksTakesAnyElement() {
    let node = BrowserNode(role: "generic", isEnabled: false)

    #expect(BrowserPage.Action.press.checks.firstUnmet(by: node) == nil)
  }
}
