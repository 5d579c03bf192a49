@_spi(Tests) import AsyncWait
import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

/// A plain value type that only says whether it exists.
struct FlagElement: WaitableElement {
  let flag: Locked<Bool>
  var exists: Bool { flag.withLock { $0 } }
  var title: String { flag.withLock { $0 } ? "shown" : "hidden" }
}

@Suite struct PlainConformanceTests {
  @Test func plainTypeGetsEveryWait() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let onTheTestClock = Wait(clock: clock)
    let flag = Locked(false)
    let element = FlagElement(flag: flag)
    let log = ProbeLog<ManualClock.Instant>()

    let appeared = try await element.wait(timeout: .seconds(1), using: onTheTestClock) { element in
      log.record(clock.now)
      if log.count == 3 { flag.withLock { $0 = true } }
      return element.exists
    }
    let existing = try await element.waitForExistence(timeout: .zero, using: onTheTestClock)
    let titled = try await element.wait(for: \.title, toEqual: "shown", timeout: .zero, using: onTheTestClock)
    let gone = try await element.waitForNonExistence(timeout: .milliseconds(300), using: onTheTestClock)

    #expect(appeared)
    #expect(log.probes.map(\.offset) == [.zero, .milliseconds(100), .milliseconds(200)])
    #expect(existing)
    #expect(titled)
    #expect(gone == false)
    #expect(clock.now.offset == .milliseconds(500))
  }

  @Test func aGivenTimeoutReplacesTheTimeoutOfTheWaitAndKeepsTheRest() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let probes = Locked(0)
    let slow = Wait(
      timeout: .seconds(10), schedule: .fixed(.milliseconds(150)),
      onProbe: { _ in probes.withLock { $0 += 1 } }, clock: clock)
    let element = FlagElement(flag: Locked(false))

    let found = try await element.waitForExistence(timeout: .milliseconds(300), using: slow)
    let probesWithTheGivenTimeout = probes.withLock { $0 }
    let stillThere = try await element.waitForNonExistence(using: slow)

    #expect(found == false)
    #expect(probesWithTheGivenTimeout == 3)
    #expect(stillThere)
    #expect(clock.now.offset == .milliseconds(300))
  }

  @Test func withoutATimeoutAnElementWaitTakesTheTimeoutOfTheWait() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let element = FlagElement(flag: Locked(false))

    let found = try await element.waitForExistence(using: Wait(timeout: .seconds(2), clock: clock))
    let held = try await element.never(using: Wait(timeout: .seconds(3), clock: clock)) { $0.exists }

    #expect(found == false)
    #expect(held)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func elementWaitsValidateLikeThePoller() async throws {
    let element = FlagElement(flag: Locked(true))

    await #expect(throws: AsyncWaitError.negativeTimeout) {
      try await element.waitForExistence(timeout: .seconds(-1), using: Wait(clock: ManualClock()))
    }
    await #expect(throws: AsyncWaitError.nonPositivePollingInterval) {
      try await element.waitForNonExistence(
        timeout: .seconds(1), using: Wait(schedule: .fixed(.zero), clock: ManualClock()))
    }
    await #expect(throws: AsyncWaitError.nonPositivePollingInterval) {
      try await element.requireExistence(
        timeout: .seconds(1), using: Wait(schedule: .fixed(.zero), clock: ManualClock()))
    }
  }

  @Test func elementWaitTakesTheFinalProbeAtTheDeadline() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let flag = Locked(false)
    let element = FlagElement(flag: flag)

    let appeared = try await element.wait(timeout: .milliseconds(250), using: Wait(clock: clock)) { element in
      if clock.now.offset == .milliseconds(250) { flag.withLock { $0 = true } }
      return element.exists
    }

    #expect(appeared)
  }

  @Test func cancellingAnElementWaitThrows() async throws {
    let clock = ManualClock()
    let element = FlagElement(flag: Locked(false))
    let task = Task { try await element.waitForExistence(timeout: .seconds(10), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func requireExistenceExplainsAPlainElementsTimeout() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let element = FlagElement(flag: Locked(false))

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await element.requireExistence(timeout: .milliseconds(200), using: Wait(clock: clock))
    }

    #expect(error.comment == "FlagElement to exist")
    #expect(error.lastObservation == "does not exist")
    #expect(error.probeCount == 3)
  }

  @Test func requireKeyPathReportsTheLastValueRead() async throws {
    let clock = ManualClock(.advancesWhenSleeping)
    let element = FlagElement(flag: Locked(false))

    let error = try await #require(throws: WaitTimeoutError.self) {
      try await element.require(for: \.title, toEqual: "shown", timeout: .zero, using: Wait(clock: clock))
    }

    #expect(error.comment?.hasSuffix("to equal \"shown\"") == true)
    #expect(error.lastObservation?.hasPrefix("last value: \"hidden\"") == true)
    // The first line leads with the value read and the one expected, and
    // names the element once.
    let headline = String(describing: error).split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      headline.hasSuffix(
        #"is "hidden", expected "shown"; timed out after 0 ns waiting for it to equal "shown""#))
    // `title` is computed: where the runtime gives its key path no name, the
    // failure names the element and the value, never an address.
    #expect(error.description.contains("0x") == false)
    #expect(error.description.contains("<computed") == false)
  }
}

/// A main-actor element, isolated the way `XCUIElement` is.
@MainActor
final class MainActorLabel: @MainActor WaitableElement {
  var isOnScreen = false
  var text = ""
  var reads = 0

  var exists: Bool {
    reads += 1
    return isOnScreen
  }
}

@MainActor
@Suite struct MainActorConformanceTests {
  @Test func mainActorElementIsWaitedOnFromTheMainActor() async throws {
    let label = MainActorLabel()
    // Main-actor work that can run only while the wait is suspended.
    Task { @MainActor in
      label.isOnScreen = true
      label.text = "Saved"
    }

    let appeared = try await label.waitForExistence(
      timeout: .seconds(30), using: Wait(schedule: .fixed(.milliseconds(5))))
    let saved = try await label.wait(for: \.text, toEqual: "Saved", timeout: .zero)

    #expect(appeared)
    #expect(saved)
    #expect(label.reads >= 2)
  }

  @Test func mainActorElementOnAManualClock() async throws {
    let label = MainActorLabel()
    let clock = ManualClock()
    Task { @MainActor in
      try await clock.sleepers(atLeast: 1)
      label.isOnScreen = true
      clock.advance(by: .milliseconds(100))
    }

    try await label.requireExistence(timeout: .seconds(1), using: Wait(clock: clock))

    #expect(label.reads == 2)
  }
}

/// A node of a remote tree, behind an actor, that can fail.
actor RemoteTree {
  struct Unreachable: Error, Equatable {}

  private var present: Set<String> = []
  private var reachable = true

  func insert(_ name: String) { present.insert(name) }
  func disconnect() { reachable = false }

  func contains(_ name: String) throws -> Bool {
    guard reachable else { throw Unreachable() }
    return present.contains(name)
  }
}

struct RemoteElement: WaitableElement {
  let tree: RemoteTree
  let name: String

  var exists: Bool {
    get async throws { try await tree.contains(name) }
  }
}

@Suite struct RemoteConformanceTests {
  @Test func asyncThrowingElementIsWaitedOn() async throws {
    let tree = RemoteTree()
    let clock = ManualClock()
    let element = RemoteElement(tree: tree, name: "dialog")
    let wait = Task { try await element.waitForExistence(timeout: .seconds(5), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    await tree.insert("dialog")
    clock.advance(by: .milliseconds(100))

    #expect(try await wait.value)
  }

  @Test func errorFromExistsEndsTheWaitWithThatError() async throws {
    let tree = RemoteTree()
    let clock = ManualClock()
    let element = RemoteElement(tree: tree, name: "dialog")
    let wait = Task { try await element.waitForExistence(timeout: .seconds(5), using: Wait(clock: clock)) }
    try await clock.sleepers(atLeast: 1)

    await tree.disconnect()
    clock.advance(by: .milliseconds(100))

    await #expect(throws: RemoteTree.Unreachable()) { try await wait.value }
  }
}
