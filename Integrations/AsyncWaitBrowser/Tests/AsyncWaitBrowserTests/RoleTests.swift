import AsyncWait
import AsyncWaitElements
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// ARIA's role names are types a query can ask for, as Playwright's
/// `getByRole` does, each matching its own role only, in a snapshot's walk
/// and in the page's own search alike; the package's types keep matching
/// every role mapped onto them.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RoleTests {
  @Test func aRoleByItsNameFindsThatRoleOnly() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML('beforeend', `
          <input type="checkbox" aria-label="Agree" data-testid="agree">
          <input type="radio" aria-label="Pick" data-testid="pick">
          <div role="switch" aria-checked="false" aria-label="Power" data-testid="power"></div>
          <select aria-label="Size"><option>Small</option><option>Large</option></select>
          <img alt="Logo" data-testid="logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`);
        """)
      try await page.descendants(matching: .any)["logo"].requireExistence(timeout: patience)

      // The package's type matches every role mapped onto it.
      #expect(try await page.descendants(matching: .toggle).count == 3)
      // Each role by its name: the walk of a snapshot (a type alone) and the
      // page's search (with an identifier or a name).
      for (role, identifier, count) in [
        ("checkbox", "agree", 1), ("radio", "pick", 1), ("switch", "power", 1),
      ] {
        let type = ElementType(rawValue: role)
        #expect(try await page.descendants(matching: type).count == count, "\(role)")
        #expect(try await page.descendants(matching: type)[identifier].exists, "\(role)")
        #expect(try await page.descendants(matching: type)["agree"].exists == (role == "checkbox"), "\(role)")
      }
      #expect(try await page.descendants(matching: "checkbox", named: "Agree").exists)
      #expect(try await page.descendants(matching: "radio", named: "Agree").exists == false)
      // A list's items and a select's options, both `.cell`, apart.
      #expect(try await page.descendants(matching: "listitem").count == 4)
      #expect(try await page.descendants(matching: "option").count == 2)
      #expect(try await page.cells.count == 6)
      // ARIA's `img`, which Chromium calls `image`.
      #expect(try await page.descendants(matching: "img")["logo"].exists)
      #expect(try await page.descendants(matching: "img").count == 1)
      #expect(try await page.images.count == 1)
    }
  }

  /// Playwright's `getByLabel("Mark all as complete")` finds a checkbox
  /// labelled "❯Mark all as complete"; a plain string, Playwright's
  /// `exact: true`, does not; `.loosely` does.
  @Test func aLooseStringMatchesAsPlaywrightsDefaultDoes() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML('beforeend', `
          <input type="checkbox" id="toggle-all"><label for="toggle-all">❯Mark all as complete</label>`);
        """)
      let loose = page.descendants(labelled: .loosely("mark all as complete"))
      try await loose.requireExistence(timeout: patience)
      #expect(try await page.descendants(labelled: "Mark all as complete").exists == false)
      try await page.check(loose, timeout: patience)
      try await loose.require(.checked, timeout: patience)
    }
  }

  /// The markup of `getByRole`'s options: each state in each form it comes.
  static let states = """
    document.body.insertAdjacentHTML('beforeend', `
      <section aria-label="States">
        <input type="checkbox" aria-label="Box on" checked>
        <input type="checkbox" aria-label="Box off">
        <input type="checkbox" aria-label="Box mixed" id="box-mixed">
        <div role="checkbox" aria-checked="true" aria-label="Aria box on"></div>
        <button aria-pressed="true">Bold</button>
        <button aria-pressed="false">Italic</button>
        <button aria-pressed="mixed">Underline</button>
        <button>Plain</button>
        <details open><summary>Open details</summary>Inside</details>
        <details><summary>Closed details</summary>Inside</details>
        <button aria-expanded="false">Menu</button>
        <h1>Title</h1><h2>Part</h2><h3>Section</h3><div role="heading" aria-level="2">Aria part</div>
        <div role="tablist"><div role="tab" aria-selected="true">First tab</div>
          <div role="tab" aria-selected="false">Second tab</div></div>
        <select aria-label="Size"><option>Small</option><option selected>Large</option></select>
        <button disabled>Off button</button>
        <div aria-disabled="true"><button>Inherits</button></div>
      </section>`);
    document.getElementById('box-mixed').indeterminate = true;
    """

  /// `getByRole`'s options, each as Playwright matches it but where
  /// Chromium's states differ (the docs list them); by role and name (the
  /// page's own search) as a snapshot finds them.
  @Test func getByRolesOptionsMatchAsPlaywrightsDo() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(Self.states)
      let section = page.descendants(matching: .any)["States"]
      try await section.requireExistence(timeout: patience)
      func names(_ query: ElementQuery<BrowserNode>) async throws -> [String] {
        try await query.snapshots().map(\.label)
      }
      let checkboxes = section.descendants(matching: "checkbox")
      #expect(try await names(checkboxes.matching(checked: true)) == ["Box on", "Aria box on"])
      #expect(try await names(checkboxes.matching(checked: false)) == ["Box off"])
      let buttons = section.descendants(matching: "button")
      #expect(try await names(buttons.matching(pressed: true)) == ["Bold"])
      // A button that is no toggle is not pressed, as in Playwright.
      #expect(
        try await names(buttons.matching(pressed: false))
          == ["Italic", "Plain", "Menu", "Off button", "Inherits"])
      #expect(
        try await names(section.descendants(matching: .any).matching(expanded: true)) == ["Open details"])
      // Chromium's states: a `<details>`'s is its summary's, where
      // Playwright reads it on the `<details>`; a `<select>` reads collapsed.
      #expect(
        try await names(section.descendants(matching: .any).matching(expanded: false))
          == ["Closed details", "Menu", "Size"])
      let headings = section.descendants(matching: "heading")
      #expect(try await names(headings.matching(level: 2)) == ["Part", "Aria part"])
      #expect(try await names(headings.matching(level: 1)) == ["Title"])
      #expect(try await names(section.descendants(matching: "tab").matching(selected: true)) == ["First tab"])
      #expect(try await names(section.descendants(matching: "option").matching(selected: true)) == ["Large"])
      #expect(try await names(buttons.matching(disabled: true)) == ["Off button", "Inherits"])
      #expect(
        try await names(buttons.matching(disabled: false)) == [
          "Bold", "Italic", "Underline", "Plain", "Menu",
        ])
      // Failures read as written.
      #expect(
        checkboxes.matching(checked: true).elementDescription
          == #"page.descendants(matching: .any)["States"].descendants(matching: "checkbox").matching(checked: true)"#
      )

      // With a name, the page evaluates the query, and finds what a
      // snapshot finds.
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      let cases: [(ElementType, String, String, String)] = [
        ("checkbox", "Box on", "checked", "true"), ("checkbox", "Box mixed", "checked", "false"),
        ("checkbox", "Box mixed", "checked", "mixed"), ("button", "Bold", "pressed", "true"),
        ("button", "Underline", "pressed", "true"), ("button", "Plain", "pressed", "false"),
        ("DisclosureTriangle", "Open details", "expanded", "true"),
        ("heading", "Aria part", "level", "2"), ("heading", "Part", "level", "3"),
        ("tab", "Second tab", "selected", "false"), ("button", "Inherits", "disabled", "true"),
      ]
      for (type, name, state, value) in cases {
        let pattern = try #require(TextMatch.exactly(name).pattern)
        let plan = QueryPlan(steps: [
          .search(.descendants, type, [.named(pattern), .state(state, value: value)])
        ])
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let reference = snapshotRoot.descendants(matching: type, named: .exactly(name))
          .matching { $0.state(state) == value }
        let expected = try await reference.snapshots()
        #expect(evaluated.nodes.map(\.label) == expected.map(\.label), "\(name) \(state)=\(value)")
      }
    }
  }
}
