#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// The wait report: with `ASYNCWAIT_WAIT_REPORT` set to a path, every wait
/// that reports at a line appends one JSON line to that file, and the
/// process prints a summary of its waits to standard error as it exits.
///
/// The waits that report at a line are the throwing ones: `requireEventually`,
/// the `Wait` methods that take a `callSite:`, the element waits and the
/// browser's and AT-SPI's actions. The `Bool` forms (`waitUntil`,
/// `Wait.until`, `waitForExistence`) have no line and append nothing.
///
/// A line holds the running test (`null` outside one), the file, line and
/// column of the wait, what it waited for, its kind and outcome, its time,
/// timeout and timeout scale, its probes, and what woke the probe that
/// decided it. The article "Finding the wait that drifts toward its
/// timeout" shows the fields and how to read the reports of many runs.
///
/// The variable is read once, at the first wait; unset or empty, a wait
/// pays one check of a stored value for the report.
@usableFromInline
enum WaitReport {
  /// The environment variable that names the report's file.
  static let variableName = "ASYNCWAIT_WAIT_REPORT"

  /// The open report of this process, or `nil` when the variable is unset
  /// or empty.
  @usableFromInline static let file: File? = File.openFromEnvironment()

  /// What woke the probe that decided a wait.
  @usableFromInline
  enum Wake: String, Sendable {
    /// The wait's first probe decided it: nothing woke it.
    case firstProbe = "first probe"
    /// The schedule's sleep ran to its end.
    case timer
    /// A trigger (a change the wait was told of) ended the sleep.
    case trigger
  }

  /// What a wait's kind says of the share of its timeout it used.
  @usableFromInline
  enum Kind: String, Sendable {
    /// A wait for something to happen: the share of its timeout it used is
    /// its margin, and the summary ranks it.
    case eventually
    /// A never or always hold: it lasts its whole window by design.
    case hold
    /// A wait that lasts a minimum by design (stable-for, not-before).
    case minimum
  }

  /// How a wait ended.
  @usableFromInline
  enum Outcome: String, Sendable {
    /// It returned: its condition held, or its hold was kept.
    case passed
    /// Its timeout passed before its condition held.
    case timedOut = "timed out"
    /// It failed otherwise: its condition threw, its hold was broken, a
    /// not-before wait held too early, its clock failed or stood still.
    case failed
    /// Its task was cancelled.
    case cancelled
  }

  /// One wait, as its line in the report says it.
  struct Entry: Sendable {
    /// The running test's name, or `nil` outside a test.
    var test: String?
    /// Where the wait was called.
    var location: CallSite
    /// What it waited for: its comment, or what the wait says of itself;
    /// `nil` when it says nothing.
    var comment: String?
    var kind: Kind
    var outcome: Outcome
    var elapsed: Duration
    var timeout: Duration
    var scale: Double
    var probes: Int
    /// What woke the deciding probe; `nil` for a wait no probe decided.
    var wake: Wake?
    /// The clock's type name.
    var clock: String

    /// The share of its timeout the wait used, from 0; `nil` for a
    /// timeout of zero.
    var share: Double? {
      timeout > .zero ? max(0, elapsed / timeout) : nil
    }

    /// The entry's JSON line, without its line feed.
    var json: String {
      var fields: [(String, String)] = [
        ("test", test.map(Self.quoted) ?? "null"),
        ("file", Self.quoted(location.fileID)),
        ("line", "\(location.line)"),
        ("column", "\(location.column)"),
        ("wait", comment.map(Self.quoted) ?? "null"),
        ("kind", Self.quoted(kind.rawValue)),
        ("outcome", Self.quoted(outcome.rawValue)),
        ("elapsedMs", Self.milliseconds(elapsed)),
        ("timeoutMs", Self.milliseconds(timeout)),
      ]
      fields.append(("share", share.map { Self.number($0) } ?? "null"))
      fields += [
        ("scale", Self.number(scale)),
        ("probes", "\(probes)"),
        ("woke", wake.map { Self.quoted($0.rawValue) } ?? "null"),
        ("clock", Self.quoted(clock)),
      ]
      return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string of `text` (``appendJSONString(_:to:)``).
    static func quoted(_ text: String) -> String {
      var result = ""
      appendJSONString(text, to: &result)
      return result
    }

    /// A duration in milliseconds, to the microsecond, as a JSON number.
    static func milliseconds(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      let micros = Double(seconds) * 1_000_000 + Double(attoseconds) / 1e12
      return number(micros.rounded() / 1000)
    }

    /// A finite number as JSON reads it; `null` for one that is not.
    static func number(_ value: Double) -> String {
      guard value.isFinite else { return "null" }
      if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
      return "\((value * 10_000).rounded() / 10_000)"
    }
  }

  /// What the summary keeps of a process's waits: their counts, and the
  /// eventually-style waits that used the largest share of their timeout.
  struct Tally: Sendable {
    /// How many of the waits the summary lists.
    static let listed = 5

    var waits = 0
    var timedOut = 0
    var failed = 0
    /// The ranked waits with the largest shares, largest first.
    var largest: [Entry] = []

    /// Counts `entry`, and keeps it when it ranks among the largest.
    mutating func add(_ entry: Entry) {
      waits += 1
      switch entry.outcome {
      case .timedOut: timedOut += 1
      case .failed: failed += 1
      case .passed, .cancelled: break
      }
      guard entry.kind == .eventually, entry.outcome != .cancelled, let share = entry.share else { return }
      let index = largest.firstIndex { ($0.share ?? 0) < share } ?? largest.endIndex
      guard index < Self.listed else { return }
      largest.insert(entry, at: index)
      if largest.count > Self.listed { largest.removeLast() }
    }

    /// The summary printed as the process exits.
    ///
    /// - Parameter path: The report's file.
    /// - Returns: Its lines.
    func summary(path: String) -> String {
      let plural = waits == 1 ? "wait" : "waits"
      var lines = [
        "Wait report: \(waits) \(plural) in this process, \(timedOut) timed out, \(failed) failed; "
          + "one line each in \(path)"
      ]
      guard !largest.isEmpty else { return lines.joined(separator: "\n") }
      lines.append("The waits that used the largest share of their timeout:")
      for entry in largest {
        let percent = Int(((entry.share ?? 0) * 100).rounded(.down))
        let padded = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent) %"
        let scale = entry.scale == 1 ? "" : " × \(TimeoutScale.format(entry.scale))"
        let what = entry.outcome == .passed ? "" : ", \(entry.outcome.rawValue)"
        var line =
          "  \(padded)  \(entry.location.fileID):\(entry.location.line)  "
          + "\(entry.comment.map { "\"\($0)\"" } ?? "a condition"): "
          + "\(entry.elapsed.shortDescription) of \(entry.timeout.shortDescription)\(scale), "
          + "\(entry.probes == 1 ? "1 probe" : "\(entry.probes) probes")\(what)"
        if let test = entry.test { line += " (\(test))" }
        lines.append(line)
      }
      return lines.joined(separator: "\n")
    }
  }

  /// An open report: its file, and what this process's summary keeps.
  @usableFromInline
  final class File: Sendable {
    let path: String
    private let descriptor: Int32
    private let tally = Locked(Tally())

    private init(path: String, descriptor: Int32) {
      self.path = path
      self.descriptor = descriptor
    }

    /// The report the environment names, opened for appending, with its
    /// summary set to print at exit.
    ///
    /// - Returns: The report; `nil` when the variable is unset or empty,
    ///   or names a file that cannot be opened, which is said once on
    ///   standard error (the waits then run without a report).
    static func openFromEnvironment() -> File? {
      guard let value = getenv(WaitReport.variableName), value.pointee != 0 else { return nil }
      let path = String(cString: value)
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        let reason = String(cString: strerror(errno))
        WaitReport.printToStandardError(
          "AsyncWait: \(WaitReport.variableName)=\(path) cannot be opened (\(reason)); no wait report is written"
        )
        return nil
      }
      atexit { WaitReport.file?.printSummary() }
      return File(path: path, descriptor: descriptor)
    }

    /// Appends `entry`'s line with one `write` (a local file takes it
    /// whole; a short write is finished by another), and counts it.
    func append(_ entry: Entry) {
      var line = entry.json
      line += "\n"
      line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0, errno == EINTR { continue }
          guard written > 0 else { return }
          offset += written
        }
      }
      tally.withLock { $0.add(entry) }
    }

    /// Prints this process's summary to standard error.
    func printSummary() {
      WaitReport.printToStandardError(tally.withLock { $0 }.summary(path: path))
    }
  }

  /// Writes `text` and a line feed to standard error.
  static func printToStandardError(_ text: String) {
    var line = text
    line += "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }
}

extension Poller {
  /// Appends the line of a wait that expired, whose door decided its
  /// outcome after the loop, when there is a report.
  ///
  /// - Parameters:
  ///   - expiry: How the loop ended, with the probes the door ran after it.
  ///   - outcome: How the wait ended.
  ///   - comment: What it waited for, or `nil`.
  ///   - location: Where it was called.
  @usableFromInline
  func report(_ expiry: PollExpiry, _ outcome: WaitReport.Outcome, comment: String?, location: CallSite) {
    guard let file = WaitReport.file else { return }
    append(
      to: file, outcome, kind: .eventually, elapsed: expiry.elapsed, probes: expiry.probeCount, wake: nil,
      comment: comment, location: location)
  }

  /// Appends a wait's line to the report, when there is one.
  ///
  /// The one place a report line is made: each throwing wait's door calls
  /// it as the wait ends, with the outcome its caller will see.
  ///
  /// - Parameters:
  ///   - file: The report (``WaitReport/file``).
  ///   - outcome: How the wait ended.
  ///   - kind: What the share of its timeout means.
  ///   - elapsed: How long it took, on its clock.
  ///   - probes: How many probes ran.
  ///   - wake: What woke the deciding probe, or `nil`.
  ///   - comment: What it waited for, or `nil`.
  ///   - location: Where it was called.
  @usableFromInline @inline(never)
  func append(
    to file: WaitReport.File, _ outcome: WaitReport.Outcome, kind: WaitReport.Kind, elapsed: Duration,
    probes: Int, wake: WaitReport.Wake?, comment: String?, location: CallSite
  ) {
    file.append(
      WaitReport.Entry(
        test: FailureRecording.recorder.currentTestName(), location: location,
        comment: comment, kind: kind, outcome: outcome, elapsed: elapsed,
        timeout: timeout, scale: timing.scale, probes: probes, wake: wake, clock: String(describing: C.self)))
  }
}
