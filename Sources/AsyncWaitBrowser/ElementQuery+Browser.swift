public import AsyncWait
public import AsyncWaitElements

extension ElementQuery where Node == BrowserNode {
  /// The matches with a class among those of their `class` attribute:
  /// Playwright's `locator(".todo")` on the matches so far.
  ///
  /// ```swift
  /// let completed = page.cells.matching(class: "completed")
  /// try await completed.require(count: 2)
  /// ```
  ///
  /// It reads as written in a failure:
  /// `page.cells.matching(class: "completed")`. The
  /// query is walked in a snapshot of the page.
  ///
  /// - Parameter name: The class.
  /// - Returns: The narrowed query.
  public func matching(class name: String) -> ElementQuery {
    matching("class: \(String(reflecting: name))") { $0.classes.contains(name) }
  }

  /// Waits until the query's matches have `class` attributes, one a match,
  /// in order, and fails with an error that gives the last ones when they
  /// do not: Playwright's `toHaveClass` with a list.
  ///
  /// A match's `class` attribute is its classes joined by single spaces
  /// (`""` for none); a string matches it whole, `.containing(…)` a part,
  /// `.matching(…)` a regular expression. Each probe reads the matches
  /// once, so the count and every attribute come from the same moment.
  ///
  /// ```swift
  /// let todos = page.lists["todo-list"].cells
  /// try await todos.require(classes: ["completed", ""])
  /// ```
  ///
  /// A timeout reads `last observed: its classes were ["", ""]`.
  ///
  /// - Parameters:
  ///   - classes: The `class` attributes to wait for, one a match; `[]`
  ///     for no match.
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names the query and the classes.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the page's trigger is added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation of the caller.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first, with the
  ///   last classes; `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; ``BrowserError`` when
  ///   Chromium goes away.
  public func require<C: Clock>(
    classes: [TextMatch],
    _ comment: @autoclosure () -> String? = nil,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await require(
      listed: "classes", classes, comment(),
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      reading: { $0.classes.joined(separator: " ") })
  }
}
