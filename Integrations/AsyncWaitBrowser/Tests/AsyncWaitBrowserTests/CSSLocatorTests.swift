import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// `locator(css:)` finds what the page's `querySelectorAll` selects,
/// including elements the accessibility tree leaves out, scoped below a
/// query's matches, read as written in a failure.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CSSLocatorTests {
  static let markup = """
    document.body.insertAdjacentHTML('beforeend', `
      <ul class="todo-list" aria-label="Todos">
        <li class="todo"><label>buy milk</label><span class="badge">new</span></li>
        <li class="todo completed"><label>eggs</label><button>Delete</button></li>
      </ul>
      <span class="hidden" style="display: none">hidden</span>
      <div class="hidden" style="visibility: hidden; width: 20px; height: 20px"></div>
      <span class="empty"></span>
      <div class="swatch" style="width: 20px; height: 20px; background: teal"></div>`);
    """

  @Test func aSelectorFindsWhatThePageSelects() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.markup)
      let todos = page.locator(css: ".todo-list li")
      try await todos.require(count: 2, timeout: patience)
      // Text content, as Playwright's `toHaveText` reads it: no space where
      // the markup has none.
      try await todos.require(texts: ["buy milknew", "eggsDelete"], timeout: patience)
      // An element the accessibility tree leaves out: a `<span>` of text.
      try await page.locator(css: ".badge").require(.text("new"), timeout: patience)
      #expect(try await page.locator(css: ".badge").element.snapshot()?.role == "none")
      // Below each match; a query after it; as a filter's inner query.
      #expect(try await page.lists["Todos"].locator(css: "li.completed").count == 1)
      #expect(try await page.locator(css: "li.completed").buttons["Delete"].exists)
      #expect(try await page.cells.containing(page.locator(css: ".badge")).count == 1)
      #expect(try await page.locator(css: "li").matching(class: "completed").count == 1)
      // An element hidden from everyone is not in the tree, as for every query.
      try await page.locator(css: ".hidden").requireNonExistence(timeout: patience)
      // One that holds nothing is, where it is: hidden when it has no size.
      try await page.locator(css: ".swatch").require(.visible, timeout: patience)
      try await page.locator(css: ".empty").require(.hidden, timeout: patience)
      #expect(try await page.locator(css: ".empty").exists)
      #expect(try await page.locator(css: ".swatch, .empty").count == 2)
      // In document order among the nodes of the tree around it.
      let order = try await page.locator(css: ".todo-list, .swatch, .empty").snapshots().map(\.classes)
      #expect(order == [["todo-list"], ["empty"], ["swatch"]])
      // Not marked, the badge is not in the tree.
      #expect(try await page.descendants(matching: .any).matching(class: "badge").exists == false)
    }
  }

  /// A web component's open shadow root is searched, as Playwright's CSS
  /// engine searches it: descendant and child combinators cross from the
  /// host into it, at any depth; sibling combinators stay in their tree; a
  /// closed root is not reached.
  @Test func aSelectorPiercesOpenShadowRoots() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        class MyList extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: "open" }).innerHTML =
              `<ul><li class="entry">One</li><li class="entry">Two <span class="badge">new</span></li></ul>
               <my-inner></my-inner>`;
          }
        }
        class MyInner extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: "open" }).innerHTML = `<p class="deep">Deep</p><p id="123" class="1a">Escaped</p>`;
          }
        }
        class MySecret extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: "closed" }).innerHTML = `<p class="deep">Secret</p>`;
          }
        }
        customElements.define("my-list", MyList);
        customElements.define("my-inner", MyInner);
        customElements.define("my-secret", MySecret);
        document.body.insertAdjacentHTML("beforeend", `<section class="lists"><my-list></my-list></section>
          <my-secret></my-secret>`);
        """)
      try await page.locator(css: "my-list li").require(count: 2, timeout: patience)
      #expect(try await page.locator(css: "li.entry").count == 2)
      #expect(try await page.locator(css: "section.lists > my-list > ul > li").count == 2)
      #expect(try await page.locator(css: "li.entry + li").count == 1)
      #expect(try await page.locator(css: "li.entry ~ .entry").count == 1)
      #expect(try await page.locator(css: "my-list + li").count == 0)
      // Inside a component inside a component; not inside a closed root.
      try await page.locator(css: "my-list .deep").require(.text("Deep"), timeout: patience)
      #expect(try await page.locator(css: ".deep").count == 1)
      // An element the accessibility tree leaves out, inside the root.
      try await page.locator(css: "my-list .badge").require(.text("new"), timeout: patience)
      // An escape that ends in a space is one compound (`CSS.escape("123")`),
      // not a descendant combinator.
      #expect(try await page.locator(css: #"#\31 23"#).count == 1)
      #expect(try await page.locator(css: #"my-list .\31 a"#).count == 1)
      // `:scope` is the document's root, which no shadow root holds.
      #expect(try await page.locator(css: ":scope > body li.entry").count == 0)
      // A list of selectors, each side searched.
      #expect(try await page.locator(css: "my-list li:first-child, .deep").count == 2)
      // Below a match of another query.
      #expect(try await page.locator(css: "my-list").locator(css: "li").count == 2)
    }
  }

  @Test func aWaitOnASelectorSeesTheChange() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.markup)
      try await page.locator(css: "li.todo").require(count: 2, timeout: patience)
      try await page.evaluate(
        "setTimeout(() => document.querySelector('li.todo').classList.add('completed'), 100)")
      try await page.locator(css: "li.completed").require(count: 2, timeout: patience)
    }
  }

  @Test func aFailureReadsAsWritten() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.markup)
      try await page.locator(css: ".todo-list li").require(count: 2, timeout: patience)
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.locator(css: ".todo-list li").require(count: 5, timeout: .milliseconds(300))
      }
      let lines = error.description.split(separator: "\n").map(String.init)
      #expect(
        lines.first
          == #"Timed out after 300 ms waiting for "page.locator(css: ".todo-list li") to match 5 nodes""#)
      #expect(lines.contains { $0.hasSuffix(#".locator(css: ".todo-list li"): 2 matches"#) })
      #expect(
        page.lists["Todos"].locator(css: "li").matching(class: "completed").elementDescription
          == #"page.lists["Todos"].locator(css: "li").matching(class: "completed")"#)
    }
  }

  @Test func anInvalidSelectorIsAnErrorNotATimeout() async throws {
    try await withItemListPage { (page) async throws in
      // A BrowserError, not a timeout: the wait ends at its first probe.
      let error = try await #require(throws: BrowserError.self) {
        try await page.locator(css: "li[").requireExistence(timeout: patience)
      }
      #expect(error == .invalidSelector)
      #expect(error.description.contains(#""li[""#))
    }
  }
}
