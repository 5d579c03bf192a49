#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(WinSDK)
  import WinSDK
#endif

/// A value guarded by a platform mutex.
///
/// `Synchronization.Mutex` needs macOS 15 and iOS 18, and this package supports
/// macOS 14 and iOS 17, so it keeps its own small lock. The state is reachable
/// only through ``withLock(_:)``, which holds the mutex for the duration of the
/// body.
///
/// Not API: it is public, as SPI (`@_spi(Internals) import AsyncWait`), only
/// for this repository's own packages (the benchmarks, the integrations).
@_spi(Internals) public final class Locked<State> {
  #if canImport(Darwin)
    private typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
    private typealias Primitive = SRWLOCK
  #else
    private typealias Primitive = pthread_mutex_t
  #endif

  private let primitive: UnsafeMutablePointer<Primitive>
  private var state: State

  /// Creates a lock around an initial state.
  public init(_ initial: State) {
    state = initial
    primitive = .allocate(capacity: 1)
    #if canImport(Darwin)
      primitive.initialize(to: os_unfair_lock())
    #elseif canImport(WinSDK)
      InitializeSRWLock(primitive)
    #else
      primitive.initialize(to: pthread_mutex_t())
      pthread_mutex_init(primitive, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin) && !canImport(WinSDK)
      pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  public func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(primitive)
      defer { os_unfair_lock_unlock(primitive) }
    #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(primitive)
      defer { ReleaseSRWLockExclusive(primitive) }
    #else
      pthread_mutex_lock(primitive)
      defer { pthread_mutex_unlock(primitive) }
    #endif
    return try body(&state)
  }
}

// Safe because `state` is private and read or written only inside `withLock`,
// which holds the mutex, and `primitive` is created in `init` and destroyed in
// `deinit` only. With a `Sendable` state, nothing non-`Sendable` can cross
// threads through this type.
extension Locked: @unchecked Sendable where State: Sendable {}
