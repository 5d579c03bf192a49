@_spi(Tests) import AsyncWait
import Testing

@testable import AsyncWaitATSPI

/// A call that timed out is a slow probe, not a failed wait: seen once as
/// `timeout from dbind` after a 16-second walk of an 8,000-node tree.
@Suite struct ATSPIErrorTests {
  @Test func aTimedOutCallIsTransientAndNothingElseIs() {
    #expect(ATSPIError.reported("timeout from dbind").isTransient)
    #expect(ATSPIError.reported("Message recipient disconnected: Did not receive a reply").isTransient)
    #expect(ATSPIError.reported("Timeout was reached").isTransient)
    #expect(ATSPIError.reported("The application no longer exists").isTransient == false)
    #expect(ATSPIError("push button \"Add\" has no action").isTransient == false)
  }

  @Test func aWaitRetriesATimedOutCallAndNamesItWhenItLasts() async throws {
    let probes = Locked(0)
    try await Wait(timeout: .seconds(20), clock: ManualClock(.advancesWhenSleeping)).require(
      "the tree is read"
    ) {
      probes.withLock { $0 += 1 }
      if probes.withLock({ $0 }) < 3 { throw ATSPIError.reported("timeout from dbind") }
      return true
    }
    #expect(probes.withLock { $0 } == 3)
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping)).require(
        "the tree is read"
      ) {
        throw ATSPIError.reported("timeout from dbind")
      }
    }
    #expect(error.description.contains("timeout from dbind"))
  }
}
