@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Observation
import Testing

@MainActor
@Observable
final class FeedModel {
  var items: [String] = []
  var unrelated = 0
}

@MainActor
@Suite struct WaitObservationTests {
  @Test func observedChangeWakesTheWaitWithoutATick() async throws {
    let model = FeedModel()
    let clock = ManualClock()
    Task { @MainActor in
      try await clock.sleepers(atLeast: 1)
      model.items = ["a", "b"]
    }

    let loaded = try await Wait(timeout: .seconds(60), clock: clock).untilObserved { model.items.count == 2 }

    #expect(loaded)
    #expect(clock.now == clock.start)
  }

  @Test func trackingIsRenewedOnEveryProbe() async throws {
    let model = FeedModel()
    let clock = ManualClock()
    let probes = Locked(0)
    let (probed, signal) = AsyncStream<Void>.makeStream()
    // Adds an item after each probe; only Observation can wake the wait,
    // since the clock never moves.
    Task { @MainActor in
      var afterProbe = probed.makeAsyncIterator()
      for count in 1...3 {
        _ = await afterProbe.next()
        model.items.append("item \(count)")
      }
    }

    try await Wait(timeout: .seconds(60), clock: clock).requireObserved("three items") {
      probes.withLock { $0 += 1 }
      signal.yield()
      return model.items.count == 3
    }

    #expect(probes.withLock { $0 } == 4)
    #expect(clock.now == clock.start)
  }

  @Test func unobservedStateIsStillFoundByPolling() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let plain = Locked(0)

    let held = try await Wait(timeout: .seconds(1), clock: clock).untilObserved {
      plain.withLock {
        $0 += 1
        return $0 == 3
      }
    }

    #expect(held)
    #expect(clock.now.offset == .milliseconds(200))
  }
}
