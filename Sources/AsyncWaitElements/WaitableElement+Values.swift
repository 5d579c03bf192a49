extension WaitableElement {
  /// Waits until a property of the element equals a value.
  ///
  /// The key path is read once per probe:
  ///
  /// ```swift
  /// let three = try await counter.wait(
  ///   for: \.text, toEqual: "3 items", timeout: .seconds(2))
  /// #expect(three)
  /// ```
  ///
  /// For a value that takes `await` to read, wait on a condition instead:
  /// `wait(timeout:pollingInterval:using:isolation:until:)`.
  ///
  /// - Parameters:
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  /// - Returns: `true` when the property equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled.
  public func wait<Value: Equatable, C: Clock>(
    for keyPath: KeyPath<Self, Value>,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    using wait: Wait<C> = Wait(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).until(
      isolation: isolation
    ) {
      self[keyPath: keyPath] == value
    }
  }

  /// Waits until a property of the element equals a value, and fails with
  /// an error that gives the last value read when it does not.
  ///
  /// ```swift
  /// try await counter.require(
  ///   for: \.text, toEqual: "3 items", timeout: .seconds(2))
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; built only when the
  ///     wait fails. `nil` names ``elementDescription``, the key path and
  ///     the value.
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing; when given, it replaces the
  ///     timeout of `wait`. Zero probes once. `nil` keeps the timeout of
  ///     `wait`, which by default is the scope's.
  ///   - pollingInterval: How long to sleep between probes; when given, it
  ///     replaces the schedule of `wait`. `nil` keeps the schedule of `wait`,
  ///     which by default is the scope's polling interval.
  ///   - wait: The rest of the configuration; the element's triggers are
  ///     added to it. By default, the scope's polling interval on
  ///     `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled.
  public func require<Value: Equatable, C: Clock>(
    _ comment: @autoclosure () -> String? = nil,
    for keyPath: KeyPath<Self, Value>,
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
    func property() -> String {
      propertyName(keyPath).map { "\(elementDescription) \($0)" } ?? elementDescription
    }
    try await wait.configured(for: self, timeout: timeout, pollingInterval: pollingInterval).require(
      comment() ?? "\(property()) to equal \(valueDescription(value))",
      reading: { self[keyPath: keyPath] }, expected: valueDescription(value), subject: property(),
      observation: { await failureDescription }, isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      toSatisfy: { $0 == value })
  }
}

/// How a key path reads in a failure, such as `\Row.title`; `nil` where the
/// runtime gives no name (computed properties on Linux print an address).
///
/// - Parameter keyPath: The key path.
/// - Returns: Its name, or `nil`.
func propertyName(_ keyPath: AnyKeyPath) -> String? {
  let text = String(describing: keyPath)
  return text.contains("<computed") || text.contains("0x") ? nil : text
}
