import AsyncWait
import AsyncWaitTestSupport
import Testing

/// A transient error (a slow answer) is "not yet" for every wait, on the
/// first probe and on later ones, with options and without, and a timeout
/// names the last; an error that says it is not transient ends the wait.
@Suite struct TransientErrorTests {
  struct SlowAnswer: TransientError, Equatable {
    var isTransient: Bool { true }
  }

  struct Broken: TransientError, Equatable {
    var isTransient: Bool { false }
  }

  @Test func aPlainWaitRetriesATransientErrorOnItsFirstProbeAndLater() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let probes = ProbeLog<Int>()
    let held = try await waitUntil(timeout: .seconds(1), clock: clock) {
      probes.record(probes.count)
      if probes.count < 3 { throw SlowAnswer() }
      return true
    }
    #expect(held)
    #expect(probes.count == 3)
  }

  @Test func aTimeoutNamesTheLastTransientError() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    var caught: WaitTimeoutError?
    do {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually("the page answers", timeout: .milliseconds(300), clock: clock) {
          throw SlowAnswer()
        }
      }
    } catch let error as WaitTimeoutError {
      caught = error
    }
    let error = try #require(caught)
    #expect(error.probeCount == 4)
    #expect(error.lastError as? SlowAnswer == SlowAnswer())
    #expect(error.description.contains("last error: SlowAnswer()"))
  }

  @Test func aZeroTimeoutWithATransientErrorTimesOutNamingIt() async throws {
    var caught: WaitTimeoutError?
    do {
      try await withWaitDefaults(recordsFailures: false) {
        try await requireEventually(timeout: .zero) { throw SlowAnswer() }
      }
    } catch let error as WaitTimeoutError {
      caught = error
    }
    #expect(caught?.lastError as? SlowAnswer == SlowAnswer())
    #expect(caught?.probeCount == 1)
  }

  @Test func aWaitWithOptionsRetriesItToo() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let trigger = WaitTrigger()
    let probes = ProbeLog<Int>()
    let wait = Wait(timeout: .seconds(1), triggers: [trigger], clock: clock)
    let value = try await wait.requireValue("a value") { () -> Int? in
      probes.record(probes.count)
      if probes.count < 3 { throw SlowAnswer() }
      return 7
    }
    #expect(value == 7)
  }

  @Test func anErrorThatIsNotTransientEndsTheWait() async throws {
    await #expect(throws: Broken()) {
      _ = try await waitUntil(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping)) {
        throw Broken()
      }
    }
    await #expect(throws: Broken()) {
      try await Wait(
        timeout: .seconds(1), triggers: [WaitTrigger()], clock: ManualClock(.advancesWhenSleeping)
      )
      .until { throw Broken() }
    }
  }
}
