import Testing

@testable import AsyncWait

/// The heap shared by the timer thread and the timer queues.
@Suite struct TimerHeapTests {
  @Test func equalDeadlinesAreTakenInTheOrderTheyWereInserted() {
    var heap = TimerHeap<Int>()
    let parkings = (0..<4).map { _ in Parking() }
    let ids = parkings.map { $0.beginFreshSleep() }
    for index in [0, 1, 2, 3] { heap.insert(parkings[index], sleep: ids[index], at: index == 0 ? 9 : 5) }
    var due: [TimerHeap<Int>.Entry] = []

    let left = heap.takeDue(by: 9, into: &due, limit: 10)

    #expect(left == false)
    #expect(due.map(\.deadline) == [5, 5, 5, 9])
    #expect(due.map(\.order) == [2, 3, 4, 1])
    for entry in due { entry.resume(with: .deadline) }
    #expect(parkings.allSatisfy { !$0.isWaiting(for: 1) })
  }

  @Test func entriesNotYetDueStay() {
    var heap = TimerHeap<Int>()
    let parking = Parking()
    heap.insert(parking, sleep: parking.beginFreshSleep(), at: 10)
    var due: [TimerHeap<Int>.Entry] = []

    let left = heap.takeDue(by: 9, into: &due, limit: 10)

    #expect(left == false)
    #expect(due.isEmpty)
    #expect(heap.earliest == 10)
    heap.removeAll()
    #expect(heap.count == 0)
  }
}
