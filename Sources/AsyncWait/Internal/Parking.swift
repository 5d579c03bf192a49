/// Where one wait parks between probes.
///
/// A wait makes one `Parking` at its first sleep and reuses it for every
/// sleep after, so a long wait allocates nothing per probe. Each sleep has an
/// identifier; a timer, a trigger or the task's cancellation resumes the sleep
/// by its identifier, and only the first of them does: a later or stale
/// resumption is ignored.
final class Parking: Sendable {
  /// What ended a sleep.
  enum Wake: Sendable {
    /// The timer reached the sleep's deadline.
    case deadline
    /// A trigger fired.
    case trigger
    /// The sleeping task was cancelled.
    case cancellation
    /// The clock's `sleep` threw this error, so the deadline can no longer
    /// be waited for.
    case clockFailure(any Error)
  }

  private struct State: Sendable {
    /// The identifier of the current or last sleep.
    var sleep: UInt64 = 0
    /// Whether the current sleep has been resumed.
    var resumed = true
    /// The sleeping task, once it has suspended.
    var continuation: UnsafeContinuation<Wake, Never>?
    /// A wake that arrived before the task suspended.
    var early: Wake?
  }

  private let state = Locked(State())

  /// Starts a new sleep and returns its identifier; register it with the
  /// timer and the triggers before calling ``wait(_:)``.
  func beginSleep() -> UInt64 {
    state.withLock { state in
      state.sleep &+= 1
      state.resumed = false
      state.continuation = nil
      state.early = nil
      return state.sleep
    }
  }

  /// Suspends until sleep `id` is resumed.
  ///
  /// - Returns: What resumed it; `.cancellation` when the task was cancelled.
  func wait(_ id: UInt64) async -> Wake {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Wake, Never>) in
        let early: Wake? = state.withLock { state in
          guard state.sleep == id, let early = state.early else {
            state.continuation = continuation
            return nil
          }
          state.early = nil
          return early
        }
        if let early { continuation.resume(returning: early) }
      }
    } onCancel: {
      resume(id, with: .cancellation)
    }
  }

  /// Whether sleep `id` is the current sleep and has not been resumed: a
  /// timer entry for it is still live.
  func isWaiting(for id: UInt64) -> Bool {
    state.withLock { $0.sleep == id && !$0.resumed }
  }

  /// Resumes sleep `id`, unless it has been resumed already or is not the current sleep.
  func resume(_ id: UInt64, with wake: Wake) {
    let continuation: UnsafeContinuation<Wake, Never>? = state.withLock { state in
      guard state.sleep == id, !state.resumed else { return nil }
      state.resumed = true
      guard let continuation = state.continuation else {
        state.early = wake
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(returning: wake)
  }
}
