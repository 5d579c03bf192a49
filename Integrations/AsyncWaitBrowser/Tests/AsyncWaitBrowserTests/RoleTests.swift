import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

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
}
