import Foundation
import Synchronization

/// A task executor with a thread of its own, for the contenders that measure
/// what a wait would gain from running its sleeping loop off Swift's global
/// pool: the timer thread's resumes land in this executor's queue, which its
/// thread drains in batches, instead of going through the global executor.
///
/// The package does not ship this: a condition of a nonisolated wait would
/// run on these threads, and so would the async work it starts, so one slow
/// condition would hold up the probes of every wait on its thread ("A design
/// for later" in "Measuring what a wait costs" says what it would take).
@available(macOS 15, *)
final class WorkerExecutor: TaskExecutor, @unchecked Sendable {
  // Safe to share: `jobs` is read and written only with `condition` locked;
  // `condition` itself is thread-safe and never replaced.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  /// One executor a core, shared by every wait that prefers one.
  private static let all = (0..<max(ProcessInfo.processInfo.activeProcessorCount, 1)).map { _ in
    WorkerExecutor()
  }
  private static let handedOut = Atomic(0)

  /// Starts the executors' threads, so that a measurement does not count
  /// them.
  static func start() {
    _ = all.count
  }

  /// The executors in turn, so that the waits spread over them evenly.
  static func next() -> WorkerExecutor {
    all[handedOut.add(1, ordering: .relaxed).oldValue % all.count]
  }

  private init() {
    // The thread keeps the executor; both live as long as the process.
    let thread = Thread { [self] in run() }
    thread.name = "worker-executor"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    // The thread waits only while the queue is empty.
    let wakes = jobs.count == 1
    condition.unlock()
    if wakes { condition.signal() }
  }

  private func run() {
    var batch: [UnownedJob] = []
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      swap(&batch, &jobs)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
