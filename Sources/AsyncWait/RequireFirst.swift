/// Waits for the first element of an asynchronous sequence that matches a
/// predicate, and fails with an error that gives the last element seen when
/// none comes in time.
///
/// The sequence is iterated by a task of its own; each element wakes the
/// wait at once. When the wait ends — a match, the timeout or cancellation
/// — the iterating task is cancelled and not awaited, so a sequence that
/// ignores cancellation cannot hold the wait past its timeout. A sequence
/// that ends without a match leaves the wait to time out; the failure says
/// that it ended:
///
/// ```swift
/// let event = try await requireFirst("a saved event", in: store.events,
///                                    timeout: .seconds(2)) {
///   $0 == .saved
/// }
/// ```
///
/// - Parameters:
///   - comment: What is awaited, for the error.
///   - sequence: The sequence to iterate.
///   - timeout: How long to wait. `nil` takes the scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation of the caller.
///   - callSite: Where to report a failure in place of the four literals
///     below, for a helper that waits for its caller; `nil` for here.
///   - fileID: The file ID of the caller, for the error's location.
///   - filePath: The file path of the caller, for the error's location.
///   - line: The line of the caller, for the error's location.
///   - column: The column of the caller, for the error's location.
///   - predicate: Whether an element is the one awaited; any element by default.
/// - Returns: The first matching element.
/// - Throws: ``WaitTimeoutError`` with the number of elements seen, the
///   last one, and whether the sequence ended, when the timeout passes first;
///   ``AsyncWaitError`` for an invalid argument; `CancellationError` when
///   the task is cancelled; an error the sequence throws.
public func requireFirst<S: AsyncSequence & Sendable, C: Clock>(
  _ comment: @autoclosure () -> String? = nil,
  in sequence: S,
  timeout: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  callSite: CallSite? = nil,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: Int = #line,
  column: Int = #column,
  where predicate: @escaping @Sendable (S.Element) -> Bool = { _ in true }
) async throws -> S.Element where S.Element: Sendable, C.Duration == Duration {
  let tap = SequenceTap(sequence, predicate: predicate)
  defer { tap.cancel() }
  let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
  let poller = try validating(at: location) { () throws(AsyncWaitError) in
    try Wait(timeout: timeout, triggers: [tap.trigger], clock: clock).poller()
  }
  let observation = { tap.observation() }
  return try await poller.require(
    comment: comment(), source: "sequence", observation: observation, at: location, isolation: isolation
  ) {
    _ in try tap.match()
  }
}

/// Waits for the first element of an asynchronous sequence that matches a
/// predicate; `nil` when none comes in time.
///
/// - Parameters:
///   - sequence: The sequence to iterate.
///   - timeout: How long to wait. `nil` takes the scope's default.
///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
///   - isolation: The actor isolation of the caller.
///   - predicate: Whether an element is the one awaited; any element by default.
/// - Returns: The first matching element, or `nil`.
/// - Throws: ``AsyncWaitError`` for an invalid argument; `CancellationError`
///   when the task is cancelled; an error the sequence throws.
public func waitForFirst<S: AsyncSequence & Sendable, C: Clock>(
  in sequence: S,
  timeout: Duration? = nil,
  clock: C = ContinuousClock(),
  isolation: isolated (any Actor)? = #isolation,
  where predicate: @escaping @Sendable (S.Element) -> Bool = { _ in true }
) async throws -> S.Element? where S.Element: Sendable, C.Duration == Duration {
  let tap = SequenceTap(sequence, predicate: predicate)
  defer { tap.cancel() }
  let poller = try Wait(timeout: timeout, triggers: [tap.trigger], clock: clock).poller()
  switch try await poller.poll(isolation: isolation, { _ in try tap.match() }) {
  case .decided(let element): return element
  case .expired: return nil
  }
}

/// A sequence iterated by a task of its own, for a wait to probe: what it
/// has seen, whether it matched or ended, and a trigger fired at each of
/// those.
final class SequenceTap<Element: Sendable>: Sendable {
  private struct State: Sendable {
    var count = 0
    var last: Element?
    var match: Element?
    var finished = false
    var error: (any Error)?
  }

  /// Fired at every element and at the end.
  let trigger = WaitTrigger()
  /// What the iteration has seen.
  ///
  /// No other lock is taken while it is held.
  private let state = Locked(State())
  /// The iterating task; cancelled when the wait ends.
  private let task = Locked<Task<Void, Never>?>(nil)

  init<S: AsyncSequence & Sendable>(_ sequence: S, predicate: @escaping @Sendable (Element) -> Bool)
  where S.Element == Element {
    let iteration = Task { [state, trigger] in
      do {
        for try await element in sequence {
          let matched = predicate(element)
          state.withLock { state in
            state.count += 1
            state.last = element
            if matched { state.match = element }
          }
          trigger.fire()
          if matched { return }
        }
      } catch {
        state.withLock { $0.error = error }
      }
      state.withLock { $0.finished = true }
      trigger.fire()
    }
    task.withLock { $0 = iteration }
  }

  /// Cancels the iteration, without waiting for it to end.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }

  /// The matching element, or `nil` while none has come.
  ///
  /// - Throws: The error the sequence threw.
  func match() throws -> Element? {
    let state = state.withLock { $0 }
    if let match = state.match { return match }
    if let error = state.error { throw error }
    return nil
  }

  /// What a failure shows: how many elements came, whether the sequence
  /// ended, and the last element.
  func observation() -> String {
    let state = state.withLock { $0 }
    let elements = state.count == 1 ? "1 element" : "\(state.count) elements"
    let ended = state.finished ? "the sequence ended after \(elements)" : "\(elements) so far"
    var lines = ["\(ended), none matching"]
    if let last = state.last { lines.append("last element: \(valueDescription(last))") }
    return lines.joined(separator: "\n")
  }
}
