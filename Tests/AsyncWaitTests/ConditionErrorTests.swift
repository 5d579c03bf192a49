import AsyncWait
import AsyncWaitTestSupport
import Testing

/// An error the condition throws ends the wait with that error, on any
/// probe, the last included; no more probes run.
@Suite struct ConditionErrorTests {
  struct Broken: Error, Equatable {
    var probe: Int
  }

  @Test func conditionErrorPropagatesUnchangedAndStopsProbing() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let log = ProbeLog<Int>()

    await #expect(throws: Broken(probe: 3)) {
      try await waitUntil(timeout: .seconds(10), clock: clock) {
        log.record(log.count + 1)
        if log.count == 3 { throw Broken(probe: 3) }
        return false
      }
    }

    #expect(log.count == 3)
    #expect(clock.now.offset == .milliseconds(200))
  }

  @Test func conditionErrorOnTheFinalProbeIsNotATimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    await #expect(throws: Broken(probe: 2)) {
      try await requireEventually(timeout: .milliseconds(50), clock: clock) {
        if clock.now.offset == .milliseconds(50) { throw Broken(probe: 2) }
        return false
      }
    }
  }
}
