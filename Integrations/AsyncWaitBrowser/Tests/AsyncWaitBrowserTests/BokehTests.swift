import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// An app of Bokeh, a web framework nobody here wrote, whose pages are
/// built of open shadow roots.
///
/// Bokeh (3.9.2 from PyPI, `Scripts/install-bokeh.sh`) makes every layout
/// and widget a host with a shadow root of its own, nested three deep here,
/// and the inputs, the button, the select and the table exist only inside
/// them. The page is filled over a WebSocket after it loads. The app (`Fixtures/Bokeh/shelf`) greets a name as it is typed, counts
/// clicks, and narrows a table of books by genre.
///
/// Each test's doc comment is the Playwright test it is, and its Swift
/// follows it line for line. `Playwright/bokeh.py` runs the same tests in
/// Playwright's Python API, against the same server and Chromium, and
/// `Scripts/test-browser.sh` runs it after this suite.
///
/// The suite runs when Bokeh is installed (`Scripts/test-browser.sh`
/// installs it, so CI runs it); without it the suite is skipped and says why.
@Suite(
  .serialized, .timeLimit(.minutes(2)),
  .enabled(if: Bokeh.executable != nil, "Bokeh is not installed: run Scripts/install-bokeh.sh"))
struct BokehTests {
  /// Starts the server, once for the run, while the first test launches
  /// the browser, as a Playwright configuration's `webServer` starts
  /// before the first test.
  init() {
    _ = Bokeh.server
  }

  /// The address of `path` on the server this run started.
  func url(_ path: String) async throws -> String {
    try await Bokeh.server.value.url(path)
  }

  /// ```js
  /// test("the page shows its widgets", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   await expect(page).toHaveTitle("Shelf");
  ///   await expect(page.getByRole("textbox", { name: "Your name" })).toBeVisible();
  ///   await expect(page.getByRole("button", { name: "Count" })).toBeVisible();
  ///   await expect(page.getByRole("combobox", { name: "Genre" })).toHaveValue("All");
  ///   await expect(page.getByText("Hello, nobody")).toBeVisible();
  /// });
  /// ```
  @Test func thePageShowsItsWidgets() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      try await page.require(title: "Shelf")
      try await page.descendants(matching: "textbox", named: .loosely("Your name")).require(.visible)
      try await page.descendants(matching: .button, named: .loosely("Count")).require(.visible)
      try await page.descendants(matching: "combobox", named: .loosely("Genre")).require(.value("All"))
      try await page.descendants(withText: .loosely("Hello, nobody")).require(.visible)
    }
  }

  /// ```js
  /// test("typing a name updates the greeting", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   await page.getByLabel("Your name").fill("Ursula");
  ///   await expect(page.getByTestId("greeting")).toHaveText("Hello, Ursula");
  ///   await page.getByPlaceholder("Type a name").fill("");
  ///   await expect(page.getByTestId("greeting")).toHaveText("Hello, nobody");
  /// });
  /// ```
  @Test func typingANameUpdatesTheGreeting() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      try await page.fill(page.descendants(labelled: .loosely("Your name")), with: "Ursula")
      try await page.descendants(identifiedBy: "greeting").require(.text("Hello, Ursula"))
      try await page.fill(page.descendants(withPlaceholder: .loosely("Type a name")), with: "")
      try await page.descendants(identifiedBy: "greeting").require(.text("Hello, nobody"))
    }
  }

  /// ```js
  /// test("the button counts its clicks", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   const button = page.getByRole("button", { name: "Count" });
  ///   await button.click();
  ///   await expect(page.getByText("Clicked 1 time", { exact: true })).toBeVisible();
  ///   await button.click();
  ///   await button.click();
  ///   await expect(page.getByTestId("clicks")).toHaveText("Clicked 3 times");
  /// });
  /// ```
  @Test func theButtonCountsItsClicks() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      let button = page.descendants(matching: .button, named: .loosely("Count"))
      try await page.click(button)
      try await page.descendants(withText: "Clicked 1 time").require(.visible)
      try await page.click(button)
      try await page.click(button)
      try await page.descendants(identifiedBy: "clicks").require(.text("Clicked 3 times"))
    }
  }

  /// ```js
  /// test("picking a genre narrows the table", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   await page.getByRole("combobox", { name: "Genre" }).selectOption("Fantasy");
  ///   await expect(page.getByTestId("shown")).toHaveText("2 books");
  ///   await expect(page.locator(".books .slick-row")).toHaveCount(2);
  ///   await expect(page.locator(".books .slick-row .slick-cell.l1"))
  ///     .toHaveText(["A Wizard of Earthsea", "The Buried Giant"]);
  /// });
  /// ```
  @Test func pickingAGenreNarrowsTheTable() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      let genre = page.descendants(matching: "combobox", named: .loosely("Genre"))
      try await page.selectOption("Fantasy", in: genre)
      try await page.descendants(identifiedBy: "shown").require(.text("2 books"))
      try await page.locator(css: ".books .slick-row").require(count: 2)
      try await page.locator(css: ".books .slick-row .slick-cell.l1")
        .require(texts: ["A Wizard of Earthsea", "The Buried Giant"])
    }
  }

  /// ```js
  /// test("a row is found by its text", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   const row = page.locator(".books .slick-row").filter({ hasText: "Solaris" });
  ///   await expect(row).toHaveCount(1);
  ///   await expect(row.locator(".slick-cell"))
  ///     .toHaveText(["1", "Solaris", "Stanisław Lem", "Science fiction", "1961"]);
  /// });
  /// ```
  @Test func aRowIsFoundByItsText() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      let row = page.locator(css: ".books .slick-row").containing(text: .loosely("Solaris"))
      try await row.require(count: 1)
      try await row.locator(css: ".slick-cell")
        .require(texts: ["1", "Solaris", "Stanisław Lem", "Science fiction", "1961"])
    }
  }

  /// ```js
  /// test("a column header sorts the rows", async ({ page }) => {
  ///   await page.goto("/shelf");
  ///   const year = page.locator(".books .slick-header-column").filter({ hasText: "Year" });
  ///   await year.click();
  ///   await expect(page.locator(".books .slick-row .slick-cell.l4").first()).toHaveText("1944");
  ///   await year.click();
  ///   await expect(page.locator(".books .slick-row .slick-cell.l1").first())
  ///     .toHaveText("Klara and the Sun");
  /// });
  /// ```
  @Test func aColumnHeaderSortsTheRows() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/shelf"))
      let year = page.locator(css: ".books .slick-header-column").containing(text: .loosely("Year"))
      try await page.click(year)
      try await page.locator(css: ".books .slick-row .slick-cell.l4").firstMatch.require(.text("1944"))
      try await page.click(year)
      try await page.locator(css: ".books .slick-row .slick-cell.l1").firstMatch
        .require(.text("Klara and the Sun"))
    }
  }

  /// The app inside a frame from another origin: the page at 127.0.0.1
  /// frames the app from localhost, which Chromium runs in a process of
  /// its own, its frame element inside a shadow root of Bokeh's.
  ///
  /// ```js
  /// test("the shelf works inside a frame from another origin", async ({ page }) => {
  ///   await page.goto("/framed");
  ///   const shelf = page.frameLocator("iframe[title=Shelf]");
  ///   await shelf.getByLabel("Your name").fill("Ursula");
  ///   await expect(shelf.getByTestId("greeting")).toHaveText("Hello, Ursula");
  ///   await shelf.getByRole("button", { name: "Count" }).click();
  ///   await expect(shelf.getByText("Clicked 1 time", { exact: true })).toBeVisible();
  ///   await shelf.getByRole("combobox", { name: "Genre" }).selectOption("Fantasy");
  ///   await expect(shelf.locator(".books .slick-row")).toHaveCount(2);
  /// });
  /// ```
  @Test func theShelfWorksInsideAFrameFromAnotherOrigin() async throws {
    try await withBlankPage { (page) async throws in
      try await page.goto(await url("/framed"))
      let shelf = page.frameLocator(css: "iframe[title=Shelf]")
      try await page.fill(shelf.descendants(labelled: .loosely("Your name")), with: "Ursula")
      try await shelf.descendants(identifiedBy: "greeting").require(.text("Hello, Ursula"))
      try await page.click(shelf.descendants(matching: .button, named: .loosely("Count")))
      try await shelf.descendants(withText: "Clicked 1 time").require(.visible)
      try await page.selectOption(
        "Fantasy", in: shelf.descendants(matching: "combobox", named: .loosely("Genre")))
      try await shelf.locator(css: ".books .slick-row").require(count: 2)
    }
  }
}

/// Bokeh serving the shelf app, and the page that frames it
/// (`Fixtures/Bokeh`), on a port of its own, once for the test run.
enum Bokeh {
  /// The `bokeh` command: `ASYNCWAIT_BOKEH`, or the one
  /// `Scripts/install-bokeh.sh` installs; `nil` when there is none.
  static let executable = AppServer.executable(named: "bokeh", environment: "ASYNCWAIT_BOKEH")

  /// The server, started on first use.
  static let server = Task {
    guard let bokeh = executable else { throw AppServer.StartError(description: "Bokeh is not installed") }
    // Bokeh says where it listens: "Bokeh app running at: http://127.0.0.1:41234/shelf".
    return try await AppServer.start(
      "Bokeh", "exec '\(bokeh)' serve shelf framed --address 127.0.0.1 --port 0 --allow-websocket-origin '*'",
      readyWhen: .prints(/Bokeh app running at: (http:\/\/127\.0\.0\.1:\d+)\/shelf/),
      workingDirectory: AppServer.fixtures("Bokeh"))
  }
}
