import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Durations the API accepts but whose seconds do not fit in an `Int64`:
/// every parameter that takes a duration handles them without a trap.
@Suite struct ExtremeDurationTests {
  static let pastInt64: [Duration] = [
    Duration(secondsComponent: .max, attosecondsComponent: .max),
    .seconds(Int64.max) * 2,
    .seconds(Int64.max) * 18,
  ]

  @Test(arguments: pastInt64)
  func everyDurationParameterAcceptsDurationsPastInt64Seconds(huge: Duration) async throws {
    let schedules: [PollingSchedule] = [
      .fixed(huge),
      .exponentialBackoff(initial: .milliseconds(10), maximum: huge),
      .exponentialBackoff(initial: huge, maximum: huge, jitter: 1),
      .sequence([.milliseconds(10), huge]),
    ]
    for schedule in schedules {
      #expect(!schedule.description.isEmpty)
      let clock = ManualClock(.advancesWhenSleeping)
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await Wait(timeout: .milliseconds(50), schedule: schedule, clock: clock).require("x") { false }
      }
      #expect(error.description.contains("Timed out after 50 ms"))
    }

    let clock = ManualClock(.advancesWhenSleeping)
    #expect(try await Wait(timeout: .milliseconds(10), clock: clock).stable(for: huge) { true } == false)
    #expect(try await Wait(timeout: .milliseconds(10), clock: clock).until(notBefore: huge) { true } == false)
    #expect(try await Wait(timeout: huge, clock: ManualClock(.advancesWhenSleeping)).until { true })

    let description = WaitTimeoutError(
      comment: nil, timeout: huge, schedule: .fixed(huge), probeCount: 1, elapsed: huge, clockName: "C",
      location: CallSite(fileID: "M/F.swift", filePath: "/F.swift", line: 1, column: 1)
    ).description
    #expect(description.hasPrefix("Timed out after "))
  }

  @Test(arguments: pastInt64)
  func neverAndAlwaysWindowsPastInt64SecondsEndOnAViolation(huge: Duration) async throws {
    let clock = ManualClock(.advancesWhenSleeping)

    let error = try await #require(throws: WaitViolationError.self) {
      try await Wait(timeout: huge, schedule: .fixed(.seconds(3600)), clock: clock).requireNever(
        "two days pass"
      ) {
        clock.now.offset >= .seconds(86_400 * 2)
      }
    }

    #expect(error.window == huge)
    #expect(error.description.contains("during a window of"))
  }
}
