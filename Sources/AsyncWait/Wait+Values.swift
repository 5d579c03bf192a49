// The value forms of a wait: a value to equal an expected one, or to
// satisfy a predicate, with the last value seen in a timeout.
extension Wait {
  /// Waits until a value equals an expected one, and fails with an error
  /// that gives the last value seen when it does not.
  ///
  /// The value is an expression, evaluated again on every probe, in the
  /// caller's isolation; it may throw. It cannot suspend: for a value that
  /// takes `await` to read, an actor's state or a server's answer, pass a
  /// closure as `reading:`
  /// (``require(_:reading:toEqual:observation:isolation:callSite:fileID:filePath:line:column:)``).
  ///
  /// ```swift
  /// try await Wait(timeout: .seconds(2))
  ///   .require("the feed's phase", for: model.phase, toEqual: .loaded)
  /// ```
  ///
  /// A timeout reads `last value: .loading`.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; read only when the
  ///     wait fails.
  ///   - produce: The expression to evaluate on every probe.
  ///   - expected: The value to wait for.
  ///   - observation: Says, after a timeout, more of what the last probe
  ///     saw, below the last value. Nothing by default.
  ///   - isolation: The actor isolation of the caller.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error `produce` throws and the wait
  ///   does not retry.
  public func require<Value: Equatable>(
    _ comment: @autoclosure () -> String? = nil,
    for produce: @autoclosure () throws -> Value,
    toEqual expected: Value,
    observation: () async -> String? = { nil },
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    try await require(
      comment() ?? "a value to equal \(valueDescription(expected))", reading: { try produce() },
      expected: valueDescription(expected), observation: observation, isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      toSatisfy: { $0 == expected })
  }

  /// Waits until a value satisfies a predicate, and fails with an error
  /// that gives the last value seen when it does not.
  ///
  /// ```swift
  /// try await Wait(timeout: .seconds(2))
  ///   .require("twenty items", for: model.items.count) { $0 >= 20 }
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; read only when the
  ///     wait fails. `nil` says "a value to satisfy the predicate".
  ///   - produce: The expression to evaluate on every probe.
  ///   - observation: Says, after a timeout, more of what the last probe
  ///     saw, below the last value. Nothing by default.
  ///   - isolation: The actor isolation in which `produce` and `predicate`
  ///     run; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - predicate: Whether a value is the one awaited.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error `produce` or `predicate` throws
  ///   and the wait does not retry.
  public func require<Value>(
    _ comment: @autoclosure () -> String? = nil,
    for produce: @autoclosure () throws -> Value,
    observation: () async -> String? = { nil },
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    toSatisfy predicate: (Value) throws -> Bool
  ) async throws {
    try await require(
      comment() ?? "a value to satisfy the predicate", reading: { try produce() }, observation: observation,
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      toSatisfy: { try predicate($0) })
  }

  /// Waits until a value read by a closure, which may suspend, equals an
  /// expected one, and fails with an error that gives the last value seen
  /// when it does not.
  ///
  /// The counterpart of ``require(_:for:toEqual:observation:isolation:callSite:fileID:filePath:line:column:)``
  /// for a value that takes `await` to read:
  ///
  /// ```swift
  /// try await Wait(timeout: .seconds(5))
  ///   .require("the server's health", reading: { try await server.health() },
  ///            toEqual: .ready)
  /// ```
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error; read only when the
  ///     wait fails.
  ///   - produce: Reads the current value, in the caller's isolation.
  ///   - expected: The value to wait for.
  ///   - observation: Says, after a timeout, more of what the last probe
  ///     saw, below the last value. Nothing by default.
  ///   - isolation: The actor isolation in which `produce` runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error `produce` throws and the wait
  ///   does not retry.
  public func require<Value: Equatable>(
    _ comment: @autoclosure () -> String? = nil,
    reading produce: () async throws -> Value,
    toEqual expected: Value,
    observation: () async -> String? = { nil },
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    try await require(
      comment() ?? "a value to equal \(valueDescription(expected))", reading: produce,
      expected: valueDescription(expected), observation: observation,
      isolation: isolation,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      toSatisfy: { $0 == expected })
  }

  /// The value waits' loop: reads a value on every probe, keeps the last,
  /// and shows it after a timeout.
  ///
  /// The element waits read asynchronously, through this. The failure's
  /// first line leads with the last value and the value expected
  /// (``WaitTimeoutError/cause``): `last value .loading, expected .loaded`,
  /// or, with a `subject`, `app.buttons["Save"] isHittable is false,
  /// expected true`.
  ///
  /// - Parameters:
  ///   - comment: What is awaited.
  ///   - produce: Reads the value.
  ///   - expected: How the expected value reads, when there is one.
  ///   - subject: What the value is of, when the comment begins with it.
  ///   - observation: What to add to the last value after a timeout.
  ///   - isolation: The actor the probe runs on.
  ///   - location: Where the wait was called.
  ///   - predicate: Whether a value ends the wait.
  /// - Throws: ``WaitTimeoutError``, or what the probe throws, as
  ///   ``requireValue(_:observation:isolation:callSite:fileID:filePath:line:column:_:)`` does.
  package func require<Value>(
    _ comment: String,
    reading produce: () async throws -> Value,
    expected: String? = nil,
    subject: String? = nil,
    observation: () async -> String?,
    isolation: isolated (any Actor)?,
    at location: CallSite,
    toSatisfy predicate: (Value) async throws -> Bool
  ) async throws {
    var last: Value?
    let probe = { () async throws -> Void? in
      let current = try await produce()
      last = current
      return try await predicate(current) ? () : nil
    }
    _ = try await requireValue(
      comment,
      observation: {
        let lastLine = last.map { "last value: \(valueDescription($0))" } ?? "no value was read"
        return [lastLine, await observation()].compactMap { $0 }.joined(separator: "\n")
      },
      cause: {
        // The first line leads with what the last probe read, and what the
        // wait expected: `last value .loading, expected .loaded`.
        // On one line: a value that prints on several is shown whole below.
        func oneLine(_ text: String) -> String {
          guard let end = text.firstIndex(where: \.isNewline) else { return text }
          return text[..<end] + " …"
        }
        guard let last else { return nil }
        let value = oneLine(valueDescription(last))
        let seen = subject.map { "\($0) is \(value)" } ?? "last value \(value)"
        return seen + (expected.map { ", expected \(oneLine($0))" } ?? "")
      },
      causeSubject: subject, isolation: isolation, callSite: location, probe)
  }
}
