import Testing

@testable import AsyncWait

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// The thread that serves the sleeps on a system clock, driven directly.
  ///
  /// What it must do while it sleeps toward a far deadline. One test at a
  /// time: each needs the thread asleep.
  @Suite(.serialized) struct TimerThreadTests {
    /// A timer of the tests' own, so that no wait of another test moves
    /// its deadlines.
    private static let timer = TimerThread(clock: ContinuousClock())

    /// Holds an object without keeping it.
    private final class WeakParking {
      weak var parking: Parking?
      init(_ parking: Parking) { self.parking = parking }
    }

    /// How far the deadline is that the thread sleeps toward: a sleep that
    /// fails to wake it is resumed only then.
    private static var far: Duration { .seconds(40) }

    /// Schedules a sleep ``far`` away, so that the thread sleeps toward it
    /// whenever nothing nearer is pending; ends it when the test is done.
    private func withFarDeadline(_ body: () async throws -> Void) async rethrows {
      let far = Parking()
      let sleep = far.beginFreshSleep()
      Self.timer.schedule(far, sleep: sleep, at: .now + Self.far, unlessQuiet: false)
      try await body()
      far.resume(sleep, with: .cancellation)
    }

    @Test(.timeLimit(.minutes(1)))
    func aNearDeadlineWakesTheThreadSleepingTowardAFarOne() async throws {
      try await withFarDeadline {
        // Each near sleep is scheduled once the thread has gone back to
        // sleep toward the far deadline.
        for _ in 0..<20 {
          try await requireEventually("the timer sleeps", timeout: .seconds(30)) { Self.timer.isAsleep }
          let near = Parking()
          let sleep = near.beginFreshSleep()
          let deadline = ContinuousClock.now + .milliseconds(1)
          Self.timer.schedule(near, sleep: sleep, at: deadline, unlessQuiet: false)

          let wake = await withUnsafeContinuation { near.suspend(sleep, $0) }

          guard case .deadline = wake else {
            Issue.record("the sleep ended by \(wake), not its deadline")
            return
          }
          let now = ContinuousClock.now
          #expect(now >= deadline)
          // Far sooner than the far deadline, however loaded the machine.
          #expect(now - deadline < Self.far / 3)
        }
      }
    }

    @Test(.timeLimit(.minutes(1)))
    func sleepsEndedEarlyAreLetGoWhileTheThreadSleeps() async throws {
      try await withFarDeadline {
        try await requireEventually("the timer sleeps", timeout: .seconds(30)) { Self.timer.isAsleep }
        var ended: [WeakParking] = []
        for _ in 0..<TimerHeap<Int64>.compactionThreshold {
          let parking = Parking()
          let sleep = parking.beginFreshSleep()
          Self.timer.schedule(parking, sleep: sleep, at: .now + .seconds(3600), unlessQuiet: false)
          parking.resume(sleep, with: .trigger)
          Self.timer.discard()
          ended.append(WeakParking(parking))
        }

        try await requireEventually("the timer let go of the ended sleeps", timeout: .seconds(30)) {
          ended.allSatisfy { $0.parking == nil }
        }
      }
    }
  }
#endif
