@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// The probe observer (`onProbe:`), told of every probe as a `WaitProbe`.
@Suite struct WaitProbeTests {
  @Test func observerIsToldOfEveryProbe() async throws {
    let seen = Locked<[String]>([])
    let log = ProbeLog<Int>()

    _ = try await Wait(
      timeout: .seconds(1), retryingErrors: { $0 is Flaky },
      onProbe: { probe in seen.withLock { $0.append("\(probe)") } },
      clock: ManualClock(.advancesWhenSleeping)
    ).until {
      log.record(0)
      if log.count == 2 { throw Flaky() }
      return log.count == 3
    }

    #expect(
      seen.withLock { $0 } == [
        "probe 1 at 0 ns: not yet", "probe 2 at 100 ms: retried error: Flaky()",
        "probe 3 at 200 ms: decided",
      ])
  }
}
