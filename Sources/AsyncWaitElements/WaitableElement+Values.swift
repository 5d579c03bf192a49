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
  /// - Parameters:
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  /// - Returns: `true` when the property equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled.
  public func wait<Value: Equatable, C: Clock>(
    for keyPath: KeyPath<Self, Value>,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait(
      for: { $0[keyPath: keyPath] }, toEqual: value,
      using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock), isolation: isolation)
  }

  /// Waits until what a closure reads from the element equals a value.
  ///
  /// For properties a key path cannot name, such as `async` ones:
  ///
  /// ```swift
  /// let milk = try await row.wait(
  ///   for: { try await $0.title }, toEqual: "Milk", timeout: .seconds(2))
  /// #expect(milk)
  /// ```
  ///
  /// - Parameters:
  ///   - read: Reads the value from the element.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which `read` runs; defaults to the caller's.
  /// - Returns: `true` when the value equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid argument; `CancellationError`
  ///   when the task is cancelled; any error `read` throws.
  public func wait<Value: Equatable, C: Clock>(
    for read: (Self) async throws -> Value,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait(
      for: read, toEqual: value,
      using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock), isolation: isolation)
  }

  /// Waits, with a whole wait configuration, until what a closure reads from
  /// the element equals a value.
  ///
  /// A key path works here too, as `wait(for: \.text, toEqual: "3", using: wait)`.
  ///
  /// - Parameters:
  ///   - read: Reads the value from the element.
  ///   - value: The value to wait for.
  ///   - wait: The configuration; the element's triggers are added to it.
  ///   - isolation: The actor isolation in which `read` runs; defaults to the caller's.
  /// - Returns: `true` when the value equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error `read`
  ///   throws and the wait does not retry.
  public func wait<Value: Equatable, C: Clock>(
    for read: (Self) async throws -> Value,
    toEqual value: Value,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    try await wait.waking(on: self).until(isolation: isolation) { try await read(self) == value }
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
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription``, the key path and the value.
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled.
  public func require<Value: Equatable, C: Clock>(
    _ comment: String? = nil,
    for keyPath: KeyPath<Self, Value>,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await requireEqual(
      comment, name: propertyName(keyPath), read: { $0[keyPath: keyPath] }, value: value,
      using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits until what a closure reads from the element equals a value, and
  /// fails with an error that gives the last value read when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the value.
  ///   - read: Reads the value from the element.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once. `nil` takes
  ///     the scope's default.
  ///   - pollingInterval: How long to sleep between probes. `nil` takes the
  ///     scope's default.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which `read` runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid argument; `CancellationError` when the
  ///   task is cancelled; any error `read` throws.
  public func require<Value: Equatable, C: Clock>(
    _ comment: String? = nil,
    for read: (Self) async throws -> Value,
    toEqual value: Value,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await requireEqual(
      comment, name: nil, read: read, value: value,
      using: .simple(timeout: timeout, pollingInterval: pollingInterval, clock: clock),
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits, with a whole wait configuration, until what a closure reads
  /// from the element equals a value, and fails with an error that gives the
  /// last value read when it does not.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; defaults to
  ///     ``elementDescription`` and the value.
  ///   - read: Reads the value from the element; a key path works too.
  ///   - value: The value to wait for.
  ///   - wait: The configuration; the element's triggers are added to it.
  ///   - isolation: The actor isolation in which `read` runs; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error `read` throws and the wait does
  ///   not retry.
  public func require<Value: Equatable, C: Clock>(
    _ comment: String? = nil,
    for read: (Self) async throws -> Value,
    toEqual value: Value,
    using wait: Wait<C>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    try await requireEqual(
      comment, name: nil, read: read, value: value, using: wait,
      isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The body of the throwing value waits; the comment and the property's
  /// name are built only when the wait fails.
  private func requireEqual<Value: Equatable, C: Clock>(
    _ comment: String?,
    name: @autoclosure () -> String?,
    read: (Self) async throws -> Value,
    value: Value,
    using wait: Wait<C>,
    isolation: isolated (any Actor)?,
    fileID: String,
    filePath: StaticString,
    line: Int,
    column: Int
  ) async throws where C.Duration == Duration {
    try await wait.waking(on: self).require(
      comment
        ?? "\(name().map { "\(elementDescription) \($0)" } ?? elementDescription) to equal \(valueDescription(value))",
      reading: { try await read(self) },
      observation: { await stateDescription }, isolation: isolation, fileID: fileID, filePath: filePath,
      line: line, column: column, toSatisfy: { $0 == value })
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
