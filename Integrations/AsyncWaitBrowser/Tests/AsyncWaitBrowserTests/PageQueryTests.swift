import AsyncWait
import AsyncWaitElements
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// The page evaluates the queries tests write most itself (``PageQuery``),
/// and finds what a snapshot of the whole page finds: the same nodes, with
/// the same roles, names, identifiers, states and boxes; it declines what it
/// cannot answer exactly.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PageQueryTests {
  /// The fields of a node a query, a wait and an action read.
  struct Reading: Equatable, CustomStringConvertible {
    var role: String
    var identifier: String
    var label: String
    var value: String?
    var isEnabled: Bool
    var isChecked: Bool?
    var box: BrowserNode.Box?
    var texts: [String]
    var textContent: String

    init(_ node: BrowserNode) {
      role = node.role
      identifier = node.identifier
      label = node.label
      value = node.value
      isEnabled = node.isEnabled
      isChecked = node.isChecked
      box = node.box
      var texts: [String] = []
      var stack = node.children.reversed() as [BrowserNode]
      while let next = stack.popLast() {
        if next.elementType == .staticText { texts.append(next.label) }
        stack.append(contentsOf: next.children.reversed())
      }
      self.texts = texts
      textContent = node.textContent
    }

    var description: String {
      "\(role) \(identifier) \(label) \(texts) \(String(reflecting: textContent)) \(String(describing: box))"
    }
  }

  static func search(_ type: ElementType, _ filters: [QueryPlan.Filter]) -> QueryPlan.Step {
    .search(.descendants, type, filters)
  }

  /// Every document defines the search's function, which the page cannot
  /// replace, and a probe calls it by name; a document that does not
  /// define it is sent its source, and answers the same.
  @Test(arguments: [true, false])
  func theQueriesTestsWriteMostAreEvaluatedInThePageAsASnapshotFindsThem(callingFindByName: Bool) async throws
  {
    try await withItemListPage { (page) async throws in
      try await PageQuery.$callsFindByName.withValue(callingFindByName) {
        try await queriesAreEvaluatedAsASnapshotFindsThem(on: page)
      }
    }
  }

  @Test func thePageCannotReplaceTheSearchItCalls() async throws {
    try await withItemListPage { (page) async throws in
      let kept = try await page.evaluate(
        """
        (() => {
          const before = window.__asyncWaitFind;
          window.__asyncWaitFind = () => ({ elements: [], flags: "" });
          try { delete window.__asyncWaitFind } catch (_) {}
          return typeof before === "function" && window.__asyncWaitFind === before;
        })()
        """, as: Bool.self)
      #expect(kept)
      let plan = QueryPlan(steps: [Self.search(.button, [.identifierOrLabel("add-item")])])
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      #expect(try await page.evaluateQuery(plan, request)?.nodes.count == 1)
    }
  }

  private func queriesAreEvaluatedAsASnapshotFindsThem(on page: BrowserPage) async throws {
    let pageRoot = page.root
    let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
    let cases: [(QueryPlan, ElementQuery<BrowserNode>)] = [
      (
        QueryPlan(steps: [Self.search(.button, [.identifierOrLabel("add-item")])]),
        snapshotRoot.buttons.matching(identifier: "add-item")
      ),
      (
        QueryPlan(steps: [Self.search(.button, [.identifierOrLabel("Add item")])]),
        snapshotRoot.buttons.matching(named: "Add item")
      ),
      (
        QueryPlan(steps: [
          Self.search(.list, [.identifierOrLabel("items")]), .select(index: 0, isImplicit: true),
          Self.search(.cell, [.identifier("item-3")]),
        ]),
        snapshotRoot.lists["items"].cells.matching(identifier: "item-3")
      ),
      (
        QueryPlan(steps: [
          Self.search(.button, [.named(try #require(TextMatch.exactly("Remove Item 2").pattern))])
        ]),
        snapshotRoot.buttons.matching(named: "Remove Item 2")
      ),
      (
        QueryPlan(steps: [Self.search(.textField, [.identifier("name")])]),
        snapshotRoot.textFields.matching(identifier: "name")
      ),
      (
        QueryPlan(steps: [Self.search(.button, [.identifier("never-enabled")])]),
        snapshotRoot.buttons.matching(identifier: "never-enabled")
      ),
      (
        QueryPlan(steps: [Self.search(.button, [.identifier("no-such-thing")])]),
        snapshotRoot.buttons.matching(identifier: "no-such-thing")
      ),
    ]
    let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
    for (plan, reference) in cases {
      let evaluated = try #require(
        try await page.evaluateQuery(plan, request), "declined: \(plan)")
      let expected = try await reference.snapshots()
      #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
    }
    _ = pageRoot
  }

  /// A CSS selector is run by the page, and its matches are the nodes a
  /// snapshot marks: elements the accessibility tree leaves out are kept,
  /// those hidden from everyone are not, and a choice of the first skips
  /// them.
  @Test func aSelectorIsRunInThePageAsASnapshotMarksIt() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(CSSLocatorTests.markup)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let cases: [(QueryPlan, () async throws -> [BrowserNode])] = [
        (
          QueryPlan(steps: [Self.search(.any, [.selector(".todo-list li")])]),
          { try await snapshotRoot.locator(css: ".todo-list li").snapshots() }
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector(".badge")])]),
          { try await snapshotRoot.locator(css: ".badge").snapshots() }
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector(".hidden")])]),
          { try await snapshotRoot.locator(css: ".hidden").snapshots() }
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector(".swatch, .empty")])]),
          { try await snapshotRoot.locator(css: ".swatch, .empty").snapshots() }
        ),
        (
          QueryPlan(steps: [
            Self.search(.any, [.selector(".hidden, .swatch")]), .select(index: 0, isImplicit: false),
          ]),
          { try await snapshotRoot.locator(css: ".hidden, .swatch").firstMatch.snapshot().map { [$0] } ?? [] }
        ),
        (
          QueryPlan(steps: [
            Self.search(.list, [.identifierOrLabel("Todos")]), .select(index: 0, isImplicit: true),
            Self.search(.any, [.selector("li.completed")]),
          ]),
          { try await snapshotRoot.lists["Todos"].locator(css: "li.completed").snapshots() }
        ),
      ]
      for (plan, reference) in cases {
        for request in [
          QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000),
          QueryRequest(limit: 1, isStrict: false, countsAll: false, nodeBudget: 1_000_000),
        ] {
          let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
          let expected = try await reference()
          let wanted = request.limit.map { Array(expected.prefix($0)) } ?? expected
          #expect(evaluated.nodes.map(Reading.init) == wanted.map(Reading.init), "\(plan)")
        }
      }
      let invalid = QueryPlan(steps: [Self.search(.any, [.selector("li[")])])
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      await #expect(throws: BrowserError.invalidSelector) {
        _ = try await page.evaluateQuery(invalid, request)
      }
      // Through open shadow roots, the page's selector pierces them as the
      // snapshot's does, below the page and below an element.
      try await page.evaluate(
        """
        const host = document.body.appendChild(document.createElement('section'));
        host.id = 'widget';
        host.attachShadow({ mode: 'open' }).innerHTML =
          '<ul class="inner"><li class="completed">in</li><li>out</li></ul><p>in</p>';
        """)
      let pierced: [(QueryPlan, () async throws -> [BrowserNode])] = [
        (
          QueryPlan(steps: [Self.search(.any, [.selector("p")])]),
          { try await snapshotRoot.locator(css: "p").snapshots() }
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector("#widget ul.inner > li.completed")])]),
          { try await snapshotRoot.locator(css: "#widget ul.inner > li.completed").snapshots() }
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector("li.completed")])]),
          { try await snapshotRoot.locator(css: "li.completed").snapshots() }
        ),
        (
          QueryPlan(steps: [
            Self.search(.any, [.selector("#widget")]), .select(index: 0, isImplicit: true),
            Self.search(.any, [.selector("li")]),
          ]),
          { try await snapshotRoot.locator(css: "#widget").locator(css: "li").snapshots() }
        ),
      ]
      for (plan, reference) in pierced {
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await reference()
        #expect(expected.contains { $0.textContent == "in" }, "\(plan)")
        #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
      }
      await #expect(throws: BrowserError.invalidSelector) {
        _ = try await page.evaluateQuery(invalid, request)
      }
    }
  }

  /// A search by label (`descendants(labelled:)`) is a search by name in
  /// the page that keeps the names a label gave: a `<label>`, by `for` or
  /// around its control, `aria-labelledby` and `aria-label`; not a name
  /// from an element's own text.
  @Test func aLabelIsSearchedInThePageAsASnapshotFindsIt() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML('beforeend', `
          <form>
            <p><label for="email">Email</label> <input id="email" type="email"></p>
            <p><label>Full name <input name="full-name"></label></p>
            <p><label><input type="checkbox" name="news"> Send me news</label></p>
            <h2 id="drafts-title">Drafts</h2><section aria-labelledby="drafts-title"><p>none</p></section>
            <input aria-label="New to-do"> <button type="button">Save</button>
            <p title="Email">a paragraph whose title is a name, not a label</p>
          </form>`)
        """)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      for label in ["Email", "Full name", "Send me news", "Drafts", "New to-do", "Save"] {
        let pattern = try #require(TextMatch.exactly(label).pattern)
        let plan = QueryPlan(steps: [Self.search(.any, [.labelled(pattern)])])
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await snapshotRoot.descendants(labelled: TextMatch.exactly(label)).snapshots()
        #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(label)")
      }
      // A name from the button's own text is not a label's.
      #expect(try await snapshotRoot.descendants(labelled: "Save").count == 0)
      #expect(try await snapshotRoot.descendants(labelled: "Email").count == 1)
    }
  }

  @Test func whatItCannotAnswerExactlyItDeclines() async throws {
    try await withItemListPage { (page) async throws in
      let request = QueryRequest(limit: 1, isStrict: false, countsAll: false, nodeBudget: 1_000_000)
      let declined: [QueryPlan] = [
        QueryPlan(steps: [.search(.children, .button, [.identifier("add-item")])]),
        QueryPlan(steps: [Self.search(.button, [])]),
        QueryPlan(steps: [Self.search(.button, [.named(try #require(TextMatch.containing("Add").pattern))])]),
      ]
      for plan in declined {
        #expect(try await page.evaluateQuery(plan, request) == nil, "\(plan)")
      }
    }
  }

  @Test func anAmbiguousSubscriptIsReportedWithItsCandidates() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        for (const text of ["One", "Two"]) {
          const button = document.createElement("button");
          button.dataset.testid = "twin";
          button.textContent = text;
          document.body.append(button);
        }; 1
        """)
      let plan = QueryPlan(steps: [
        Self.search(.button, [.identifierOrLabel("twin")]), .select(index: 0, isImplicit: true),
      ])
      let strict = QueryRequest(limit: 1, isStrict: true, countsAll: false, nodeBudget: 1_000_000)
      let evaluated = try #require(try await page.evaluateQuery(plan, strict))
      let error = try await #require(throws: AmbiguousElementError.self) {
        _ = try await page.buttons["twin"].uniqueSnapshot()
      }

      #expect(evaluated.ambiguity?.count == 2)
      #expect(evaluated.ambiguity?.candidates.map(\.label) == ["One", "Two"])
      #expect(error.matchCount == 2)
    }
  }

  @Test func aNameThatIsAnotherElementsTestIDIsStillFound() async throws {
    try await withItemListPage { (page) async throws in
      // A button named "add-item" beside the one whose test id it is: the
      // subscript finds both, in the page's order, so an action refuses it.
      _ = try await page.evaluate(
        """
        const button = document.createElement("button");
        button.textContent = "add-item";
        document.body.append(button); 1
        """)
      let plan = QueryPlan(steps: [
        Self.search(.button, [.identifierOrLabel("add-item")]), .select(index: 0, isImplicit: true),
      ])
      let strict = QueryRequest(limit: 1, isStrict: true, countsAll: false, nodeBudget: 1_000_000)

      let evaluated = try #require(try await page.evaluateQuery(plan, strict))
      let error = try await #require(throws: AmbiguousElementError.self) {
        _ = try await page.buttons["add-item"].uniqueSnapshot()
      }
      #expect(evaluated.ambiguity?.candidates.map(\.label) == ["Add item", "add-item"])
      #expect(error.matchCount == 2)
    }
  }

  /// A subscript's existence is answered by a test id alone when it may.
  ///
  /// An element's `exists` asks for counts that need not be whole: a
  /// subscript whose test id one element has is answered without the
  /// search by name, whose scan costs the page's size. Counting all, or
  /// strictly, the name's match is counted too; and when the element with
  /// the test id is of another type, the search by name still finds the
  /// one named so.
  @Test func anExistenceByTestIDSkipsTheNamesOnlyWhenItMay() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        const named = document.createElement("button");
        named.textContent = "add-item";
        document.body.append(named);
        const other = document.createElement("p");
        other.dataset.testid = "print";
        other.textContent = "Printing";
        document.body.append(other);
        const printer = document.createElement("button");
        printer.textContent = "print";
        document.body.append(printer); 1
        """)
      func counts(_ key: String, strict: Bool = false, countsAll: Bool = false) async throws -> [Int]? {
        let plan = QueryPlan(steps: [
          Self.search(.button, [.identifierOrLabel(key)]), .select(index: 0, isImplicit: true),
        ])
        let request = QueryRequest(limit: 0, isStrict: strict, countsAll: countsAll, nodeBudget: 1_000_000)
        let evaluated = try await page.evaluateQuery(plan, request)
        return evaluated.map { $0.ambiguity == nil ? $0.matchCounts : [-1] }
      }

      // The test id's button is enough: the named one is not counted.
      #expect(try await counts("add-item") == [1, 1])
      #expect(try await counts("add-item", countsAll: true) == [2, 1])
      #expect(try await counts("add-item", strict: true) == [-1])
      // The test id is a paragraph's: the button named "print" is found.
      #expect(try await counts("print") == [1, 1])
      #expect(try await page.buttons["print"].exists)
      #expect(try await page.buttons["print"].snapshot()?.label == "print")
    }
  }

  /// What the page's search by name found is kept while the document is
  /// unchanged, and never after a change: a search for a name no element
  /// has, kept empty, then a change that gives an element that name (a
  /// node added, a text changed, an attribute set, a field typed into,
  /// which changes no node), then the same search finds it, as a snapshot
  /// does.
  @Test(arguments: [
    (
      "Archive all", "",
      #"const b = document.createElement("button"); b.textContent = "Archive all"; document.body.append(b)"#
    ),
    (
      "Publish", #"<button id="c1">Draft</button>"#,
      #"document.getElementById("c1").firstChild.data = "Publish""#
    ),
    (
      "Dismiss banner", #"<button id="c2">×</button>"#,
      #"document.getElementById("c2").setAttribute("aria-label", "Dismiss banner")"#
    ),
    (
      "Typed later", #"<input id="c3">"#,
      #"document.getElementById("c3").value = "Typed later""#
    ),
  ])
  func aSearchByNameSeesEveryChangeAfterWhatItKept(
    name: String, markup: String, change: String
  ) async throws {
    let pattern = try #require(TextMatch.exactly(name).pattern)
    let expected = try await keptSearchSeesTheChange(
      QueryPlan(steps: [Self.search(.any, [.named(pattern)])]), markup: markup, change: change
    ) { $0.descendants(matching: .any).matching(named: .exactly(name)) }
    #expect(!expected.isEmpty)
  }

  /// What the page's search by text found is kept until the document
  /// changes: after each kind of change that shows a text (a node added, a
  /// text changed, a button `<input>`'s value set), the same search finds
  /// it, as a snapshot does.
  @Test(arguments: [
    (
      "Archive all", "",
      #"const p = document.createElement("p"); p.innerHTML = "Archive <b>all</b>"; document.body.append(p)"#
    ),
    (
      "Publish", #"<span id="t1">Draft</span>"#,
      #"document.getElementById("t1").firstChild.data = "Publish""#
    ),
    (
      "Send now", #"<input type="submit" id="t2" value="Send">"#,
      #"document.getElementById("t2").setAttribute("value", "Send now")"#
    ),
  ])
  func aSearchByTextSeesEveryChangeAfterWhatItKept(
    text: String, markup: String, change: String
  ) async throws {
    let pattern = try #require(TextMatch.exactly(text).pattern)
    let expected = try await keptSearchSeesTheChange(
      QueryPlan(steps: [Self.search(.any, [.text(pattern)])]), markup: markup, change: change
    ) { $0.descendants(withText: .exactly(text)) }
    #expect(expected.count == 1)
  }

  /// On the item-list page with `markup` added: `plan`, evaluated in the
  /// page, finds nothing twice (the second answer is the one the first
  /// kept); after `change`, it finds what `reference` finds in a snapshot,
  /// which this returns.
  private func keptSearchSeesTheChange(
    _ plan: QueryPlan, markup: String, change: String,
    reference: @escaping @Sendable (TreeElement<BrowserNode>) -> ElementQuery<BrowserNode>
  ) async throws -> [Reading] {
    var expected: [Reading] = []
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate("document.body.insertAdjacentHTML(\"beforeend\", `\(markup)`); 1")
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      func found() async throws -> [Reading] {
        try #require(try await page.evaluateQuery(plan, request)).nodes.map(Reading.init)
      }

      // Twice: the second is answered from what the first kept.
      #expect(try await found().isEmpty)
      #expect(try await found().isEmpty)
      _ = try await page.evaluate("\(change); 1")
      expected = try await reference(snapshotRoot).snapshots().map(Reading.init)
      #expect(try await found() == expected)
    }
    return expected
  }

  /// Every source of an accessible name: the page's search by name finds
  /// the element that has it, and what Chromium names it, as a snapshot does.
  @Test(arguments: [
    "Email address", "Shipping method", "Close dialog", "Print invoice", "Open help", "Search orders",
    "Submit", "Monthly sales", "SHOUT LOUD", "Delete row", "Remember me", "Contact preferences", "Item 1",
    "Typed words", "Go on", "Nothing here", "Order summary",
  ])
  func aNameFromAnySourceIsFoundAsASnapshotFindsIt(name: String) async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        document.body.insertAdjacentHTML("beforeend", `
          <label for="f1">Email address</label><input id="f1">
          <span id="lb">Shipping method</span><select aria-labelledby="lb"><option>Post</option></select>
          <button aria-label="Close dialog">×</button>
          <button><img alt="Print invoice" src="data:,"></button>
          <input type="text" title="Open help">
          <input placeholder="Search orders">
          <input type="submit">
          <table><caption>Monthly sales</caption><tr><td>1</td></tr></table>
          <button style="text-transform: uppercase">shout loud</button>
          <button>Delete row <span aria-hidden="true">×</span></button>
          <label><input type="checkbox"> Remember me</label>
          <fieldset><legend>Contact preferences</legend><input type="radio" aria-label="Mail"></fieldset>
          <input id="typed"><input type="button" value="Go on">
          <section aria-label="Order summary"><p>A region whose name is its label, whatever it holds:
            three lines of text about the order, far longer than its name.</p></section>
        `);
        document.getElementById("typed").value = "Typed words"; 1
        """)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let pattern = try #require(TextMatch.exactly(name).pattern)
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      for type in [ElementType.any, .button, .textField, .staticText] {
        let plan = QueryPlan(steps: [Self.search(type, [.named(pattern)])])
        let evaluated = try #require(
          try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await snapshotRoot.descendants(matching: type).matching(named: .exactly(name))
          .snapshots()
        #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
        if type == .any && name != "Nothing here" { #expect(!expected.isEmpty, "\(name)") }
      }
    }
  }

  /// More elements that could have the name than the page names one by
  /// one: Chromium searches its tree by name instead, and finds them all.
  @Test func aNameManyElementsCouldHaveIsSearchedByChromium() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        for (let index = 0; index < PageQuery.mostCandidates + 6; index += 1) {
          const button = document.createElement("button");
          button.textContent = "Same name";
          document.body.append(button);
        }; 1
        """.replacingOccurrences(of: "PageQuery.mostCandidates", with: String(PageQuery.mostCandidates)))
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let plan = QueryPlan(steps: [
        Self.search(.button, [.named(try #require(TextMatch.exactly("Same name").pattern))])
      ])
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)

      let evaluated = try #require(try await page.evaluateQuery(plan, request))
      let expected = try await snapshotRoot.buttons.matching(named: "Same name").snapshots()
      #expect(evaluated.nodes.count == PageQuery.mostCandidates + 6)
      #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init))
    }
  }

  /// What a page's own search does not reach: a frame from another origin
  /// (a `data:` URL's), once it is loaded, and a closed shadow root a script
  /// attaches.
  static let unreachable = [
    """
    new Promise((loaded) => document.body.append(Object.assign(document.createElement('iframe'), {
      src: 'data:text/html,<button>Elsewhere</button>', onload: () => loaded(1) })))
    """,
    "document.body.append(document.createElement('div')); document.body.lastChild.attachShadow({ mode: 'closed' }); 1",
  ]

  /// A page of any size is searched in the page, until it has a tree the
  /// search does not reach; then a snapshot answers.
  @Test(arguments: unreachable)
  func aPageWithFramesOrClosedShadowRootsIsLeftToASnapshot(adding script: String) async throws {
    try await withItemListPage { (page) async throws in
      let plan = QueryPlan(steps: [Self.search(.button, [.identifier("add-item")])])
      let request = QueryRequest(limit: 1, isStrict: false, countsAll: false, nodeBudget: 1_000_000)
      #expect(try await page.evaluate("document.getElementsByTagName('*').length", as: Int.self) < 100)
      #expect(try await page.evaluateQuery(plan, request)?.nodes.count == 1)
      try await page.evaluate(script)
      #expect(try await page.evaluateQuery(plan, request) == nil)
      #expect(try await page.buttons["add-item"].exists)
    }
  }

  /// Same-origin frames are searched in the page's own search.
  ///
  /// Nested, the inner one in a shadow root (which `window.frames` does not
  /// count), each frame's document under its frame element, they are found
  /// as a snapshot finds them: the same
  /// nodes, in the same order, with boxes placed on the page; a frame's
  /// text is its own document's. A change inside a frame is seen by the
  /// next search.
  @Test func sameOriginFramesAreSearchedInThePage() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        const frame = document.createElement("iframe");
        frame.title = "Outer";
        frame.style.cssText = "width: 420px; height: 420px; border: 3px solid; padding: 5px 7px";
        frame.srcdoc = `<h2>Newsletter</h2><label>Topic <input data-testid="topic"></label>
          <button data-testid="subscribe">Subscribe</button><p>Same text</p><div id="host"></div>
          <script>
            const root = document.getElementById("host").attachShadow({ mode: "open" });
            root.innerHTML = '<button data-testid="shadowed">Shadowed</button><iframe title="Inner"></iframe>';
            root.querySelector("iframe").srcdoc =
              '<title>Inner frame</title><button data-testid="deep">Deep</button><p>Same text</p>';
          <\\/script>`;
        document.body.prepend(frame);
        document.body.insertAdjacentHTML(
          "afterbegin", '<button data-testid="before">Before the frame</button><p>Same text</p>');
        document.body.insertAdjacentHTML("beforeend", '<button data-testid="after">After the frame</button>');
        1
        """)
      try await page.buttons["deep"].requireExistence(timeout: patience)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      func named(_ text: String) throws -> QueryPlan.Filter {
        .named(try #require(TextMatch.exactly(text).pattern))
      }
      let sameText = try #require(TextMatch.exactly("Same text").pattern)
      let outer = snapshotRoot.descendants(matching: "Iframe").matching(named: "Outer")
      let cases: [(QueryPlan, ElementQuery<BrowserNode>)] = try [
        (
          QueryPlan(steps: [Self.search(.button, [.identifier("subscribe")])]),
          snapshotRoot.buttons.matching(identifier: "subscribe")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [.identifierOrLabel("deep")])]),
          snapshotRoot.buttons.matching(identifier: "deep")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [.identifier("shadowed")])]),
          snapshotRoot.buttons.matching(identifier: "shadowed")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [named("Deep")])]),
          snapshotRoot.buttons.matching(named: "Deep")
        ),
        (
          QueryPlan(steps: [
            Self.search(.textField, [.labelled(try #require(TextMatch.exactly("Topic").pattern))])
          ]),
          snapshotRoot.textFields.matching(labelled: "Topic")
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.text(sameText)])]),
          snapshotRoot.descendants(withText: "Same text")
        ),
        (
          QueryPlan(steps: [Self.search(.any, [named("Inner frame")])]),
          snapshotRoot.descendants(matching: .any).matching(named: "Inner frame")
        ),
        (
          QueryPlan(steps: [
            Self.search("Iframe", [named("Outer")]), .select(index: 0, isImplicit: true),
            Self.search(.button, [.identifier("deep")]),
          ]),
          outer.descendants(matching: .button).matching(identifier: "deep")
        ),
        (
          QueryPlan(steps: [
            Self.search("Iframe", [named("Outer")]), .select(index: 0, isImplicit: true),
            Self.search(.any, [.text(sameText)]),
          ]),
          outer.descendants(withText: "Same text")
        ),
        // A selector runs in each document, matched alone (the page's
        // moving button is left out: it moves between two reads).
        (
          QueryPlan(steps: [Self.search(.any, [.selector("button:not([data-testid=moving])")])]),
          snapshotRoot.locator(css: "button:not([data-testid=moving])")
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.selector("body > p")])]),
          snapshotRoot.locator(css: "body > p")
        ),
        (
          QueryPlan(steps: [
            Self.search("Iframe", [.selector("iframe[title=Outer]")]), .select(index: 0, isImplicit: true),
            Self.search("Iframe", [.selector("iframe[title=Inner]")]), .select(index: 0, isImplicit: true),
            Self.search(.button, [.identifier("deep")]),
          ]),
          snapshotRoot.frameLocator(css: "iframe[title=Outer]").frameLocator(css: "iframe[title=Inner]")
            .buttons.matching(identifier: "deep")
        ),
      ]
      for (plan, reference) in cases {
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await reference.snapshots()
        #expect(!expected.isEmpty, "\(plan)")
        #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
      }
      // A snapshot puts a frame's tree under its frame element: an element
      // that holds a frame, whose texts are the frame's too, and one that
      // holds a text in a frame, are left to it.
      let holders = try [
        QueryPlan(steps: [Self.search(.any, [.containingText(sameText)])]),
        QueryPlan(steps: [Self.search("Iframe", [named("Outer")])]),
      ]
      for plan in holders {
        #expect(try await page.evaluateQuery(plan, request) == nil, "\(plan)")
      }
      let texts = QueryPlan(steps: [Self.search(.any, [.text(sameText)])])
      #expect(try await page.evaluateQuery(texts, request)?.nodes.count == 3)
      // A change in the inner frame's document is seen at once.
      _ = try await page.evaluate(
        """
        document.querySelector("iframe").contentDocument.getElementById("host").shadowRoot.querySelector("iframe")
          .contentDocument.body.insertAdjacentHTML("beforeend", "<p>Same text</p>"); 1
        """)
      let again = try #require(try await page.evaluateQuery(texts, request))
      #expect(again.nodes.count == 4)
      let expected = try await snapshotRoot.descendants(withText: "Same text").snapshots()
      #expect(again.nodes.map(Reading.init) == expected.map(Reading.init))
    }
  }

  /// An empty frame (`about:blank`, as a page adds one for an ad or a form
  /// still to come) gets the page's script as it is made, and is searched
  /// in the page: it leaves the page's search answering.
  @Test func aPageWithAnEmptyFrameIsSearchedInThePage() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate("document.body.append(document.createElement('iframe')); 1")
      let plan = QueryPlan(steps: [Self.search(.button, [.identifier("add-item")])])
      let request = QueryRequest(limit: 1, isStrict: false, countsAll: false, nodeBudget: 1_000_000)
      #expect(try await page.evaluate("window.frames.length", as: Int.self) == 1)
      #expect(try await page.evaluateQuery(plan, request)?.nodes.count == 1)
    }
  }

  /// Web components: elements in open shadow roots, at any depth, in slots,
  /// and in a root the HTML declares, are found by test id and by name in
  /// the page's own search, in the order the page renders them, as a
  /// snapshot finds them; so are texts, read as the page renders them.
  @Test func openShadowRootsAreSearchedInThePage() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        class ShopCart extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: "open" }).innerHTML = `
              <h2 data-testid="cart-title">Cart</h2>
              <label for="qty">Quantity</label><input id="qty" value="2">
              <span id="coupon-label">Coupon code</span><input aria-labelledby="coupon-label">
              <slot name="extra"></slot>
              <shop-pay></shop-pay>
              <button data-testid="checkout">Check out</button>`;
          }
        }
        class ShopPay extends HTMLElement {
          constructor() {
            super();
            this.attachShadow({ mode: "open" }).innerHTML =
              `<button aria-label="Pay now" data-testid="pay">€</button><button><slot></slot></button>`;
          }
        }
        customElements.define("shop-cart", ShopCart);
        customElements.define("shop-pay", ShopPay);
        document.body.insertAdjacentHTML("beforeend", `
          <button data-testid="before">Before the cart</button>
          <shop-cart data-testid="cart"><button slot="extra" data-testid="gift">Add a gift</button></shop-cart>
          <div id="declared"></div>
          <button data-testid="after">After the cart</button>`);
        document.querySelector("shop-cart").shadowRoot.querySelector("shop-pay").textContent = "Pay later";
        document.getElementById("declared").setHTMLUnsafe(
          '<p><template shadowrootmode="open"><button data-testid="declared-button">Declared</button></template></p>');
        1
        """)
      try await page.buttons["declared-button"].requireExistence(timeout: patience)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      func named(_ text: String) throws -> QueryPlan.Filter {
        .named(try #require(TextMatch.exactly(text).pattern))
      }
      let cases: [(QueryPlan, ElementQuery<BrowserNode>)] = try [
        (
          QueryPlan(steps: [Self.search(.button, [.identifier("checkout")])]),
          snapshotRoot.buttons.matching(identifier: "checkout")
        ),
        (
          QueryPlan(steps: [Self.search(.any, [.identifier("pay")])]),
          snapshotRoot.descendants(matching: .any).matching(identifier: "pay")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [named("Pay now")])]),
          snapshotRoot.buttons.matching(named: "Pay now")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [named("Pay later")])]),
          snapshotRoot.buttons.matching(named: "Pay later")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [named("Add a gift")])]),
          snapshotRoot.buttons.matching(named: "Add a gift")
        ),
        (
          QueryPlan(steps: [Self.search(.textField, [named("Quantity")])]),
          snapshotRoot.textFields.matching(named: "Quantity")
        ),
        (
          QueryPlan(steps: [Self.search(.textField, [named("Coupon code")])]),
          snapshotRoot.textFields.matching(named: "Coupon code")
        ),
        (
          QueryPlan(steps: [Self.search(.any, [named("Cart")])]),
          snapshotRoot.descendants(matching: .any).matching(named: "Cart")
        ),
        (
          QueryPlan(steps: [Self.search(.button, [.identifierOrLabel("declared-button")])]),
          snapshotRoot.buttons.matching(identifier: "declared-button")
        ),
      ]
      for (plan, reference) in cases {
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await reference.snapshots()
        #expect(!expected.isEmpty, "\(plan)")
        #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
      }
      // A host the accessibility tree leaves out is found by its test id,
      // as Playwright's `getByTestId` finds it, where a snapshot, which
      // does not have it, does not.
      let host = QueryPlan(steps: [Self.search(.any, [.identifier("cart")])])
      #expect(try await page.evaluateQuery(host, request)?.nodes.map(\.role) == ["none"])
      // In the order the page renders: the gift's slot comes before the
      // payment buttons, the declared root after the cart.
      let order = ["before", "gift", "pay", "checkout", "declared-button", "after"]
      var boxes: [Double] = []
      for identifier in order {
        let plan = QueryPlan(steps: [Self.search(.button, [.identifier(identifier)])])
        let node = try #require(try await page.evaluateQuery(plan, request)?.nodes.first, "\(identifier)")
        boxes.append(try #require(node.box).y)
      }
      #expect(boxes == boxes.sorted(), "\(boxes)")
      // A search by text reads a component's text as the page renders it,
      // its slots filled, as a snapshot does.
      let texts: [TextMatch] = [
        "Cart", "Pay later", "Add a gift", .loosely("COUPON"), "€Pay later", "Check out",
      ]
      for text in texts {
        let pattern = try #require(text.pattern)
        for filter in [QueryPlan.Filter.text(pattern), .containingText(pattern)] {
          let plan = QueryPlan(steps: [Self.search(.any, [filter])])
          let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
          let reference =
            if case .text = filter {
              snapshotRoot.descendants(withText: text)
            } else {
              snapshotRoot.descendants(matching: .any).containing(text: text)
            }
          let expected = try await reference.snapshots()
          #expect(!expected.isEmpty, "\(plan)")
          #expect(evaluated.nodes.map(Reading.init) == expected.map(Reading.init), "\(plan)")
        }
      }
    }
  }
}
