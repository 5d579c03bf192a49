/// A binary min-heap, smallest on top: the storage of ``TimerHeap``.
struct Heap<Element: Comparable> {
  private var storage: [Element] = []

  var min: Element? { storage.first }

  mutating func insert(_ element: Element) {
    storage.append(element)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[child] < storage[parent] else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeMin() -> Element? {
    guard !storage.isEmpty else { return nil }
    storage.swapAt(0, storage.count - 1)
    let removed = storage.removeLast()
    siftDown(from: 0)
    return removed
  }
}
extension Heap {
  /// The number of elements.
  var count: Int { storage.count }

  /// Keeps the elements for which `keeping` holds, passing each other one to
  /// `removed`, and releases storage the remaining elements do not need.
  mutating func compact(keeping: (Element) -> Bool, removed: (Element) -> Void) {
    var kept: [Element] = []
    kept.reserveCapacity(storage.count / 2)
    for element in storage {
      if keeping(element) { kept.append(element) } else { removed(element) }
    }
    storage = kept
    // Restores the heap order bottom-up, in linear time.
    var parent = storage.count / 2 - 1
    while parent >= 0 {
      siftDown(from: parent)
      parent -= 1
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < storage.count, storage[left] < storage[smallest] { smallest = left }
      if right < storage.count, storage[right] < storage[smallest] { smallest = right }
      guard smallest != parent else { return }
      storage.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

extension Heap: Sendable where Element: Sendable {}
