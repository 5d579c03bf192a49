// The isolation matrix: every public wait that runs the caller's code on its
// probes, run from the main actor, from an actor and from nonisolated code,
// woken by each source that can wake it, with the place of every probe
// recorded. Shared by two test targets (both link this one file): the root
// package's AsyncWaitElementsTests, which `swift test` runs, and the
// TestRecording fixture's IsolationMatrixTests, where AsyncWaitTesting is
// loaded and records failures, in Swift Testing and in XCTest.
//
// `Scripts/check-isolation-matrix.py` reads the public symbols (the symbol
// graphs DocC builds) and fails when a public wait is neither an `Entry`
// here nor listed in `exemptions`, so a new wait cannot slip past. It names
// a symbol by its module, its path and its argument labels, leaving out the
// caller's location (`callSite:fileID:filePath:line:column:`) and
// `isolation:`, which every wait takes, and adds the type of its last
// closure where two symbols would share a name.
//
// Over the house's 400 lines, for a reason: the script reads the entries
// from this one file, and a reader checks a new wait's entry against the
// places, sources and executors it runs under, which are declared here.

@_spi(Tests) import AsyncWait
import AsyncWaitElements
import Dispatch
import Foundation
import Observation

// MARK: - Where a probe ran

/// Where code ran, as far as the matrix tells places apart.
enum Place: String, Sendable, CustomStringConvertible {
  /// On the main actor.
  case main = "the main actor"
  /// On a `ProbeActor`.
  case probeActor = "a ProbeActor"
  /// On neither: the global executor, for nonisolated code.
  case neither = "no actor"

  var description: String { rawValue }

  private static let mainKey = DispatchSpecificKey<Bool>()
  fileprivate static let actorKey = DispatchSpecificKey<Bool>()
  /// Marks the main queue, where the main actor runs its jobs, once.
  private static let marked: Bool = {
    DispatchQueue.main.setSpecific(key: mainKey, value: true)
    return true
  }()

  /// Where the calling code runs now.
  static var current: Place {
    precondition(marked)
    if DispatchQueue.getSpecific(key: mainKey) == true { return .main }
    if DispatchQueue.getSpecific(key: actorKey) == true { return .probeActor }
    return .neither
  }
}

/// Runs a `ProbeActor`'s jobs on a queue of its own, marked, so that a probe
/// can tell that it runs on the actor without asserting (an assertion would
/// end the test process at the first wrong probe).
final class MarkedQueueExecutor: SerialExecutor {
  private let queue = DispatchQueue(label: "IsolationMatrix.ProbeActor")

  init() {
    queue.setSpecific(key: Place.actorKey, value: true)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// An actor of the user's, whose waits must probe on it.
actor ProbeActor {
  private let executor = MarkedQueueExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Runs `entry` from this actor's isolation.
  func run<C: Clock>(_ entry: Entry, _ env: Env<C>) async throws where C.Duration == Duration {
    try await entry.run(env)
  }
}

// MARK: - What a probe records

/// What the probes of a run do: decide at a probe, or throw at one first.
///
/// The isolation matrix decides at the fourth probe; the promise matrix
/// (PromiseMatrix.swift) throws each kind of error at a probe, or decides
/// only after a hundred thousand.
enum Script: Sendable {
  /// Every probe from this one on decides the run.
  case decideAt(Int)
  /// Probe `probe` runs `before`, then throws `error`; the others decide
  /// from the fourth on.
  case throwAt(probe: Int, error: any Error, before: @Sendable () -> Void)
  /// No probe decides; each tells `probed` its number.
  case neverDecide(probed: @Sendable (Int) -> Void)
}

/// The record of one run: every probe's place, and how many ran.
final class ProbeRecord: Sendable {
  /// Where every probe should run.
  let expected: Place
  /// What the probes do.
  let script: Script
  private let state = Locked<(count: Int, misplaced: [String])>((0, []))

  init(expected: Place, script: Script = .decideAt(ProbeRecord.deciding)) {
    self.expected = expected
    self.script = script
  }

  /// Records a probe; returns its number, counting from 1.
  @discardableResult
  func probe() -> Int {
    let place = Place.current
    return state.withLock { state in
      state.count += 1
      if place != expected { state.misplaced.append("probe \(state.count) ran on \(place)") }
      return state.count
    }
  }

  /// Records a probe; returns whether it decides the run (by default the
  /// fourth: three wake-ups after the first probe), or throws the
  /// script's error.
  func decides() throws -> Bool {
    let count = probe()
    switch script {
    case .decideAt(let deciding):
      return count >= deciding
    case .throwAt(let probe, let error, let before):
      if count == probe {
        before()
        throw error
      }
      return count >= ProbeRecord.deciding
    case .neverDecide(let probed):
      probed(count)
      return false
    }
  }

  /// Records a probe, or throws the script's error; returns its number,
  /// counting from 1, when it decides the run, and 0 when not.
  func counted() throws -> Int {
    try decides() ? count : 0
  }

  /// The probe that decides a run.
  static let deciding = 4

  var count: Int { state.withLock { $0.count } }
  var misplaced: [String] { state.withLock { $0.misplaced } }
}

/// Observable state that the matrix's driver changes from another task: an
/// `Observable` of its own, with its value under a lock, so that it is
/// `Sendable` without a data race.
final class Ticker: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let storage = Locked(0)

  var ticks: Int {
    registrar.access(self, keyPath: \.ticks)
    return storage.withLock { $0 }
  }

  func tick() {
    registrar.withMutation(of: self, keyPath: \.ticks) { storage.withLock { $0 += 1 } }
  }
}

/// An element type of the user's, whose properties are read on the probes.
final class ProbeElement: WaitableElement, Sendable {
  let record: ProbeRecord
  let triggers: [WaitTrigger]
  /// Whether the element goes away at the deciding probe, rather than appear.
  let vanishes: Bool

  init(record: ProbeRecord, triggers: [WaitTrigger], vanishes: Bool = false) {
    self.record = record
    self.triggers = triggers
    self.vanishes = vanishes
  }

  /// Appears, or goes away, at the deciding probe.
  var exists: Bool {
    get throws { try record.decides() != vanishes }
  }
  /// Becomes true at the deciding probe; a key path cannot throw, so the
  /// script's error is not seen here (``Entry/probeThrows``).
  var isReady: Bool { (try? record.decides()) ?? false }
  /// Becomes true at the deciding probe, or throws the script's error.
  func ready() throws -> Bool { try record.decides() }
  var elementDescription: String { "the probe element" }
}

/// Thrown by a run whose wait ended other than the matrix expects.
struct MatrixError: Error, CustomStringConvertible {
  let description: String
}

/// Thrown by an assertion block's attempt that is not yet passing.
struct NotYet: Error {}

// MARK: - What wakes a wait

/// What wakes the wait between probes.
enum Source: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Its own timer, on `ContinuousClock`: the process's timer thread.
  case timer
  /// A `ManualClock` that the driver advances: a timer queue of the wait's own.
  case manualClock = "ManualClock advance"
  /// A `WaitTrigger` in the `Wait`; the interval is too long to end a sleep.
  case trigger
  /// A change to what an observed condition read.
  case observation
  /// A change to the element tree: the element's own triggers.
  case treeChange = "element tree change"

  var description: String { rawValue }
}

/// Everything one run uses: the wait's configuration for its source, and
/// what the probes read.
struct Env<C: Clock>: Sendable where C.Duration == Duration {
  let source: Source
  let record: ProbeRecord
  let clock: C
  let timeout: Duration
  let interval: Duration
  /// The configuration of the run, with the source's trigger when it has one.
  let wait: Wait<C>
  let ticker: Ticker
  /// An element of the user's type, with the tree's trigger for `.treeChange`.
  let element: ProbeElement
  /// An element of the user's type that goes away at the deciding probe.
  let vanishing: ProbeElement
  /// The root of a tree whose root provider records each probe, with the
  /// tree's trigger for `.treeChange`.
  let app: TreeElement<ElementNode>
}

// MARK: - The entries

/// The public waits that run the caller's code on their probes, each named
/// by its symbol as `Scripts/check-isolation-matrix.py` names it.
enum Entry: String, Sendable, CaseIterable, CustomStringConvertible {
  // AsyncWait: the free functions.
  case waitUntil = "AsyncWait.waitUntil(timeout:pollingInterval:clock:_:)"
  case requireEventually =
    "AsyncWait.requireEventually(_:timeout:pollingInterval:clock:_:)"
  case requireEventuallyToEqual =
    "AsyncWait.requireEventually(_:for:toEqual:timeout:pollingInterval:clock:)"
  case requireEventuallyReadingToEqual =
    "AsyncWait.requireEventually(_:reading:toEqual:timeout:pollingInterval:clock:)"
  case requireEventuallyToSatisfy =
    "AsyncWait.requireEventually(_:for:timeout:pollingInterval:clock:toSatisfy:)"
  case requirePassing =
    "AsyncWait.requirePassing(_:timeout:pollingInterval:clock:_:)"
  case withWaitDefaults =
    "AsyncWait.withWaitDefaults(timeout:actionTimeout:navigationTimeout:pollingInterval:deadline:recordsFailures:standstillLimit:nearTimeoutWarning:clock:_:)"
  // AsyncWait: a Wait's methods.
  case waitUntilMethod = "AsyncWait.Wait.until(_:) [() async throws -> Bool]"
  case waitRequire = "AsyncWait.Wait.require(_:_:) [() async throws -> Bool]"
  case waitUntilRemaining = "AsyncWait.Wait.until(_:) [(Duration) async throws -> Bool]"
  case waitRequireRemaining = "AsyncWait.Wait.require(_:_:) [(Duration) async throws -> Bool]"
  case waitRequireValue = "AsyncWait.Wait.requireValue(_:observation:_:)"
  case waitRequireForToEqual =
    "AsyncWait.Wait.require(_:for:toEqual:observation:)"
  case waitRequireForToSatisfy =
    "AsyncWait.Wait.require(_:for:observation:toSatisfy:)"
  case waitRequireReadingToEqual =
    "AsyncWait.Wait.require(_:reading:toEqual:observation:)"
  case stable = "AsyncWait.Wait.stable(for:_:)"
  case requireStable = "AsyncWait.Wait.requireStable(_:for:_:)"
  case never = "AsyncWait.Wait.never(_:)"
  case always = "AsyncWait.Wait.always(_:)"
  case requireNever = "AsyncWait.Wait.requireNever(_:_:)"
  case requireAlways = "AsyncWait.Wait.requireAlways(_:_:)"
  case untilNotBefore = "AsyncWait.Wait.until(notBefore:_:)"
  case requireNotBefore = "AsyncWait.Wait.require(_:notBefore:_:)"
  case untilObserved = "AsyncWait.Wait.untilObserved(_:)"
  case requireObserved = "AsyncWait.Wait.requireObserved(_:_:)"
  case waitRequirePassing = "AsyncWait.Wait.requirePassing(_:_:)"
  case requireAlwaysPassing = "AsyncWait.Wait.requireAlwaysPassing(_:_:)"
  // AsyncWaitElements: any element type's waits.
  case elementWait = "AsyncWaitElements.WaitableElement.wait(timeout:pollingInterval:using:until:)"
  case elementRequire =
    "AsyncWaitElements.WaitableElement.require(_:timeout:pollingInterval:using:until:)"
  case waitForExistence = "AsyncWaitElements.WaitableElement.waitForExistence(timeout:pollingInterval:using:)"
  case waitForNonExistence =
    "AsyncWaitElements.WaitableElement.waitForNonExistence(timeout:pollingInterval:using:)"
  case requireExistence =
    "AsyncWaitElements.WaitableElement.requireExistence(_:timeout:pollingInterval:using:)"
  case requireNonExistence =
    "AsyncWaitElements.WaitableElement.requireNonExistence(_:timeout:pollingInterval:using:)"
  case elementNever = "AsyncWaitElements.WaitableElement.never(for:pollingInterval:using:_:)"
  case elementAlways = "AsyncWaitElements.WaitableElement.always(for:pollingInterval:using:_:)"
  case elementRequireNever =
    "AsyncWaitElements.WaitableElement.requireNever(_:for:pollingInterval:using:_:)"
  case elementRequireAlways =
    "AsyncWaitElements.WaitableElement.requireAlways(_:for:pollingInterval:using:_:)"
  case elementWaitForToEqual =
    "AsyncWaitElements.WaitableElement.wait(for:toEqual:timeout:pollingInterval:using:)"
  case elementRequireForToEqual =
    "AsyncWaitElements.WaitableElement.require(_:for:toEqual:timeout:pollingInterval:using:)"
  // AsyncWaitElements: waits on a tree's elements and queries, whose root
  // provider runs on every probe.
  case locatorWaitFor = "AsyncWaitElements.ElementLocator.wait(for:timeout:pollingInterval:using:)"
  case locatorRequire =
    "AsyncWaitElements.ElementLocator.require(_:_:timeout:pollingInterval:using:)"
  case queryWaitForCount = "AsyncWaitElements.ElementQuery.wait(forCount:timeout:pollingInterval:using:)"
  case queryRequireCount =
    "AsyncWaitElements.ElementQuery.require(count:_:timeout:pollingInterval:using:)"
  case queryRequireTexts =
    "AsyncWaitElements.ElementQuery.require(texts:_:timeout:pollingInterval:using:)"
  case treeWaitForToEqual = "AsyncWaitElements.TreeElement.wait(for:toEqual:timeout:pollingInterval:using:)"
  case treeRequireForToEqual =
    "AsyncWaitElements.TreeElement.require(_:for:toEqual:timeout:pollingInterval:using:)"

  var description: String { rawValue }

  /// The public symbols that take a condition, a value or an element but are
  /// not entries, and why: the completeness check accepts them only as
  /// listed here.
  static let exemptions: [String: String] = [
    "AsyncWait.requireFirst(_:in:timeout:clock:where:)":
      "the predicate is @Sendable and synchronous: it can read no actor's state; the probes read the iteration's record",
    "AsyncWait.waitForFirst(in:timeout:clock:where:)":
      "the predicate is @Sendable and synchronous: it can read no actor's state; the probes read the iteration's record",
    "AsyncWait.WaitExpectation.wait(timeout:clock:)":
      "runs no caller code on its probes: they count fulfillments",
    "AsyncWait.WaitExpectation.require(timeout:clock:)":
      "runs no caller code on its probes: they count fulfillments",
    "AsyncWaitBrowser.BrowserPage.click(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.doubleClick(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.hover(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.check(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.uncheck(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.type(_:into:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.fill(_:with:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.clear(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.press(_:on:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.focus(_:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.selectOption(_:in:timeout:)": browserAction,
    "AsyncWaitBrowser.BrowserPage.setInputFiles(_:on:timeout:) [[String]]": browserAction,
    "AsyncWaitBrowser.BrowserPage.setInputFiles(_:on:timeout:) [[FilePayload]]": browserAction,
    "AsyncWaitBrowser.BrowserPage.dispatchEvent(_:on:eventInit:timeout:)": browserAction,
    "AsyncWaitBrowser.ElementQuery.require(classes:_:timeout:pollingInterval:using:)":
      "a page's query: its root provider is the page's own, and it reads the matches' classes; it runs no caller code",
    "AsyncWaitATSPI.ATSPIApplication.click(_:timeout:)": atspiAction,
    "AsyncWaitATSPI.ATSPIApplication.type(_:into:timeout:)": atspiAction,
    "AsyncWaitBrowser.BrowserPage.waitForDialog(answering:timeout:during:)": dialogWait,
    "AsyncWaitBrowser.BrowserPage.waitForRequest(_:timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.waitForResponse(_:timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.waitForRequest(where:timeout:during:)": predicateWait,
    "AsyncWaitBrowser.BrowserPage.waitForResponse(where:timeout:during:)": predicateWait,
    "AsyncWaitBrowser.BrowserContext.waitForPage(timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.waitForPopup(timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.waitForDownload(timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.waitForFileChooser(timeout:during:)": eventWait,
    "AsyncWaitBrowser.BrowserPage.screenshot(of:toFile:timeout:)": browserAction,
  ]

  private static let browserAction =
    "an action: it takes a page's element, whose root provider is the page's own; it runs no caller code"
  private static let dialogWait =
    "runs its step once, before it waits, in the caller's isolation (DialogTests); its probes read the page's dialogs"
  private static let eventWait =
    "runs its step once, before it waits, in the caller's isolation (OpeningsTests, NetworkTests); its probes read the page's events"
  private static let predicateWait =
    "runs its step once, then its predicate on every probe, in the caller's isolation (NetworkTests: from the main actor)"
  private static let atspiAction =
    "an action: it takes an application's element, whose root provider is the application's own; it runs no caller code"

  /// The sources that can wake this entry's wait.
  var sources: [Source] {
    switch self {
    case .withWaitDefaults:
      // Not a wait: its body runs once, in the caller's isolation.
      return [.timer]
    case .waitUntil, .requireEventually, .requireEventuallyToEqual, .requireEventuallyReadingToEqual,
      .requireEventuallyToSatisfy, .requirePassing:
      // They take no triggers.
      return [.timer, .manualClock]
    case .untilObserved, .requireObserved:
      return [.timer, .manualClock, .trigger, .observation]
    case .elementWait, .elementRequire, .waitForExistence, .waitForNonExistence, .requireExistence,
      .requireNonExistence, .elementNever, .elementAlways, .elementRequireNever, .elementRequireAlways,
      .elementWaitForToEqual, .elementRequireForToEqual, .locatorWaitFor, .locatorRequire, .queryWaitForCount,
      .queryRequireCount, .queryRequireTexts, .treeWaitForToEqual, .treeRequireForToEqual:
      return [.timer, .manualClock, .trigger, .treeChange]
    default:
      return [.timer, .manualClock, .trigger]
    }
  }

  /// How many probes a run of this entry makes: one for a scope, at least
  /// the deciding probe for a wait.
  var minimumProbes: Int { self == .withWaitDefaults ? 1 : ProbeRecord.deciding }

  /// Runs this entry's wait once, in the caller's isolation, until its
  /// deciding probe; throws `MatrixError` when it ends otherwise.
  ///
  /// Every eventually-style wait is decided at the fourth probe; every hold
  /// is broken at it (a hold cannot end sooner than its window otherwise).
  /// A failing throwing wait runs with `recordsFailures: false`, so that
  /// the test does not fail for the failure it meant.
  func run<C: Clock>(
    _ env: Env<C>, isolation: isolated (any Actor)? = #isolation
  ) async throws where C.Duration == Duration {
    let record = env.record
    let wait = env.wait
    let (timeout, interval, clock) = (env.timeout, env.interval, env.clock)
    let element = env.element
    let go = env.app.buttons["go"]
    func expect(_ result: Bool, _ wanted: Bool) throws {
      guard result == wanted else { throw MatrixError(description: "\(self) returned \(result)") }
    }
    func expectViolation(_ body: () async throws -> Void) async throws {
      do {
        try await AsyncWait.withWaitDefaults(recordsFailures: false, isolation: isolation) {
          try await body()
        }
      } catch is WaitViolationError {
        return
      }
      throw MatrixError(description: "\(self) did not report the violation at the deciding probe")
    }
    switch self {
    case .waitUntil:
      try expect(
        try await AsyncWait.waitUntil(timeout: timeout, pollingInterval: interval, clock: clock) {
          try record.decides()
        }, true)
    case .requireEventually:
      try await AsyncWait.requireEventually(timeout: timeout, pollingInterval: interval, clock: clock) {
        try record.decides()
      }
    case .requireEventuallyToEqual:
      try await AsyncWait.requireEventually(
        for: try record.decides(), toEqual: true, timeout: timeout, pollingInterval: interval, clock: clock)
    case .requireEventuallyReadingToEqual:
      try await AsyncWait.requireEventually(
        reading: { try record.decides() }, toEqual: true, timeout: timeout, pollingInterval: interval,
        clock: clock)
    case .requireEventuallyToSatisfy:
      try await AsyncWait.requireEventually(
        for: try record.counted(), timeout: timeout, pollingInterval: interval, clock: clock
      ) { $0 >= ProbeRecord.deciding }
    case .requirePassing:
      try await AsyncWait.requirePassing(timeout: timeout, pollingInterval: interval, clock: clock) {
        if try !record.decides() { throw NotYet() }
      }
    case .withWaitDefaults:
      await AsyncWait.withWaitDefaults(timeout: timeout) { _ = record.probe() }
    case .waitUntilMethod:
      try expect(try await wait.until { try record.decides() }, true)
    case .waitRequire:
      try await wait.require { try record.decides() }
    case .waitUntilRemaining:
      // The condition runs in a child task, isolated to the actor it was
      // formed on: here, the one it names (a test's `@MainActor` closure is
      // isolated to the main actor without naming it).
      try expect(
        try await wait.until { _ in
          _ = isolation
          return try record.decides()
        }, true)
    case .waitRequireRemaining:
      try await wait.require { _ in
        _ = isolation
        return try record.decides()
      }
    case .waitRequireValue:
      _ = try await wait.requireValue { try record.decides() ? "done" : nil }
    case .waitRequireForToEqual:
      try await wait.require(for: try record.decides(), toEqual: true)
    case .waitRequireForToSatisfy:
      try await wait.require(for: try record.counted()) { $0 >= ProbeRecord.deciding }
    case .waitRequireReadingToEqual:
      try await wait.require(reading: { try record.decides() }, toEqual: true)
    case .stable:
      try expect(try await wait.stable(for: .zero) { try record.decides() }, true)
    case .requireStable:
      try await wait.requireStable(for: .zero) { try record.decides() }
    case .never:
      try expect(try await wait.never { try record.decides() }, false)
    case .always:
      try expect(try await wait.always { try !record.decides() }, false)
    case .requireNever:
      try await expectViolation { try await wait.requireNever(isolation: isolation) { try record.decides() } }
    case .requireAlways:
      try await expectViolation {
        try await wait.requireAlways(isolation: isolation) { try !record.decides() }
      }
    case .untilNotBefore:
      try expect(try await wait.until(notBefore: .zero) { try record.decides() }, true)
    case .requireNotBefore:
      try await wait.require(notBefore: .zero) { try record.decides() }
    case .untilObserved:
      let ticker = env.ticker
      try expect(
        try await wait.untilObserved {
          _ = ticker.ticks
          return try record.decides()
        }, true)
    case .requireObserved:
      let ticker = env.ticker
      try await wait.requireObserved {
        _ = ticker.ticks
        return try record.decides()
      }
    case .waitRequirePassing:
      try await wait.requirePassing { if try !record.decides() { throw NotYet() } }
    case .requireAlwaysPassing:
      try await expectViolation {
        try await wait.requireAlwaysPassing(isolation: isolation) {
          if try record.decides() { throw NotYet() }
        }
      }
    case .elementWait:
      try expect(try await element.wait(using: wait) { try $0.ready() }, true)
    case .elementRequire:
      try await element.require(using: wait) { try $0.ready() }
    case .waitForExistence:
      try expect(try await element.waitForExistence(using: wait), true)
    case .waitForNonExistence:
      try expect(try await env.vanishing.waitForNonExistence(using: wait), true)
    case .requireExistence:
      try await element.requireExistence(using: wait)
    case .requireNonExistence:
      try await env.vanishing.requireNonExistence(using: wait)
    case .elementNever:
      try expect(try await element.never(using: wait) { try $0.ready() }, false)
    case .elementAlways:
      try expect(try await element.always(using: wait) { try !$0.ready() }, false)
    case .elementRequireNever:
      try await expectViolation {
        try await element.requireNever(using: wait, isolation: isolation) { try $0.ready() }
      }
    case .elementRequireAlways:
      try await expectViolation {
        try await element.requireAlways(using: wait, isolation: isolation) { try !$0.ready() }
      }
    case .elementWaitForToEqual:
      try expect(try await element.wait(for: \.isReady, toEqual: true, using: wait), true)
    case .elementRequireForToEqual:
      try await element.require(for: \.isReady, toEqual: true, using: wait)
    case .locatorWaitFor:
      try expect(try await go.wait(for: .enabled, using: wait), true)
    case .locatorRequire:
      try await go.require(.enabled, using: wait)
    case .queryWaitForCount:
      try expect(try await env.app.staticTexts.wait(forCount: 1, using: wait), true)
    case .queryRequireCount:
      try await env.app.staticTexts.require(count: 1, using: wait)
    case .queryRequireTexts:
      try await env.app.staticTexts.require(texts: ["done"], using: wait)
    case .treeWaitForToEqual:
      try expect(try await go.wait(for: \.isEnabled, toEqual: true, using: wait), true)
    case .treeRequireForToEqual:
      try await go.require(for: \.isEnabled, toEqual: true, using: wait)
    }
  }
}

// MARK: - Running a case

/// One cell of the matrix: an entry, woken by a source, called from a place.
struct MatrixCase: Sendable, CustomStringConvertible {
  let entry: Entry
  let source: Source

  var description: String { "\(entry), woken by \(source)" }

  /// Every entry with every source that can wake it.
  static let all: [MatrixCase] = Entry.allCases.flatMap { entry in
    entry.sources.map { MatrixCase(entry: entry, source: $0) }
  }

  /// How many times the isolation matrix called each entry in this process,
  /// printed at exit for `Scripts/check-wait-report.py`, which holds each
  /// entry's wait report lines to that number: one line a call, never two.
  static let calls: Locked<[String: Int]> = {
    atexit {
      let counts = MatrixCase.calls.withLock { $0 }
      guard !counts.isEmpty else { return }
      let members = counts.keys.sorted().map { "\"\($0)\": \(counts[$0]!)" }
      let line = "\nIsolation matrix calls: {\(members.joined(separator: ", "))}\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return Locked([:])
  }()

  /// Runs the case from `place`: the main actor, a fresh `ProbeActor`, or
  /// nonisolated code; returns what went wrong, or `nil`.
  func run(from place: Place) async -> String? {
    Self.calls.withLock { $0[entry.rawValue, default: 0] += 1 }
    let (record, error) = await outcome(from: place)
    if let error { return "\(self), from \(place): threw \(error)" }
    var problems = record.misplaced
    if record.count < entry.minimumProbes {
      problems.append("only \(record.count) probes ran, \(entry.minimumProbes) expected")
    }
    return problems.isEmpty ? nil : "\(self), from \(place): " + problems.joined(separator: "; ")
  }

  /// Runs the case from `place` with the probes' `script`; returns the
  /// record of the probes, and what the wait threw, if anything
  /// (`MatrixError` when it returned other than the matrix expects of a
  /// deciding probe).
  ///
  /// - Parameters:
  ///   - place: Where the wait is called from.
  ///   - script: What the probes do.
  ///   - retrying: The wait's `retryingErrors`, for the entries that take
  ///     a `Wait`.
  ///   - manualClock: The clock of a `.manualClock` run.
  /// - Returns: The record of the probes, and what the wait threw.
  func outcome(
    from place: Place, script: Script = .decideAt(ProbeRecord.deciding),
    retrying: (@Sendable (any Error) -> Bool)? = nil, manualClock: ManualClock = ManualClock()
  ) async -> (record: ProbeRecord, error: (any Error)?) {
    let record = ProbeRecord(expected: place, script: script)
    let ticker = Ticker()
    let tree = NodeTree()
    let trigger = WaitTrigger()
    // The tree's trigger wakes the element waits woken by a tree change; the
    // root provider records each probe and shows the tree it decides on.
    let treeTriggers = source == .treeChange ? [tree.trigger] : []
    let element = ProbeElement(record: record, triggers: treeTriggers)
    let vanishing = ProbeElement(record: record, triggers: treeTriggers, vanishes: true)
    let app = TreeElement<ElementNode>("app", triggers: treeTriggers) {
      let decided = try record.decides()
      return ElementNode(
        .window,
        children: [ElementNode(.button, identifier: "go", isEnabled: decided)]
          + (decided ? [ElementNode(.staticText, label: "done")] : []))
    }
    let stop = Locked(false)
    // Wakes the wait from outside until the case ends. The real-clock pause
    // only paces the driver so that it does not spin a core: the matrix
    // checks where each probe ran and what the wait returned, never how
    // soon, so a loaded machine that stretches the pause changes nothing.
    func drive(_ wake: @escaping @Sendable () -> Void) -> Task<Void, Never> {
      Task.detached {
        while !stop.withLock({ $0 }) {
          wake()
          try? await Task.sleep(for: .milliseconds(1))
        }
      }
    }
    let outcome: (any Error)?
    switch source {
    case .timer:
      let clock = ContinuousClock()
      outcome = await run(
        Env(
          source: source, record: record, clock: clock, timeout: .seconds(60), interval: .milliseconds(1),
          wait: Wait(
            timeout: .seconds(60), schedule: .fixed(.milliseconds(1)), retryingErrors: retrying, clock: clock),
          ticker: ticker,
          element: element, vanishing: vanishing, app: app), from: place)
    case .manualClock:
      let clock = manualClock
      // Only the interval's sleeps are ended: a sleep toward the deadline
      // (a bounded probe's race) is left alone.
      let driver = drive {
        if let next = clock.sleepingDeadlines.first, next <= clock.now.advanced(by: .seconds(1)),
          record.count < ProbeRecord.deciding
        {
          clock.advance(to: next)
        }
      }
      outcome = await run(
        Env(
          source: source, record: record, clock: clock, timeout: .seconds(1_000), interval: .seconds(1),
          wait: Wait(
            timeout: .seconds(1_000), schedule: .fixed(.seconds(1)), retryingErrors: retrying, clock: clock),
          ticker: ticker,
          element: element, vanishing: vanishing, app: app), from: place)
      stop.withLock { $0 = true }
      await driver.value
    case .trigger, .observation, .treeChange:
      // An interval no test waits for: only the source wakes the wait.
      let clock = ContinuousClock()
      let triggers = source == .trigger ? [trigger] : []
      let source = self.source
      let driver = drive {
        guard record.count < ProbeRecord.deciding else { return }
        switch source {
        case .trigger: trigger.fire()
        case .observation: ticker.tick()
        default: tree.update { _ in }
        }
      }
      outcome = await run(
        Env(
          source: source, record: record, clock: clock, timeout: .seconds(100_000),
          interval: .seconds(10_000),
          wait: Wait(
            timeout: .seconds(100_000), schedule: .fixed(.seconds(10_000)), triggers: triggers,
            retryingErrors: retrying, clock: clock),
          ticker: ticker, element: element, vanishing: vanishing, app: app), from: place)
      stop.withLock { $0 = true }
      await driver.value
    }
    return (record, outcome)
  }

  private func run<C: Clock>(_ env: Env<C>, from place: Place) async -> (any Error)?
  where C.Duration == Duration {
    do {
      switch place {
      case .main: try await Self.runOnMainActor(entry, env)
      case .probeActor: try await ProbeActor().run(entry, env)
      case .neither: try await Self.runNonisolated(entry, env)
      }
      return nil
    } catch {
      return error
    }
  }

  @MainActor
  private static func runOnMainActor<C: Clock>(_ entry: Entry, _ env: Env<C>) async throws
  where C.Duration == Duration {
    try await entry.run(env)
  }

  private static func runNonisolated<C: Clock>(_ entry: Entry, _ env: Env<C>) async throws
  where C.Duration == Duration {
    try await entry.run(env)
  }
}
