import Testing

@testable import AsyncWait

/// The parking place's transitions that a timer relies on.
@Suite struct ParkingTests {
  @Test func aSleepResumedBeforeItsTaskSuspendsEndsAtOnceWithThatWake() async {
    let parking = Parking()
    let id = parking.beginFreshSleep()

    parking.resume(id, with: .trigger)
    let waitingAfterResume = parking.isWaiting(for: id)
    let wake = await withUnsafeContinuation { parking.suspend(id, $0) }

    #expect(waitingAfterResume == false)
    guard case .trigger = wake else {
      Issue.record("expected the trigger's wake, got \(wake)")
      return
    }
  }

  @Test func onlyTheFirstResumptionOfASleepCounts() async {
    let parking = Parking()
    let id = parking.beginFreshSleep()

    parking.resume(id, with: .deadline)
    parking.resume(id, with: .trigger)
    parking.resume(id &+ 1, with: .cancellation)
    let wake = await withUnsafeContinuation { parking.suspend(id, $0) }

    guard case .deadline = wake else {
      Issue.record("expected the first resumption's wake, got \(wake)")
      return
    }
  }

  @Test func parkingPlacesSpreadOverTheSharedLocks() {
    let places = (0..<1_000).map { _ in Parking() }

    let locks = places.map { PlatformLock.shared(by: ObjectIdentifier($0)).address }

    // 1,000 places over 256 locks: a fair spread uses nearly all of them
    // (by chance, about 252).
    #expect(Set(locks).count >= 200)
  }

  @Test func placesThatShareALockKeepTheirOwnSleeps() async throws {
    var places: [Parking] = []
    var pair: (Parking, Parking)?
    var byLock: [UnsafeRawPointer: Parking] = [:]
    while pair == nil, places.count < 100_000 {
      let place = Parking()
      places.append(place)
      let lock = PlatformLock.shared(by: ObjectIdentifier(place)).address
      if let other = byLock[lock] { pair = (other, place) } else { byLock[lock] = place }
    }
    let (first, second) = try #require(pair)
    let firstSleep = first.beginFreshSleep()
    let secondSleep = second.beginFreshSleep()

    second.resume(secondSleep, with: .trigger)
    let secondWake = await withUnsafeContinuation { second.suspend(secondSleep, $0) }
    second.cancel()
    let stillWaiting = first.isWaiting(for: firstSleep)
    first.resume(firstSleep, with: .deadline)
    let firstWake = await withUnsafeContinuation { first.suspend(firstSleep, $0) }

    #expect(stillWaiting)
    guard case .deadline = firstWake, case .trigger = secondWake else {
      Issue.record("expected each place's own wake, got \(firstWake) and \(secondWake)")
      return
    }
    #expect(second.beginSleep() == nil)
    #expect(first.beginSleep() != nil)
  }

  @Test func aSleeperCancelledDuringAProbeBeginsNoSleep() {
    let clock = ManualClock()
    func sleeper() -> Sleeper<ManualClock> {
      Sleeper(
        clock: clock, start: clock.now, timeout: .seconds(60), kind: .eventually,
        schedule: .fixed(.seconds(1)),
        options: nil,
        loop: LoopState(probeCount: 1, generations: []))
    }
    let cancelled = sleeper()
    let going = sleeper()
    defer {
      cancelled.finish()
      going.finish()
    }

    cancelled.cancel()
    let cancelledStep = cancelled.firstStep()
    let goingStep = going.firstStep()

    guard case .cancelled = cancelledStep, case .park = goingStep else {
      Issue.record("expected the cancelled sleeper to begin no sleep, got \(cancelledStep) and \(goingStep)")
      return
    }
  }

  @Test func afterCancellationNoSleepBegins() {
    let parking = Parking()
    parking.cancel()

    let first = parking.beginSleep()
    let second = parking.beginSleep()

    #expect(first == nil)
    #expect(second == nil)
  }

  @Test func aSleepBegunBeforeCancellationEndsAtOnce() async {
    let parking = Parking()
    let id = parking.beginFreshSleep()

    parking.cancel()
    let wake = await withUnsafeContinuation { parking.suspend(id, $0) }

    #expect(parking.isWaiting(for: id) == false)
    #expect(parking.beginSleep() == nil)
    guard case .cancellation = wake else {
      Issue.record("expected cancellation, got \(wake)")
      return
    }
  }
}

extension Parking {
  /// Begins a sleep on a parking place that nothing cancels.
  func beginFreshSleep() -> UInt64 {
    guard let id = beginSleep() else {
      preconditionFailure("a parking place that nothing cancelled is cancelled")
    }
    return id
  }
}
