internal import AsyncWaitATSPILoader
import Foundation

/// The one thread that talks to libatspi.
///
/// libatspi is not safe for concurrent use, and delivers its events through
/// GLib's default main context. This thread owns that context: it initializes
/// AT-SPI, then runs a GLib main loop, and every call into libatspi is a job
/// handed to it with ``perform(_:)``. Callers suspend until their job has run;
/// no thread of theirs blocks.
///
/// The thread opens libatspi and GLib when it is first used (see
/// ``ATSPIFunctions/load()``), and hands each job their functions. Where they
/// cannot be opened the thread never starts, and every job throws that
/// ``ATSPIError``.
final class ATSPIThread: Sendable {
  /// The process's AT-SPI thread, started on first use.
  static let shared = ATSPIThread()

  /// The functions of libatspi and GLib, or why they could not be loaded.
  private let functions: Result<ATSPIFunctions, ATSPIError>

  /// Marks the thread, for ``isCurrent``: `Thread` keeps a dictionary per
  /// thread, and only the AT-SPI thread has this key.
  private static let marker = "AsyncWaitATSPI.thread"

  /// Whether the caller runs on the AT-SPI thread, inside a job.
  static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }

  private init() {
    functions = ATSPIFunctions.load()
    guard case .success(let atspi) = functions else { return }
    let thread = Thread {
      Thread.current.threadDictionary[ATSPIThread.marker] = true
      _ = atspi.atspi_init()
      let loop = atspi.g_main_loop_new(nil, 0)
      atspi.g_main_loop_run(loop)
    }
    thread.name = "AsyncWaitATSPI"
    thread.start()
  }

  /// Runs `body` on the AT-SPI thread and returns its result.
  ///
  /// Jobs run one at a time, in the order they were handed over; each gets
  /// the loaded functions of libatspi and GLib to call.
  ///
  /// - Throws: ``ATSPIError`` when libatspi or GLib could not be loaded, and
  ///   what `body` throws.
  func perform<Result: Sendable>(
    _ body: @escaping @Sendable (ATSPIFunctions) throws -> Result
  ) async throws -> Result {
    let atspi = try functions.get()
    return try await withCheckedThrowingContinuation { continuation in
      let job = Job {
        continuation.resume(with: Swift.Result { try body(atspi) })
      }
      Self.enqueue(job, using: atspi)
    }
  }

  /// Runs `body` on the AT-SPI thread with libatspi's timeout of a call set
  /// to `callTimeout` first, and returns what it returns.
  ///
  /// The timeout is the process's, not an application's: every job that
  /// calls an application sets its application's, so that none inherits
  /// another's (a millisecond set for one would fail the next).
  ///
  /// - Parameters:
  ///   - callTimeout: How long one call may take.
  ///   - body: The job.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the ``ATSPIError`` of libraries that
  ///   could not be loaded.
  func perform<Result: Sendable>(
    callTimeout: Duration, _ body: @escaping @Sendable (ATSPIFunctions) throws -> Result
  ) async throws -> Result {
    try await perform { atspi in
      // Whole seconds past what a C int of milliseconds holds are cut there
      // first, so that neither the product nor the sum can overflow.
      let seconds = min(max(callTimeout.components.seconds, 0), Int64(Int32.max / 1000))
      let total = seconds * 1000 + max(callTimeout.components.attoseconds, 0) / 1_000_000_000_000_000
      let milliseconds = Int32(clamping: max(total, 1))
      // The second value is what libatspi allows instead for an
      // application it saw launch in the last that many milliseconds (15 s
      // of its own): the call timeout covers those calls too.
      atspi.atspi_set_timeout(milliseconds, milliseconds)
      return try body(atspi)
    }
  }

  /// Runs `body` on the AT-SPI thread without waiting for it, as deinitializers must.
  ///
  /// Called on the AT-SPI thread itself, as a job lets go of what it read
  /// (a search's thousands of candidates), it runs `body` at once: a job a
  /// release would cost that many main-loop turns, and the next probe's
  /// calls would wait behind them. Without libatspi and GLib it does
  /// nothing: then no object of theirs exists to release.
  func schedule(_ body: @escaping @Sendable (ATSPIFunctions) -> Void) {
    guard case .success(let atspi) = functions else { return }
    if Self.isCurrent {
      body(atspi)
      return
    }
    Self.enqueue(Job { body(atspi) }, using: atspi)
  }

  /// Queues a job on the default main context, which only the AT-SPI thread runs.
  ///
  /// An idle source, and not `g_main_context_invoke`: that one runs the job on
  /// the calling thread when it can acquire the context, as any thread can
  /// before the AT-SPI thread's loop has started.
  private static func enqueue(_ job: Job, using atspi: ATSPIFunctions) {
    let source = atspi.g_idle_source_new()
    atspi.g_source_set_priority(source, 0)  // G_PRIORITY_DEFAULT, like the bus's own events
    // The job is retained here and released by the callback, which GLib
    // calls once, on the AT-SPI thread.
    atspi.g_source_set_callback(
      source,
      { pointer in
        guard let pointer else { return 0 }
        Unmanaged<Job>.fromOpaque(pointer).takeRetainedValue().run()
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passRetained(job).toOpaque(), nil)
    _ = atspi.g_source_attach(source, atspi.g_main_context_default())
    atspi.g_source_unref(source)
  }
}

/// A closure on its way to the AT-SPI thread.
private final class Job: Sendable {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}
