@_spi(Tests) import AsyncWait
import Testing

/// What a wait holds after it returns.
@Suite struct WaitLifetimeTests {
  /// An object only a wait's observer captures.
  final class Canary: Sendable {}

  @Test func aWaitEndedByATriggerLetsGoOfWhatItWasGiven() async throws {
    weak var weakCanary: Canary?
    do {
      let trigger = WaitTrigger()
      let probes = Locked(0)
      let canary = Canary()
      weakCanary = canary
      // An hour's interval: the sleep the trigger ends leaves its entry on
      // the timer thread for an hour, and that entry must not keep what the
      // wait was given.
      let wait = Wait(
        timeout: .seconds(3600), schedule: .fixed(.seconds(3600)), triggers: [trigger],
        onProbe: { _ in
          _ = canary
          probes.withLock { $0 += 1 }
        })
      let task = Task { try await wait.until { trigger.generation > 0 } }
      try await requireEventually("the first probe ran", timeout: .seconds(30)) {
        probes.withLock { $0 } >= 1
      }
      trigger.fire()
      #expect(try await task.value)
      #expect(probes.withLock { $0 } == 2)
    }
    #expect(weakCanary == nil)
  }
}
