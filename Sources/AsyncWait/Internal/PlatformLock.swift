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

/// The platform's mutual-exclusion lock, allocated so that its address is
/// stable: what ``Locked`` and ``Parking`` hold.
///
/// `Synchronization.Mutex`, which lives inline, needs macOS 15 and iOS 18, and
/// on Linux ThreadSanitizer does not see its ordering, so the sanitized tests
/// would report races. The owner calls ``destroy()`` once, in its `deinit`.
struct PlatformLock {
  #if canImport(Darwin)
    private typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
    private typealias Primitive = SRWLOCK
  #else
    private typealias Primitive = pthread_mutex_t
  #endif

  private let primitive: UnsafeMutablePointer<Primitive>

  /// Allocates and initializes an unlocked lock.
  init() {
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

  /// Destroys and frees the lock; no thread may hold or wait for it.
  func destroy() {
    #if !canImport(Darwin) && !canImport(WinSDK)
      pthread_mutex_destroy(primitive)
    #endif
    primitive.deinitialize(count: 1)
    primitive.deallocate()
  }

  /// Runs `body` holding the lock.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
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
    return try body()
  }
}
