@_spi(Integrations) public import AsyncWait
public import AsyncWaitElements

extension BrowserPage {
  /// Waits until the page's address matches: Playwright's
  /// `expect(page).toHaveURL(…)`.
  ///
  /// ```swift
  /// try await page.click(page.descendants(matching: "link", named: "year"))
  /// try await page.require(url: .containing("_sort=year"))
  /// ```
  ///
  /// A string is the whole address (`location.href`), `.containing(…)` a
  /// part, `.matching(…)` a regular expression. A timeout reads
  /// `last observed: its URL was "http://…"`.
  ///
  /// - Parameters:
  ///   - url: The address to wait for.
  ///   - timeout: How long to wait; `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes when the page
  ///     does not change; `nil` takes the scope's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the address does not match in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func require(
    url: TextMatch,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await requireScript(
      "location.href", named: "URL", toMatch: url, timeout: timeout,
      pollingInterval: pollingInterval, at: site)
  }

  /// Waits until the page's title matches: Playwright's
  /// `expect(page).toHaveTitle(…)`.
  ///
  /// ```swift
  /// try await page.require(title: .containing("30 rows"))
  /// ```
  ///
  /// A string is the whole title (`document.title`, white space collapsed),
  /// `.containing(…)` a part, `.matching(…)` a regular expression.
  ///
  /// - Parameters:
  ///   - title: The title to wait for.
  ///   - timeout: How long to wait; `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes when the page
  ///     does not change; `nil` takes the scope's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the title does not match in time;
  ///   ``BrowserError`` when Chromium goes away; `CancellationError`.
  public func require(
    title: TextMatch,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    try await requireScript(
      "document.title.replace(/\\s+/g, ' ').trim()", named: "title", toMatch: title, timeout: timeout,
      pollingInterval: pollingInterval, at: site)
  }

  /// The one wait of ``require(url:timeout:pollingInterval:callSite:fileID:filePath:line:column:)``
  /// and its title form: until a script's string value matches.
  private func requireScript(
    _ script: String, named name: String, toMatch text: TextMatch, timeout: Duration?,
    pollingInterval: Duration?, at site: CallSite
  ) async throws {
    let wait = Wait(
      timeout: timeout, schedule: pollingInterval.map(PollingSchedule.fixed), triggers: [trigger])
    var last: String?
    func observe() async -> String? {
      last.map { "its \(name) was \(String(reflecting: $0))" } ?? "its \(name) was not read"
    }
    _ = try await wait.requireValue("page to have \(name) \(text)", observation: observe, callSite: site) {
      () async throws -> Bool? in
      let navigations = navigationCount
      let answer: JSONValue
      do {
        answer = try await evaluateValue(script)
      } catch is BrowserError where navigated(since: navigations) {
        // The document went while the script ran: not yet, not an error.
        return nil
      }
      guard case .string(let value) = answer else { return nil }
      last = value
      return text.matches(value) ? true : nil
    }
  }
}
