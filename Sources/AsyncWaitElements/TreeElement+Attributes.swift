import AsyncWait

extension TreeElement {
  /// Waits until an attribute of the element's node equals a value.
  ///
  /// Each probe resolves the element once and reads the attribute of the node
  /// it found; a probe that finds no node does not satisfy the wait.
  ///
  /// ```swift
  /// #expect(try await app.buttons["Remove Last"].wait(for: \.isEnabled, toEqual: false, timeout: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The node attribute to read, such as `\.label`, `\.value` or `\.isEnabled`.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  /// - Returns: `true` when the attribute equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive
  ///   interval; `CancellationError` when the task is cancelled; any error the
  ///   root provider throws.
  public func wait<Value: Equatable, C: Clock>(
    for keyPath: KeyPath<Node, Value>,
    toEqual value: Value,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    return try await poller(timeout, pollingInterval, clock).poll(isolation: isolation) { _ -> Void? in
      try await snapshot()?[keyPath: keyPath] == value ? () : nil
    }.isSatisfied
  }

  /// Waits until an attribute of the element's node equals a value, and
  /// throws an error that explains the timeout when it does not.
  ///
  /// The error gives the value the last probe read, what each step of the
  /// query matched, and a dump of the tree.
  ///
  /// - Parameters:
  ///   - keyPath: The node attribute to read, such as `\.label`, `\.value` or `\.isEnabled`.
  ///   - value: The value to wait for.
  ///   - comment: What is being awaited, for the error; defaults to the query,
  ///     the key path and the value.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the tree is read; defaults to the caller's.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: `WaitTimeoutError` when the timeout passes first;
  ///   `AsyncWaitError` for a negative timeout or a non-positive interval;
  ///   `CancellationError` when the task is cancelled; any error the root
  ///   provider throws.
  public func require<Value: Equatable, C: Clock>(
    _ keyPath: KeyPath<Node, Value>,
    toEqual value: Value,
    comment: String? = nil,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    let poller = try poller(timeout, pollingInterval, clock)
    var lastSeen = "not found"
    let outcome = try await poller.poll(isolation: isolation) { _ -> Void? in
      guard let node = try await snapshot() else {
        lastSeen = "not found"
        return nil
      }
      let current = node[keyPath: keyPath]
      lastSeen = "\(keyPath) was \(String(reflecting: current))"
      return current == value ? () : nil
    }
    guard case .timedOut(let probeCount, let elapsed, _) = outcome else { return }
    let state = await stateDescription.map { "\n\($0)" } ?? ""
    throw poller.timeoutError(
      comment: comment ?? "\(elementDescription) \(keyPath) to equal \(String(reflecting: value))",
      probeCount: probeCount, elapsed: elapsed, lastObservation: lastSeen + state,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TreeElement {
  /// All buttons below this element.
  public var buttons: ElementQuery<Node> { descendants(matching: .button) }
  /// All static texts below this element.
  public var staticTexts: ElementQuery<Node> { descendants(matching: .staticText) }
  /// All text fields below this element.
  public var textFields: ElementQuery<Node> { descendants(matching: .textField) }
  /// All toggles below this element.
  public var toggles: ElementQuery<Node> { descendants(matching: .toggle) }
  /// All cells below this element.
  public var cells: ElementQuery<Node> { descendants(matching: .cell) }
  /// All lists below this element.
  public var lists: ElementQuery<Node> { descendants(matching: .list) }
  /// All sheets below this element.
  public var sheets: ElementQuery<Node> { descendants(matching: .sheet) }
}
