import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import BrowserFixtures
import Foundation
import Testing

/// The page wakes its waits from inside: each of these waits polls once an
/// hour and has an hour to pass, so only the page's report of the change
/// (``BrowserPage/trigger``, fired by the mutation observer and the events
/// of ``BrowserPage/pageScript``) can end it before the suite's time limit.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct BrowserPageTests {
  /// Longer than any test may run: a wait that is not woken hangs until the
  /// time limit fails the test.
  static let hour = Duration.seconds(3600)

  /// What the page changes 100 ms after it is asked to, and the query that
  /// finds the change.
  static let changes: [(script: String, query: @Sendable (BrowserPage) -> ElementQuery<BrowserNode>)] = [
    (
      // A node added.
      "const added = document.createElement('button'); added.textContent = 'Added'; document.body.append(added);",
      { $0.buttons.matching(named: "Added") }
    ),
    (
      // An attribute set on a node that was there.
      "document.querySelector('[data-testid=\"add-item\"]').setAttribute('aria-label', 'Renamed');",
      { $0.buttons.matching(named: "Renamed") }
    ),
    (
      // A text changed in place.
      "document.querySelector('h1').firstChild.data = 'Changed heading';",
      { $0.descendants(withText: "Changed heading") }
    ),
    (
      // A node added inside a shadow root attached after the page loaded.
      """
      const host = document.createElement('div'); document.body.append(host);
      const shadow = host.attachShadow({ mode: 'open' });
      setTimeout(() => { const inner = document.createElement('button'); inner.textContent = 'In the shadow';
        shadow.append(inner); }, 100);
      """,
      { $0.buttons.matching(named: "In the shadow") }
    ),
    (
      // A node added inside a shadow root declared in HTML, which no
      // script attached.
      """
      const holder = document.createElement('div'); document.body.append(holder);
      holder.setHTMLUnsafe('<p><template shadowrootmode="open"><span>Declared</span></template></p>');
      setTimeout(() => { const inner = document.createElement('button'); inner.textContent = 'In the declared shadow';
        holder.firstChild.shadowRoot.append(inner); }, 100);
      """,
      { $0.buttons.matching(named: "In the declared shadow") }
    ),
  ]

  @Test(arguments: changes.indices)
  func aChangeInThePageWakesAWaitThatWouldSleepAnHour(change: Int) async throws {
    try await withItemListPage { (page) async throws in
      let (script, query) = Self.changes[change]
      // The first probe runs before the change, which is 100 ms away.
      _ = try await page.evaluate("setTimeout(() => { \(script) }, 100); 1")
      try await query(page).firstMatch.requireExistence(timeout: Self.hour, pollingInterval: Self.hour)
    }
  }

  @Test func aDocumentOpenedLaterWakesWaitsToo() async throws {
    try await withItemListPage { (page) async throws in
      try await page.goto(site.url("/account"), timeout: patience)
      _ = try await page.evaluate(
        "setTimeout(() => { const added = document.createElement('p'); added.textContent = 'Later'; document.body.append(added); }, 100); 1"
      )
      try await page.descendants(withText: "Later").firstMatch.requireExistence(
        timeout: Self.hour, pollingInterval: Self.hour)
    }
  }

  /// A document still being parsed is not observed (its mutations would
  /// slow the parse), so its waits are woken by the page every 50 ms, and
  /// what it shows is read afresh at every probe: a text that appears
  /// while the parser waits for a thirty-second script is found, as are the
  /// text before it and a button in a shadow root the HTML declares, while
  /// the document is still loading.
  @Test func aDocumentBeingParsedWakesWaitsAndIsReadAfresh() async throws {
    let server = try LoopbackServer(pages: [
      "/": """
      <!doctype html><title>Parsing</title><p>Before the script</p>
      <div id="host"><template shadowrootmode="open"><button>In a declared root</button></template></div>
      <script>setTimeout(() => { const added = document.createElement('p');
        added.textContent = 'Added while loading'; document.body.append(added); }, 1000)</script>
      <script src="/stall/30"></script><p>After the script</p>
      """
    ])
    defer { server.stop() }
    try await withItemListPage { (page) async throws in
      // Within the thirty seconds the script holds the parser, which a
      // loaded machine needs (8 s each: the three end within it); polling
      // once an hour, only the page's timer wakes these waits.
      _ = try await page.evaluate("location.assign(\"\(server.url())\"); 1")
      try await page.descendants(withText: "Before the script").firstMatch.requireExistence(
        timeout: .seconds(8), pollingInterval: Self.hour)
      // Found by text, which find.js keeps while the document's count
      // stands: it must not stand while the document is parsed.
      try await page.descendants(withText: "Added while loading").firstMatch.requireExistence(
        timeout: .seconds(8), pollingInterval: Self.hour)
      // A root the HTML declares is not looked for while the parser runs:
      // what it holds is found all the same, by name and by CSS.
      try await page.buttons.matching(named: "In a declared root").firstMatch.requireExistence(
        timeout: .seconds(8), pollingInterval: Self.hour)
      #expect(try await page.locator(css: "#host button").count == 1)
      #expect(try await page.evaluate("document.readyState", as: String.self) == "loading")
    }
  }

  /// Back and forward, as Playwright's `goBack` and `goForward`: across
  /// documents (each loads again) and within one (`pushState`), and
  /// `false` where the history ends.
  @Test func backAndForwardShowTheEntriesOfTheHistory() async throws {
    try await withItemListPage { (page) async throws in
      #expect(try await page.goForward(timeout: patience) == false)
      try await page.goto(site.url("/other"), timeout: patience)
      try await page.requireURL(endsWith: "/other")

      #expect(try await page.goBack(timeout: patience))
      try await page.requireURL(endsWith: "/")
      try await page.buttons["add-item"].requireExistence(timeout: .zero)

      #expect(try await page.goForward(timeout: patience))
      try await page.requireURL(endsWith: "/other")
      try await page.buttons["back"].requireExistence(timeout: .zero)

      _ = try await page.evaluate("history.pushState({}, '', '/other#second'); 1")
      #expect(try await page.goBack(timeout: patience))
      try await page.requireURL(endsWith: "/other")
      #expect(try await page.goForward(timeout: patience))
      try await page.requireURL(endsWith: "/other#second")
      #expect(try await page.goForward(timeout: patience) == false)
    }
  }
}

extension BrowserPage {
  /// Fails unless the page's address ends with `suffix`, now.
  fileprivate func requireURL(
    endsWith suffix: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let address = try await url
    #expect(address.hasSuffix(suffix), "\(address)", sourceLocation: sourceLocation)
  }
}
