import Testing

@testable import AsyncWait

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// The thread that serves the sleeps on a system clock, driven directly.
  ///
  /// What it must do while it sleeps toward a far deadline. Each test
  /// starts a timer thread of its own, so that no other test moves its
  /// deadlines or its count of stale entries; the threads, like the
  /// package's, live as long as the process.
  @Suite struct TimerThreadTests {
    private let timer = TimerThread(clock: ContinuousClock())

    /// Holds an object without keeping it.
    private final class WeakParking {
      weak var parking: Parking?
      init(_ parking: Parking) { self.parking = parking }
    }

    /// How far the deadline is that the thread sleeps toward: a sleep that
    /// fails to wake it is resumed only then, an hour after the start, past
    /// the tests' time limit, so that such a failure cannot pass unseen and
    /// no bound on how soon a loaded machine runs the test is needed.
    private static var far: Duration { .seconds(3600) }

    /// Schedules a sleep ``far`` away, so that the thread sleeps toward it
    /// whenever nothing nearer is pending; ends it when the test is done.
    private func withFarDeadline(_ body: () async throws -> Void) async rethrows {
      let far = Parking()
      let sleep = far.beginFreshSleep()
      timer.schedule(far, sleep: sleep, at: .now + Self.far, unlessQuiet: false)
      try await body()
      far.resume(sleep, with: .cancellation)
      timer.discard()
    }

    /// Sleeps until a deadline a millisecond away, through the timer.
    private func sleepBriefly() async {
      let parking = Parking()
      let sleep = parking.beginFreshSleep()
      timer.schedule(parking, sleep: sleep, at: .now + .milliseconds(1), unlessQuiet: false)
      _ = await withUnsafeContinuation { parking.suspend(sleep, $0) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aNearDeadlineWakesTheThreadSleepingTowardAFarOne() async throws {
      try await withFarDeadline {
        // Each near sleep is scheduled once the thread has gone back to
        // sleep toward the far deadline.
        for _ in 0..<10 {
          try await requireEventually("the timer sleeps", timeout: .seconds(30)) { timer.isAsleep }
          let near = Parking()
          let sleep = near.beginFreshSleep()
          let deadline = ContinuousClock.now + .milliseconds(1)
          timer.schedule(near, sleep: sleep, at: deadline, unlessQuiet: false)

          let wake = await withUnsafeContinuation { near.suspend(sleep, $0) }

          guard case .deadline = wake else {
            Issue.record("the sleep ended by \(wake), not its deadline")
            return
          }
          // Resumed by its own deadline, so the thread woke for it: asleep
          // toward the far deadline, it would have resumed nothing for an
          // hour.
          #expect(ContinuousClock.now >= deadline)
        }
      }
    }

    @Test(.timeLimit(.minutes(1)))
    func sleepsEndedEarlyAreLetGoWhileTheThreadSleeps() async throws {
      try await withFarDeadline {
        var ended: [WeakParking] = []
        func endOneEarly() {
          let parking = Parking()
          let sleep = parking.beginFreshSleep()
          timer.schedule(parking, sleep: sleep, at: .now + .seconds(3600), unlessQuiet: false)
          parking.resume(sleep, with: .trigger)
          timer.discard()
          ended.append(WeakParking(parking))
        }
        // All but one of the ends it takes, which the thread notes when
        // a near sleep wakes it; then, once it sleeps again, the last one.
        try await requireEventually("the timer sleeps", timeout: .seconds(30)) { timer.isAsleep }
        for _ in 1..<TimerHeap<Int64>.compactionThreshold { endOneEarly() }
        await sleepBriefly()
        try await requireEventually("the timer sleeps again", timeout: .seconds(30)) { timer.isAsleep }
        #expect(ended.contains { $0.parking != nil })
        endOneEarly()

        try await requireEventually("the timer let go of the ended sleeps", timeout: .seconds(30)) {
          ended.allSatisfy { $0.parking == nil }
        }
      }
    }
  }
#endif
