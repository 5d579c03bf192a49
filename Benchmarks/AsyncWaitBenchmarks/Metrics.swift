@_spi(Benchmarks) import AsyncWait
import BenchmarkSupport

/// A lock-protected value for the flip of a condition, shared by a flipper task and a wait.
typealias Flip = Locked<ContinuousClock.Instant?>

/// The seven metrics of the benchmark.
///
/// Each runs every contender, interleaved: trial by trial, in a balanced
/// order (``order(_:with:)``), so that drift in the machine's speed, and
/// what one contender's trial leaves behind for the next, fall on all
/// contenders alike.
struct Metrics {
  /// Every contender of the run, those that run only in some rows included.
  var allContenders: [Contender]
  var quick: Bool
  let clock = ContinuousClock()

  /// The contenders that run in every metric.
  var contenders: [Contender] { allContenders.filter { $0.rows == .all } }

  /// The contenders of trial `trial`, with those that run only in `rows`,
  /// in row `trial` of a Williams design.
  ///
  /// Over a whole cycle of ``cycle(with:)`` consecutive trials, each
  /// contender runs first as often as any other and runs right after each
  /// other contender equally often, so that what a trial leaves behind (a
  /// heap of freed tasks, caches of other memory) precedes every contender
  /// alike. An order that only rotates keeps each contender behind the same
  /// one. The scale rows, the overshoot and the cancellation run whole
  /// cycles, the latency rows all but four trials, and the per-probe
  /// overhead and the fast path part of one.
  func order(_ trial: Int, with rows: Contender.Rows = .all) -> [Contender] {
    let chosen = allContenders.filter { $0.rows == .all || $0.rows == rows }
    let count = chosen.count
    guard count > 0 else { return [] }
    // The first row is 0, n − 1, 1, n − 2, 2, …. For an even n its steps
    // from one place to the next are all different modulo n, so the n
    // shifts of it put every contender right after every other once; an odd
    // n repeats a step, and the n shifts reversed add the missing pairs.
    let first = (0..<count).map { $0.isMultiple(of: 2) ? $0 / 2 : count - ($0 + 1) / 2 }
    let row = trial % cycle(with: rows)
    let shifted = first.map { chosen[($0 + row) % count] }
    return row < count ? shifted : shifted.reversed()
  }

  /// How many trials make the whole cycle of ``order(_:with:)``: as many
  /// as there are contenders, twice as many for an odd number.
  func cycle(with rows: Contender.Rows = .all) -> Int {
    let count = allContenders.count { $0.rows == .all || $0.rows == rows }
    return count.isMultiple(of: 2) ? count : 2 * count
  }

  /// 1. Time from the condition turning true, at a random moment, to the wait returning.
  func detectionLatency(interval: Duration) async throws -> [Measurement] {
    let trials = quick ? 8 : (interval >= .milliseconds(100) ? 40 : 100)
    var samples: [String: Samples] = [:]
    var random = SystemRandomNumberGenerator()
    for trial in 0..<trials {
      for contender in order(trial, with: .latency) {
        let flip = Flip(nil)
        let changed = WaitTrigger()
        let delay = Duration.nanoseconds(
          Int64.random(in: 1_000_000...Int64(interval.microseconds * 3_000) + 1_000_000, using: &random))
        let flipper = Task.detached {
          try await Task.sleep(for: delay)
          flip.withLock { $0 = ContinuousClock().now }
          changed.fire()
        }
        let held = try await contender.wait(.seconds(30), interval, changed) { flip.withLock { $0 != nil } }
        let returned = clock.now
        try await flipper.value
        guard held, let flipped = flip.withLock({ $0 }) else { continue }
        samples[contender.name, default: Samples()].append(flipped.duration(to: returned).microseconds)
      }
    }
    return allContenders.filter { $0.rows != .scale }.map { contender in
      let figures = samples[contender.name, default: Samples()]
      let share = figures.median / interval.microseconds * 100
      return Measurement(
        metric: "detection latency, \(interval.shortDescription) interval", contender: contender.name,
        unit: "µs",
        samples: figures, note: "\(format(share))% of interval")
    }
  }

  /// 2. How far past the deadline a never-true wait returns: 50 ms timeout, 10 ms interval.
  func timeoutOvershoot() async throws -> [Measurement] {
    let trials = quick ? 6 : 40
    var samples: [String: Samples] = [:]
    for trial in 0..<trials {
      for contender in order(trial) {
        let start = clock.now
        _ = try await contender.wait(.milliseconds(50), .milliseconds(10)) { false }
        let overshoot = start.advanced(by: .milliseconds(50)).duration(to: clock.now)
        samples[contender.name, default: Samples()].append(overshoot.microseconds)
      }
    }
    return contenders.map {
      Measurement(
        metric: "timeout overshoot (50 ms timeout, 10 ms interval)", contender: $0.name, unit: "µs",
        samples: samples[$0.name, default: Samples()])
    }
  }

  /// 3. What each probe costs beyond the interval: 1 ms interval for a second.
  func probeOverhead() async throws -> [Measurement] {
    let rounds = quick ? 1 : 3
    let window: Duration = quick ? .milliseconds(300) : .seconds(1)
    var overhead: [String: Samples] = [:]
    var achieved: [String: Samples] = [:]
    for round in 0..<rounds {
      for contender in order(round) {
        let probes = Locked(0)
        let start = clock.now
        _ = try await contender.wait(window, .milliseconds(1)) {
          probes.withLock { $0 += 1 }
          return false
        }
        let elapsed = start.duration(to: clock.now)
        let count = probes.withLock { $0 }
        overhead[contender.name, default: Samples()].append(elapsed.microseconds / Double(count) - 1000)
        achieved[contender.name, default: Samples()].append(Double(count))
      }
    }
    return contenders.map {
      Measurement(
        metric: "per-probe overhead beyond a 1 ms interval", contender: $0.name, unit: "µs",
        samples: overhead[$0.name, default: Samples()],
        note: "\(format(achieved[$0.name, default: Samples()].median)) probes in \(window.shortDescription)")
    }
  }

  /// 4. A wait whose condition already holds: time and heap allocations per call.
  func fastPath() async throws -> [Measurement] {
    let calls = quick ? 20_000 : 200_000
    let rounds = quick ? 2 : 5
    var time: [String: Samples] = [:]
    var allocations: [String: Double] = [:]
    for round in 0..<rounds {
      for contender in order(round) {
        let before = malloc_counter_allocations()
        let start = clock.now
        var held = 0
        for _ in 0..<calls where try await contender.wait(.seconds(1), .milliseconds(100), { true }) {
          held += 1
        }
        let elapsed = start.duration(to: clock.now)
        let allocated = malloc_counter_allocations() - before
        precondition(held == calls, "a fast-path wait did not hold")
        time[contender.name, default: Samples()].append(elapsed.microseconds * 1000 / Double(calls))
        allocations[contender.name] = Double(allocated) / Double(calls)
      }
    }
    return contenders.flatMap { contender in
      [
        Measurement(
          metric: "fast path: time per call", contender: contender.name, unit: "ns",
          samples: time[contender.name, default: Samples()]),
        Measurement(
          metric: "fast path: heap allocations per call", contender: contender.name, unit: "allocs",
          value: allocationFigure(allocations[contender.name] ?? 0)),
      ]
    }
  }

  /// 5. Heap allocations per probe of a long wait, once it is running: 1 ms interval.
  func steadyStateAllocations() async throws -> [Measurement] {
    let warmUp = 20
    let measured = quick ? 100 : 500
    var figures: [String: Double] = [:]
    for contender in order(0) {
      let marks = Locked((probes: 0, start: UInt64(0), end: UInt64(0)))
      _ = try await contender.wait(.seconds(30), .milliseconds(1)) {
        marks.withLock { marks in
          marks.probes += 1
          if marks.probes == warmUp { marks.start = malloc_counter_allocations() }
          if marks.probes == warmUp + measured { marks.end = malloc_counter_allocations() }
          return marks.probes == warmUp + measured
        }
      }
      let (_, start, end) = marks.withLock { $0 }
      figures[contender.name] = Double(end - start) / Double(measured)
    }
    return contenders.map {
      Measurement(
        metric: "steady-state heap allocations per probe", contender: $0.name, unit: "allocs",
        value: allocationFigure(figures[$0.name] ?? 0))
    }
  }

  /// 6. Time from cancelling a wait that sleeps a 1 s interval to its task ending.
  func cancellationLatency() async throws -> [Measurement] {
    let trials = quick ? 6 : 40
    var samples: [String: Samples] = [:]
    for trial in 0..<trials {
      for contender in order(trial) {
        let (probed, signal) = AsyncStream<Void>.makeStream()
        let task = Task.detached {
          try await contender.wait(.seconds(60), .seconds(1)) {
            signal.yield()
            return false
          }
        }
        var iterator = probed.makeAsyncIterator()
        _ = await iterator.next()
        // Let the wait reach its sleep.
        try await Task.sleep(for: .milliseconds(5))
        let cancelled = clock.now
        task.cancel()
        _ = await task.result
        samples[contender.name, default: Samples()].append(cancelled.duration(to: clock.now).microseconds)
      }
    }
    return contenders.map {
      Measurement(
        metric: "cancellation latency (1 s interval)", contender: $0.name, unit: "µs",
        samples: samples[$0.name, default: Samples()])
    }
  }

  /// 7. Many concurrent never-true waits with a 10 ms interval: CPU, probes and memory.
  ///
  /// The figures come from the middle half of the window, when every wait is
  /// running: starting ten thousand tasks and tearing their group down cost
  /// the same whoever waits, and are left out. A full run gives each
  /// contender at least six windows, the contenders taking turns in whole
  /// cycles of the balanced order (six windows with the six contenders of a
  /// full run or with three, ten with five), and reports the median of each
  /// figure: the CPU this machine gets moves from one window of a few
  /// seconds to the next. One window each put that drift between the
  /// contenders; of three, two windows that got less CPU set a contender's
  /// median.
  func scale(waits: Int) async throws -> [Measurement] {
    let window: Duration = quick ? .milliseconds(600) : .seconds(2)
    let cycle = cycle(with: .scale)
    let rounds = quick ? 1 : cycle * ((6 + cycle - 1) / cycle)
    // Each row of waits starts at a row of its own: 1, 3 or 5.
    let firstRow = String(waits).count
    var figures: [String: [String: (unit: String, samples: Samples)]] = [:]
    var residents: [String: Samples] = [:]
    let metric = "\(waits) concurrent waits, 10 ms interval"
    // Made before the first reading of the heap, so that its own
    // allocations come before every window.
    benchmark_heap_sampler_prepare()
    for round in 0..<rounds {
      for contender in order(firstRow + round, with: .scale) {
        let window = try await scaleWindow(contender, waits: waits, window: window)
        for (name, unit, value) in window.figures {
          figures[contender.name, default: [:]][name, default: (unit, Samples())].samples.append(value)
        }
        residents[contender.name, default: Samples()].append(window.resident)
      }
    }
    let names = [
      "CPU per wall second", "probes per wait per second", "CPU per probe", "timer thread CPU per probe",
      "context switches per 1,000 probes", "heap allocations per probe", "heap memory per wait",
    ]
    // In the order of `allContenders`, not the order they ran in.
    let contenders = allContenders.map(\.name).filter { figures[$0] != nil }
    return contenders.flatMap { contender in
      names.compactMap { name -> Measurement? in
        guard let figure = figures[contender]?[name] else { return nil }
        let note =
          name == "heap memory per wait"
          ? "resident \(format(residents[contender, default: Samples()].median)) bytes" : nil
        return Measurement(
          metric: "\(metric): \(name)", contender: contender, unit: figure.unit, value: figure.samples.median,
          note: note)
      }
    }
  }

  /// One window of the scale metric for one contender: its figures, by
  /// name, with their units, and the resident memory per wait.
  private func scaleWindow(
    _ contender: Contender, waits: Int, window: Duration
  ) async throws -> (figures: [(String, String, Double)], resident: Double) {
    let heapBefore = malloc_counter_live_bytes()
    let residentBefore = benchmark_resident_bytes()
    let (first, second, meanHeap) = try await withThrowingTaskGroup(
      of: Void.self, returning: (Snapshot, Snapshot, Double).self
    ) { group in
      for _ in 0..<waits {
        group.addTask {
          _ = try await contender.wait(window, .milliseconds(10)) {
            benchmark_count_probe()
            return false
          }
        }
      }
      let launched = ContinuousClock.now
      try await Task.sleep(until: launched.advanced(by: window / 4))
      let first = Snapshot()
      // The live heap moves as waits go in and out of their sleeps: from
      // two readings, the floor's figure moved by up to a tenth between
      // runs of one build. It is read every fiftieth of the window by a
      // thread of its own, which allocates nothing and does not wait for
      // the busy pool, and averaged.
      benchmark_heap_sampler_open(Int64((window / 50).microseconds * 1000))
      try await Task.sleep(until: launched.advanced(by: window * 3 / 4))
      var readings: UInt64 = 0
      let sampled = benchmark_heap_sampler_close(&readings)
      let second = Snapshot()
      try await group.waitForAll()
      let meanHeap = readings > 0 ? sampled : Double(first.heap + second.heap) / 2
      return (first, second, meanHeap)
    }
    let wall = first.time.duration(to: second.time).microseconds / 1e6
    let cpu = second.cpu - first.cpu
    let probes = Double(second.probes - first.probes)
    let allocations = Double(second.allocations - first.allocations)
    let timerCPU = second.timerCPU - first.timerCPU
    let switches = Double(second.contextSwitches - first.contextSwitches)
    let heap = (meanHeap - Double(heapBefore)) / Double(waits)
    let resident =
      Double(Int64(max(first.resident, second.resident)) - Int64(residentBefore)) / Double(waits)
    let figures: [(String, String, Double)] = [
      ("CPU per wall second", "s/s", cpu / wall),
      ("probes per wait per second", "/s", probes / Double(waits) / wall),
      ("CPU per probe", "µs", cpu / probes * 1e6),
      ("timer thread CPU per probe", "µs", timerCPU / probes * 1e6),
      ("context switches per 1,000 probes", "switches", switches / probes * 1000),
      ("heap allocations per probe", "allocs", allocationFigure(allocations / probes)),
      ("heap memory per wait", "bytes", malloc_counter_is_active() ? heap : .nan),
    ]
    return (figures, resident)
  }

  /// Allocation counts are meaningful only where the counter works.
  private func allocationFigure(_ value: Double) -> Double {
    malloc_counter_is_active() ? value : .nan
  }
}

/// The process's counters at one moment of a scale run.
struct Snapshot {
  let time = ContinuousClock.now
  let cpu = benchmark_cpu_seconds()
  /// The CPU time of the package's timer threads, named `asyncwait-timer`.
  let timerCPU = benchmark_thread_cpu_seconds("asyncwait-timer")
  let contextSwitches = benchmark_context_switches()
  let probes = benchmark_probes()
  let heap = malloc_counter_live_bytes()
  let allocations = malloc_counter_allocations()
  let resident = benchmark_resident_bytes()
}

/// A number with at most two decimals and no trailing zeros.
func format(_ value: Double) -> String {
  guard value.isFinite else { return "n/a" }
  let rounded = (value * 100).rounded() / 100
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
  return String(rounded)
}
