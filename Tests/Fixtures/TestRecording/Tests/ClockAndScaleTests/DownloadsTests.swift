// What a new user's suite did with time: a cache with a time-to-live on the
// shipped manual clock, and a hold on the real clock. Each must pass with
// ASYNCWAIT_TIMEOUT_SCALE unset, at 3, and empty.

import AsyncWaitTesting
import Foundation
import Synchronization
import Testing

/// A cache whose entries expire after a time-to-live on the clock it is given.
final class TTLCache<C: Clock<Duration>>: Sendable where C.Instant: Sendable {
  private let entries = Mutex<[String: (value: Int, expires: C.Instant)]>([:])
  let timeToLive: Duration
  let clock: C

  init(timeToLive: Duration, clock: C) {
    self.timeToLive = timeToLive
    self.clock = clock
  }

  subscript(key: String) -> Int? {
    get {
      entries.withLock { entries in
        guard let entry = entries[key], clock.now < entry.expires else { return nil }
        return entry.value
      }
    }
    set {
      let expires = clock.now.advanced(by: timeToLive)
      entries.withLock { $0[key] = newValue.map { ($0, expires) } }
    }
  }
}

@Suite struct DownloadsTests {
  @Test func cachedEntriesLiveForTheirTimeToLive() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let cache = TTLCache(timeToLive: .seconds(60), clock: clock)
    cache["report"] = 3

    try await Wait(timeout: .seconds(30), clock: clock).requireNever("the entry expires") {
      cache["report"] == nil
    }
    try await Wait(timeout: .seconds(40), clock: clock).require("the entry expires") {
      cache["report"] == nil
    }

    #expect(clock.now.offset == .seconds(60))
  }

  @Test func noBannerWhileDownloading() async throws {
    // The download takes 5 s; for the first 300 ms no banner shows. The
    // 4.7 s between them are for a loaded machine, which may stall the
    // test between its start and the hold's last probe.
    let downloaded = ContinuousClock.now.advanced(by: .seconds(5))

    try await Wait(timeout: .milliseconds(300)).requireNever("the done banner shows") {
      ContinuousClock.now >= downloaded
    }
    try await requireEventually("the done banner shows", timeout: .seconds(8)) {
      ContinuousClock.now >= downloaded
    }
  }

  @Test func aRefreshRunsWhenTheTestMovesTheClock() async throws {
    let clock = ManualClock()
    let refreshes = Mutex(0)
    let refresher = Task {
      while !Task.isCancelled {
        try await clock.sleep(for: .seconds(60))
        refreshes.withLock { $0 += 1 }
      }
    }
    defer { refresher.cancel() }

    try await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(60))
    try await clock.settle()

    try await requireEventually("the first refresh") { refreshes.withLock { $0 } == 1 }
  }

  @Test func aTimeoutOnTheRealClockRunsWithTheScaleOfTheEnvironment() async throws {
    // Proves that each run of this suite had the scale it was meant to.
    let text = ProcessInfo.processInfo.environment["ASYNCWAIT_TIMEOUT_SCALE"] ?? ""
    let scale = text.isEmpty ? 1 : try #require(Double(text))

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually(timeout: .milliseconds(10)) { false }
      }
    }

    #expect(error.timeoutScale == scale)
    #expect(error.timeout == .milliseconds(10) * scale)
  }
}
