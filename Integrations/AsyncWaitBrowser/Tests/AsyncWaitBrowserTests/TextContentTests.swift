import AsyncWait
import AsyncWaitElements
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// An element's text is its text content as Playwright reads it: whole
/// across inline elements, without CSS-generated content (wherever the
/// pointer is), scripts or styles; `matching(text:)` finds the innermost
/// element that shows a text, whatever CSS lays it out.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct TextContentTests {
  /// Markup whose texts a join of the accessibility tree's texts reads
  /// otherwise: generated content, a text split by markup, a script.
  static let markup = """
    document.body.insertAdjacentHTML('beforeend', `
      <style>
        .todo .destroy { width: 20px; height: 20px; }
        .todo:hover .destroy::after { content: '×'; }
        .lead::before { content: 'Note: '; }
      </style>
      <ul data-testid="todos">
        <li class="todo" data-testid="todo"><label>buy milk</label><button class="destroy" aria-label="Delete"></button></li>
      </ul>
      <p data-testid="greeting" class="lead">Hello <b>world</b>!</p>
      <table><tr data-testid="person">
        <td>Ada</td>
        <td>King</td>
      </tr></table>
      <div data-testid="scripted">Shown<script>var unseen = "script";</script><style>.x { }</style></div>
      <footer><span class="todo-count"><strong>3</strong> items left</span></footer>
      <input type="submit" value="Send" data-testid="send">
      <input data-testid="field" value="typed">`);
    """

  @Test func anElementsTextIsItsTextContent() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.markup)
      let todo = page.descendants(identifiedBy: "todo")
      try await todo.requireExistence(timeout: patience)
      // The pointer on the row shows the "×" of its delete button, which
      // CSS generates: the accessibility tree reads it, the text does not.
      try await page.hover(todo, timeout: patience)
      try await page.buttons["Delete"].descendants(matching: .staticText)["×"].requireExistence(
        timeout: patience)
      try await todo.require(.text("buy milk"), timeout: patience)
      try await page.descendants(identifiedBy: "greeting").require(.text("Hello world!"), timeout: patience)
      try await page.descendants(identifiedBy: "person").require(.text("Ada King"), timeout: patience)
      try await page.descendants(identifiedBy: "scripted").require(.text("Shown"), timeout: patience)
      // An `<input>` button shows its value; a text field's text is its value, not its text.
      try await page.descendants(identifiedBy: "send").require(.text("Send"), timeout: patience)
      let field = try #require(try await page.descendants(identifiedBy: "field").element.snapshot())
      #expect(field.textContent == "")
      #expect(field.value == "typed")
    }
  }

  @Test func aTextSplitByMarkupIsFoundWhole() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.markup)
      try await page.descendants(identifiedBy: "greeting").requireExistence(timeout: patience)
      // The paragraph, not its pieces.
      let greeting = try #require(try await page.descendants(withText: "Hello world!").element.snapshot())
      #expect(greeting.role == "paragraph")
      // A piece that one element shows is that element, never a text node.
      let world = try #require(try await page.descendants(withText: "world").element.snapshot())
      #expect(world.role != "StaticText" && world.textContent == "world")
      // The counter, a `<span>` the accessibility tree leaves out.
      let counter = try #require(try await page.descendants(withText: "3 items left").element.snapshot())
      #expect(counter.classes == ["todo-count"])
      #expect(counter.role == "none")
      try await page.descendants(withText: .containing("3 items")).require(.text("3 items left"))
      // The innermost element: the counter shows "items left", its
      // `<strong>` does not.
      #expect(
        try await page.descendants(withText: .containing("items left")).element.snapshot()?.classes
          == ["todo-count"])
      #expect(try await page.descendants(withText: "buy milk").count == 1)
      // Generated content is no text: nothing shows "Note:".
      #expect(try await page.descendants(withText: .containing("Note:")).exists == false)
      #expect(try await page.paragraphs.containing(text: "Hello world!").count == 1)
    }
  }

  /// A text that only a hidden element shows is found by the element
  /// around it, which is shown, in the page's search as in a snapshot.
  @Test func aHiddenElementsTextIsFoundByTheElementAroundIt() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML('beforeend', `
          <a href="#settings" data-testid="settings"><span style="display: none">Settings</span></a>
          <p data-testid="note">Saved <span aria-hidden="true">Saved</span></p>`);
        """)
      try await page.descendants(identifiedBy: "settings").requireExistence(timeout: patience)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      for text in ["Settings", "Saved Saved"] {
        let plan = QueryPlan(steps: [
          .search(.descendants, .any, [.text(try #require(TextMatch.exactly(text).pattern))])
        ])
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(text)")
        let expected = try await snapshotRoot.descendants(withText: .exactly(text)).snapshots()
        #expect(
          evaluated.nodes.map(PageQueryTests.Reading.init) == expected.map(PageQueryTests.Reading.init),
          "\(text)")
        #expect(evaluated.nodes.count == 1, "\(text)")
      }
      #expect(try await page.descendants(withText: "Settings").element.snapshot()?.identifier == "settings")
    }
  }

  /// How CSS can lay out TodoMVC's counter, `<span class="todo-count">
  /// <strong>3</strong> items left</span>`: each way, by the span's own
  /// `display` or `float`, or as an item of its footer's flex or grid.
  static let layouts: [(name: String, footer: String, span: String)] = [
    ("inline", "", ""),
    ("block", "", "display: block"),
    ("float", "", "float: left"),
    ("inline-block", "", "display: inline-block"),
    ("flex item", "display: flex", ""),
    ("grid item", "display: grid", ""),
    ("display: contents", "", "display: contents"),
    ("table cell", "display: table", "display: table-cell"),
  ]

  /// Whatever CSS does to the counter, `getByText`'s forms find the
  /// counter, as Playwright finds it, and the page's search finds what a
  /// snapshot of the whole page finds.
  @Test func theInnermostElementIsFoundWhateverItsCSS() async throws {
    try await withItemListPage { (page) async throws in
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      for layout in Self.layouts {
        try await page.evaluate(
          """
          document.body.innerHTML = `<section class="todoapp"><footer class="footer" style="\(layout.footer)">
            <span class="todo-count" style="\(layout.span)"><strong>3</strong> items left</span>
            <ul class="filters"><li><a href="#/">All</a></li><li><a href="#/active">Active</a></li></ul>
            <button class="clear-completed">Clear completed</button>
          </footer></section>`;
          """)
        try await page.descendants(withText: "Clear completed").requireExistence(timeout: patience)
        let forms: [(TextMatch, Bool)] = [
          ("3 items left", true), (.loosely("3 ITEMS"), true), (.containing("items left"), true),
          ("3 items left", false),
        ]
        for (text, isInnermost) in forms {
          let pattern = try #require(text.pattern)
          let filter: QueryPlan.Filter = isInnermost ? .text(pattern) : .containingText(pattern)
          let plan = QueryPlan(steps: [.search(.descendants, .any, [filter])])
          let evaluated = try #require(
            try await page.evaluateQuery(plan, request), "declined: \(layout.name)")
          let reference =
            isInnermost
            ? snapshotRoot.descendants(withText: text)
            : snapshotRoot.descendants(matching: .any).containing(text: text)
          let expected = try await reference.snapshots()
          let found = evaluated.nodes.map(PageQueryTests.Reading.init)
          #expect(
            found == expected.map(PageQueryTests.Reading.init), "\(layout.name), \(text), \(isInnermost)")
          if isInnermost {
            #expect(evaluated.nodes.map(\.classes) == [["todo-count"]], "\(layout.name), \(text)")
          } else {
            // The counter and every element around it.
            #expect(
              evaluated.nodes.map(\.classes).suffix(2) == [["footer"], ["todo-count"]], "\(layout.name)")
          }
        }
        let counter = page.descendants(withText: "3 items left")
        #expect(try await counter.element.snapshot()?.classes == ["todo-count"], "\(layout.name)")
      }
    }
  }
}

extension ElementTypeQueryProvider {
  fileprivate var paragraphs: ElementQuery<Node> { descendants(matching: "paragraph") }
}
