import Observation

extension Wait {
  /// Waits until a condition on `@Observable` state holds, probing again as
  /// soon as any observable property the condition read changes.
  ///
  /// Each probe runs the condition inside `withObservationTracking`, so the
  /// wait wakes on the first change to what the condition actually read,
  /// instead of at its next tick. The schedule still polls, so state that is
  /// not observable, or a change that lands after the probe it woke, costs at
  /// most one interval.
  ///
  /// ```swift
  /// @MainActor
  /// @Test func loading() async throws {
  ///   let model = FeedModel()   // @Observable
  ///   model.refresh()
  ///   try await Wait(timeout: .seconds(2)).requireObserved("the feed loads") {
  ///     model.items.count == 20
  ///   }
  /// }
  /// ```
  ///
  /// > Note: Observation reports a change before the new value is stored. The
  /// > wait re-probes from its own task, after the code that made the change
  /// > has gone on; when that code runs on the wait's actor, as main-actor view
  /// > models do, the new value is always in place by then.
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - condition: Returns whether the awaited state has been reached;
  ///     synchronous, because Observation tracks synchronous reads.
  /// - Returns: `true` when the condition held, `false` when the timeout passed first.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func untilObserved(
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () throws -> Bool
  ) async throws -> Bool {
    let watch = ObservationWatch()
    let poller = try poller(extraTriggers: [watch.trigger])
    return try await poller.poll(isolation: isolation, until: { try watch.probe(condition) }).isDecided
  }

  /// Waits until a condition on `@Observable` state holds, probing again as
  /// soon as what it read changes, and fails with an error that explains the
  /// timeout when it does not hold.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the condition runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the awaited state has been reached.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the wait
  ///   does not retry.
  public func requireObserved(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ condition: () throws -> Bool
  ) async throws {
    let watch = ObservationWatch()
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in
      try self.poller(extraTriggers: [watch.trigger])
    }
    try await poller.require(comment: comment(), at: location, isolation: isolation) {
      _ -> Void? in try watch.probe(condition) ? () : nil
    }
  }
}

/// The Observation side of an observed wait: at most one tracking
/// registration at a time.
///
/// Observation keeps a registration until the first change to what it
/// tracked. Renewing tracking on every probe of state that never changes
/// would pile up a registration per probe, so a probe renews it only after
/// the last one fired; until then the pending registration still covers
/// what the condition reads, because what a condition reads can change only
/// when something it read changes (or state Observation does not see
/// changes, which polling covers).
private final class ObservationWatch: Sendable {
  /// Fires on the first change to what the condition read.
  let trigger = WaitTrigger()
  /// Whether a registration is pending: made and not yet fired.
  private let isTracking = Locked(false)

  /// Runs `condition`, tracking what it reads unless a registration is pending.
  func probe(_ condition: () throws -> Bool) throws -> Bool {
    let needsTracking = isTracking.withLock { tracking in
      defer { tracking = true }
      return !tracking
    }
    guard needsTracking else { return try condition() }
    return try withObservationTracking {
      Result { try condition() }
    } onChange: { [self] in
      isTracking.withLock { $0 = false }
      trigger.fire()
    }.get()
  }
}
