@_spi(Tests) import AsyncWait
import AsyncWaitTestSupport
import Testing

/// The warnings recorded in this process.
///
/// They come through the recorder `AsyncWaitTesting` installs in a test
/// target (which this one does not link): this one takes only warnings. Each test reads only the warnings of its
/// own waits, by their comment.
enum RecordedWarnings {
  static let all: Locked<[(message: String, location: CallSite)]> = {
    let all = Locked<[(message: String, location: CallSite)]>([])
    FailureRecording.install(WarningLog(all: all))
    return all
  }()

  /// A recorder that takes warnings and nothing else: every other
  /// requirement does what it does outside a test.
  struct WarningLog: FailureRecorder {
    let all: Locked<[(message: String, location: CallSite)]>
    let outside = FailureRecording.OutsideTests()

    func warn(_ message: String, at location: CallSite) -> Bool {
      all.withLock { $0.append((message, location)) }
      return true
    }

    func record(_ message: String, at location: CallSite) -> (any Error)? {
      outside.record(message, at: location)
    }

    func attach(_ contents: [UInt8], named name: String) -> Bool {
      outside.attach(contents, named: name)
    }

    func isAlreadyRecorded(_ error: any Error) -> Bool {
      outside.isAlreadyRecorded(error)
    }

    func runAttempt(
      quietly: Bool, at location: CallSite, isolation: isolated (any Actor)?,
      _ attempt: nonisolated(nonsending) () async throws -> Void
    ) async -> FailureRecording.AttemptResult {
      await outside.runAttempt(quietly: quietly, at: location, isolation: isolation, attempt)
    }

    func frameworkDefaults() -> WaitDefaults? {
      outside.frameworkDefaults()
    }

    func currentTestName() -> String? {
      outside.currentTestName()
    }
  }

  /// The warnings whose message names `comment`.
  static func about(_ comment: String) -> [(message: String, location: CallSite)] {
    all.withLock { $0.filter { $0.message.contains("\"\(comment)\"") } }
  }
}

@Suite struct NearTimeoutWarningTests {
  /// A wait on the manual clock that holds on probe `probe`, polling every
  /// 100 ms with a 1 s timeout: after (probe - 1) × 100 ms.
  func waitHolding(
    on probe: Int, comment: String, line: Int = #line
  ) async throws {
    _ = RecordedWarnings.all
    let clock = ManualClock(.advancesWhenSleeping)
    var probes = 0
    try await requireEventually(
      comment, timeout: .seconds(1), pollingInterval: .milliseconds(100), clock: clock, line: line
    ) {
      probes += 1
      return probes == probe
    }
  }

  @Test func aWaitThatHeldAfterMostOfItsTimeoutWarnsAtItsLine() async throws {
    let line = #line + 1
    try await waitHolding(on: 10, comment: "late sync", line: line)
    let warnings = RecordedWarnings.about("late sync")
    #expect(warnings.count == 1)
    #expect(warnings.first?.location.line == line)
    #expect(
      warnings.first?.message == """
        Nearly timed out: "late sync" held after 900 ms of its 1 s timeout (90 %)
          (10 probes, polling every 100 ms on ManualClock); on a slower machine this wait may time out
        """)
  }

  @Test func aWaitWithinThreeQuartersOfItsTimeoutIsSilent() async throws {
    // 700 ms and 800 ms of 1 s: at 75 % and above it, the threshold is "more than".
    try await waitHolding(on: 8, comment: "sync at 700 ms")
    try await waitHolding(on: 9, comment: "sync at 800 ms")
    #expect(RecordedWarnings.about("sync at 700 ms").isEmpty)
    #expect(RecordedWarnings.about("sync at 800 ms").count == 1)
  }

  @Test func aScopeSetsTheFractionOrTurnsItOff() async throws {
    try await withWaitDefaults(nearTimeoutWarning: .after(0.5)) {
      try await waitHolding(on: 7, comment: "sync at 600 ms, warned after half")
    }
    try await withWaitDefaults(nearTimeoutWarning: .off) {
      try await waitHolding(on: 11, comment: "sync at the deadline, warnings off")
    }
    #expect(RecordedWarnings.about("sync at 600 ms, warned after half").count == 1)
    #expect(RecordedWarnings.about("sync at the deadline, warnings off").isEmpty)
  }

  @Test func holdsStableAndNotBeforeWaitsNeverWarn() async throws {
    _ = RecordedWarnings.all
    let wait = Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping))
    try await wait.requireNever("hold: never") { false }
    try await wait.requireAlways("hold: always") { true }
    try await wait.requireStable("hold: stable", for: .milliseconds(950)) { true }
    try await wait.requireAlwaysPassing("hold: always passing") {}
    let later = ManualClock(.advancesWhenSleeping)
    let start = later.now
    try await Wait(timeout: .seconds(1), clock: later).require(
      "hold: not before", notBefore: .milliseconds(800)
    ) {
      start.duration(to: later.now) >= .milliseconds(900)
    }
    for comment in [
      "hold: never", "hold: always", "hold: stable", "hold: always passing", "hold: not before",
    ] {
      #expect(RecordedWarnings.about(comment).isEmpty, "\(comment)")
    }
  }

  @Test func theValueFormsAndAssertionBlocksWarnToo() async throws {
    _ = RecordedWarnings.all
    let wait = Wait(timeout: .seconds(1), clock: ManualClock(.advancesWhenSleeping))
    var probes = 0
    let value = try await wait.requireValue("late value") { () -> Int? in
      probes += 1
      return probes == 10 ? probes : nil
    }
    var attempts = 0
    try await wait.requirePassing("late block") {
      attempts += 1
      struct NotYet: Error {}
      if attempts < 10 { throw NotYet() }
    }
    #expect(value == 10)
    #expect(RecordedWarnings.about("late value").count == 1)
    #expect(RecordedWarnings.about("late block").count == 1)
  }

  @Test func aWaitItsFirstProbeDecidedNeverWarns() async throws {
    _ = RecordedWarnings.all
    let clock = ManualClock(.advancesWhenSleeping)
    // The first probe moves the clock past the timeout and holds: it is the
    // only probe, and the wait does not read the clock after it.
    try await requireEventually("first probe", timeout: .seconds(1), clock: clock) {
      clock.advance(by: .seconds(2))
      return true
    }
    #expect(RecordedWarnings.about("first probe").isEmpty)
  }

  @Test func aFractionOutsideZeroToOneIsRejected() async throws {
    for fraction in [0, -0.5, 1.5, .nan, .infinity] {
      await #expect(throws: AsyncWaitError.invalidNearTimeoutWarning) {
        try await withWaitDefaults(nearTimeoutWarning: .after(fraction)) {
          try await requireEventually(timeout: .zero) { true }
        }
      }
    }
    try await withWaitDefaults(nearTimeoutWarning: .after(1)) {
      try await requireEventually(timeout: .zero) { true }
    }
  }

  @Test func theEnvironmentVariableIsParsedStrictly() throws {
    #expect(try NearTimeoutWarning.parse(environmentValue: nil).get() == .standard)
    #expect(try NearTimeoutWarning.parse(environmentValue: "").get() == .standard)
    #expect(try NearTimeoutWarning.parse(environmentValue: "off").get() == .off)
    #expect(try NearTimeoutWarning.parse(environmentValue: "OFF").get() == .off)
    #expect(try NearTimeoutWarning.parse(environmentValue: "0.9").get() == .after(0.9))
    #expect(try NearTimeoutWarning.parse(environmentValue: "1").get() == .after(1))
    for text in ["0", "1.5", "abc", "-0.5", "90%", "0.9.1", " 0.9"] {
      #expect(throws: AsyncWaitError.invalidNearTimeoutWarning) {
        try NearTimeoutWarning.parse(environmentValue: text).get()
      }
    }
    let error = NearTimeoutWarning.parse(environmentValue: "90%")
    if case .failure(let failure) = error {
      #expect(failure.description.contains("\"90%\""))
    }
  }
}
