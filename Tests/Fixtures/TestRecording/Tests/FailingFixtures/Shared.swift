// What the deliberately failing fixtures wait on: state that never becomes
// what the waits ask for.

import AsyncWaitTesting
import Synchronization

/// A feed that never loads.
final class Feed: Sendable {
  var isLoaded: Bool { false }
}

/// A download that stays at its first part.
enum DownloadState: Equatable, Sendable {
  case downloading(partsDone: Int, of: Int)
  case finished
}

/// A download manager whose state is optional, as a cache lookup is.
final class Downloads: Sendable {
  func state(of name: String) -> DownloadState? { .downloading(partsDone: 0, of: 3) }
}

/// The error a client throws when nothing listens on its port.
struct ConnectionRefused: Error, CustomStringConvertible {
  var description: String { "connection refused (127.0.0.1:9)" }
}

/// A server whose health check answers after 600 ms, much later than the waits allow.
struct SlowServer: Sendable {
  func isHealthy() async throws -> Bool {
    try await ContinuousClock().sleep(for: .milliseconds(600))
    return false
  }
}

/// A feed whose phase stays `.loading`, read as an optional as a cache lookup is.
enum Phase: Equatable, Sendable {
  case loading
  case loaded
}

extension Feed {
  var phase: Phase? { .loading }
  var itemCount: Int { 2 }
}

/// The error an assertion block throws while the cart has not settled.
struct CartNotSettled: Error, CustomStringConvertible {
  var description: String { "the cart has 2 items, not 3" }
}

/// Counts the attempts of an assertion block.
final class Attempts: Sendable {
  private let value = Mutex(0)
  var count: Int { value.withLock { $0 } }
  /// Counts one more attempt and returns its number.
  func next() -> Int {
    value.withLock { count in
      count += 1
      return count
    }
  }
}

/// A cache whose entry expires a minute after it was stored, on the clock
/// it is given; a test that never advances that clock waits for nothing.
final class TTLCache: Sendable {
  private let storedAt: ManualClock.Instant
  private let clock: ManualClock

  init(clock: ManualClock) {
    self.clock = clock
    storedAt = clock.now
  }

  var isEmpty: Bool { storedAt.duration(to: clock.now) >= .seconds(60) }
}
