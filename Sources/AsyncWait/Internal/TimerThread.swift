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
  /// A sleeping wait adds its deadline to the thread's heap and parks on a
  /// continuation. The thread sleeps on a condition variable until the
  /// earliest deadline, then takes every entry that is due and resumes the
  /// waits in one batch, outside its lock. It runs beside Swift's
  /// cooperative pool, not in it, so it never competes with the waits it
  /// wakes for a pool thread, and a wake-up costs the waits one continuation
  /// resume each.
  ///
  /// Deadlines are kept as nanoseconds from the timer's origin, an instant of
  /// its clock, so the heap compares plain integers.
  ///
  /// The rules that keep it exact:
  /// - An entry is resumed only once its clock reads its deadline or later:
  ///   never early, and late only by the time the thread takes to wake.
  /// - A deadline earlier than the one the thread sleeps until wakes it.
  /// - A sleep that ends early (by a trigger or cancellation) leaves a stale
  ///   entry, removed as ``TimerHeap`` says.
  final class TimerThread<C: Clock>: @unchecked Sendable where C.Duration == Duration {
    // Locks: `mutex` protects `state`. While holding it the timer takes a
    // wait's parking lock (to tell stale entries during a compaction), and
    // nothing else; no code takes `mutex` while holding a parking lock.
    //
    // Safe to share: `state` is read and written only with `mutex` held, and
    // `clock` and `origin` are immutable. `mutex` and `condition` are created
    // in `init` and never destroyed (the timer lives as long as the process).

    /// What the thread is doing, as a wait that schedules an entry sees it.
    ///
    /// Only the thread's loop moves it from one case to another, under the lock.
    private enum Phase {
      /// Waiting on the condition for work, the heap empty: any entry wakes it.
      case waitingForWork
      /// Waiting on the condition until this deadline: only an earlier entry
      /// wakes it.
      case sleeping(until: Int64)
      /// Resuming a batch outside the lock: it looks at the heap again before
      /// it waits, so no entry needs to wake it.
      case resuming
    }

    private struct State {
      var timers = TimerHeap<Int64>()
      var phase = Phase.waitingForWork
      /// The waits between their first sleep and their end, whichever way
      /// they sleep.
      var sleepingWaits = 0
    }

    let clock: C
    private let origin: C.Instant
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state = State()

    /// The name the timer threads carry, for profilers and the benchmark.
    static var threadName: String { "asyncwait-timer" }

    /// The most entries the thread takes under one hold of its lock.
    static var batchSize: Int { 256 }

    init(clock: C) {
      self.clock = clock
      self.origin = clock.now
      pthread_mutex_init(mutex, nil)
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
    /// The sleep is begun before, outside the lock, so that the timer's lock
    /// is held no longer than an insertion, and one hold of it decides and
    /// schedules.
    ///
    /// - Parameters:
    ///   - parking: The parking place to resume; the heap holds it until the
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
      pthread_mutex_lock(mutex)
      if unlessQuiet, state.sleepingWaits <= Self.quietWaits {
        pthread_mutex_unlock(mutex)
        return false
      }
      let wakesThread = insert(parking, sleep: id, at: ticks)
      pthread_mutex_unlock(mutex)
      if wakesThread { pthread_cond_signal(condition) }
      return true
    }

    /// Adds an entry to the heap; the caller holds the lock.
    ///
    /// - Returns: Whether the thread sleeps past the entry and must be woken.
    private func insert(_ parking: Parking, sleep id: UInt64, at ticks: Int64) -> Bool {
      state.timers.insert(parking, sleep: id, at: ticks)
      switch state.phase {
      case .waitingForWork: return true
      case .sleeping(let until): return ticks < until
      case .resuming: return false
      }
    }

    /// The most waits there may be for a wait to sleep on the clock itself.
    static var quietWaits: Int { 2 }

    /// Counts a wait that has begun sleeping on this clock, until ``leave()``.
    func join() {
      pthread_mutex_lock(mutex)
      state.sleepingWaits += 1
      pthread_mutex_unlock(mutex)
    }

    /// Counts a wait that sleeps no more.
    func leave() {
      pthread_mutex_lock(mutex)
      state.sleepingWaits -= 1
      pthread_mutex_unlock(mutex)
    }

    /// Notes that a sleep ended before its deadline, leaving a stale entry;
    /// removes the stale entries once they may outnumber the live ones.
    func discard() {
      pthread_mutex_lock(mutex)
      let released = state.timers.noteStaleEntry()
      pthread_mutex_unlock(mutex)
      for parking in released { parking.release() }
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

    /// The thread's loop: sleep until the earliest deadline, resume what is due.
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
      var due: [TimerHeap<Int64>.Entry] = []
      due.reserveCapacity(Self.batchSize)
      pthread_mutex_lock(mutex)
      while true {
        guard let earliest = state.timers.earliest else {
          state.phase = .waitingForWork
          pthread_cond_wait(condition, mutex)
          continue
        }
        let now = ticks(clock.now)
        guard earliest <= now else {
          state.phase = .sleeping(until: earliest)
          wait(nanoseconds: earliest - now)
          continue
        }
        state.phase = .resuming
        _ = state.timers.takeDue(by: now, into: &due, limit: Self.batchSize)
        pthread_mutex_unlock(mutex)
        for entry in due { entry.resume(with: .deadline) }
        due.removeAll(keepingCapacity: true)
        pthread_mutex_lock(mutex)
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
