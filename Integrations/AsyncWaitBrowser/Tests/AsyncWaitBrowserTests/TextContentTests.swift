import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// An element's text is its text content as Playwright reads it: whole
/// across inline elements, without CSS-generated content (wherever the
/// pointer is), scripts or styles; `matching(text:)` finds the innermost
/// node that shows a text.
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
      #expect(try await page.descendants(withText: "world").element.snapshot()?.role == "StaticText")
      // The counter, a `<span>` the accessibility tree leaves out, is in the
      // tree because its text is split over inline elements.
      let counter = try #require(try await page.descendants(withText: "3 items left").element.snapshot())
      #expect(counter.classes == ["todo-count"])
      #expect(counter.role == "none")
      try await page.descendants(withText: .containing("3 items")).require(.text("3 items left"))
      // The innermost node: a part that one text node shows is that node.
      #expect(
        try await page.descendants(withText: .containing("items left")).element.snapshot()?.role
          == "StaticText")
      // A text node found by its text is itself, not its element too.
      #expect(try await page.descendants(withText: "buy milk").count == 1)
      // Generated content is no text: nothing shows "Note:".
      #expect(try await page.descendants(withText: .containing("Note:")).exists == false)
      #expect(try await page.paragraphs.containing(text: "Hello world!").count == 1)
    }
  }
}

extension ElementTypeQueryProvider {
  fileprivate var paragraphs: ElementQuery<Node> { descendants(matching: "paragraph") }
}
