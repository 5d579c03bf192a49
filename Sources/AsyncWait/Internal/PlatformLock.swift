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
/// stable: what ``Locked`` holds, and what ``Parking`` borrows from a table
/// that all parking places share (``shared(by:)``).
///
/// `Synchronization.Mutex`, which lives inline, needs macOS 15 and iOS 18, and
/// on Linux ThreadSanitizer does not see its ordering, so the sanitized tests
/// would report races. The owner of a lock made by ``init()`` calls
/// ``destroy()`` once, in its `deinit`; the shared locks are never destroyed.
struct PlatformLock {
  #if canImport(Darwin)
    private typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
    private typealias Primitive = SRWLOCK
  #else
    private typealias Primitive = pthread_mutex_t
  #endif

  private let primitive: UnsafeMutablePointer<Primitive>

  private init(primitive: UnsafeMutablePointer<Primitive>) {
    self.primitive = primitive
  }

  /// Allocates and initializes an unlocked lock.
  init() {
    primitive = .allocate(capacity: 1)
    Self.initialize(primitive)
  }

  /// Initializes an unlocked lock in the memory `primitive` points to.
  ///
  /// - Parameter primitive: Memory bound to the lock's type, not yet
  ///   initialized.
  private static func initialize(_ primitive: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
      primitive.initialize(to: os_unfair_lock())
    #elseif canImport(WinSDK)
      InitializeSRWLock(primitive)
    #else
      primitive.initialize(to: pthread_mutex_t())
      pthread_mutex_init(primitive, nil)
    #endif
  }

  /// Where the lock lives: two values with the same address are one lock.
  var address: UnsafeRawPointer { UnsafeRawPointer(primitive) }

  /// One of a fixed table of locks that live as long as the process, the
  /// one that `key` hashes to: for objects too many to own a lock each.
  ///
  /// Objects that share a lock must never hold it and take it again: the
  /// lock is not recursive, so code holding one of these locks must not
  /// reach code that takes another.
  ///
  /// - Parameter key: The object the lock guards.
  /// - Returns: The lock for `key`, the same for the same object.
  static func shared(by key: ObjectIdentifier) -> PlatformLock {
    // The address, spread over the table by a multiplication (Fibonacci
    // hashing): objects of one size sit at even strides in memory, which
    // its low bits alone would map to a few of the locks.
    // 2⁶⁴ divided by the golden ratio, cut to the word on 32-bit platforms.
    let multiplier = UInt(truncatingIfNeeded: UInt64(0x9E37_79B9_7F4A_7C15) >> (64 - UInt.bitWidth))
    let hash = UInt(bitPattern: key) &* multiplier
    let slot = Int(truncatingIfNeeded: hash >> (UInt.bitWidth - SharedLocks.slotBits))
    let primitive = (SharedLocks.table + slot * SharedLocks.stride).assumingMemoryBound(to: Primitive.self)
    return PlatformLock(primitive: primitive)
  }

  /// The table behind ``shared(by:)``: each lock on a cache line of its
  /// own, so that waits on different locks never write the same line.
  private enum SharedLocks {
    /// Log₂ of the number of locks.
    static var slotBits: Int { 8 }
    /// The bytes from one lock to the next: the cache line of Apple silicon,
    /// twice the common 64 bytes, and never less than a lock.
    static var stride: Int { max(128, MemoryLayout<Primitive>.stride) }

    // Safe to share: the pointer is written once, by the initializer that
    // `static let` runs exactly once, and never changes; the memory it
    // points to is reached only through the locks' own functions.
    nonisolated(unsafe) static let table: UnsafeMutableRawPointer = {
      let count = 1 << slotBits
      let table = UnsafeMutableRawPointer.allocate(byteCount: count * stride, alignment: 128)
      for slot in 0..<count {
        PlatformLock.initialize((table + slot * stride).bindMemory(to: Primitive.self, capacity: 1))
      }
      return table
    }()
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
