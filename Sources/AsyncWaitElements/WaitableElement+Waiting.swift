import AsyncWait

extension WaitableElement {
  /// Waits until the element exists.
  ///
  /// The async, `Duration`-based counterpart of XCUITest's
  /// `waitForExistence(timeout:)`, for any element type. It follows the rules
  /// of `waitUntil(timeout:pollingInterval:clock:isolation:_:)` exactly: a
  /// first probe at once, a final probe at the deadline, prompt cancellation.
  ///
  /// ```swift
  /// #expect(try await app.buttons["Save"].waitForExistence(timeout: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element exists, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive
  ///   interval; `CancellationError` when the task is cancelled; any error
  ///   ``exists`` throws.
  public func waitForExistence<C: Clock>(
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    return try await poller(timeout, pollingInterval, clock).poll(
      isolation: isolation, { _ in try await exists ? () : nil }
    ).isSatisfied
  }

  /// Waits until the element no longer exists.
  ///
  /// Returns as soon as one probe finds the element gone: use it for a
  /// spinner that must disappear or a sheet that must close. To check that
  /// something stays absent for a whole period, a wait that returns early is
  /// the wrong tool.
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which ``exists`` is read; defaults to the caller's.
  /// - Returns: `true` when the element is gone, `false` when it still existed at the deadline.
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive
  ///   interval; `CancellationError` when the task is cancelled; any error
  ///   ``exists`` throws.
  public func waitForNonExistence<C: Clock>(
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    return try await poller(timeout, pollingInterval, clock).poll(
      isolation: isolation, { _ in try await exists ? nil : () }
    ).isSatisfied
  }

  /// Waits until a property of the element equals a value.
  ///
  /// The key path is read once per probe:
  ///
  /// ```swift
  /// #expect(try await counter.wait(for: \.text, toEqual: "3 items", timeout: .seconds(2)))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property to read.
  ///   - value: The value to wait for.
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the property is read; defaults to the caller's.
  /// - Returns: `true` when the property equals `value`, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive
  ///   interval; `CancellationError` when the task is cancelled.
  public func wait<Value: Equatable, C: Clock>(
    for keyPath: KeyPath<Self, Value>,
    toEqual value: Value,
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    return try await poller(timeout, pollingInterval, clock).poll(
      isolation: isolation, { _ in self[keyPath: keyPath] == value ? () : nil }
    )
    .isSatisfied
  }

  /// Waits until a condition on the element holds.
  ///
  /// For checks that a key path cannot express:
  ///
  /// ```swift
  /// let loaded = try await list.wait(timeout: .seconds(2)) { try await $0.rowCount >= 20 }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to keep probing. Zero probes once.
  ///   - pollingInterval: How long to sleep between probes. Defaults to 100 milliseconds.
  ///   - clock: The clock that measures the timeout. Defaults to `ContinuousClock`.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the element is in the awaited state.
  /// - Returns: `true` when the condition held, `false` when the timeout passed first.
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive
  ///   interval; `CancellationError` when the task is cancelled; any error the
  ///   condition throws.
  public func wait<C: Clock>(
    timeout: Duration,
    pollingInterval: Duration = .milliseconds(100),
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    until condition: (Self) async throws -> Bool
  ) async throws -> Bool where C.Duration == Duration {
    return try await poller(timeout, pollingInterval, clock).poll(
      isolation: isolation, { _ in try await condition(self) ? () : nil }
    )
    .isSatisfied
  }

  /// The poller of an element wait: the element's triggers wake it.
  ///
  /// - Throws: `AsyncWaitError` for a negative timeout or a non-positive interval.
  func poller<C: Clock>(
    _ timeout: Duration, _ pollingInterval: Duration, _ clock: C
  ) throws(AsyncWaitError) -> Poller<C> where C.Duration == Duration {
    try Poller(timeout: timeout, schedule: .fixed(pollingInterval), clock: clock, triggers: waitTriggers)
  }
}
