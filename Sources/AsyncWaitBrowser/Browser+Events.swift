import AsyncWait

// The waits for an event a page or a context numbers as it comes: a dialog,
// a popup, a page, a download, a file chooser.
extension Browser {
  /// Throws the error the connection ended with, for a wait whose probes
  /// read only what the browser's events told it: with no more events,
  /// nothing it waits for can come.
  func throwIfDisconnected() throws {
    if let error = connection.closedError { throw error }
  }

  /// Runs `action`, then waits for the first event numbered after `start`:
  /// the one shape of every wait for a numbered event.
  ///
  /// Each event is numbered as it comes, on the reader thread, so the
  /// event this wait returns came after the wait began, whatever came
  /// before it.
  ///
  /// - Parameters:
  ///   - comment: What the wait waits for, as a timeout says it.
  ///   - start: How many events were numbered before the wait began.
  ///   - timeout: The wait's timeout; the scope's action timeout when `nil`.
  ///   - trigger: What the events' handler fires as each comes.
  ///   - site: Where a failure is reported.
  ///   - isolation: The actor isolation in which `action` runs.
  ///   - action: The step that causes the event.
  ///   - observation: What a timeout says it saw, given `start`.
  ///   - event: The event numbered as given, once it is there and ready to
  ///     return; `nil` until then.
  /// - Returns: The event.
  /// - Throws: `WaitTimeoutError` when it does not come in time; the
  ///   connection's end when the browser goes away; what `action` throws;
  ///   `CancellationError`.
  func waitForEvent<Event>(
    _ comment: String, after start: Int, timeout: Duration?, trigger: WaitTrigger, at site: CallSite,
    isolation: isolated (any Actor)? = #isolation,
    during action: () async throws -> Void,
    observation: (Int) async -> String?,
    event: (Int) throws -> Event?
  ) async throws -> Event {
    try await action()
    let observe = { await observation(start) }
    return try await Wait(timeout: timeout ?? WaitDefaults.current.actionTimeout, triggers: [trigger])
      .requireValue(comment, observation: observe, callSite: site) {
        try throwIfDisconnected()
        return try event(start + 1)
      }
  }
}
