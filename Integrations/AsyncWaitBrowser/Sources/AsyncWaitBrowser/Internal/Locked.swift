import Foundation

/// A value guarded by a lock.
///
/// Not `Synchronization.Mutex`: on Linux it waits with raw futex calls that
/// ThreadSanitizer cannot see, so every access it guards is reported as a
/// race. `NSLock` is a pthread mutex, which ThreadSanitizer understands.
final class Locked<State: Sendable> {
  private let lock = NSLock()
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}

// Safe because `state` is private and read or written only inside `withLock`,
// which holds the lock for the whole body; `State` is `Sendable`, so nothing
// that cannot cross threads crosses them through this type.
extension Locked: @unchecked Sendable {}
