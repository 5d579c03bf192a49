// Runs the waits the docs draw as timelines, in virtual time on a manual
// clock, and prints what happened as JSON: every probe's start and end, and
// each wait's outcome. Scripts/make-pictures.py draws them.
//
//   swift run --package-path Benchmarks AsyncWaitTimelines > timelines.json

@_spi(Benchmarks) import AsyncWait
import Foundation

/// One probe as the wait ran it.
struct ProbeRecord: Encodable {
  var start: Double
  var end: Double
  var held: Bool
}

/// An instant a timeline marks besides its timeout, such as a not-before
/// minimum.
struct Mark: Encodable {
  var milliseconds: Double
  var label: String
}

/// One wait, drawn as one timeline.
struct Timeline: Encodable {
  var name: String
  var title: String
  var timeoutMilliseconds: Double
  var windowLabel: String
  var marks: [Mark] = []
  var probes: [ProbeRecord] = []
  var outcome = ""
}

func milliseconds(_ duration: Duration) -> Double { duration / .milliseconds(1) }

/// Runs `body` on a manual clock whose sleeps advance it, with a condition
/// that takes `probeTime` and answers `answer(t)` for a probe starting at `t`.
func run(
  _ name: String, _ title: String, timeout: Duration, window: String, marks: [Mark] = [],
  probeTime: Duration = .milliseconds(8),
  answer: @escaping @Sendable (Duration) -> Bool,
  _ body: (Wait<ManualClock>, @escaping () -> Bool) async throws -> String
) async -> Timeline {
  let clock = ManualClock(.advancesWhenSleeping)
  let records = Locked<[ProbeRecord]>([])
  let condition = { () -> Bool in
    let start = clock.now.offset
    clock.advance(by: probeTime)
    let held = answer(start)
    records.withLock {
      $0.append(ProbeRecord(start: milliseconds(start), end: milliseconds(clock.now.offset), held: held))
    }
    return held
  }
  var timeline = Timeline(
    name: name, title: title, timeoutMilliseconds: milliseconds(timeout), windowLabel: window, marks: marks)
  do {
    timeline.outcome = try await body(
      Wait(timeout: timeout, schedule: .fixed(.milliseconds(100)), clock: clock), condition)
  } catch let error as WaitTimeoutError {
    timeline.outcome = "timed out (\(error.probeCount) probes)"
  } catch let error as WaitViolationError {
    timeline.outcome = "violated at probe \(error.probeIndex)"
  } catch {
    timeline.outcome = "threw \(error)"
  }
  timeline.probes = records.withLock { $0 }
  return timeline
}

var timelines: [Timeline] = []
timelines.append(
  await run(
    "eventually-timeout", "waitUntil: 250 ms timeout, 100 ms interval, never true",
    timeout: .milliseconds(250),
    window: "timeout", answer: { _ in false }
  ) { wait, condition in try await wait.until { condition() } ? "held" : "timed out" })
timelines.append(
  await run(
    "eventually-success", "waitUntil: true from 230 ms, found by the final probe at the deadline",
    timeout: .milliseconds(250), window: "timeout", answer: { $0 >= .milliseconds(230) }
  ) { wait, condition in try await wait.until { condition() } ? "held" : "timed out" })
timelines.append(
  await run(
    "stable",
    "stable(for: 200 ms) within a 700 ms timeout: true from 100 ms, false from 200 to 250 ms, then true",
    timeout: .milliseconds(700), window: "timeout",
    answer: { ($0 >= .milliseconds(100) && $0 < .milliseconds(200)) || $0 >= .milliseconds(250) }
  ) { wait, condition in try await wait.stable(for: .milliseconds(200)) { condition() } ? "held" : "timed out"
  })
timelines.append(
  await run(
    "never", "never: a 500 ms window; the condition turns true at 350 ms", timeout: .milliseconds(500),
    window: "window", answer: { $0 >= .milliseconds(350) }
  ) { wait, condition in
    try await wait.requireNever { condition() }
    return "held"
  })
timelines.append(
  await run(
    "always", "always: a 300 ms window in which the condition holds throughout", timeout: .milliseconds(300),
    window: "window", answer: { _ in true }
  ) { wait, condition in
    try await wait.requireAlways { condition() }
    return "held"
  })
timelines.append(
  await run(
    "not-before", "require(notBefore: 200 ms): true from 50 ms, so it holds too early",
    timeout: .milliseconds(500), window: "timeout", marks: [Mark(milliseconds: 200, label: "minimum")],
    answer: { $0 >= .milliseconds(50) }
  ) { wait, condition in
    try await wait.require(notBefore: .milliseconds(200)) { condition() }
    return "held"
  })

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
print(String(decoding: try encoder.encode(timelines), as: UTF8.self))
