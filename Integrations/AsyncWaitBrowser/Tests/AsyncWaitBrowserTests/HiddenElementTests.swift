import AsyncWait
import AsyncWaitElements
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// `page.includingHidden`, Playwright's `includeHidden`: the elements a page
/// hides are in its tree, each with the role, name and states the package
/// computes from the DOM, which are those Chromium gives the same element
/// shown.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HiddenElementTests {
  /// Elements of every kind the package computes a role and a name for,
  /// each with a test id starting `c-`, in `<section id="cases">`.
  static let cases = """
    <button data-testid="c-button">Save <b>draft</b></button>
    <button data-testid="c-toggle" aria-pressed="true">Bold</button>
    <button data-testid="c-mixed-press" aria-pressed="mixed">Italic</button>
    <button data-testid="c-menu" aria-expanded="false">Menu</button>
    <button data-testid="c-disabled" disabled>Off</button>
    <button data-testid="c-close" title="Close"></button>
    <a href="/elsewhere" data-testid="c-link">Docs</a>
    <h3 data-testid="c-h3">Section</h3>
    <div role="heading" aria-level="4" data-testid="c-aria-level">Deep</div>
    <p data-testid="c-p">A paragraph</p>
    <input type="checkbox" checked aria-label="Agree" data-testid="c-check">
    <input type="checkbox" id="c-news" data-testid="c-news"><label for="c-news">News</label>
    <label>Email <input type="email" data-testid="c-email" value="ada@example.com"></label>
    <input type="text" placeholder="Search here" data-testid="c-placeholder">
    <input type="submit" data-testid="c-submit">
    <input type="button" value="Go" data-testid="c-go">
    <input type="radio" aria-label="One" data-testid="c-radio">
    <input type="range" aria-label="Volume" value="3" min="0" max="10" data-testid="c-range">
    <input type="number" aria-label="Quantity" value="2" data-testid="c-quantity">
    <input type="search" aria-label="Find" data-testid="c-search">
    <input aria-label="Fixed" value="x" readonly data-testid="c-readonly">
    <select aria-label="Size" data-testid="c-select"><option>Small</option><option selected>Large</option></select>
    <textarea aria-label="Notes" data-testid="c-notes">Hello</textarea>
    <img alt="Logo" data-testid="c-img" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <ul data-testid="c-list"><li data-testid="c-item">One</li></ul>
    <nav aria-label="Main" data-testid="c-nav"><a href="/a">A</a></nav>
    <div role="switch" aria-checked="true" aria-label="Power" data-testid="c-switch"></div>
    <div role="checkbox" aria-checked="mixed" aria-label="Some" data-testid="c-mixed"></div>
    <details open data-testid="c-details"><summary data-testid="c-summary">More</summary>Body</details>
    <div role="tablist"><div role="tab" aria-selected="true" data-testid="c-tab">First</div></div>
    <fieldset disabled data-testid="c-fieldset"><legend>Ship</legend>
      <input aria-label="City" data-testid="c-city"></fieldset>
    <span id="c-due-label">Due date</span><input aria-labelledby="c-due-label" data-testid="c-due">
    <button data-testid="c-icon"><img alt="Close" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></button>
    <h2 data-testid="c-br">Line<br>two</h2>
    <a href="/b" data-testid="c-blocks"><div>One</div><div>Two</div></a>
    <article><header data-testid="c-inner-header">Top</header><footer data-testid="c-inner-footer">End</footer></article>
    <table><tr><th scope="row" data-testid="c-row-header">Total</th><td>3</td></tr></table>
    <table data-testid="c-table"><caption>Prices</caption>
      <tr><th data-testid="c-th">Item</th></tr><tr><td data-testid="c-td">Tea</td></tr></table>
    """

  /// What a node reads as, for comparing: its role, name and states.
  static func reading(_ node: BrowserNode) -> String {
    [
      "role \(node.role)", "name \(String(reflecting: node.label))",
      "label \(node.labelText.map { String(reflecting: $0) } ?? "nil")",
      "value \(node.value.map { String(reflecting: $0) } ?? "nil")",
      "enabled \(node.isEnabled)", "editable \(node.isEditable)",
      "checked \(node.isChecked.map(String.init) ?? "nil")\(node.isCheckedMixed ? " mixed" : "")",
      "selected \(node.isSelected)", "expanded \(node.isExpanded.map(String.init) ?? "nil")",
      "pressed \(node.isPressed.map(String.init) ?? "nil")\(node.isPressedMixed ? " mixed" : "")",
      "level \(node.level.map(String.init) ?? "nil")",
    ].joined(separator: ", ")
  }

  /// Every node of the tree, read, a line each, indented by its depth.
  static func lines(_ tree: BrowserNode?) -> [String] {
    var found: [String] = []
    var stack = tree.map { [($0, 0)] } ?? []
    while let (node, depth) = stack.popLast() {
      found.append(
        String(repeating: " ", count: depth) + "\(node.testID ?? node.htmlID ?? "-") " + reading(node))
      stack += node.children.reversed().map { ($0, depth + 1) }
    }
    return found
  }

  /// Each node of the tree with a test id of the cases, read.
  static func readings(_ tree: BrowserNode?) -> [String: String] {
    var found: [String: String] = [:]
    var stack = tree.map { [$0] } ?? []
    while let node = stack.popLast() {
      if let testID = node.testID, testID.hasPrefix("c-") { found[testID] = reading(node) }
      stack += node.children
    }
    return found
  }

  @Test(arguments: [
    "cases.hidden = true", "cases.style.display = 'none'", "cases.style.visibility = 'hidden'",
    "cases.setAttribute('aria-hidden', 'true')",
  ])
  func aHiddenElementReadsAsChromiumReadsItShown(hiding: String) async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', `<section id=\"cases\">\(Self.cases)</section>`)")
      try await page.descendants(matching: .any)["c-td"].requireExistence(timeout: patience)
      let shown = Self.readings(try await page.snapshot())
      #expect(shown.count == 44)
      // Shown, the tree that holds hidden elements reads every one alike.
      let alsoShown = Self.readings(
        try await PageSnapshot.$includesHidden.withValue(true) { try await page.snapshot() })
      #expect(alsoShown == shown)

      try await page.evaluate("const cases = document.getElementById('cases'); \(hiding)")
      try await page.descendants(matching: .any)["c-td"].requireNonExistence(timeout: patience)
      let hidden = Self.readings(
        try await PageSnapshot.$includesHidden.withValue(true) { try await page.snapshot() })
      for (testID, reading) in shown.sorted(by: { $0.key < $1.key }) {
        #expect(hidden[testID] == reading, "\(testID)")
      }
      #expect(Set(hidden.keys) == Set(shown.keys))
    }
  }

  /// A page that hides nothing has the same tree either way: the package
  /// computes nothing for an element the page shows.
  @Test func aPageThatHidesNothingReadsTheSameEitherWay() async throws {
    try await withAccountPage { (page) async throws in
      try await page.evaluate(
        """
        document.querySelectorAll('[hidden], [aria-hidden]').forEach((element) => element.remove());
        document.querySelectorAll('details').forEach((details) => { details.open = true; });
        document.body.insertAdjacentHTML('beforeend', `
          <div style="display: contents" data-testid="contents"><button>In contents</button></div>
          <button><svg width="8" height="8"><style>.dot { fill: red }</style><desc>A dot</desc>
            <rect class="dot" width="8" height="8"/></svg>Star</button>
          <div aria-hidden="true"><button id="focused">Focused</button></div>`);
        document.getElementById('focused').focus();
        """)
      try await page.buttons["In contents"].requireExistence(timeout: patience)
      let shown = Self.lines(try await page.snapshot())
      let either = Self.lines(
        try await PageSnapshot.$includesHidden.withValue(true) { try await page.snapshot() })
      #expect(shown.count > 50)
      let difference = either.difference(from: shown)
      #expect(difference.isEmpty, "\(difference.map { "\($0)" }.prefix(4))")
      #expect(try await page.includingHidden.buttons.matching(named: "In contents").count == 1)
      // Chromium shows an `aria-hidden` element's subtree that holds the
      // focus: it is in both trees, once.
      #expect(try await page.buttons["Focused"].exists)
      #expect(try await page.includingHidden.buttons.matching(named: "Focused").count == 1)
    }
  }

  /// Playwright's `getByRole(…, { includeHidden: true })`: the queries of
  /// `page.includingHidden` find hidden elements where the page has them,
  /// with `getByRole`'s options, and wait for them to show; `page`'s do not.
  @Test func theQueriesOfIncludingHiddenFindHiddenElements() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML('beforeend', `
          <ul aria-label="Steps"><li>First</li><li hidden>Second</li><li>Third</li></ul>
          <div hidden><h2>Archive</h2><button aria-pressed="true">Undo</button></div>
          <input type="checkbox" aria-label="Secret" checked style="visibility: hidden">
          <details><summary>More</summary><button>Inside</button></details>`);
        """)
      try await page.lists["Steps"].requireExistence(timeout: patience)

      // Hidden, in their places: the list's items in the page's order.
      let steps = page.includingHidden.lists["Steps"].descendants(matching: "listitem")
      #expect(try await steps.count == 3)
      #expect(try await steps.element(boundBy: 1).snapshot()?.textContent == "Second")
      #expect(try await page.lists["Steps"].descendants(matching: "listitem").count == 2)
      // By role and name, with getByRole's options.
      #expect(try await page.includingHidden.buttons["Undo"].exists)
      #expect(try await page.buttons["Undo"].exists == false)
      #expect(try await page.includingHidden.buttons.matching(pressed: true).count == 1)
      #expect(
        try await page.includingHidden.descendants(matching: "heading").matching(level: 2)["Archive"].exists)
      #expect(
        try await page.includingHidden.descendants(matching: "checkbox", named: "Secret").matching(
          checked: true
        ).exists)
      #expect(try await page.descendants(matching: "checkbox", named: "Secret").exists == false)
      // A web component's ids are its own: each hidden instance's field
      // is named by its own label.
      try await page.evaluate(
        """
        customElements.define('name-field', class extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: 'open' }).innerHTML =
              `<label for="field">${this.getAttribute('label')}</label><input id="field">`;
          }
        });
        document.body.insertAdjacentHTML('beforeend', `<div hidden>
          <name-field label="First"></name-field><name-field label="Last"></name-field></div>`);
        """)
      #expect(try await page.includingHidden.textFields["First"].exists)
      #expect(try await page.includingHidden.textFields["Last"].exists)
      // A closed <details>'s content is hidden.
      #expect(try await page.includingHidden.buttons["Inside"].exists)
      #expect(try await page.buttons["Inside"].exists == false)
      // By CSS and by text too, as Playwright's locators find hidden
      // elements.
      #expect(try await page.includingHidden.locator(css: "div[hidden] button").count == 1)
      #expect(try await page.locator(css: "div[hidden] button").count == 0)
      #expect(try await page.includingHidden.descendants(withText: "Second").count == 1)
      // A hidden element is hidden, and a wait sees it show.
      let undo = page.includingHidden.buttons["Undo"]
      try await undo.require(.hidden, timeout: patience)
      try await page.evaluate("document.querySelector('div[hidden]').hidden = false")
      try await undo.require(.visible, timeout: patience)
      try await page.click(undo, timeout: patience)
    }
  }

  /// A hidden list of 20,000 rows is read whole, and a hidden chain of
  /// 5,000 nested elements is read to the snapshot's depth, without
  /// exhausting a stack.
  @Test func hugeAndDeepHiddenTreesAreRead() async throws {
    try await withItemListPage { (page) async throws in
      let own = try await page.descendants(matching: "listitem").count
      try await page.evaluate(
        """
        {
        const list = document.createElement('ul');
        list.hidden = true;
        list.innerHTML = Array.from({ length: 20000 },
          (_, index) => `<li><button>Row ${index + 1}</button></li>`).join('');
        document.body.append(list);
        let deepest = document.createElement('div');
        deepest.hidden = true;
        document.body.append(deepest);
        for (let depth = 0; depth < 5000; depth += 1) {
          const inner = document.createElement('section');
          inner.setAttribute('aria-label', `Level ${depth}`);
          deepest.append(inner);
          deepest = inner;
        }
        deepest.innerHTML = '<button>Bottom</button>';
        }
        """)
      #expect(try await page.buttons["Row 1"].exists == false)
      // One snapshot of the page's tree with its hidden elements, read
      // whole, for what a query of each would read: each probe of a tree
      // this size costs seconds in a debug build, more under the thread
      // sanitizer (the queries are tested on small pages above).
      let tree = try #require(
        try await PageSnapshot.$includesHidden.withValue(true) { try await page.snapshot() })
      var listItems = 0
      var regions: Set<String> = []
      var buttons: Set<String> = []
      var stack = [tree]
      while let node = stack.popLast() {
        if node.role == "listitem" { listItems += 1 }
        if node.role == "region" { regions.insert(node.label) }
        if node.role == "button" { buttons.insert(node.label) }
        stack += node.children
      }
      #expect(listItems == own + 20_000)
      #expect(buttons.contains("Row 1") && buttons.contains("Row 20000"))
      // The snapshot's depth bounds the chain: its top is read, its bottom
      // is not.
      #expect(regions.contains("Level 0"))
      #expect(!regions.contains("Level 4999"))
      #expect(!buttons.contains("Bottom"))
    }
  }
}
