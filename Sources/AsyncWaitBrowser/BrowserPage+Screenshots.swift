@_spi(Integrations) import AsyncWait
import AsyncWaitElements
public import Foundation

// Screenshots on demand: the page's viewport, the whole page, or one
// element, as PNG data or a file. A failed wait takes its own.
extension BrowserPage {
  /// Takes a screenshot of the page: Playwright's `page.screenshot()`.
  ///
  /// ```swift
  /// let png = try await page.screenshot(fullPage: true)
  /// Attachment.record(png, named: "after-login.png")
  /// ```
  ///
  /// A page taller than 16,384 CSS pixels, Chromium's largest image, is
  /// taken down to there.
  ///
  /// - Parameter fullPage: `true` for the whole scrollable page; `false`,
  ///   the default, for what the viewport shows.
  /// - Returns: The image, a PNG.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away;
  ///   `CancellationError`.
  public func screenshot(fullPage: Bool = false) async throws -> Data {
    try await capture(fullPage ? pageClip().clip : nil)
  }

  /// Takes a screenshot of the page and writes it to a file.
  ///
  /// - Parameters:
  ///   - fullPage: `true` for the whole scrollable page; `false`, the
  ///     default, for what the viewport shows.
  ///   - path: Where to write the PNG; missing directories are made.
  /// - Returns: The image, a PNG.
  /// - Throws: As ``screenshot(fullPage:)`` does, and the error of writing
  ///   the file.
  @discardableResult
  public func screenshot(fullPage: Bool = false, toFile path: String) async throws -> Data {
    let image = try await screenshot(fullPage: fullPage)
    try Self.write(image, toFile: path)
    return image
  }

  /// Waits until an element is visible and holds still, and takes a
  /// screenshot of its box: Playwright's `locator.screenshot()`.
  ///
  /// ```swift
  /// let png = try await page.screenshot(of: page.lists["items"])
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - path: Where to write the PNG as well, missing directories made;
  ///     `nil`, the default, to write nothing.
  ///   - timeout: How long to wait for the element; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: The image of the element's box, a PNG.
  /// - Throws: `WaitTimeoutError` when the element is not visible and
  ///   still in time; ``BrowserError`` when Chromium refuses or has gone
  ///   away; the error of writing the file; `CancellationError`.
  @discardableResult
  public func screenshot(
    of element: some ElementLocator<BrowserNode>,
    toFile path: String? = nil,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Data {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .screenshot, timeout: timeout, at: site)
    guard let box = target.node.box else {
      throw BrowserError.unexpectedResponse("the element has no box to take a picture of")
    }
    let image = try await capture(box)
    if let path { try Self.write(image, toFile: path) }
    return image
  }

  /// The whole page's box, from the top, up to the tallest image Chromium
  /// makes in one piece (`nil` when the page has no size), and the page's
  /// whole height.
  func pageClip() async throws -> (clip: BrowserNode.Box?, height: Double) {
    guard let (width, height) = try await send(DevTools.Page.GetLayoutMetrics()), width > 0, height > 0
    else { return (nil, 0) }
    return (BrowserNode.Box(x: 0, y: 0, width: width, height: min(height, Self.tallestScreenshot)), height)
  }

  /// A PNG of `clip`, in the document's CSS pixels, or of the viewport.
  func capture(_ clip: BrowserNode.Box?) async throws -> Data {
    try await send(DevTools.Page.CaptureScreenshot(clip: clip))
  }

  /// Writes `data` to `path`, making its directory.
  static func write(_ data: Data, toFile path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }
}
