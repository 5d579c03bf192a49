// AsyncWaitStress: runs many waits with random outcomes across all cores and
// checks that every wait returns exactly once, with the outcome its script
// says, and that memory comes back to where it was.
//
//   swift run -c release AsyncWaitStress [--waits N] [--concurrency N] [--rounds N] [--check-memory]
//
// CI runs it in release with --check-memory, and under AddressSanitizer, whose
// LeakSanitizer reports any leak when the process exits.

@_spi(Benchmarks) import AsyncWait
import AsyncWaitElements
import Observation
import StressSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a wait is scripted to do, and so what it must end with.
enum Script: CaseIterable {
  case holdsAfterAFewProbes
  case neverHolds
  case throwsOnAProbe
  case cancelsItselfOnAProbe
  case wokenByATrigger
  case elementAppears
}

enum Outcome: Hashable {
  case held
  case timedOut
  case threw
  case cancelled
}

struct StressError: Error {}

/// A small seedable generator, so that a run is the same every time.
struct Random {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// Runs one scripted wait and returns its outcome.
@concurrent
func run(_ script: Script, probes: Int) async -> Outcome {
  let count = Locked(0)
  func probe() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
  do {
    switch script {
    case .holdsAfterAFewProbes:
      return try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(1)) {
        probe() >= probes
      }
        ? .held : .timedOut
    case .neverHolds:
      return try await waitUntil(timeout: .milliseconds(probes * 2), pollingInterval: .milliseconds(1)) {
        _ = probe()
        return false
      } ? .held : .timedOut
    case .throwsOnAProbe:
      _ = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(1)) {
        if probe() == probes { throw StressError() }
        return false
      }
      return .timedOut
    case .cancelsItselfOnAProbe:
      _ = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(1)) {
        if probe() == probes { withUnsafeCurrentTask { $0?.cancel() } }
        return false
      }
      return .timedOut
    case .wokenByATrigger:
      let trigger = WaitTrigger()
      let flag = Locked(false)
      let firer = Task {
        try await Task.sleep(for: .milliseconds(probes))
        flag.withLock { $0 = true }
        trigger.fire()
      }
      defer { firer.cancel() }
      return try await Wait(timeout: .seconds(30), schedule: .fixed(.seconds(10)), triggers: [trigger]).until
      {
        flag.withLock { $0 }
      } ? .held : .timedOut
    case .elementAppears:
      let tree = NodeTree(ElementNode(.application))
      let mutator = Task {
        try await Task.sleep(for: .milliseconds(probes))
        tree.update { $0?.children.append(ElementNode(.button, identifier: "done")) }
      }
      defer { mutator.cancel() }
      return try await tree.rootElement().buttons["done"].waitForExistence(timeout: .seconds(30))
        ? .held : .timedOut
    }
  } catch is CancellationError {
    return .cancelled
  } catch {
    return .threw
  }
}

func expected(_ script: Script) -> Outcome {
  switch script {
  case .holdsAfterAFewProbes, .wokenByATrigger, .elementAppears: .held
  case .neverHolds: .timedOut
  case .throwsOnAProbe: .threw
  case .cancelsItselfOnAProbe: .cancelled
  }
}

/// Bytes the allocator has handed out and not had back, where it says.
func liveHeapBytes() -> Int? {
  let bytes = stress_live_heap_bytes()
  return bytes < 0 ? nil : Int(bytes)
}

/// Runs `waits` scripted waits, at most `concurrency` at a time; returns how
/// many ended otherwise than scripted, or more or less than once.
@concurrent
func round(waits: Int, concurrency: Int, seed: UInt64) async -> Int {
  var random = Random(state: seed)
  let plans = (0..<waits).map { _ in (Script.allCases[random.next(Script.allCases.count)], 1 + random.next(5))
  }
  var returned = [Int](repeating: 0, count: waits)
  var wrong = 0
  await withTaskGroup(of: (Int, Outcome).self) { group in
    var next = 0
    func start() {
      guard next < waits else { return }
      let (index, (script, probes)) = (next, plans[next])
      group.addTask { (index, await run(script, probes: probes)) }
      next += 1
    }
    for _ in 0..<min(concurrency, waits) { start() }
    while let (index, outcome) = await group.next() {
      returned[index] += 1
      if outcome != expected(plans[index].0) { wrong += 1 }
      start()
    }
  }
  let notOnce = returned.filter { $0 != 1 }.count
  return wrong + notOnce
}

var waits = 100_000
var concurrency = 10_000
var rounds = 4
var checkMemory = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--waits": waits = Int(arguments.popFirst() ?? "") ?? waits
  case "--concurrency": concurrency = Int(arguments.popFirst() ?? "") ?? concurrency
  case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
  case "--check-memory": checkMemory = true
  default:
    print("usage: AsyncWaitStress [--waits N] [--concurrency N] [--rounds N] [--check-memory]")
    exit(2)
  }
}

var failed = false
var heapAfterWarmUp: Int?
let clock = ContinuousClock()
for index in 0..<rounds {
  let start = clock.now
  let problems = await round(waits: waits, concurrency: concurrency, seed: UInt64(index + 1))
  let heap = liveHeapBytes()
  if index == 1 { heapAfterWarmUp = heap }
  let heapText = heap.map { "\($0 / 1024) KiB live heap" } ?? "live heap not measured"
  print(
    "round \(index + 1): \(waits) waits, \(concurrency) at a time, in \(start.duration(to: clock.now)); "
      + "\(problems) ended wrongly or not exactly once; \(heapText)")
  if problems > 0 { failed = true }
}
if checkMemory, let warm = heapAfterWarmUp, let last = liveHeapBytes(), rounds > 2 {
  // After two rounds every cache has its size (the runtime's, Dispatch's, the
  // timer queues' arrays) and the entries of waits woken early by a trigger,
  // which stay until their deadline, have reached their steady number; the
  // rounds after must not grow the heap. A leak of even one small object per
  // wait would add several megabytes a round.
  let growth = last - warm
  print("live heap changed by \(growth / 1024) KiB from the end of round 2 to the end of round \(rounds)")
  if growth > 2 * 1024 * 1024 {
    print("FAIL: memory did not come back after the waits ended")
    failed = true
  }
}

/// State that an observed wait watches and that never changes while it does.
@Observable final class Watched {
  var done = false
}

/// How much the live heap grows over one long wait, between its 1,000th and
/// its last probe: memory must follow the live state of a wait, not the
/// number of probes or wake-ups it has had.
@concurrent
func heapGrowthOverALongWait(probes: Int, observed: Bool) async throws -> Int? {
  let trigger = WaitTrigger()
  let count = Locked(0)
  let marks = Locked<(early: Int?, late: Int?)>((nil, nil))
  let onProbe: @Sendable (WaitProbe) -> Void = { probe in
    if probe.index == 1_000 { marks.withLock { $0.early = liveHeapBytes() } }
    if probe.index == probes { marks.withLock { $0.late = liveHeapBytes() } }
    count.withLock { $0 = probe.index }
  }
  let watched = Watched()
  if observed {
    // Polls as fast as the clock allows; the state it reads never changes.
    let wait = Wait(timeout: .seconds(600), schedule: .fixed(.nanoseconds(1)), onProbe: onProbe)
    _ = try await wait.untilObserved { count.withLock { $0 } >= probes || watched.done }
  } else {
    // Sleeps an hour at a time and is woken early by the trigger, every time:
    // after each probe the firer gives the wait a moment to fall asleep, so
    // that the fire ends a sleep rather than landing during a probe.
    let firer = Task.detached {
      var seen = 0
      while seen < probes, !Task.isCancelled {
        let now = count.withLock { $0 }
        guard now != seen else { continue }
        seen = now
        usleep(20)
        trigger.fire()
      }
    }
    defer { firer.cancel() }
    let wait = Wait(
      timeout: .seconds(600), schedule: .fixed(.seconds(3600)), triggers: [trigger], onProbe: onProbe)
    _ = try await wait.until { count.withLock { $0 } >= probes }
  }
  watched.done = true
  let (early, late) = marks.withLock { $0 }
  guard let early, let late else { return nil }
  return late - early
}

if checkMemory {
  for (name, observed) in [
    ("an observed wait on state that never changes", true), ("a wait woken early by a trigger", false),
  ] {
    let probes = 100_000
    if let growth = try await heapGrowthOverALongWait(probes: probes, observed: observed) {
      print("\(name): live heap changed by \(growth / 1024) KiB from probe 1,000 to probe \(probes)")
      if growth > 1024 * 1024 {
        print("FAIL: a long wait's memory grew with its probes")
        failed = true
      }
    }
  }
}
/// A virtual clock whose sleeps return at once, having moved its time to
/// their deadline: a test's clock without a manual clock's log of every
/// sleep, so that the heap measured is the wait's.
struct InstantClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let time = Locked(Duration.zero)
  var now: Instant { Instant(offset: time.withLock { $0 }) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    time.withLock { $0 = max($0, deadline.offset) }
  }
}

/// How much the live heap grew over one wait of `probes` probes on a
/// virtual clock (``InstantClock``, or a `ManualClock` nothing advances for
/// the waits a source wakes), read before it
/// starts and right after it ends: memory must not follow the number of
/// probes, on any clock and with any wake-up source (#55: the real-time
/// guard held about 500 bytes a probe for 10 seconds).
@concurrent
func heapGrowthOnVirtualTime(_ kind: String, probes: Int) async throws -> Int? {
  let clock = InstantClock()
  let count = Locked(0)
  @Sendable func probe() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }
  let trigger = WaitTrigger()
  let tree = NodeTree()
  let beacon = Beacon()
  // Interval 1 ms, and a timeout that the probes reach first.
  let timeout = Duration.milliseconds(probes * 2)
  let wait = Wait(timeout: timeout, schedule: .fixed(.milliseconds(1)), clock: clock)
  // Sleeps far longer than the test, woken by a source that fires until
  // the last probe: a fire that lands during a probe makes the wait probe
  // again, and one Observation misses (between a probe's read and its
  // registration) is followed by the next.
  let woken = Wait(
    timeout: .seconds(1_000_000), schedule: .fixed(.seconds(100_000)), triggers: [trigger, tree.trigger],
    clock: ManualClock())
  let firer = Task.detached {
    while count.withLock({ $0 }) < probes, !Task.isCancelled {
      await Task.yield()
      switch kind {
      case "a trigger": trigger.fire()
      case "a tree's change": tree.update { _ in }
      case "Observation": beacon.bump()
      default: return
      }
    }
  }
  defer { firer.cancel() }
  let before = liveHeapBytes()
  switch kind {
  case "until": _ = try await wait.until { probe() >= probes }
  case "require": try await wait.require { probe() >= probes }
  case "never": _ = try await wait.never { probe() >= probes }
  case "stable(for:)": _ = try await wait.stable(for: .seconds(1)) { probe() >= probes }
  case "requirePassing":
    try await wait.requirePassing { if probe() < probes { throw Refusal() } }
  case "a trigger": _ = try await woken.until { probe() >= probes }
  case "a tree's change":
    let app = TreeElement<ElementNode>("app", triggers: [tree.trigger]) {
      ElementNode(.window, children: probe() >= probes ? [ElementNode(.button, identifier: "go")] : [])
    }
    _ = try await app.buttons["go"].waitForExistence(using: woken)
  case "Observation":
    _ = try await woken.untilObserved {
      _ = beacon.value
      return probe() >= probes
    }
  default: return nil
  }
  let after = liveHeapBytes()
  guard let before, let after else { return nil }
  return after - before
}

/// An attempt of an assertion block that fails.
struct Refusal: Error {}

/// Observable state another task changes: its value under a lock, so that
/// it is `Sendable`.
final class Beacon: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let storage = Locked(0)

  var value: Int {
    registrar.access(self, keyPath: \.value)
    return storage.withLock { $0 }
  }

  func bump() {
    registrar.withMutation(of: self, keyPath: \.value) { storage.withLock { $0 += 1 } }
  }
}

if checkMemory {
  let probes = 100_000
  for kind in [
    "until", "require", "never", "stable(for:)", "requirePassing", "a trigger", "a tree's change",
    "Observation",
  ] {
    let start = ContinuousClock.now
    guard let growth = try await heapGrowthOnVirtualTime(kind, probes: probes) else { continue }
    print(
      "\(kind), \(probes) probes on virtual time: live heap changed by \(growth / 1024) KiB "
        + "(\(growth / probes) bytes a probe) in \(ContinuousClock.now - start)")
    if growth > 2 * 1024 * 1024 {
      print("FAIL: a wait's memory grew with its probes on virtual time")
      failed = true
    }
  }
}
print(failed ? "FAIL" : "OK: every wait returned exactly once, as scripted")
exit(failed ? 1 : 0)
