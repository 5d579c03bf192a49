extension TreeElement {
  /// Waits until an attribute of the element's node equals a value.
  ///
  /// Each probe resolves the element once and reads the attribute of the node
  /// it found; a probe that finds no node does not satisfy the wait.
  ///
  /// ```swift
  /// let removeLast = app.buttons["Remove Last"]
  /// let disabled = try await removeLast.wait(
  ///   for: \.isEnabled, toEqual: false, timeout: .seconds(2))
  /// #expect(disabled)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The node attribute to read, such as `\.label`, `\.value` or `\.isEnabled`.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the tree's triggers are added
  ///     to it. By default, the scope's polling interval on `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  /// - Returns: `true` when the attribute equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error resolving the
  ///   query throws and the wait does not retry.
  public func wait<Value: Equatable, C: Clock>(
    for keyPath: KeyPath<Node, Value>,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) {
      try await snapshot()?[keyPath: keyPath] == value
    }
  }

  /// Waits until an attribute of the element's node equals a value, and
  /// fails with an error that explains the timeout when it does not.
  ///
  /// The error gives the value the last probe read, what each step of the
  /// query matched, and a dump of the tree.
  ///
  /// ```swift
  /// let save = app.buttons["ProfileScreen.button.save"]
  /// try await save.require(
  ///   for: \.isEnabled, toEqual: true, timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names the query, the attribute and the value.
  ///   - keyPath: The node attribute to read, such as `\.label`, `\.value` or `\.isEnabled`.
  ///   - value: The value to wait for.
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
  public func require<Value: Equatable, C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    for keyPath: KeyPath<Node, Value>,
    toEqual value: Value,
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
    // A probe reads the attribute, or `nil` when it found no node. The texts
    // are built only when the wait fails.
    func name() -> String? { propertyName(keyPath).map { ".\($0.split(separator: ".").last ?? "")" } }
    try await require(
      comment() ?? "\(elementDescription)\(name() ?? " attribute") to equal \(valueDescription(value))",
      using: wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval),
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      reading: { try await snapshot().map { $0[keyPath: keyPath] } },
      until: { $0 == value },
      lastSeen: { last in
        (last ?? nil).map { "\(name().map { "\($0) was" } ?? "the attribute was") \(valueDescription($0))" }
          ?? "not found"
      })
  }
}
