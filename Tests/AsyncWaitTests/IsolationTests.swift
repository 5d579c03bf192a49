import AsyncWait
import AsyncWaitTestSupport
import Testing

/// Main-actor state that is not `Sendable`, like a view model.
@MainActor
final class ScreenModel {
  var isLoaded = false
  var reads = 0
}

@MainActor
@Suite struct IsolationTests {
  @Test func mainActorConditionSeesAFlagFlippedByMainActorWork() async throws {
    let model = ScreenModel()
    // Runs on the main actor, which is free only while the wait is suspended.
    Task { @MainActor in model.isLoaded = true }

    let loaded = try await waitUntil(timeout: .seconds(30), pollingInterval: .milliseconds(5)) {
      MainActor.assertIsolated()
      model.reads += 1
      return model.isLoaded
    }

    #expect(loaded)
    #expect(model.reads >= 2)
  }

  @Test func mainActorWaitOnAManualClockSeesTheFlipAtTheNextTick() async throws {
    let model = ScreenModel()
    let clock = ManualClock()
    Task { @MainActor in
      try await clock.sleepers(atLeast: 1)
      model.isLoaded = true
      clock.advance(by: .milliseconds(100))
    }

    let loaded = try await waitUntil(timeout: .seconds(1), clock: clock) {
      model.reads += 1
      return model.isLoaded
    }

    #expect(loaded)
    #expect(model.reads == 2)
    #expect(clock.now.offset == .milliseconds(100))
  }

  @Test func conditionThatHoldsAtOnceDoesNotSuspend() async throws {
    let model = ScreenModel()
    // Enqueued on the main actor; it can run only if the wait gives the actor up.
    Task { @MainActor in model.reads = -1 }

    let result = try await waitUntil(timeout: .seconds(1)) { model.isLoaded == false }

    #expect(result)
    #expect(model.reads == 0)
  }
}

/// An actor that waits on its own state.
actor Inbox {
  private var messages: [String] = []

  func deliver(_ message: String) {
    messages.append(message)
  }

  /// Waits in the actor's isolation: the condition reads `messages` synchronously.
  func waitForMessage(clock: ManualClock) async throws -> Bool {
    try await waitUntil(timeout: .seconds(1), clock: clock) {
      self.assertIsolated()
      return !messages.isEmpty
    }
  }
}

@Suite struct ActorIsolationTests {
  @Test func actorConditionReadsActorStateAndSeesDeliveriesMadeWhileItSleeps() async throws {
    let inbox = Inbox()
    let clock = ManualClock()
    let wait = Task { try await inbox.waitForMessage(clock: clock) }
    try await clock.sleepers(atLeast: 1)

    await inbox.deliver("hello")
    clock.advance(by: .milliseconds(100))

    #expect(try await wait.value)
  }
}
