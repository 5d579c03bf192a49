// The promise matrix: every entry of the isolation matrix (the list
// `Scripts/check-isolation-matrix.py` checks against the public symbols, so
// that no public wait escapes either matrix), with each kind of error its
// probe can throw, on probe 1 and on probe 3, against the outcome the
// table of "Errors the wait retries" documents (#55). Its memory rows run
// in release, in Benchmarks/AsyncWaitPromiseMemory, which links this file.

@_spi(Tests) import AsyncWait

/// An error a scripted probe throws, of a kind the rule tells apart.
struct ScriptedProbeError: TransientError, Equatable, CustomStringConvertible {
  enum Kind: String, Sendable, CaseIterable {
    /// A `TransientError` that says so: every wait retries it.
    case transient
    /// An error the wait's `retryingErrors` names.
    case retried
    /// Any other error, thrown before the deadline: the condition's own.
    case own
    /// Any other error, thrown once the clock has passed the deadline.
    case outOfTime = "out of time"
    /// `CancellationError`, thrown by the probe (the wait's task is not
    /// cancelled).
    case cancellation
  }

  var kind: Kind
  var isTransient: Bool { kind == .transient }
  var description: String { "ScriptedProbeError(\(kind.rawValue))" }
}

/// What a wait of an entry promises about its probes' errors.
enum PromiseKind: Sendable {
  /// Waits for something: a retried error is "not yet".
  case eventually
  /// Holds a promise for a window: a probe that saw nothing breaks it.
  case hold
  /// An assertion block: an attempt's error is a failed attempt.
  case passing
  /// An assertion block held for a window: any failed attempt breaks it.
  case alwaysPassing
}

extension Entry {
  /// The public waits the isolation matrix exempts, each with the reason
  /// its errors and cancellation need no row here:
  /// `Scripts/check-isolation-matrix.py` fails when an isolation exemption
  /// is missing, or a key names none.
  static let promiseExemptions: [String: String] = [
    "AsyncWait.requireFirst(_:in:timeout:clock:where:)":
      "its predicate cannot throw; the sequence's error ends the wait (RequireFirstTests)",
    "AsyncWait.waitForFirst(in:timeout:clock:where:)":
      "its predicate cannot throw; the sequence's error ends the wait (RequireFirstTests)",
    "AsyncWait.WaitExpectation.wait(timeout:clock:)": "its probes count fulfillments, and cannot throw",
    "AsyncWait.WaitExpectation.require(timeout:clock:)": "its probes count fulfillments, and cannot throw",
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
      "a page's query through Wait.requireValue, a row here; its probes read the page's own root",
    "AsyncWaitATSPI.ATSPIApplication.click(_:timeout:)": atspiAction,
    "AsyncWaitATSPI.ATSPIApplication.type(_:into:timeout:)": atspiAction,
    "AsyncWaitBrowser.BrowserPage.waitForDialog(answering:timeout:during:)":
      "one Wait.requireValue, a row here, over the page's dialogs: its probes cannot throw (DialogTests)",
    "AsyncWaitBrowser.BrowserPage.waitForRequest(_:timeout:during:)": networkWait,
    "AsyncWaitBrowser.BrowserPage.waitForResponse(_:timeout:during:)": networkWait,
    "AsyncWaitBrowser.BrowserPage.waitForRequest(where:timeout:during:)": networkWait,
    "AsyncWaitBrowser.BrowserPage.waitForResponse(where:timeout:during:)": networkWait,
    "AsyncWaitBrowser.BrowserContext.waitForPage(timeout:during:)": openingWait,
    "AsyncWaitBrowser.BrowserPage.waitForPopup(timeout:during:)": openingWait,
    "AsyncWaitBrowser.BrowserPage.waitForDownload(timeout:during:)": openingWait,
    "AsyncWaitBrowser.BrowserPage.waitForFileChooser(timeout:during:)": openingWait,
    "AsyncWaitBrowser.BrowserPage.screenshot(of:toFile:timeout:)": browserAction,
  ]

  private static let networkWait =
    "one Wait.requireValue, a row here, over the page's requests; its predicate's errors are a probe's errors there (NetworkTests)"

  private static let openingWait =
    "one Wait.requireValue, a row here, over what the page opened: its probes cannot throw (OpeningsTests)"

  private static let browserAction =
    "its readiness is one Wait.requireValue, a row here, over the page's own reads"

  private static let atspiAction =
    "its readiness and the action are one Wait.requireValue, a row here, over the application's own reads"

  /// What the wait promises about its probes' errors; `nil` for an entry
  /// whose probe cannot throw, with ``probeCannotThrow`` saying why.
  var promiseKind: PromiseKind? {
    if probeCannotThrow != nil { return nil }
    switch self {
    case .never, .always, .requireNever, .requireAlways, .elementNever, .elementAlways, .elementRequireNever,
      .elementRequireAlways:
      return .hold
    case .requirePassing, .waitRequirePassing: return .passing
    case .requireAlwaysPassing: return .alwaysPassing
    default: return .eventually
    }
  }

  /// Why the entry's probe can throw no error of the script, or `nil`.
  var probeCannotThrow: String? {
    switch self {
    case .withWaitDefaults: "not a wait: its body runs once"
    case .elementWaitForToEqual, .elementRequireForToEqual:
      "its probe reads a key path of the element, which cannot throw"
    default: nil
    }
  }

  /// Whether the entry's failure reads its tree once more, to describe
  /// it: a read of the root provider the record counts as a probe.
  var readsTreeForItsFailure: Bool {
    switch self {
    case .locatorRequire, .queryRequireCount, .queryRequireTexts, .treeRequireForToEqual: true
    default: false
    }
  }

  /// Whether the entry takes a `Wait`, whose `retryingErrors` it honours:
  /// the free functions take none.
  var takesRetryingErrors: Bool {
    switch self {
    case .waitUntil, .requireEventually, .requireEventuallyToEqual, .requireEventuallyReadingToEqual,
      .requireEventuallyToSatisfy, .requirePassing:
      false
    default: true
    }
  }
}

/// How a run of the promise matrix ended, as far as the table tells apart.
enum PromiseOutcome: Equatable, CustomStringConvertible {
  /// The wait was decided at this probe: an eventually-style wait
  /// succeeded, a hold was broken.
  case decided(probes: Int)
  /// The wait ended undecided (timed out, or a hold held), after this many
  /// probes.
  case undecided(probes: Int)
  /// The wait threw the probe's error, after this many probes.
  case threw(ScriptedProbeError.Kind, probes: Int)
  /// The wait threw `CancellationError`, after this many probes.
  case cancelled(probes: Int)
  /// The wait threw something the table has no row for.
  case other(String)

  var description: String {
    switch self {
    case .decided(let probes): "decided at probe \(probes)"
    case .undecided(let probes): "ended undecided after \(probes) probes"
    case .threw(let kind, let probes): "threw the \(kind.rawValue) error after \(probes) probes"
    case .cancelled(let probes): "threw CancellationError after \(probes) probes"
    case .other(let error): "threw \(error)"
    }
  }
}

/// One row of the promise matrix: an entry whose probe throws an error of
/// a kind at a probe.
struct PromiseCase: Sendable, CustomStringConvertible {
  let entry: Entry
  let kind: ScriptedProbeError.Kind
  let probe: Int
  /// Whether the wait has `retryingErrors`, which makes it a wait with
  /// options: the loop's other path.
  let retries: Bool

  var description: String {
    "\(entry): the \(kind.rawValue) error at probe \(probe)\(retries ? ", with retryingErrors" : "")"
  }

  /// Every entry whose probe can throw, with every kind of error that
  /// applies to it, on probes 1 and 3; each with and without
  /// `retryingErrors` where the entry takes a `Wait` (a retried error only
  /// with it), so that both paths of the loop run every kind.
  static let all: [PromiseCase] = Entry.allCases.flatMap { entry -> [PromiseCase] in
    guard entry.promiseKind != nil else { return [] }
    return ScriptedProbeError.Kind.allCases.flatMap { kind -> [PromiseCase] in
      let paths: [Bool] =
        switch (entry.takesRetryingErrors, kind) {
        case (false, .retried): []
        case (false, _): [false]
        case (true, .retried): [true]
        case (true, _): [false, true]
        }
      return paths.flatMap { retries in
        [1, 3].map { PromiseCase(entry: entry, kind: kind, probe: $0, retries: retries) }
      }
    }
  }

  /// The documented outcome: the table of "Errors the wait retries".
  var expected: PromiseOutcome {
    let deciding = ProbeRecord.deciding
    switch (entry.promiseKind ?? .eventually, kind) {
    case (_, .cancellation):
      return .cancelled(probes: probe)
    case (.eventually, .transient), (.eventually, .retried):
      return .decided(probes: deciding)
    case (.eventually, .outOfTime):
      return .undecided(probes: entry.readsTreeForItsFailure ? probe + 1 : probe)
    case (.eventually, .own), (.hold, .own):
      return .threw(.own, probes: probe)
    case (.hold, _), (.alwaysPassing, _):
      return .decided(probes: probe)
    case (.passing, .outOfTime):
      // The attempt that ran out of time was a quiet one: one more runs
      // for real after the deadline, and passes from the deciding probe on.
      return probe + 1 >= deciding ? .decided(probes: probe + 1) : .undecided(probes: probe + 1)
    case (.passing, _):
      return .decided(probes: deciding)
    }
  }

  /// Runs the row from nonisolated code, on a manual clock, and says how it
  /// ended.
  func run() async -> PromiseOutcome {
    let clock = ManualClock()
    let error: any Error = kind == .cancellation ? CancellationError() : ScriptedProbeError(kind: kind)
    // Out of time: the probe's clock has passed the deadline when it throws.
    let outOfTime = kind == .outOfTime
    let before: @Sendable () -> Void = {
      if outOfTime { clock.advance(by: .seconds(1_000)) }
    }
    var retrying: (@Sendable (any Error) -> Bool)?
    if retries {
      retrying = { error in (error as? ScriptedProbeError)?.kind == .retried }
    }
    let retryingErrors = retrying
    let script = Script.throwAt(probe: probe, error: error, before: before)
    let matrixCase = MatrixCase(entry: entry, source: .manualClock)
    // With AsyncWaitTesting loaded (the TestRecording fixture), a failing
    // wait would record its failure: the rows fail on purpose.
    let (record, thrown) = await withWaitDefaults(recordsFailures: false) {
      await matrixCase.outcome(from: .neither, script: script, retrying: retryingErrors, manualClock: clock)
    }
    let probes = record.count
    switch thrown {
    case nil: return .decided(probes: probes)
    case is MatrixError, is WaitTimeoutError: return .undecided(probes: probes)
    case is CancellationError: return .cancelled(probes: probes)
    case let scripted as ScriptedProbeError: return .threw(scripted.kind, probes: probes)
    case let thrown?: return .other("\(thrown)")
    }
  }
}

/// One row of the cancellation promise: an entry whose wait is sleeping,
/// far from its next probe, when its task is cancelled.
struct CancellationCase: Sendable, CustomStringConvertible {
  let entry: Entry

  var description: String { "\(entry): its task cancelled while it sleeps" }

  /// Every entry that is a wait.
  static let all = Entry.allCases.filter { $0 != .withWaitDefaults }.map(CancellationCase.init)

  /// Runs the row: the wait probes, then sleeps toward a probe 10,000 s
  /// away (its triggers fall silent after four probes), or 1 ms away for a
  /// free function, which takes no triggers; its task is cancelled there.
  ///
  /// - Returns: What the wait threw, and how many probes ran.
  func run() async -> (thrown: (any Error)?, probes: Int) {
    let probed = AsyncStream.makeStream(of: Int.self)
    let source: Source = entry.sources.contains(.trigger) ? .trigger : .timer
    let wait = Task {
      // A wait that ends before its fourth probe ends the stream too: the
      // row fails rather than hangs.
      defer { probed.continuation.finish() }
      return await MatrixCase(entry: entry, source: source).outcome(
        from: .neither, script: .neverDecide(probed: { probed.continuation.yield($0) }))
    }
    for await count in probed.stream where count >= ProbeRecord.deciding { break }
    wait.cancel()
    let (record, thrown) = await wait.value
    return (thrown, record.count)
  }
}
