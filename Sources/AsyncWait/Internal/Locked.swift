/// A value guarded by a platform mutex.
///
/// `Synchronization.Mutex` needs macOS 15 and iOS 18, and this package supports
/// macOS 14 and iOS 17, so it keeps its own small lock. The state is reachable
/// only through ``withLock(_:)``, which holds the mutex for the duration of the
/// body.
///
/// Not API: it is public, as SPI, only for this repository's own libraries
/// (`@_spi(Integrations)`), benchmarks (`@_spi(Benchmarks)`) and tests
/// (`@_spi(Tests)`).
@_spi(Integrations) @_spi(Benchmarks) @_spi(Tests) public final class Locked<State> {
  private let lock = PlatformLock()
  private var state: State

  /// Creates a lock around an initial state.
  public init(_ initial: State) {
    state = initial
  }

  deinit {
    lock.destroy()
  }

  /// Runs `body` with exclusive access to the state.
  public func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try lock.withLock { () throws(Failure) -> Result in try body(&state) }
  }
}

// Safe because `state` is private and read or written only inside `withLock`,
// which holds the lock, and the lock is created in `init` and destroyed in
// `deinit` only. With a `Sendable` state, nothing non-`Sendable` can cross
// threads through this type.
extension Locked: @unchecked Sendable where State: Sendable {}
