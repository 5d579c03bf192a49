/// An error that ends a wait whose condition did not hold before its timeout.
///
/// The throwing waits, such as ``requireEventually(_:timeout:pollingInterval:clock:isolation:callSite:fileID:filePath:line:column:_:)``,
/// throw this error instead of returning `false`. Its ``description`` reads as
/// a test failure: what was awaited, for how long, how often it was probed,
/// what the last probe saw, and where the wait was called.
///
/// ```
/// Timed out after 2 s waiting for "the server reports ready"
///   (21 probes over 2.001 s, polling every 100 ms on ContinuousClock)
///   at ServerTests/StartupTests.swift:14:15
/// ```
///
/// Inside a running test, a test target that depends on `AsyncWaitTesting`
/// records this message as the test's failure at the line that waited; see
/// <doc:using-the-waits-in-tests>.
public struct WaitTimeoutError: Error, Sendable, CustomStringConvertible {
  /// What the caller said it was waiting for, if anything.
  public var comment: String?
  /// The timeout the wait ran with: its own or the default, multiplied by
  /// ``timeoutScale``, and cut to the deadline of an enclosing scope when
  /// ``endedAtScopeDeadline`` says so.
  public var timeout: Duration
  /// The factor the timeout was multiplied by, from the environment variable
  /// `ASYNCWAIT_TIMEOUT_SCALE`; 1 when it is not set, when the wait's clock
  /// does not measure real time, or when the wait opted out
  /// (``Wait/scalesTimeout``).
  public var timeoutScale: Double
  /// Whether the wait ended at the deadline of an enclosing
  /// ``withWaitDefaults(timeout:actionTimeout:navigationTimeout:pollingInterval:deadline:recordsFailures:standstillLimit:nearTimeoutWarning:clock:isolation:_:)``
  /// scope rather than at its own timeout.
  public var endedAtScopeDeadline: Bool
  /// The wait's polling schedule, such as `every 100 ms`.
  public var schedule: PollingSchedule
  /// How many times the condition ran, including the final probe at the deadline.
  public var probeCount: Int
  /// The time from the start of the wait to the end of its last probe, on the wait's clock.
  public var elapsed: Duration
  /// The name of the clock the wait ran on, such as `ContinuousClock`.
  public var clockName: String
  /// What the last probe saw, when the wait could describe it: the last
  /// value of a value wait, or an element's state and a dump of its tree.
  public var lastObservation: String?
  /// Why the last probe failed, when the wait could say so in a phrase.
  ///
  /// The description's first line leads with it:
  /// `page.buttons["Save"] is not enabled; timed out after …`. A value
  /// wait sets it to its last value and the value it expected (`last value
  /// .loading, expected .loaded`); an action of `AsyncWaitBrowser`, to the
  /// check its element failed last; other waits leave it `nil`.
  public var cause: String?
  /// The last error the condition threw, when the wait retried errors.
  public var lastError: (any Error)?
  /// Where the wait was called.
  public var location: CallSite
  /// What ``cause`` and ``comment`` both begin with, when a wait says so:
  /// the headline then calls it "it" the second time.
  package var causeSubject: String?
  /// Whether the description answers an overrun with the bounded form.
  ///
  /// Only a wait on a closure that returns `Bool` has a form that cuts a
  /// probe off at the deadline (`{ remaining in … }`) to switch to. A wait
  /// on a query, a value, a sequence or a hold states the overrun alone,
  /// and so does the bounded form itself.
  package var advisesBoundedForm = false
  /// When the last probe started, from the start of the wait, when the wait
  /// knows it: past the deadline when the wait woke late or its clock
  /// jumped, which is not the probe's doing.
  package var lastProbeStart: Duration?
  /// Whether the clock measures real time; a virtual clock's time moves
  /// only when the test moves it, so a probe cannot run long on it.
  package var clockMeasuresRealTime = true

  /// Creates a timeout error.
  ///
  /// Waits create these; the initializer is public so that wrappers around
  /// this package can throw the same error, and it can set everything the
  /// description prints.
  ///
  /// - Parameters:
  ///   - comment: What was awaited, or `nil`.
  ///   - timeout: The timeout the wait ran with.
  ///   - timeoutScale: The factor the timeout was multiplied by; 1 by default.
  ///   - endedAtScopeDeadline: Whether a scope's deadline ended the wait;
  ///     `false` by default.
  ///   - schedule: The wait's polling schedule.
  ///   - probeCount: How many probes ran.
  ///   - elapsed: How long the wait took on its clock.
  ///   - clockName: The name of the wait's clock.
  ///   - lastObservation: What the last probe saw, or `nil`.
  ///   - lastError: The last error retried, or `nil`.
  ///   - location: Where the wait was called.
  public init(
    comment: String?,
    timeout: Duration,
    timeoutScale: Double = 1,
    endedAtScopeDeadline: Bool = false,
    schedule: PollingSchedule,
    probeCount: Int,
    elapsed: Duration,
    clockName: String,
    lastObservation: String? = nil,
    lastError: (any Error)? = nil,
    location: CallSite
  ) {
    self.comment = comment
    self.timeout = timeout
    self.timeoutScale = timeoutScale
    self.endedAtScopeDeadline = endedAtScopeDeadline
    self.schedule = schedule
    self.probeCount = probeCount
    self.elapsed = elapsed
    self.clockName = clockName
    self.lastObservation = lastObservation
    self.lastError = lastError
    self.location = location
  }

  /// How long after the deadline the last probe ended, when that explains
  /// a wait that took longer than its timeout.
  ///
  /// It is set when the overrun is more than a tenth of the timeout and
  /// more than 50 milliseconds, and `nil` otherwise. It is measured from the
  /// later of the deadline and the probe's start when the wait knows when
  /// its last probe started (the final probe at the deadline, and every
  /// probe of a wait that reads its place): a wait that woke late, or whose
  /// clock jumped, is not the probe's doing, and the description says so
  /// instead. On a clock that is not real time it is always `nil`: such a
  /// clock moves only when the test moves it.
  ///
  /// A probe that is running at the deadline runs to its end, so a probe
  /// that hangs makes the wait last as long as it does; the description
  /// then says so, and, for a wait on a closure that returns `Bool`, names
  /// the form of the wait that cuts a probe off.
  public var probeOverrun: Duration? {
    guard clockMeasuresRealTime else { return nil }
    let overrun = elapsed - max(timeout, lastProbeStart ?? timeout)
    return overrun > overrunNotice ? overrun : nil
  }

  /// The least overrun worth a line: a tenth of the timeout, and at least
  /// 50 milliseconds.
  private var overrunNotice: Duration { max(.milliseconds(50), timeout / 10) }

  /// The line that says why the wait took longer than its timeout when the
  /// probe is not why: its clock jumped past the deadline, or it woke late.
  private var lateLine: String? {
    if !clockMeasuresRealTime {
      guard elapsed - timeout > overrunNotice else { return nil }
      return "  the clock moved past the deadline to \(elapsed.shortDescription) in one advance; "
        + "a probe after a jump sees the state at the time jumped to"
    }
    guard let lastProbeStart, lastProbeStart - timeout > overrunNotice else { return nil }
    return "  the wait woke \((lastProbeStart - timeout).shortDescription) after the deadline "
      + "(a loaded machine, or a system that slept), and its last probe ran then"
  }

  /// A multi-line account of the timeout, written to be read as a test failure.
  public var description: String {
    let subject = comment.map { "\"\($0)\"" } ?? "a condition"
    let probes = probeCount == 1 ? "1 probe" : "\(probeCount) probes"
    var timeoutText = timeout.shortDescription
    if endedAtScopeDeadline {
      timeoutText += " (the deadline of the enclosing wait scope)"
    } else if timeoutScale != 1 {
      let unscaled = timeout.scaled(by: 1 / timeoutScale, atMost: timeout)
      timeoutText += " (\(unscaled.shortDescription) × timeout scale \(TimeoutScale.format(timeoutScale)))"
    }
    var headline = "timed out after \(timeoutText) waiting for \(subject)"
    if let cause, let causeSubject, let comment,
      cause.hasPrefix(causeSubject + " ") || cause.hasPrefix(causeSubject + "'s "),
      comment.hasPrefix(causeSubject + " ")
    {
      headline = "timed out after \(timeoutText) waiting for it\(comment.dropFirst(causeSubject.count))"
    }
    var lines = [
      cause.map { "\($0); \(headline)" } ?? "T" + headline.dropFirst(),
      "  (\(probes) over \(elapsed.shortDescription), polling \(schedule) on \(clockName))",
    ]
    if let lateLine {
      lines.append(lateLine)
    }
    if probeOverrun != nil {
      // A probe's time is the condition's and the machine's alike: a quick
      // condition on a loaded machine can be resumed late. The line says
      // both, and blames neither. It says when the probe ended, which a
      // late wake-up before it (said above) moves on too.
      let took = lastProbeStart.map { "took \((elapsed - $0).shortDescription) and " } ?? ""
      lines.append(
        "  the last probe \(took)ended \((elapsed - timeout).shortDescription) after the deadline "
          + "(a slow condition, or a machine too loaded to run it on time)")
      if advisesBoundedForm {
        lines.append(
          "  a condition that takes the time left (`{ remaining in … }`) is cancelled at the deadline instead"
        )
      }
    }
    if let lastError {
      // A multi-line error keeps its lines under its first.
      let errorLines = String(describing: lastError).split(separator: "\n", omittingEmptySubsequences: false)
      lines.append("  last error: \(errorLines.first ?? "")")
      lines += errorLines.dropFirst().map { "    \($0)" }
    }
    if let lastObservation {
      lines.append("  last observed:")
      for line in lastObservation.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append("    \(line)")
      }
    }
    lines.append("  at \(location)")
    return lines.joined(separator: "\n")
  }
}
