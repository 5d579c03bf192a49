@_spi(Integrations) public import AsyncWait
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A web server a test starts, waits for, and always stops: Playwright's
/// `webServer`.
///
/// ```swift
/// let server = try await WebServer.start(
///   "python3 -u -m http.server 8000 --bind 127.0.0.1",
///   readyWhen: .responds(at: "http://127.0.0.1:8000/"))
/// let page = try await Browser.shared.newContext()
///   .newPage(url: "http://127.0.0.1:8000/")
/// ```
///
/// ``start(_:readyWhen:workingDirectory:environment:timeout:gracePeriod:callSite:fileID:filePath:line:column:)``
/// runs the command with `/bin/sh -c`, in a process group of its own, and
/// waits until the address answers or a line of the server's output
/// matches. The server and every process it started end, with no process
/// of the group left:
/// - on ``stop()``: `SIGTERM` to the group, then, after the grace period,
///   `SIGKILL`;
/// - when the last reference to the server goes away, and when the test
///   process exits: `SIGKILL`;
/// - when the test process dies without exiting (a signal, a crash): a
///   small watcher process, which reads the end of a pipe from the test
///   process, sends `SIGTERM` and then `SIGKILL`;
/// - when the start fails (the server exits, does not get ready in time,
///   or the task is cancelled): as on ``stop()``.
///
/// A server for a whole suite lives in a `static let` (a task that starts
/// it once) and ends with the process.
public final class WebServer: Sendable {
  /// The command, as given.
  public let command: String
  /// The address the server answers at: the one given to
  /// ``Readiness/responds(at:)``, or the first capture of the pattern given
  /// to ``Readiness/prints(_:)`` (`nil` when it has none).
  public let url: String?
  private let process: ServerProcess

  /// The server's process identifier, which is also its process group's.
  public var processIdentifier: Int32 { process.pid }

  /// What the server has printed on its standard output and error, the
  /// last mebibyte of it.
  public var output: String { process.output }

  private init(command: String, url: String?, process: ServerProcess) {
    self.command = command
    self.url = url
    self.process = process
  }

  /// When a server is ready.
  ///
  /// It is not `Sendable`, as a regular expression is not: make it where
  /// the server is started.
  public struct Readiness {
    enum Kind {
      case responds(String)
      case prints((String) -> (found: Bool, url: String?))
    }
    let kind: Kind
    let summary: String

    /// Ready when `url` answers a `GET` with a status of 200 to 403, as
    /// Playwright's `webServer.url` is (an `https` address: when it takes
    /// a connection).
    ///
    /// - Parameter url: The address, such as `http://127.0.0.1:8000/`.
    /// - Returns: The readiness.
    public static func responds(at url: String) -> Readiness {
      Readiness(kind: .responds(url), summary: "answer at \(url)")
    }

    /// Ready when the server's output (standard output and error) has a
    /// match of `pattern`; its first capture, when it has one, is the
    /// server's ``WebServer/url``.
    ///
    /// ```swift
    /// let ready = WebServer.Readiness.prints(
    ///   /Uvicorn running on (http:\/\/\S+)/)
    /// ```
    ///
    /// A server that buffers its output when it is not a terminal
    /// (Python's, without `-u`) may print its line late.
    ///
    /// - Parameter pattern: The pattern to find.
    /// - Returns: The readiness.
    public static func prints<Output>(_ pattern: Regex<Output>) -> Readiness {
      let erased = Regex<AnyRegexOutput>(pattern)
      return Readiness(
        kind: .prints { text in
          guard let match = text.firstMatch(of: erased) else { return (false, nil) }
          let url = match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
          return (true, url)
        }, summary: "print its ready line")
    }
  }

  /// Starts `command` and waits until it is ready.
  ///
  /// - Parameters:
  ///   - command: A command line for `/bin/sh -c`, such as
  ///     `npm run start` or `python3 -u -m http.server 8000`.
  ///   - readiness: When the server is ready.
  ///   - workingDirectory: Where the command runs; the test process's
  ///     current directory by default.
  ///   - environment: Variables added to the test process's environment.
  ///   - timeout: How long it may take to get ready; `nil` takes 60
  ///     seconds, Playwright's `webServer.timeout`, times
  ///     `ASYNCWAIT_TIMEOUT_SCALE`.
  ///   - gracePeriod: How long ``stop()`` waits after `SIGTERM` before it
  ///     sends `SIGKILL`.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: The server, ready.
  /// - Throws: ``BrowserError/webServerFailed`` when the command cannot be
  ///   started or exits before it is ready, with what it printed;
  ///   `WaitTimeoutError` when it is not ready in time, with the end of
  ///   its output; `CancellationError`. The server is stopped before any
  ///   of them is thrown.
  public static func start(
    _ command: String,
    readyWhen readiness: Readiness,
    workingDirectory: String? = nil,
    environment: [String: String] = [:],
    timeout: Duration? = nil,
    gracePeriod: Duration = .seconds(2),
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> WebServer {
    guard gracePeriod >= .zero else {
      throw BrowserError.invalidArgument("a web server's grace period must not be negative: \(gracePeriod)")
    }
    let process = try ServerProcess.launch(
      command, workingDirectory: workingDirectory, environment: environment, gracePeriod: gracePeriod)
    /// A server found ready, and where it answers.
    struct Ready {
      var url: String?
    }
    let printed = { () async -> String? in "it printed:\n\(ServerProcess.tail(of: process.output))" }
    let ready: Ready
    do {
      ready = try await Wait(timeout: timeout ?? .seconds(60), triggers: [process.printed]).requireValue(
        "`\(command)` to \(readiness.summary)", observation: printed,
        callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
      ) { () async throws -> Ready? in
        if let ended = process.ended {
          await process.awaitEndOfOutput(atMost: .milliseconds(500))
          throw BrowserError.webServerFailed(
            "`\(command)` \(ended) before it was ready; it printed:\n\(ServerProcess.tail(of: process.output))"
          )
        }
        switch readiness.kind {
        case .responds(let address):
          // A connection may block for a second: on a thread of its own.
          let answers = try await onThreadOfItsOwn("WebServer probe") { HTTPProbe.answers(address) }
          return answers ? Ready(url: address) : nil
        case .prints(let find):
          let (found, address) = find(process.output)
          return found ? Ready(url: address) : nil
        }
      }
    } catch {
      await process.stop()
      throw error
    }
    return WebServer(command: command, url: ready.url, process: process)
  }

  deinit {
    process.stopNow()
  }

  /// Stops the server: `SIGTERM` to its process group, then `SIGKILL` to
  /// whatever is left of it after the grace period, and waits until the
  /// server has ended.
  ///
  /// Safe to call more than once. A cancelled task skips the grace period.
  public func stop() async {
    await process.stop()
  }
}

/// The process of a ``WebServer``: its group, its output, and the watcher
/// that ends the group if the test process dies.
final class ServerProcess: Sendable {
  let pid: pid_t
  /// Fires whenever the server prints, and when its output ends.
  let printed = WaitTrigger()
  private let gracePeriod: Duration

  private struct State {
    /// The output, its last ``ServerProcess/mostOutput`` bytes.
    var output: [UInt8] = []
    /// How the server ended, once it has been reaped.
    var ended: String?
    /// Whether the group has been stopped.
    var stopped = false
    /// Whether the output has ended: every process that held it has.
    var outputEnded = false
  }

  /// Protects the state; no other lock is taken while it is held, except
  /// ``liveGroups``'.
  private let state = Locked(State())
  /// Our end of the watcher's pipe; writing `stop` to it ends the watcher
  /// quietly, and its end of file makes the watcher stop the group.
  private let watcherPipe: Int32
  private let watcher: pid_t

  /// The most output kept.
  static let mostOutput = 1 << 20

  /// The process group and watcher pipe of every server not yet stopped.
  ///
  /// The exit handler reads it. No lock is taken inside it.
  private static let liveGroups = Locked([pid_t: Int32]())

  /// Installs, once, the exit handler that kills every server not yet stopped.
  private static let exitHandlerInstalled: Bool = {
    atexit {
      for (group, pipe) in ServerProcess.liveGroups.withLock({ $0 }) {
        kill(-group, SIGKILL)
        ServerProcess.sendHome(watcherOn: pipe)
      }
    }
    return true
  }()

  private init(pid: pid_t, watcher: pid_t, watcherPipe: Int32, gracePeriod: Duration) {
    self.pid = pid
    self.watcher = watcher
    self.watcherPipe = watcherPipe
    self.gracePeriod = gracePeriod
  }

  /// Starts `command` with its output on a pipe that a thread reads, and
  /// its watcher.
  static func launch(
    _ command: String, workingDirectory: String?, environment: [String: String], gracePeriod: Duration
  ) throws(BrowserError) -> ServerProcess {
    _ = exitHandlerInstalled
    guard let output = Pipe.make(), let watch = Pipe.make() else {
      throw .webServerFailed("no pipe could be made: \(String(cString: strerror(errno)))")
    }
    let directory = workingDirectory ?? FileManager.default.currentDirectoryPath
    // The command runs in its directory; a directory that is not there
    // ends the shell with a message in the output.
    let spawned = ProcessSpawn.spawn(
      ["/bin/sh", "-c", "cd -- \"$1\" && exec /bin/sh -c \"$2\"", "web-server", directory, command],
      files: [
        .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(output.write, to: 1),
        .duplicate(output.write, to: 2),
      ], environment: environment)
    close(output.write)
    guard case .success(let pid) = spawned else {
      close(output.read)
      close(watch.read)
      close(watch.write)
      if case .failure(let error) = spawned {
        throw .webServerFailed("/bin/sh could not be started: \(error)")
      }
      throw .webServerFailed("/bin/sh could not be started")
    }
    // The watcher stops the group when the test process dies: its standard
    // input reads end of file instead of `stop`.
    let grace = String(
      format: "%.3f",
      Double(gracePeriod.components.seconds) + Double(gracePeriod.components.attoseconds) / 1e18)
    let watcherSpawned = ProcessSpawn.spawn(
      [
        "/bin/sh", "-c",
        "if read -r line; then exit 0; fi; kill -TERM -\"$1\" 2>/dev/null; sleep \"$2\"; kill -KILL -\"$1\" 2>/dev/null",
        "web-server-watcher", String(pid), grace,
      ],
      files: [
        .duplicate(watch.read, to: 0), .open(1, path: "/dev/null", flags: O_WRONLY),
        .open(2, path: "/dev/null", flags: O_WRONLY),
      ])
    close(watch.read)
    guard case .success(let watcher) = watcherSpawned else {
      kill(-pid, SIGKILL)
      _ = ProcessSpawn.reap(pid, options: 0)
      close(output.read)
      close(watch.write)
      throw .webServerFailed("its watcher could not be started")
    }
    let process = ServerProcess(
      pid: pid, watcher: watcher, watcherPipe: watch.write, gracePeriod: gracePeriod)
    liveGroups.withLock { $0[pid] = watch.write }
    let reader = Thread { [process] in process.read(output.read) }
    reader.name = "WebServer output"
    reader.start()
    return process
  }

  /// Reads the server's output until its end, then reaps the server if it
  /// has exited.
  private func read(_ descriptor: Int32) {
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      state.withLock { state in
        state.output += chunk[0..<count]
        if state.output.count > Self.mostOutput {
          state.output.removeFirst(state.output.count - Self.mostOutput)
        }
      }
      printed.fire()
    }
    state.withLock { $0.outputEnded = true }
    printed.fire()
  }

  /// Waits until the reading thread has read the output to its end, for
  /// at most `limit`: a server that has exited may have left a child that
  /// holds its output open.
  func awaitEndOfOutput(atMost limit: Duration) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while !state.withLock({ $0.outputEnded }), clock.now < deadline, !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// What the server has printed.
  var output: String {
    String(decoding: state.withLock { $0.output }, as: UTF8.self)
  }

  /// How the server ended, once it has; `nil` while it runs.
  var ended: String? {
    state.withLock { state in
      // Every reap happens inside the lock, so the server is reaped once.
      if state.ended == nil, let text = ProcessSpawn.reap(pid, options: WNOHANG) { state.ended = text }
      return state.ended
    }
  }

  /// Tells the watcher to end without stopping anything; a watcher that
  /// has ended already raises no `SIGPIPE`.
  static func sendHome(watcherOn pipe: Int32) {
    // SIGPIPE, raised by a write to a pipe whose reader has gone, is
    // ignored in this thread while it writes: the write then fails with
    // EPIPE, which needs no answer.
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    _ = "stop\n".withCString { write(pipe, $0, 5) }
    // A SIGPIPE the write raised is pending: take it before unblocking.
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1 {
      var taken: Int32 = 0
      sigwait(&blocked, &taken)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// The last lines of `output`, for a message.
  static func tail(of output: String, lines: Int = 20) -> String {
    let kept = output.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
    let text = kept.joined(separator: "\n")
    return text.isEmpty ? "(nothing)" : text
  }

  /// `SIGTERM` to the group, `SIGKILL` after the grace period (at once in a
  /// cancelled task), the server reaped, the watcher sent home.
  func stop() async {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Task.isCancelled ? .zero : gracePeriod)
    kill(-pid, SIGTERM)
    while ended == nil, clock.now < deadline, !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(10))
    }
    finish()
  }

  /// Kills whatever is left of the group, reaps the server, and sends the
  /// watcher home.
  private func finish() {
    state.withLock { state in
      kill(-pid, SIGKILL)
      if state.ended == nil { state.ended = ProcessSpawn.reap(pid, options: 0) ?? "ended" }
      // Its children that outlived it are in the group too; the group's
      // number cannot name another group while they live.
      kill(-pid, SIGKILL)
    }
    ServerProcess.liveGroups.withLock { _ = $0.removeValue(forKey: pid) }
    Self.sendHome(watcherOn: watcherPipe)
    close(watcherPipe)
    _ = ProcessSpawn.reap(watcher, options: 0)
  }

  /// Kills the group at once, unless it was stopped: for a server nothing
  /// holds any more. (The thread that reads the output holds the process
  /// until the output ends, which the kill brings about.)
  func stopNow() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    if first { finish() }
  }
}

/// A pipe whose two ends are close-on-exec from the start, so that no child
/// started at the same moment by another task inherits them.
///
/// A pipe, not a socket pair: a server that opens `/dev/stdout` (a logging
/// setting, `echo … > /dev/stderr`) cannot open a socket that way on Linux.
/// Linux makes both ends close-on-exec in one call, `pipe2`, which Swift's
/// Glibc module does not declare: it is looked up in the C library. Darwin
/// has no `pipe2`; there only the descriptors a spawn sets up are inherited
/// (`POSIX_SPAWN_CLOEXEC_DEFAULT`), so the flag set after `pipe` suffices.
private struct Pipe {
  var read: Int32
  var write: Int32

  #if !canImport(Darwin)
    /// glibc's `pipe2`, from the C library already loaded.
    private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
      guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "pipe2") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()
  #endif

  static func make() -> Pipe? {
    var ends: [Int32] = [-1, -1]
    #if canImport(Darwin)
      guard pipe(&ends) == 0 else { return nil }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    #else
      if let pipe2 {
        guard ends.withUnsafeMutableBufferPointer({ pipe2($0.baseAddress!, O_CLOEXEC) }) == 0 else {
          return nil
        }
      } else {
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      }
    #endif
    return Pipe(read: ends[0], write: ends[1])
  }
}

/// `read(2)`, named apart from the properties called `read`.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
  #else
    Glibc.read(descriptor, buffer, count)
  #endif
}
