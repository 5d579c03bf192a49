/// A page of any number of rows, for what a wait costs as a page grows, here
/// and in Playwright on the same machine.
///
/// Row `n`, counting from 1, is `<li data-testid="row-n">` in
/// `<ul data-testid="rows">`, and holds the text `Item n`, a button
/// `Remove Item n` (`data-testid="remove-n"`) and a checkbox labelled
/// `Done n`: four accessibility nodes a row (the list item, its text, the
/// button and the checkbox) besides the button's text. The list has no
/// markers and the row no whitespace between its parts, so that nothing else
/// adds nodes. The last row's text, button name and test id are unique on
/// the page: no other row's contains them.
///
/// The page's script keeps, for the bench:
/// - `window.addRowLater(milliseconds)`: appends `<li data-testid="row-new">`
///   with the text `New row` after `milliseconds`, and records when, in
///   milliseconds since the epoch (`performance.timeOrigin + performance.now()`),
///   in `window.appendedAt`. `window.removeNewRows()` removes every such row.
/// - A click on any row's button records when in `window.clickedAt` (same
///   clock), the button's test id in `window.clickedRow`, and counts in
///   `window.clicks`. The button leaves its row where it is, so that every
///   sample sees the same page.
public enum RowsPage {
  /// Returns the page's HTML with the given number of rows.
  ///
  /// - Parameter count: How many rows, numbered from 1; none when it is 0 or
  ///   less.
  /// - Returns: The HTML.
  public static func html(rows count: Int) -> String {
    html(rows: count, inShadowRoot: false)
  }

  /// Returns the page's HTML with the given number of rows, its list in
  /// the open shadow root of a web component, `<rows-list>`, when
  /// `inShadowRoot` is `true`: the same rows, test ids and script, which
  /// reach the list through the component.
  ///
  /// - Parameters:
  ///   - count: How many rows, numbered from 1; none when it is 0 or less.
  ///   - inShadowRoot: Whether the list is inside a shadow root.
  /// - Returns: The HTML.
  public static func html(rows count: Int, inShadowRoot: Bool) -> String {
    var rows = ""
    rows.reserveCapacity(max(count, 0) * 170)
    for number in stride(from: 1, through: count, by: 1) {
      rows +=
        "<li data-testid=\"row-\(number)\"><span>Item \(number)</span>"
        + "<button data-testid=\"remove-\(number)\">Remove Item \(number)</button>"
        + "<input type=\"checkbox\" aria-label=\"Done \(number)\"></li>\n"
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Rows</title>
      <style>
        body { font: 16px sans-serif; }
        ul[data-testid="rows"] { list-style: none; padding: 0; }
        ul[data-testid="rows"] li { display: flex; gap: 8px; align-items: center; }
      </style>
      </head>
      <body>
      <h1>\(max(count, 0)) rows</h1>
      \(inShadowRoot ? shadowList(rows) : "<ul data-testid=\"rows\" aria-label=\"Rows\">\n\(rows)</ul>")
      <script>
        const listRoot = document.querySelector("rows-list")?.shadowRoot ?? document;
        const rows = listRoot.querySelector('[data-testid="rows"]');
        const epochMilliseconds = () => performance.timeOrigin + performance.now();
        window.appendedAt = null;
        window.clickedAt = null;
        window.clickedRow = null;
        window.clicks = 0;
        window.addRowLater = (milliseconds) => setTimeout(() => {
          const row = document.createElement("li");
          row.dataset.testid = "row-new";
          row.textContent = "New row";
          rows.append(row);
          window.appendedAt = epochMilliseconds();
        }, milliseconds);
        window.removeNewRows = () => {
          for (const row of listRoot.querySelectorAll('[data-testid="row-new"]')) row.remove();
        };
        rows.addEventListener("click", (event) => {
          const button = event.target.closest("button");
          if (!button) return;
          window.clickedAt = epochMilliseconds();
          window.clickedRow = button.dataset.testid;
          window.clicks += 1;
        });
      </script>
      </body>
      </html>
      """
  }

  /// The list of `rows` inside the open shadow root of `<rows-list>`,
  /// which the component's constructor fills from a template, with the
  /// list's styles.
  private static func shadowList(_ rows: String) -> String {
    """
    <template id="rows-template"><style>
      ul { list-style: none; padding: 0; }
      li { display: flex; gap: 8px; align-items: center; }
    </style><ul data-testid="rows" aria-label="Rows">
    \(rows)</ul></template>
    <rows-list></rows-list>
    <script>
      customElements.define("rows-list", class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: "open" }).append(
            document.getElementById("rows-template").content.cloneNode(true));
        }
      });
    </script>
    """
  }

  /// Returns the path of the page with the given number of rows inside a
  /// shadow root, such as `/shadow-rows/5000`.
  ///
  /// - Parameter count: How many rows.
  /// - Returns: The path.
  public static func shadowPath(rows count: Int) -> String { "/shadow-rows/\(count)" }

  /// Returns the HTML of a page that shows the page of `count` rows in a
  /// frame from another origin, `<iframe title="Rows">`: served from
  /// 127.0.0.1, it frames `/rows/count` from localhost (and the other way
  /// round), another site, which Chromium runs in a process of its own.
  ///
  /// - Parameter count: How many rows the framed page has.
  /// - Returns: The HTML.
  public static func framedHTML(rows count: Int) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Framed rows</title></head>
    <body>
    <h1>Framed rows</h1>
    <iframe title="Rows" style="width: 900px; height: 600px"></iframe>
    <script>
      const other = location.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1";
      document.querySelector("iframe").src = `${location.protocol}//${other}:${location.port}\(path(rows: count))`;
    </script>
    </body>
    </html>
    """
  }

  /// Returns the path of the page that frames the page of `count` rows
  /// from another origin (``framedHTML(rows:)``), such as
  /// `/frame-rows/5000`.
  ///
  /// - Parameter count: How many rows.
  /// - Returns: The path.
  public static func framePath(rows count: Int) -> String { "/frame-rows/\(count)" }

  /// Returns the path of the page with the given number of rows.
  ///
  /// A server of ``LoopbackServer/rows(_:)`` serves the page of `count` rows
  /// at `/rows/count`, such as `/rows/1000`.
  ///
  /// - Parameter count: How many rows.
  /// - Returns: The path.
  public static func path(rows count: Int) -> String { "/rows/\(count)" }
}

extension LoopbackServer {
  /// Starts a server with a rows page for each count.
  ///
  /// The page of `N` rows is at `/rows/N` (``RowsPage/path(rows:)``). Each
  /// page is made once, when the server starts. The account page is at
  /// `/account`, for the bench's end-to-end flow.
  ///
  /// - Parameters:
  ///   - counts: The pages' numbers of rows, such as `[100, 1000, 5000, 20000]`.
  ///   - shadowCounts: The numbers of rows of pages whose list is inside a
  ///     shadow root (``RowsPage/shadowPath(rows:)``).
  ///   - frameCounts: The numbers of rows of pages shown in a frame from
  ///     another origin (``RowsPage/framePath(rows:)``).
  /// - Returns: The running server; ``RowsPage/path(rows:)`` gives each page's path.
  /// - Throws: `POSIXError` when no socket can be bound.
  public static func rows(
    _ counts: [Int], inShadowRoots shadowCounts: [Int] = [], inFrames frameCounts: [Int] = []
  ) throws -> LoopbackServer {
    var pages: [String: String] = [:]
    for count in counts + frameCounts { pages[RowsPage.path(rows: count)] = RowsPage.html(rows: count) }
    for count in frameCounts { pages[RowsPage.framePath(rows: count)] = RowsPage.framedHTML(rows: count) }
    for count in shadowCounts {
      pages[RowsPage.shadowPath(rows: count)] = RowsPage.html(rows: count, inShadowRoot: true)
    }
    // The page of the bench's end-to-end flow, in this package and in
    // Playwright alike.
    pages["/account"] = AccountPage.html
    pages["/account/newsletter"] = AccountPage.newsletterHTML
    return try LoopbackServer(pages: pages)
  }
}
