@_spi(Benchmarks) import AsyncWait
import BenchmarkSupport

extension Metrics {
  /// 12. One wait of a million probes on virtual time
  /// (`ManualClock(.advancesWhenSleeping)`, polling every millisecond): how
  /// many probes a second, and the live heap it leaves, per probe, right
  /// after it ends. The rate is the cost of a test that runs a cache's hour
  /// in virtual time; the bytes are what the real-time guard used to keep
  /// for ten seconds of every probe (#55).
  func virtualTime() async throws -> [Measurement] {
    let probes = quick ? 100_000 : 1_000_000
    let rounds = quick ? 1 : 3
    var rates = Samples()
    var bytes: [Double] = []
    for _ in 0..<rounds {
      let virtual = ManualClock(.advancesWhenSleeping)
      let count = Locked(0)
      let wait = Wait(
        timeout: .milliseconds(2 * probes), schedule: .fixed(.milliseconds(1)), clock: virtual)
      let before = malloc_counter_live_bytes()
      let start = clock.now
      let held = try await wait.until {
        count.withLock {
          $0 += 1
          return $0 >= probes
        }
      }
      let elapsed = start.duration(to: clock.now)
      // The clock's own log of sleeps is bounded (`sleepRequestsKept`): what
      // is left is the wait's.
      let after = malloc_counter_live_bytes()
      precondition(held, "the virtual-time wait did not reach its last probe")
      rates.append(Double(probes) / (elapsed.microseconds / 1e6))
      bytes.append(Double(after - before) / Double(probes))
    }
    return [
      Measurement(
        metric: "virtual time: probes a second, one wait of \(probes) probes", contender: "waitUntil",
        unit: "probes/s", samples: rates),
      Measurement(
        metric: "virtual time: live heap bytes a probe, right after the wait", contender: "waitUntil",
        unit: "B", value: bytes.max() ?? 0),
    ]
  }
}
