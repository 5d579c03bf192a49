// A tour of AsyncWait on the real clock: a wait that succeeds, one that times
// out with its diagnostic error, and one that is cancelled mid-sleep.

import AsyncWait

/// A stand-in for a server that becomes ready after a delay.
actor SimulatedServer {
  private(set) var isReady = false
  private(set) var healthChecks = 0

  func start(after delay: Duration) {
    Task {
      try await Task.sleep(for: delay)
      self.markReady()
    }
  }

  func health() -> Bool {
    healthChecks += 1
    return isReady
  }

  private func markReady() {
    isReady = true
  }
}

let clock = ContinuousClock()

// 1. A condition that comes true: the wait returns as soon as a probe sees it.
let server = SimulatedServer()
await server.start(after: .milliseconds(120))
var start = clock.now
let ready = try await waitUntil(timeout: .seconds(2), pollingInterval: .milliseconds(25)) {
  await server.health()
}
print(
  "1. server ready: \(ready) after \(start.duration(to: clock.now)), \(await server.healthChecks) health checks"
)

// 2. A condition that never comes true: the throwing wait explains the timeout.
start = clock.now
do {
  try await requireEventually(
    "the cache to warm up", timeout: .milliseconds(150), pollingInterval: .milliseconds(40)
  ) {
    false
  }
} catch let error as WaitTimeoutError {
  print("2. timed out after \(start.duration(to: clock.now)):\n\(error)")
}

// 3. Cancellation ends a wait mid-sleep, without waiting out the interval.
let waiting = Task {
  try await waitUntil(timeout: .seconds(3600), pollingInterval: .seconds(600)) { false }
}
start = clock.now
try await Task.sleep(for: .milliseconds(20))
waiting.cancel()
let outcome = await waiting.result
print("3. cancelled wait ended with \(outcome) after \(start.duration(to: clock.now))")
