/// The pending wake-ups of a timer, earliest first, with the parking place
/// each one resumes.
///
/// Shared by ``TimerThread`` (deadlines in nanoseconds from its origin) and
/// ``TimerQueue`` (instants of the wait's clock). Not thread-safe: each
/// timer queue keeps its heap under its lock, and the timer thread keeps
/// its heap to itself.
///
/// The rules:
/// - Entries with the same deadline are taken in the order they were
///   inserted.
/// - An entry retains its parking place from ``insert(_:sleep:at:)`` (or from
///   the request that ``insert(retained:sleep:at:)`` turns into it) until it
///   is taken (``takeDue(by:into:limit:)``, then ``Entry/resume(with:)``) or
///   removed, so that moving entries about the heap costs no reference
///   counting.
/// - A sleep that ends before its deadline leaves a stale entry behind. Once
///   ``compactionThreshold`` such ends have been noted and they may outnumber
///   the entries left, the stale entries are removed in one pass and the
///   heap's storage shrinks, so memory follows the number of live sleeps,
///   not the history of wake-ups.
struct TimerHeap<Deadline: Comparable> {
  /// One pending wake-up: sleep `sleep` of `parking`, at `deadline`.
  struct Entry: Comparable {
    var deadline: Deadline
    /// The insertion order, which breaks ties between equal deadlines.
    var order: UInt64
    var parking: Unmanaged<Parking>
    var sleep: UInt64

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.deadline != rhs.deadline ? lhs.deadline < rhs.deadline : lhs.order < rhs.order
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.deadline == rhs.deadline && lhs.order == rhs.order
    }

    /// Resumes the entry's sleep, unless it ended already.
    ///
    /// Gives up the entry's hold on its parking place before it resumes the
    /// task, so that the release, an atomic write to the object's first
    /// cache line, is done before the woken task reads that line on another
    /// core; called outside any lock of the timer's.
    ///
    /// - Parameter wake: What ended the sleep.
    func resume(with wake: Parking.Wake) {
      let continuation = parking._withUnsafeGuaranteedRef { $0.end(sleep, with: wake) }
      parking.release()
      continuation?.resume(returning: wake)
    }
  }

  private var heap = Heap<Entry>()
  private var order: UInt64 = 0
  /// Sleeps ended early since the last compaction: an upper bound on the
  /// stale entries in the heap.
  private(set) var staleBound = 0

  /// How many sleeps must end early before the heap looks for stale entries.
  static var compactionThreshold: Int { 32 }

  /// The earliest deadline, or `nil` when no entry is pending.
  var earliest: Deadline? { heap.min?.deadline }

  /// The number of entries, live and stale.
  var count: Int { heap.count }

  /// Adds a wake-up of sleep `id` of `parking` at `deadline`.
  ///
  /// - Parameters:
  ///   - parking: The parking place to resume; retained until the entry is
  ///     taken or removed.
  ///   - id: The sleep to resume.
  ///   - deadline: When.
  mutating func insert(_ parking: Parking, sleep id: UInt64, at deadline: Deadline) {
    insert(retained: .passRetained(parking), sleep: id, at: deadline)
  }

  /// Adds a wake-up of sleep `id` of a parking place the caller retained
  /// for the entry.
  ///
  /// - Parameters:
  ///   - parking: The parking place to resume, retained once for the
  ///     entry; released when the entry is taken or removed.
  ///   - id: The sleep to resume.
  ///   - deadline: When.
  mutating func insert(retained parking: Unmanaged<Parking>, sleep id: UInt64, at deadline: Deadline) {
    order &+= 1
    heap.insert(Entry(deadline: deadline, order: order, parking: parking, sleep: id))
  }

  /// Moves the entries due by `now` into `due`, earliest first, until `due`
  /// holds `limit` entries.
  ///
  /// - Parameters:
  ///   - now: The time the timer has reached.
  ///   - due: Where the entries go; the caller resumes them outside its lock.
  ///   - limit: The most entries `due` may hold.
  /// - Returns: `true` when entries that are due are left behind because
  ///   `due` is full.
  mutating func takeDue(by now: Deadline, into due: inout [Entry], limit: Int) -> Bool {
    while let first = heap.min, first.deadline <= now {
      guard due.count < limit else { return true }
      due.append(first)
      _ = heap.removeMin()
    }
    return false
  }

  /// Notes that a sleep ended before its deadline and left a stale entry;
  /// removes the stale entries once they may outnumber the others.
  ///
  /// - Returns: The parking places of the removed entries, for the caller to
  ///   release outside its lock; empty when nothing was removed.
  mutating func noteStaleEntry() -> [Unmanaged<Parking>] {
    staleBound += 1
    guard Self.compactionDue(staleEnds: staleBound, entries: heap.count) else { return [] }
    staleBound = 0
    var released: [Unmanaged<Parking>] = []
    // Takes each parking place's lock: a timer queue holds its own lock
    // meanwhile (the lock order it keeps), the timer thread none.
    heap.compact(
      keeping: { $0.parking.takeUnretainedValue().isWaiting(for: $0.sleep) },
      removed: { released.append($0.parking) })
    return released
  }

  /// Whether a heap of `entries` entries, with `staleEnds` early ends noted
  /// since its last compaction, removes its stale entries: what
  /// ``noteStaleEntry()`` checks, for a timer that notes its ends later.
  ///
  /// - Parameters:
  ///   - staleEnds: Early ends since the last compaction.
  ///   - entries: The entries, live and stale.
  /// - Returns: Whether a compaction is due.
  static func compactionDue(staleEnds: Int, entries: Int) -> Bool {
    staleEnds >= compactionThreshold && staleEnds * 2 > entries
  }

  /// Removes every entry without resuming it, giving up each entry's hold on
  /// its parking place.
  mutating func removeAll() {
    while let entry = heap.removeMin() { entry.parking.release() }
    staleBound = 0
  }
}

extension TimerHeap: Sendable where Deadline: Sendable {}
extension TimerHeap.Entry: Sendable where Deadline: Sendable {}
