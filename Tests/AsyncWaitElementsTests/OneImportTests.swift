import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

/// What a user writes with `import AsyncWaitElements` alone: shortcuts on
/// queries, a whole Wait for an element, element holds, and the extensible
/// violation kinds.
@Suite struct OneImportTests {
  struct Offline: Error {}

  @Test func elementWaitTakesABackoffAndRetriesErrors() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let probes = ProbeLog<Duration>()
    let wait = Wait(
      timeout: .seconds(1),
      schedule: .exponentialBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)),
      retryingErrors: { $0 is Offline }, clock: clock)
    let app = TreeElement("app") { () -> ElementNode? in
      probes.record(clock.now.offset)
      if probes.count < 3 { throw Offline() }
      return ElementNode(
        .application, children: [ElementNode(.cell, children: [ElementNode(.button, identifier: "delete")])])
    }

    try await app.cells.buttons["delete"].requireExistence(using: wait)

    #expect(probes.probes == [.zero, .milliseconds(100), .milliseconds(300)])
  }

  @Test func elementHoldsAreOneCallEach() async throws {
    let tree = NodeTree(ElementNode(.application, children: [ElementNode(.button, identifier: "save")]))
    let app = tree.rootElement()
    let clock = ManualClock(.advancesWhenSleeping)

    try await app.staticTexts["error"].requireNever(
      "an error shows", for: .milliseconds(500), using: Wait(clock: clock)
    ) {
      try await $0.exists
    }
    try await app.buttons["save"].requireAlways(
      "Save stays enabled", for: .milliseconds(500), using: Wait(clock: clock)
    ) {
      try await $0.snapshot()?.isEnabled == true
    }
    #expect(clock.now.offset == .seconds(1))

    tree.update { $0?.children.append(ElementNode(.staticText, identifier: "error")) }
    let error = try await #require(throws: WaitViolationError.self) {
      try await app.staticTexts["error"].requireNever(
        "an error shows", for: .milliseconds(500), using: Wait(clock: clock)
      ) {
        try await $0.exists
      }
    }
    let kind: String
    switch error.kind {
    case .heldDuringNever: kind = "never"
    default: kind = "other"
    }
    #expect(kind == "never")
  }

  @Test func asyncValuesOfAnElementAreAwaitedThroughWaitReading() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let app = NodeTree(ElementNode(.application, children: [ElementNode(.cell), ElementNode(.cell)]))
      .rootElement()

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await Wait(timeout: .zero, clock: clock).require(
        "three rows", reading: { try await app.cells.count }, toEqual: 3)
    }

    #expect(error.lastObservation?.hasPrefix("last value: 2") == true)
  }

  @Test func probeReportsCanBeMadeToTestAnObserver() {
    let probe = WaitProbe(index: 3, elapsed: .milliseconds(200), outcome: .notYet)

    #expect(probe.description == "probe 3 at 200 ms: not yet")
  }
}
