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

  private init() {
    functions = ATSPIFunctions.load()
    guard case .success(let atspi) = functions else { return }
    let thread = Thread {
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

  /// Runs `body` on the AT-SPI thread without waiting for it, as deinitializers must.
  ///
  /// Without libatspi and GLib it does nothing: then no object of theirs
  /// exists to release.
  func schedule(_ body: @escaping @Sendable (ATSPIFunctions) -> Void) {
    guard case .success(let atspi) = functions else { return }
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
