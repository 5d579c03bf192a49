#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// One thread that serves every sleep of the waits on a system clock.
  ///
  /// A sleeping wait leaves its deadline in the thread's inbox and parks on
  /// a continuation. The thread moves what the inbox holds into its heap,
  /// sleeps on a condition variable until the earliest deadline, then takes
  /// every entry that is due and resumes the waits in one batch. It runs
  /// beside Swift's cooperative pool, not in it, so it never competes with
  /// the waits it wakes for a pool thread, and a wake-up costs the waits one
  /// continuation resume each.
  ///
  /// The heap is the thread's alone. A wait that schedules a sleep holds the
  /// inbox's lock for an append, never while the thread sifts its heap or
  /// resumes a batch: with ten thousand waits, a wait that found the heap's
  /// lock held blocked its pool thread, and the cores stood idle while work
  /// was due.
  ///
  /// Deadlines are kept as nanoseconds from the timer's origin, an instant of
  /// its clock, so the heap compares plain integers.
  ///
  /// The rules that keep it exact:
  /// - An entry is resumed only once its clock reads its deadline or later:
  ///   never early, and late only by the time the thread takes to wake. A
  ///   system suspend is the exception: the thread waits on a clock that
  ///   stops while the system sleeps, so an entry on `ContinuousClock` whose
  ///   deadline passes during a suspend is resumed late by up to the time
  ///   the system slept.
  /// - A deadline earlier than the one the thread sleeps until wakes it; the
  ///   thread looks at the inbox after every batch and before every sleep.
  /// - A sleep that ends early (by a trigger or cancellation) leaves a stale
  ///   entry, removed as ``TimerHeap`` says.
  final class TimerThread<C: Clock>: @unchecked Sendable where C.Duration == Duration {
    // Locks: `inboxLock` protects `inbox`, and is held for short steps
    // only, with no other lock taken inside. `mutex` pairs with `condition`:
    // the thread holds it from its last look at the inbox until it waits,
    // and a wait that must wake the thread takes it to signal, so a signal
    // cannot fall between the look and the wait. The thread takes
    // `inboxLock` inside `mutex`, and nothing takes them the other way.
    // While compacting its heap the thread takes waits' parking locks,
    // holding neither.
    //
    // Safe to share: `inbox` is read and written only with `inboxLock`
    // held; the heap and the batch live in the thread's own loop; `clock`
    // and `origin` are immutable. The locks and `condition` are created in
    // `init` and never destroyed (the timer lives as long as the process).

    /// A wake-up a wait asked for, not yet in the heap.
    private struct Request {
      /// Retained for the heap's entry.
      var parking: Unmanaged<Parking>
      var sleep: UInt64
      var ticks: Int64
    }

    private struct Inbox {
      var requests: [Request] = []
      /// Sleeps that ended before their deadline since the thread last looked.
      var staleEnds = 0
      /// The waits between their first sleep and their end, whichever way
      /// they sleep.
      var sleepingWaits = 0
      /// The deadline the thread sleeps until.
      ///
      /// `.max` while it waits for work, `.min` while it is awake and will
      /// look at the inbox again. Every request earlier than this wakes
      /// it, not only the first, so that a waker held up between its
      /// request and its signal holds up no other wait.
      var threadSleepsUntil: Int64 = .min
      /// The heap as the thread left it for its sleep.
      ///
      /// Its entries, and the early ends noted since its last compaction.
      /// With ``staleEnds`` and ``requests`` they tell an early end whether
      /// the thread, asleep, would remove the stale entries now.
      var heapEntries = 0
      var heapStaleEnds = 0
      /// Whether an early end has woken the thread since its last look.
      var wokenForStaleEntries = false

      /// Whether the thread, were it to look now, would remove its stale
      /// entries.
      var compactionDue: Bool {
        TimerHeap<Int64>.compactionDue(
          staleEnds: heapStaleEnds + staleEnds, entries: heapEntries + requests.count)
      }
    }

    let clock: C
    private let origin: C.Instant
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let inboxLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var inbox = Inbox()

    /// The name the timer threads carry, for profilers and the benchmark.
    static var threadName: String { "asyncwait-timer" }

    /// The most entries the thread takes from its heap at a time, between
    /// looks at the inbox.
    static var batchSize: Int { 256 }

    init(clock: C) {
      self.clock = clock
      self.origin = clock.now
      pthread_mutex_init(mutex, nil)
      pthread_mutex_init(inboxLock, nil)
      #if canImport(Darwin)
        pthread_cond_init(condition, nil)
      #else
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
      #endif
      start()
    }

    /// Nanoseconds from the origin to `instant`, saturating.
    @_specialize(where C == ContinuousClock)
    @_specialize(where C == SuspendingClock)
    func ticks(_ instant: C.Instant, roundingUp: Bool = false) -> Int64 {
      let offset = origin.duration(to: instant)
      guard offset < .seconds(9_000_000_000), offset > .seconds(-9_000_000_000) else {
        return offset > .zero ? .max : .min
      }
      let (seconds, attoseconds) = offset.components
      // A deadline rounds up, so that no entry is resumed a fraction of a
      // nanosecond before it; a reading of now rounds down.
      let partial = attoseconds % 1_000_000_000
      let extra: Int64 = roundingUp && partial > 0 ? 1 : 0
      return seconds * 1_000_000_000 + attoseconds / 1_000_000_000 + extra
    }

    /// Schedules a wake-up of sleep `id` of `parking` at `deadline`; with
    /// `unlessQuiet`, only when enough waits sleep on this clock for the
    /// batching to pay: a wait nearly alone does better to sleep on the clock
    /// itself.
    ///
    /// The sleep is begun before, outside the lock, so that one short hold
    /// of the inbox's lock decides and schedules.
    ///
    /// - Parameters:
    ///   - parking: The parking place to resume; the timer holds it until the
    ///     entry is taken or removed.
    ///   - id: The sleep to resume, begun on `parking`.
    ///   - deadline: When.
    ///   - unlessQuiet: Whether to decline when almost no other wait sleeps
    ///     on this clock.
    /// - Returns: Whether the wake-up was scheduled; when not, the caller
    ///   abandons the sleep and sleeps on the clock itself.
    @discardableResult
    @_specialize(where C == ContinuousClock)
    @_specialize(where C == SuspendingClock)
    func schedule(_ parking: Parking, sleep id: UInt64, at deadline: C.Instant, unlessQuiet: Bool) -> Bool {
      let ticks = ticks(deadline, roundingUp: true)
      pthread_mutex_lock(inboxLock)
      if unlessQuiet, inbox.sleepingWaits <= Self.quietWaits {
        pthread_mutex_unlock(inboxLock)
        return false
      }
      inbox.requests.append(Request(parking: .passRetained(parking), sleep: id, ticks: ticks))
      let wakesThread = ticks < inbox.threadSleepsUntil
      pthread_mutex_unlock(inboxLock)
      if wakesThread { wakeThread() }
      return true
    }

    /// Wakes the thread from its sleep, or finds it awake already.
    private func wakeThread() {
      // Taken to signal: the thread holds it until it waits, so the signal
      // comes after the wait began or finds the thread awake.
      pthread_mutex_lock(mutex)
      pthread_cond_signal(condition)
      pthread_mutex_unlock(mutex)
    }

    /// Whether the thread has taken its last look before a sleep, toward a
    /// deadline or until work arrives, and not its first look after.
    ///
    /// Anything it must see now has to wake it. For the tests.
    var isAsleep: Bool {
      pthread_mutex_lock(inboxLock)
      defer { pthread_mutex_unlock(inboxLock) }
      return inbox.threadSleepsUntil != .min
    }

    /// The most waits there may be for a wait to sleep on the clock itself.
    static var quietWaits: Int { 2 }

    /// Counts a wait that has begun sleeping on this clock, until ``leave()``.
    func join() {
      pthread_mutex_lock(inboxLock)
      inbox.sleepingWaits += 1
      pthread_mutex_unlock(inboxLock)
    }

    /// Counts a wait that sleeps no more.
    func leave() {
      pthread_mutex_lock(inboxLock)
      inbox.sleepingWaits -= 1
      pthread_mutex_unlock(inboxLock)
    }

    /// Notes that a sleep ended before its deadline, leaving a stale entry;
    /// the thread removes the stale entries once they may outnumber the
    /// live ones.
    ///
    /// A thread asleep is woken, once, by the early end that makes the
    /// removal due, so that the stale entries are removed then, as they
    /// would be by a thread awake, not when its next deadline comes, which
    /// may be a day away.
    func discard() {
      pthread_mutex_lock(inboxLock)
      inbox.staleEnds += 1
      let wakesThread =
        inbox.threadSleepsUntil != .min && !inbox.wokenForStaleEntries && inbox.compactionDue
      if wakesThread { inbox.wokenForStaleEntries = true }
      pthread_mutex_unlock(inboxLock)
      if wakesThread { wakeThread() }
    }

    private func start() {
      let body = ThreadBody { [self] in run() }
      let context = Unmanaged.passRetained(body).toOpaque()
      #if canImport(Darwin)
        // Darwin's pthread_t is a pointer, and its start routine takes a
        // non-optional argument.
        var thread: pthread_t?
        let result = pthread_create(
          &thread, nil,
          { context in
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
          }, context)
        precondition(
          result == 0, "Internal inconsistency: the timer thread could not start (error \(result))")
        if let thread { pthread_detach(thread) }
      #else
        var thread = pthread_t()
        let result = pthread_create(
          &thread, nil,
          { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
          }, context)
        precondition(
          result == 0, "Internal inconsistency: the timer thread could not start (error \(result))")
        pthread_detach(thread)
      #endif
    }

    /// The thread's loop: move the inbox into the heap, resume what is due,
    /// sleep until the earliest deadline.
    private func run() -> Never {
      // Named so that a profiler, or the benchmark reading each thread's CPU
      // time, can tell the timer's work from the waits'. Linux allows 15
      // characters.
      #if canImport(Darwin)
        pthread_setname_np(Self.threadName)
      #else
        // A GNU extension the Glibc module does not import: looked up once,
        // at the thread's start. Without it the thread keeps its default name.
        typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
        if let symbol = dlsym(nil, "pthread_setname_np") {
          _ = unsafeBitCast(symbol, to: SetName.self)(pthread_self(), Self.threadName)
        }
      #endif
      var timers = TimerHeap<Int64>()
      // Swapped with the inbox's array, so that neither is reallocated once
      // both have grown to the most requests that arrive between two looks.
      var arrived: [Request] = []
      var due: [TimerHeap<Int64>.Entry] = []
      due.reserveCapacity(Self.batchSize)
      while true {
        pthread_mutex_lock(inboxLock)
        swap(&arrived, &inbox.requests)
        let staleEnds = inbox.staleEnds
        inbox.staleEnds = 0
        inbox.threadSleepsUntil = .min
        inbox.wokenForStaleEntries = false
        pthread_mutex_unlock(inboxLock)
        for request in arrived {
          timers.insert(retained: request.parking, sleep: request.sleep, at: request.ticks)
        }
        arrived.removeAll(keepingCapacity: true)
        for _ in 0..<staleEnds {
          for parking in timers.noteStaleEntry() { parking.release() }
        }

        if let earliest = timers.earliest, case let now = ticks(clock.now), earliest <= now {
          _ = timers.takeDue(by: now, into: &due, limit: Self.batchSize)
          for entry in due { entry.resume(with: .deadline) }
          due.removeAll(keepingCapacity: true)
          continue
        }
        // Nothing is due: sleep until the earliest deadline, or for work,
        // unless since the look above a request arrived or enough sleeps
        // ended early to remove the stale entries.
        pthread_mutex_lock(mutex)
        pthread_mutex_lock(inboxLock)
        inbox.heapEntries = timers.count
        inbox.heapStaleEnds = timers.staleBound
        let sleeps = inbox.requests.isEmpty && !inbox.compactionDue
        if sleeps { inbox.threadSleepsUntil = timers.earliest ?? .max }
        pthread_mutex_unlock(inboxLock)
        if sleeps {
          if let earliest = timers.earliest {
            // Read again: the thread may have been held up since.
            let now = ticks(clock.now)
            if earliest > now { wait(nanoseconds: earliest - now) }
          } else {
            pthread_cond_wait(condition, mutex)
          }
        }
        pthread_mutex_unlock(mutex)
      }
    }

    /// Waits on the condition for at most `nanoseconds`; the mutex is held.
    private func wait(nanoseconds: Int64) {
      let interval = max(nanoseconds, 1)
      #if canImport(Darwin)
        var relative = timespec(tv_sec: Int(interval / 1_000_000_000), tv_nsec: Int(interval % 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, mutex, &relative)
      #else
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seconds = min(interval / 1_000_000_000, 86_400 * 365)
        var nanos = Int(now.tv_nsec) + Int(interval % 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanos >= 1_000_000_000 {
          nanos -= 1_000_000_000
          wholeSeconds += 1
        }
        var deadline = timespec(tv_sec: wholeSeconds, tv_nsec: nanos)
        pthread_cond_timedwait(condition, mutex, &deadline)
      #endif
    }
  }

  /// What a new thread runs: a non-generic box, because a C function pointer
  /// cannot capture generic parameters.
  private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }
#endif
