extension ElementLocator {
  /// Waits until the element meets an expectation.
  ///
  /// ```swift
  /// let save = page.buttons["Save"]
  /// let enabled = try await save.wait(for: .enabled, timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - expectation: The state to wait for, such as `.enabled` or
  ///     `.text(.containing("Saved"))`.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  /// - Returns: `true` when the element met the expectation, `false` when the
  ///   timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error resolving
  ///   the query throws and the wait does not retry.
  public func wait<C: Clock>(
    for expectation: ElementExpectation<Node>,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    let element = element
    return try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) {
      expectation.isMet(by: try await element.snapshot())
    }
  }

  /// Waits until the element meets an expectation, and fails with an error
  /// that explains the timeout when it does not: Playwright's web-first
  /// assertions.
  ///
  /// ```swift
  /// try await page.buttons["Save"].require(.enabled)
  /// try await status.require(.text(.containing("Saved")), timeout: .seconds(5))
  /// ```
  ///
  /// The error says what the last probe saw (`its text was "Saving…"`), what
  /// each step of the query matched, and the tree.
  ///
  /// - Parameters:
  ///   - expectation: The state to wait for.
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names the query and the expectation.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error resolving the query throws and
  ///   the wait does not retry.
  public func require<C: Clock>(
    _ expectation: ElementExpectation<Node>,
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
    let element = element
    try await require(
      comment() ?? "\(elementDescription) \(expectation.description)",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      reading: { try await element.snapshot() }, until: expectation.isMet(by:),
      lastSeen: { expectation.observation(of: $0 ?? nil) })
  }
}

extension ElementQuery {
  /// Waits until the query matches a number of nodes.
  ///
  /// - Parameters:
  ///   - count: The number of matches to wait for.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  /// - Returns: `true` when the query matched `count` nodes, `false` when the
  ///   timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error resolving
  ///   the query throws and the wait does not retry.
  public func wait<C: Clock>(
    forCount count: Int,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) {
      try await self.count == count
    }
  }

  /// Waits until the query matches a number of nodes, and fails with an
  /// error that explains the timeout when it does not: Playwright's
  /// `toHaveCount`.
  ///
  /// ```swift
  /// try await page.lists["items"].cells.require(count: 5)
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of matches to wait for.
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names the query and the count.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first, with the
  ///   last count; `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error resolving
  ///   the query throws and the wait does not retry.
  public func require<C: Clock>(
    count: Int,
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
      comment() ?? "\(elementDescription) to match \(count) node\(count == 1 ? "" : "s")",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      reading: { try await self.count }, until: { $0 == count },
      lastSeen: { last in last.map { "it matched \($0) node\($0 == 1 ? "" : "s")" } ?? "it was not counted" })
  }

  /// Waits until the query's matches show texts, one a match, in order,
  /// and fails with an error that gives the last texts when they do not:
  /// Playwright's `toHaveText` with a list.
  ///
  /// Each probe reads the matches once, so the count and every text come
  /// from the same moment. A match's text is as ``ElementExpectation/text(_:)``
  /// reads it.
  ///
  /// ```swift
  /// try await page.cells.require(texts: ["Milk", "Eggs", .containing("Bread")])
  /// ```
  ///
  /// A timeout reads `last observed: its texts were ["Milk", "Eggs"]`.
  ///
  /// - Parameters:
  ///   - texts: The texts to wait for, one a match; `[]` for no match.
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names the query and the texts.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first, with the
  ///   last texts; `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error resolving
  ///   the query throws and the wait does not retry.
  public func require<C: Clock>(
    texts: [TextMatch],
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
      listed: "texts", texts, comment(),
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      reading: \.textContent)
  }

  /// Waits until the query's matches have one read value a match, in
  /// order, each matching its text: the body of the list forms
  /// (``require(texts:_:timeout:pollingInterval:using:isolation:callSite:fileID:filePath:line:column:)``,
  /// a page's classes).
  ///
  /// - Parameters:
  ///   - name: What the values are, plural, for the comment and the last
  ///     observation: `texts`.
  ///   - expected: The texts to wait for, one a match.
  ///   - comment: The caller's comment, or `nil` for one that names the
  ///     query and `expected`.
  ///   - wait: The wait, configured.
  ///   - isolation: The actor isolation in which the tree is read.
  ///   - location: Where the wait was called.
  ///   - read: The value of one match.
  /// - Throws: As the list forms do.
  package func require<C: Clock>(
    listed name: String,
    _ expected: [TextMatch],
    _ comment: String?,
    using wait: Wait<C>,
    isolation: isolated (any Actor)?,
    at location: CallSite,
    reading read: @escaping (Node) -> String
  ) async throws where C.Duration == Duration {
    let listed = "[" + expected.map(\.description).joined(separator: ", ") + "]"
    try await require(
      comment ?? "\(elementDescription) to have \(name) \(listed)",
      using: wait, isolation: isolation,
      at: location,
      reading: { try await self.snapshots().map(read) },
      until: { values in
        values.count == expected.count
          && zip(values, expected).allSatisfy { value, match in match.matches(value) }
      },
      lastSeen: { last in last.map { "its \(name) were \($0)" } ?? "they were not read" })
  }
}
