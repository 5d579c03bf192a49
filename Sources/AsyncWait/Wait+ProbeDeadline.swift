extension Wait {
  /// Waits until a condition holds, giving each probe the time left before
  /// the deadline and cancelling a probe that is still running at it.
  ///
  /// For probes that do I/O, which can hang: each probe runs in a child task
  /// and is given the time that is left, to pass to its own I/O timeout. A
  /// probe still running at the deadline is cancelled, so a probe that
  /// honours cancellation (as `URLSession`, `Task.sleep` and most async APIs
  /// do) cannot hold the wait past its timeout:
  ///
  /// ```swift
  /// let ready = try await Wait(timeout: .seconds(2)).until { remaining in
  ///   try await client.health(timeout: remaining) == .ok
  /// }
  /// ```
  ///
  /// The final probe at the deadline is given, and passed, one polling
  /// interval. A probe
  /// that ignores cancellation, or a synchronous one, runs to its end, and
  /// the wait ends with it. The condition is `@Sendable` and runs in a child
  /// task; a closure written on an actor (in a `@MainActor` test, or in an
  /// actor's method that uses `self`) is isolated to it, so each probe runs
  /// there and reads its state without `await`.
  ///
  /// - Parameters:
  ///   - isolation: The actor isolation in which the loop runs; defaults to the caller's.
  ///   - condition: Returns whether the awaited state has been reached; it
  ///     is passed the time left before the deadline.
  /// - Returns: `true` when the condition held, `false` when the timeout
  ///   passed first or the last probe was cancelled at the deadline.
  /// - Throws: ``AsyncWaitError`` for an invalid configuration;
  ///   `CancellationError` when the task is cancelled; an error the condition
  ///   throws and the wait does not retry.
  public func until(
    isolation: isolated (any Actor)? = #isolation,
    // Inherits the actor it is written on, as `Task.init`'s operation
    // does: without it, a `@Sendable` closure in a `@MainActor` test is
    // nonisolated, and could read the test's state only with `await`.
    @_inheritActorContext _ condition: @escaping @Sendable (_ remaining: Duration) async throws -> Bool
  ) async throws -> Bool {
    let poller = try poller()
    let cutOff = ProbeCutOff()
    do {
      return try await poller.poll(isolation: isolation) { context in
        try await boundedProbe(condition, poller: poller, context: context, cutOff: cutOff) ? () : nil
      }.isDecided
    } catch let failure as ClockSleepFailure {
      throw failure.error
    }
  }

  /// Waits until a condition holds, giving each probe the time left and
  /// cancelling a probe still running at the deadline, and fails with an
  /// error that explains the timeout when the condition does not hold.
  ///
  /// ```swift
  /// let wait = Wait(timeout: .seconds(2))
  /// try await wait.require("the server answers") { remaining in
  ///   try await client.health(timeout: remaining) == .ok
  /// }
  /// ```
  ///
  /// When the last probe was cancelled at the deadline, the error says so.
  ///
  /// - Parameters:
  ///   - comment: What is being awaited, for the error.
  ///   - isolation: The actor isolation in which the loop runs; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  ///   - condition: Returns whether the awaited state has been reached; it
  ///     is passed the time left before the deadline.
  /// - Throws: ``WaitTimeoutError`` when the timeout passes first;
  ///   ``AsyncWaitError`` for an invalid configuration; `CancellationError`
  ///   when the task is cancelled; an error the condition throws and the
  ///   wait does not retry.
  public func require(
    _ comment: @autoclosure () -> String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    @_inheritActorContext _ condition: @escaping @Sendable (_ remaining: Duration) async throws -> Bool
  ) async throws {
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let poller = try validating(at: location) { () throws(AsyncWaitError) in try self.poller() }
    let cutOff = ProbeCutOff()
    let observation = {
      cutOff.probe.map { "probe \($0) was still running at the deadline and was cancelled" }
    }
    try await poller.require(
      comment: comment(), observation: observation, at: location, isolation: isolation
    ) {
      context in
      try await boundedProbe(condition, poller: poller, context: context, cutOff: cutOff) ? () : nil
    }
  }

  /// Runs one probe in a child task, racing a sleep to the deadline; the
  /// loser is cancelled.
  ///
  /// - Returns: What the condition answered; `false` when the deadline came first.
  private func boundedProbe(
    _ condition: @escaping @Sendable (Duration) async throws -> Bool,
    poller: Poller<C>,
    context: ProbeContext,
    cutOff: ProbeCutOff
  ) async throws -> Bool {
    // The final probe at the deadline, which has no time left, gets one
    // interval, and is told so: a probe passes this on as its I/O timeout.
    let remaining = context.elapsed < poller.timeout ? poller.timeout - context.elapsed : .zero
    let bound = remaining > .zero ? remaining : poller.schedule.interval(after: 1)
    let clock = poller.clock
    let answer = try await withThrowingTaskGroup(of: Bool?.self, returning: Bool?.self) { group in
      group.addTask { try await condition(bound) }
      group.addTask {
        do {
          try await clock.sleep(
            until: clock.now.advanced(by: min(bound, SleepStateMachine.maximumPiece)), tolerance: nil)
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          // The clock's error, not the condition's.
          throw ClockSleepFailure(error: error)
        }
        return nil
      }
      defer { group.cancelAll() }
      return try await group.next() ?? nil
    }
    guard let answer else {
      cutOff.probe = context.index
      return false
    }
    cutOff.probe = nil
    return answer
  }
}

/// Which probe, if any, the deadline cut off last; read after the loop.
private final class ProbeCutOff {
  var probe: Int?
}
