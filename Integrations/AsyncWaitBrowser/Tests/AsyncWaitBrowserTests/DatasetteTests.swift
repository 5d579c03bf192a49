@_spi(Tests) import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// Datasette (0.65.5 from PyPI, `Scripts/install-datasette.sh`), a web
/// application nobody here wrote, serving a library of thirty books
/// (`Fixtures/Datasette`), driven as a Playwright suite drives it: each
/// test's doc comment is the Playwright test it is, and its Swift follows it
/// line for line.
///
/// The Playwright forms are real: `Playwright/datasette.py` runs the same
/// tests in Playwright's Python API, against the same server and Chromium,
/// and `Scripts/test-browser.sh` runs it after this suite.
///
/// The suite runs when Datasette is installed (`Scripts/test-browser.sh`
/// installs it, so CI runs it); without it the suite is skipped and says why.
@Suite(
  .serialized, .timeLimit(.minutes(2)),
  .enabled(if: Datasette.executable != nil, "Datasette is not installed: run Scripts/install-datasette.sh"))
struct DatasetteTests {
  /// Starts the server, once for the run, while the first test launches
  /// the browser, as a Playwright configuration's `webServer` starts
  /// before the first test.
  init() {
    _ = Datasette.server
  }

  /// The address of `path` on the server this run started.
  func url(_ path: String) async throws -> String {
    try await Datasette.server.value.url(path)
  }

  /// ```js
  /// test("the table lists its rows", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await expect(page).toHaveTitle("library: books: 30 rows");
  ///   await expect(page.getByRole("heading", { name: "books", exact: true })).toBeVisible();
  ///   await expect(page.locator("table.rows-and-columns tbody tr")).toHaveCount(30);
  ///   await expect(page.locator("td.col-title").first()).toHaveText("A Wizard of Earthsea");
  /// });
  /// ```
  @Test func theTableListsItsRows() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.require(title: "library: books: 30 rows")
      try await page.descendants(matching: "heading", named: "books").require(.visible)
      try await page.locator(css: "table.rows-and-columns tbody tr").require(count: 30)
      try await page.locator(css: "td.col-title").firstMatch.require(.text("A Wizard of Earthsea"))
    }
  }

  /// ```js
  /// test("a column sorts the rows", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await page.locator("th.col-year a").click();
  ///   await expect(page).toHaveURL(/_sort=year/);
  ///   await expect(page.locator("td.col-year").first()).toHaveText("1944");
  ///   await page.locator("th.col-year a").click();
  ///   await expect(page).toHaveURL(/_sort_desc=year/);
  ///   await expect(page.locator("td.col-year").first()).toHaveText("2021");
  /// });
  /// ```
  @Test func aColumnSortsTheRows() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.click(page.locator(css: "th.col-year a"))
      try await page.require(url: .matching(/_sort=year/))
      try await page.locator(css: "td.col-year").firstMatch.require(.text("1944"))
      try await page.click(page.locator(css: "th.col-year a"))
      try await page.require(url: .matching(/_sort_desc=year/))
      try await page.locator(css: "td.col-year").firstMatch.require(.text("2021"))
    }
  }

  /// ```js
  /// test("the filter form narrows the rows", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await page.locator('select[name="_filter_column"]').selectOption("genre");
  ///   await page.locator('input[name="_filter_value"]').fill("Fantasy");
  ///   await page.getByRole("button", { name: "Apply" }).click();
  ///   await expect(page.getByRole("heading", { name: /^3 rows where genre = "Fantasy"/ })).toBeVisible();
  ///   await expect(page.locator("td.col-title"))
  ///     .toHaveText(["A Wizard of Earthsea", "The Buried Giant", "Tehanu"]);
  /// });
  /// ```
  @Test func theFilterFormNarrowsTheRows() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.selectOption("genre", in: page.locator(css: #"select[name="_filter_column"]"#))
      try await page.fill(page.locator(css: #"input[name="_filter_value"]"#), with: "Fantasy")
      try await page.click(page.descendants(matching: .button, named: "Apply"))
      try await page.descendants(matching: "heading", named: .matching(/^3 rows where genre = "Fantasy"/))
        .require(.visible)
      try await page.locator(css: "td.col-title")
        .require(texts: ["A Wizard of Earthsea", "The Buried Giant", "Tehanu"])
    }
  }

  /// ```js
  /// test("a search finds titles", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await page.getByLabel("Search:").fill("sun");
  ///   await page.getByLabel("Search:").press("Enter");
  ///   await expect(page.locator("td.col-title")).toHaveText(["Half of a Yellow Sun", "Klara and the Sun"]);
  /// });
  /// ```
  @Test func aSearchFindsTitles() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.fill(page.descendants(labelled: "Search:"), with: "sun")
      try await page.press("Enter", on: page.descendants(labelled: "Search:"))
      try await page.locator(css: "td.col-title").require(texts: [
        "Half of a Yellow Sun", "Klara and the Sun",
      ])
    }
  }

  /// ```js
  /// test("a facet counts and narrows", async ({ page }) => {
  ///   await page.goto("/library/books?_facet=genre");
  ///   await expect(page.locator(".facet-info li")).toHaveText([
  ///     "Science fiction 12", "Literary fiction 9", "Fantasy 3", "Historical fiction 3", "Short stories 3",
  ///   ]);
  ///   await page.getByRole("link", { name: "Short stories" }).click();
  ///   await expect(page.locator("td.col-title")).toHaveText(["Ficciones", "The Aleph", "Labyrinths"]);
  /// });
  /// ```
  @Test func aFacetCountsAndNarrows() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books?_facet=genre"))
      try await page.locator(css: ".facet-info li").require(texts: [
        "Science fiction 12", "Literary fiction 9", "Fantasy 3", "Historical fiction 3", "Short stories 3",
      ])
      try await page.click(page.descendants(matching: "link", named: "Short stories"))
      try await page.locator(css: "td.col-title").require(texts: ["Ficciones", "The Aleph", "Labyrinths"])
    }
  }

  /// ```js
  /// test("a row links to its author", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await page.getByRole("row").filter({ hasText: "Solaris" })
  ///     .getByRole("link", { name: "Stanisław Lem" }).click();
  ///   await expect(page).toHaveURL(/\/library\/authors\/3$/);
  ///   await expect(page.getByRole("heading", { name: "authors: 3" })).toBeVisible();
  ///   await expect(page.locator("td.col-country")).toHaveText("Poland");
  /// });
  /// ```
  @Test func aRowLinksToItsAuthor() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.click(
        page.descendants(matching: "row").containing(text: .loosely("Solaris"))
          .descendants(matching: "link", named: "Stanisław Lem"))
      try await page.require(url: .matching(/\/library\/authors\/3$/))
      try await page.descendants(matching: "heading", named: "authors: 3").require(.visible)
      try await page.locator(css: "td.col-country").require(.text("Poland"))
    }
  }

  /// ```js
  /// test("a column's menu facets by it", async ({ page }) => {
  ///   await page.goto("/library/books");
  ///   await page.locator("th.col-genre .dropdown-menu-icon").click();
  ///   await page.getByRole("link", { name: "Facet by this" }).click();
  ///   await expect(page).toHaveURL(/_facet=genre/);
  ///   await expect(page.locator(".facet-info li")).toHaveCount(5);
  /// });
  /// ```
  @Test func aColumnsMenuFacetsByIt() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/library/books"))
      try await page.click(page.locator(css: "th.col-genre .dropdown-menu-icon"))
      try await page.click(page.descendants(matching: "link", named: "Facet by this"))
      try await page.require(url: .matching(/_facet=genre/))
      try await page.locator(css: ".facet-info li").require(count: 5)
    }
  }
}

/// Datasette serving the library fixture (`Fixtures/Datasette`) on a port
/// of its own, once for the test run.
enum Datasette {
  /// The `datasette` command: `ASYNCWAIT_DATASETTE`, or the one
  /// `Scripts/install-datasette.sh` installs; `nil` when there is none.
  static let executable = AppServer.executable(named: "datasette", environment: "ASYNCWAIT_DATASETTE")

  /// The server, started on first use.
  static let server = Task {
    guard let datasette = executable else {
      throw AppServer.StartError(description: "Datasette is not installed")
    }
    let fixtures = AppServer.fixtures("Datasette")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("asyncwait-datasette-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let database = directory.appendingPathComponent("library.db").path
    try? FileManager.default.removeItem(atPath: database)
    // The database from its SQL, by the Python Datasette runs on, in the
    // shell that then runs Datasette: no thread blocks in a Foundation
    // `Process`'s `waitUntilExit()`, which a time limit cannot end (it hung
    // here once, when a server started beside held a copy of the
    // descriptor that tells `Process` its child ended).
    let python = URL(fileURLWithPath: datasette).deletingLastPathComponent().appendingPathComponent("python")
    let make =
      "'\(python.path)' -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);"
      + " c.executescript(open(sys.argv[2]).read()); c.commit()'"
      + " '\(database)' '\(fixtures)/library.sql'"
    // Uvicorn says where it listens: "Uvicorn running on http://127.0.0.1:41234".
    return try await AppServer.start(
      "Datasette",
      "\(make) && exec '\(datasette)' serve '\(database)' --metadata '\(fixtures)/metadata.json'"
        + " --host 127.0.0.1 -p 0",
      readyWhen: .prints(/Uvicorn running on (http:\/\/127\.0\.0\.1:\d+)/))
  }
}
