@_spi(Integrations) public import AsyncWait
import AsyncWaitElements
public import Foundation

/// A file made in memory, to give a file input or a file chooser:
/// Playwright's `FilePayload`.
///
/// ```swift
/// let notes = FilePayload(
///   name: "notes.txt", mimeType: "text/plain", contents: Data("Milk".utf8))
/// try await page.setInputFiles(
///   [notes], on: page.descendants(identifiedBy: "attachments"))
/// ```
public struct FilePayload: Sendable, Hashable {
  /// The file's name, as the page sees it.
  public var name: String
  /// The file's type, as the page sees it: `text/plain`, `image/png`.
  public var mimeType: String
  /// The file's bytes.
  public var contents: Data

  /// Creates a file.
  ///
  /// - Parameters:
  ///   - name: The file's name.
  ///   - mimeType: The file's type; `application/octet-stream` by default.
  ///   - contents: The file's bytes.
  public init(name: String, mimeType: String = "application/octet-stream", contents: Data) {
    self.name = name
    self.mimeType = mimeType
    self.contents = contents
  }
}

/// A download a page began: Playwright's `Download`, once it has ended.
public struct BrowserDownload: Sendable, Hashable, CustomStringConvertible {
  /// The address it came from.
  public var url: String
  /// The name the server or the link gave it, for saving it as.
  public var suggestedFilename: String
  /// Where the browser saved it.
  ///
  /// A file named by the download's id, under `downloads/` in the page's
  /// ``BrowserPage/artifactsDirectory``, removed when the page's context
  /// closes (``save(toFile:)`` keeps a copy); for a browser connected to
  /// (``Browser/connect(to:commandTimeout:)``), a path on the browser's
  /// machine.
  public var path: String
  /// Why it did not complete (`canceled`); `nil` when it did.
  public var failure: String?

  /// "report.csv from http://…/export (canceled)".
  public var description: String {
    "\(suggestedFilename) from \(url)" + (failure.map { " (\($0))" } ?? "")
  }

  /// The file's bytes.
  ///
  /// - Returns: The contents of ``path``.
  /// - Throws: The error of reading the file: none for a download that
  ///   failed, or one on another machine.
  public func contents() throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Copies the file to `destination`, making its directory: Playwright's
  /// `download.saveAs`.
  ///
  /// - Parameter destination: The path to copy to; a file there is
  ///   replaced.
  /// - Throws: The error of reading or writing the file.
  public func save(toFile destination: String) throws {
    try BrowserPage.write(contents(), toFile: destination)
  }
}

/// A file chooser a page opened, waiting for its files: Playwright's
/// `FileChooser`.
public struct BrowserFileChooser: Sendable, CustomStringConvertible {
  /// The page it opened in.
  public let page: BrowserPage
  /// Whether it takes more than one file.
  public let isMultiple: Bool
  /// The file input it is for.
  let backendNodeID: Int

  /// "a file chooser for one file".
  public var description: String { "a file chooser for \(isMultiple ? "several files" : "one file")" }

  /// Gives the chooser's input the files at `paths`, as a user's choice
  /// would: Playwright's `fileChooser.setFiles`.
  ///
  /// - Parameter paths: Paths of local files; empty to choose none.
  /// - Throws: ``BrowserError/invalidArgument`` for a path with no file, or
  ///   several files for a chooser of one; ``BrowserError`` when the input
  ///   went away.
  public func setFiles(_ paths: [String]) async throws {
    if paths.count > 1 && !isMultiple {
      throw BrowserError.invalidArgument("the file chooser takes one file, and \(paths.count) were given")
    }
    try await page.setFiles(BrowserPage.absolutePaths(paths), onNode: backendNodeID)
  }

  /// Gives the chooser's input files made in memory.
  ///
  /// - Parameter files: The files; empty to choose none.
  /// - Throws: ``BrowserError/invalidArgument`` for several files for a
  ///   chooser of one; ``BrowserError`` when the input went away.
  @_disfavoredOverload  // `[]` chooses none by the form with paths.
  public func setFiles(_ files: [FilePayload]) async throws {
    if files.count > 1 && !isMultiple {
      throw BrowserError.invalidArgument("the file chooser takes one file, and \(files.count) were given")
    }
    try await page.setFiles(files, onNode: backendNodeID)
  }
}

// Downloads, files made in memory, and file choosers.
extension BrowserPage {
  /// Gives a file input files made in memory, once it exists, whether or
  /// not it is visible: Playwright's `setInputFiles` with `{ name,
  /// mimeType, buffer }`.
  ///
  /// The input's `files` are replaced, with each file's name and type as
  /// given, and it fires `input` and `change`, as a user's choice would.
  ///
  /// ```swift
  /// let csv = FilePayload(
  ///   name: "items.csv", mimeType: "text/csv", contents: Data("Milk\n".utf8))
  /// try await page.setInputFiles(
  ///   [csv], on: page.descendants(identifiedBy: "import"))
  /// ```
  ///
  /// - Parameters:
  ///   - files: The files; empty to clear the input.
  ///   - element: The `<input type="file">`.
  ///   - timeout: How long to wait for it to exist; `nil` takes the scope's
  ///     action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: ``BrowserError/commandFailed`` when the element is not a
  ///   file input, or takes one file and was given several; as
  ///   ``click(_:timeout:callSite:fileID:filePath:line:column:)`` does.
  @_disfavoredOverload  // `[]` clears the input by the form with paths.
  public func setInputFiles(
    _ files: [FilePayload],
    on element: some ElementLocator<BrowserNode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let target = try await ready(element.element, for: .setInputFiles, timeout: timeout, at: site)
    try await setFiles(files, onNode: target.backendNodeID)
  }

  /// The absolute paths of local files.
  ///
  /// - Throws: ``BrowserError/invalidArgument`` for a path with no file.
  static func absolutePaths(_ paths: [String]) throws -> [String] {
    try paths.map { path in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
      else {
        throw BrowserError.invalidArgument("there is no file at \(path)")
      }
      return URL(fileURLWithPath: path).standardizedFileURL.path
    }
  }

  /// Gives the file input `backendNodeID` the local files at `paths`,
  /// absolute.
  func setFiles(_ paths: [String], onNode backendNodeID: Int) async throws {
    let address = try address(of: backendNodeID)
    try await send(DevTools.DOM.SetFileInputFiles(files: paths, backendNodeID: address.id), at: address)
  }

  /// Gives the file input `backendNodeID` files made in memory.
  func setFiles(_ files: [FilePayload], onNode backendNodeID: Int) async throws {
    let payloads = JSONValue.array(
      files.map {
        [
          "name": .string($0.name), "mimeType": .string($0.mimeType),
          "data": .string($0.contents.base64EncodedString()),
        ]
      })
    guard
      try await callFunction(
        on: backendNodeID, PageScript.setFilePayloads, [payloads], named: "setting the files")
        != nil
    else { throw BrowserError.commandFailed(Self.detached) }
  }

  // MARK: - Downloads

  /// Runs `action`, then waits for the first download the page begins from
  /// the moment it began, until it has ended: Playwright's
  /// `page.waitForEvent('download')` with the download's `path()`.
  ///
  /// The browser saves the file under `downloads/` in the page's
  /// ``artifactsDirectory``, named by the download's id; its
  /// ``BrowserDownload/suggestedFilename`` is the name to save it as. The
  /// download's events wake the wait. A download that a new tab the page
  /// opened begins (a `target="_blank"` link to a file) is the page's, as
  /// in Playwright; one that the page begins in one of its frames is not
  /// seen.
  ///
  /// ```swift
  /// let download = try await page.waitForDownload {
  ///   try await page.click(
  ///     page.descendants(matching: "link", named: "Export"))
  /// }
  /// #expect(download.suggestedFilename == "items.csv")
  /// let csv = String(decoding: try download.contents(), as: UTF8.self)
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the download to begin and end once
  ///     `action` has returned; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that begins the download.
  /// - Returns: The download, ended: its ``BrowserDownload/failure`` says
  ///   whether it completed.
  /// - Throws: `WaitTimeoutError` when no download began and ended in
  ///   time; ``BrowserError`` when Chromium refuses or has gone away; what
  ///   `action` throws; `CancellationError`.
  public func waitForDownload(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserDownload {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try throwUnreportedFailure(at: site)
    let directory = artifactsDirectory + "/downloads"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try await browser.connection.send(
      DevTools.Browser.SetDownloadBehavior(downloadPath: directory, browserContextID: context?.contextID))
    // A new tab's download is its opener's: the tab's opener must be known.
    try await browser.discoverTargets()
    return try await browser.waitForEvent(
      "a download to end", after: openings.withLock { $0.downloadCount }, timeout: timeout,
      trigger: openingsTrigger, at: site, during: action
    ) { [self] start in
      let (count, latest) = openings.withLock { ($0.downloadCount, $0.downloads.last) }
      if count > start, let latest { return "the download of \(latest.download) has not ended" }
      return "the page began no download after the wait began"
    } event: { [self] number in
      openings.withLock { state in
        guard let entry = state.downloads.first(where: { $0.number == number }) else { return nil }
        return entry.download.path.isEmpty ? nil : entry.download
      }
    }
  }

  /// Numbers a download as its event comes; its path stays empty until it
  /// has ended.
  func downloadBegan(_ params: JSONValue) {
    let download = BrowserDownload(
      url: params["url"]?.string ?? "", suggestedFilename: params["suggestedFilename"]?.string ?? "",
      path: "")
    openings.withLock { state in
      state.downloadCount += 1
      state.downloads.append((state.downloadCount, params["guid"]?.string ?? "", download))
      if state.downloads.count > Self.mostKeptOpenings { state.downloads.removeFirst() }
    }
    openingsTrigger.fire()
  }

  /// Ends a download: `completed` or `canceled`.
  func downloadEnded(guid: String, state ended: String) {
    let path = artifactsDirectory + "/downloads/" + guid
    openings.withLock { state in
      guard let index = state.downloads.firstIndex(where: { $0.guid == guid }) else { return }
      state.downloads[index].download.path = path
      if ended != "completed" { state.downloads[index].download.failure = ended }
    }
    context?.keepUntilClosed(download: path)
    openingsTrigger.fire()
  }

  // MARK: - File choosers

  /// Runs `action`, then waits for the first file chooser the page opens
  /// from the moment it began: Playwright's `page.waitForEvent('filechooser')`.
  ///
  /// The chooser is held open, for ``BrowserFileChooser/setFiles(_:)-([String])``
  /// to answer. From the first such wait on, a chooser the page opens
  /// shows no dialog, so none can hang a test: one no wait takes is left
  /// unanswered, as a user's cancel would leave it.
  ///
  /// ```swift
  /// let chooser = try await page.waitForFileChooser {
  ///   try await page.click(page.buttons["Upload"])
  /// }
  /// try await chooser.setFiles(["/tmp/avatar.png"])
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the chooser once `action` has
  ///     returned; `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that opens the chooser.
  /// - Returns: The chooser.
  /// - Throws: `WaitTimeoutError` when no chooser opened in time;
  ///   ``BrowserError`` when Chromium refuses or has gone away; what
  ///   `action` throws; `CancellationError`.
  public func waitForFileChooser(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserFileChooser {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try throwUnreportedFailure(at: site)
    if !openings.withLock({ $0.interceptsChoosers }) {
      try await send(DevTools.Page.SetInterceptFileChooserDialog(enabled: true))
      openings.withLock { $0.interceptsChoosers = true }
    }
    return try await browser.waitForEvent(
      "a file chooser to open", after: openings.withLock { $0.chooserCount }, timeout: timeout,
      trigger: openingsTrigger, at: site, during: action
    ) { _ in
      "the page opened no file chooser after the wait began"
    } event: { [self] number in
      openings.withLock { state in
        state.choosers.first { $0.number == number }.map {
          BrowserFileChooser(page: self, isMultiple: $0.isMultiple, backendNodeID: $0.backendNodeID)
        }
      }
    }
  }

  /// Numbers a file chooser as its event comes, and wakes the waits.
  func fileChooserOpened(_ params: JSONValue) {
    guard let backendNodeID = params["backendNodeId"]?.int else { return }
    let isMultiple = params["mode"]?.string == "selectMultiple"
    openings.withLock { state in
      state.chooserCount += 1
      state.choosers.append((state.chooserCount, backendNodeID, isMultiple))
      if state.choosers.count > Self.mostKeptOpenings { state.choosers.removeFirst() }
    }
    openingsTrigger.fire()
  }
}
