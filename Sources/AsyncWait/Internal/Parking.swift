/// Where one wait parks between probes.
///
/// A wait makes one `Parking` at its first sleep and reuses it for every
/// sleep after, so a long wait allocates nothing per probe. Each sleep has an
/// identifier; a timer, a trigger or the task's cancellation resumes the sleep
/// by its identifier, and only the first of them does: a later or stale
/// resumption is ignored.
///
/// The wait registers one cancellation handler for all its sleeps, which
/// calls ``cancel()``: from then on no sleep begins, and one in progress
/// ends at once.
///
/// One object, no allocation of its own for the lock: the state is kept
/// here, not in a `Locked`, and guarded by one of a fixed table of locks
/// that the parking places share (``PlatformLock/shared(by:)``). A lock of
/// its own was one more allocation per sleeping wait, far from the object,
/// which the timer thread, resuming ten thousand waits a second, found out
/// of its cache on every resume; the table stays in it. The poller's
/// ``Sleeper`` is a subclass, so that a sleeping wait's loop state and
/// parking place are one object; the lock protects only the state declared
/// here.
@usableFromInline
class Parking {
  /// What ended a sleep.
  @usableFromInline
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
    /// The wait's clock, which does not measure real time, stood still for
    /// this much real time (``Standstill``).
    case standstill(Duration)
  }

  /// The parking place's states; changed only by the event methods below,
  /// under the lock.
  private enum State: Sendable {
    /// Between sleeps; `last` is the identifier of the last sleep.
    case idle(last: UInt64)
    /// A sleep was started and registered; the task has not suspended yet.
    case armed(sleep: UInt64)
    /// The task is suspended in sleep `sleep`.
    case suspended(sleep: UInt64, UnsafeContinuation<Wake, Never>)
    /// Sleep `sleep` was ended before the task suspended.
    case woken(sleep: UInt64, Wake)
    /// The task was cancelled: no sleep begins, and the one in progress, if
    /// any, ends at once. `last` is the identifier of the last sleep
    /// started.
    case cancelled(last: UInt64)
  }

  /// Read and written only under the lock, by ``withLock(_:)``.
  ///
  /// Its bodies call no code but the state's own copies and moves: a value
  /// they replace (a wake that carried a clock's error) is handed out and
  /// released after the lock is let go, so no `deinit` runs while the lock
  /// is held. The lock is shared with other parking places and is not
  /// recursive; nothing that holds it takes it again. No two accesses can
  /// overlap, so the dynamic exclusivity checks a class's stored property
  /// gets (two runtime calls around each access, which the timer thread and
  /// the waiting task would pay on every sleep) are left out.
  @exclusivity(unchecked) private var state = State.idle(last: 0)

  @usableFromInline
  init() {}

  /// Runs `body` with the state, under the lock.
  private final func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    PlatformLock.shared(by: ObjectIdentifier(self)).withLock { body(&state) }
  }

  /// Starts a new sleep and returns its identifier; register it with the
  /// timer and the triggers before calling ``suspend(_:_:)``.
  ///
  /// - Returns: The sleep's identifier; `nil`, and no sleep, when the task
  ///   was cancelled.
  final func beginSleep() -> UInt64? {
    withLock { state in
      switch state {
      case .idle(let last):
        state = .armed(sleep: last &+ 1)
        return last &+ 1
      case .cancelled:
        return nil
      case .armed, .suspended, .woken:
        preconditionFailure("Internal inconsistency: a sleep began while another was in progress")
      }
    }
  }

  /// Gives up sleep `id`, begun but registered nowhere, so that the next
  /// sleep can begin; after a cancellation the place stays cancelled.
  final func abandonSleep(_ id: UInt64) {
    withLock { state in
      switch state {
      case .armed(let sleep) where sleep == id:
        state = .idle(last: id)
      case .cancelled:
        break
      default:
        preconditionFailure("Internal inconsistency: abandoned sleep \(id), which was not armed")
      }
    }
  }

  /// Parks `continuation` in sleep `id`, or resumes it at once when the
  /// sleep has ended already or the task is cancelled.
  ///
  /// Called from the closure of `withUnsafeContinuation`, which the waiting
  /// task runs itself, so that a sleeping wait keeps no frame of its own here.
  @usableFromInline
  final func suspend(_ id: UInt64, _ continuation: UnsafeContinuation<Wake, Never>) {
    let early: Wake? = withLock { state in
      switch state {
      case .armed(let sleep) where sleep == id:
        state = .suspended(sleep: id, continuation)
        return nil
      case .woken(let sleep, let wake) where sleep == id:
        state = .idle(last: id)
        return wake
      case .cancelled:
        return .cancellation
      default:
        preconditionFailure("Internal inconsistency: suspended in sleep \(id), which was not armed")
      }
    }
    if let early { continuation.resume(returning: early) }
  }

  /// Resumes sleep `id`, unless it has been resumed already or is not the current sleep.
  final func resume(_ id: UInt64, with wake: Wake) {
    end(id, with: wake)?.resume(returning: wake)
  }

  /// Ends sleep `id`, unless it has ended already or is not the current
  /// sleep, and returns the continuation the caller must resume with
  /// `wake`: `nil` when the task has not suspended yet (it finds the wake
  /// when it does) or the sleep ended before.
  ///
  /// For a caller that lets go of the parking place before it resumes the
  /// task (the timer thread and the timer queues, through
  /// `TimerHeap.Entry.resume`), so that the woken task does not find the
  /// object's reference count being written by another core.
  final func end(_ id: UInt64, with wake: Wake) -> UnsafeContinuation<Wake, Never>? {
    withLock { state in
      switch state {
      case .armed(let sleep) where sleep == id:
        state = .woken(sleep: id, wake)
        return nil
      case .suspended(let sleep, let continuation) where sleep == id:
        state = .idle(last: id)
        return continuation
      default:
        // A stale or second resumption: the sleep ended already.
        return nil
      }
    }
  }

  /// Marks the task cancelled and ends the current sleep, if any.
  @usableFromInline
  final func cancel() {
    // The state replaced, released after the lock is let go: a wake it
    // carried may hold a clock's error, whose `deinit` is not ours to run
    // under a shared lock.
    let (continuation, replaced): (UnsafeContinuation<Wake, Never>?, State) = withLock { state in
      let replaced = state
      switch state {
      case .idle(let last), .cancelled(let last), .armed(let last), .woken(let last, _):
        state = .cancelled(last: last)
        return (nil, replaced)
      case .suspended(let sleep, let continuation):
        state = .cancelled(last: sleep)
        return (continuation, replaced)
      }
    }
    withExtendedLifetime(replaced) {}
    continuation?.resume(returning: .cancellation)
  }

  /// Whether sleep `id` is the current sleep and has not been resumed: a
  /// timer entry for it is still live.
  final func isWaiting(for id: UInt64) -> Bool {
    withLock { state in
      switch state {
      case .armed(let sleep), .suspended(let sleep, _): sleep == id
      case .idle, .woken, .cancelled: false
      }
    }
  }
}

// Safe because `state` is private and read or written only inside
// `withLock`, which holds the lock that `PlatformLock.shared(by:)` gives this
// object, the same one for its whole life. Every value the state hands
// across threads (a continuation, a `Wake`) is `Sendable`. A subclass (the poller's
// `Sleeper`) adds state that only its waiting task touches; other threads
// reach it only through the methods above.
extension Parking: @unchecked Sendable {}
