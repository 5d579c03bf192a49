@_spi(Integrations) import AsyncWait
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A headless Chromium started for one ``Browser``: its process group, its
/// temporary profile, and the two sockets of its DevTools pipe.
///
/// Chromium runs in a process group of its own, so that ending it ends its
/// renderer and helper processes too. It is ended three ways, whichever comes
/// first: ``terminate()`` (the browser's `close()` and `deinit`), an exit
/// handler of the test process (``ChromiumProcess/liveGroups``), and
/// Chromium itself when its end of the pipe reads end-of-file, which is what
/// happens when the test process dies without running its exit handlers.
final class ChromiumProcess: Sendable {
  enum Status: Sendable, Equatable {
    case running
    /// Reaped; the text says how it ended, such as `killed by signal 9`.
    case exited(String)
    /// Reaped, its group killed, its profile removed; with the end of what
    /// it wrote to standard error, read before the profile went.
    case cleanedUp(String, log: String)
  }

  let pid: pid_t
  let profileDirectory: String
  /// How far the process has ended.
  ///
  /// It moves forward only: running, exited, cleaned up. Every `waitpid` on
  /// `pid` and every signal to its group happens inside this lock, so the
  /// process is reaped once and its group is never signalled after it was
  /// cleaned up (when its number could name another group). The only lock
  /// taken inside it is ``liveGroups``'.
  private let status = Locked(Status.running)

  private init(pid: pid_t, profileDirectory: String) {
    self.pid = pid
    self.profileDirectory = profileDirectory
  }

  /// The process group and profile of every Chromium not yet cleaned up.
  ///
  /// The exit handler reads it. No lock is taken inside it.
  private static let liveGroups = Locked([pid_t: String]())

  /// Installs, once, the exit handler that kills every Chromium not yet
  /// cleaned up and removes its profile.
  private static let exitHandlerInstalled: Bool = {
    atexit {
      let groups = ChromiumProcess.liveGroups.withLock { $0 }
      for (group, profile) in groups {
        kill(-group, SIGKILL)
        try? FileManager.default.removeItem(atPath: profile)
      }
    }
    return true
  }()

  /// Features of Chromium that a test never sees and that cost every
  /// browser context a renderer process of its own.
  ///
  /// Measured on Chromium 156, a context each for 12 short tests on a
  /// 2-core machine: the omnibox's popup, drawn by two hidden web pages
  /// in a renderer of their own for each window (a context opens one),
  /// took about 1 s of processor time a test, and the spare renderer
  /// Chromium starts for a context's next navigation, unused in a test
  /// that stays on one site, about 70 ms; with both off the suite took
  /// about a fifth less time. A name a Chromium does not know is ignored.
  static let disabledFeatures = [
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess",
  ]

  /// Returns the command-line switches Chromium is started with, `extra`
  /// last, in order, except that the features `extra` disables
  /// (`--disable-features=`, which Chromium reads once) join
  /// ``disabledFeatures`` in one switch, each named once; a feature of
  /// ``disabledFeatures`` that `extra` enables (`--enable-features=`) is
  /// left on, as Chromium would keep it off were it named in both.
  ///
  /// - Parameters:
  ///   - profile: The profile directory.
  ///   - asRoot: Whether Chromium runs as root, which needs `--no-sandbox`.
  ///   - extra: The caller's switches.
  /// - Returns: The switches, without the executable and the first page.
  static func switches(profile: String, asRoot: Bool, extra: [String]) -> [String] {
    let disabling = "--disable-features="
    /// The features the caller's switches that begin with `prefix` name.
    func features(_ prefix: String) -> [String] {
      extra.filter { $0.hasPrefix(prefix) }.flatMap { $0.dropFirst(prefix.count).split(separator: ",") }
        .map(String.init)
    }
    let enabled = Set(features("--enable-features="))
    var disabled: [String] = []
    for feature in disabledFeatures.filter({ !enabled.contains($0) }) + features(disabling)
    where !disabled.contains(feature) {
      disabled.append(feature)
    }
    return [
      "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile)", "--no-first-run",
      "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
      "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--mute-audio", "--disable-dev-shm-usage",
      // A page gone back to loads again, and fires its load event, as in
      // Playwright's Chromium, instead of coming back from a cache without.
      "--disable-back-forward-cache",
    ]
      + (disabled.isEmpty ? [] : [disabling + disabled.joined(separator: ",")])
      // Chromium refuses to run as root with its sandbox on.
      + (asRoot ? ["--no-sandbox"] : []) + extra.filter { !$0.hasPrefix(disabling) }
  }

  /// Starts Chromium headless on the DevTools pipe.
  ///
  /// - Parameters:
  ///   - executable: Chromium's path.
  ///   - extraArguments: More command-line switches.
  /// - Returns: The process, the socket to write commands to and the socket
  ///   to read messages from.
  /// - Throws: ``BrowserError/launchFailed`` when the profile, the sockets
  ///   or the process cannot be made.
  static func launch(executable: String, extraArguments: [String]) throws(BrowserError) -> (
    ChromiumProcess, commands: Int32, messages: Int32
  ) {
    _ = exitHandlerInstalled
    var template = Array((NSTemporaryDirectory() + "/asyncwait-browser-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw .launchFailed("no temporary profile directory could be made: \(String(cString: strerror(errno)))")
    }
    let profile = String(cString: made)
    // Chromium reads commands on descriptor 3 and writes messages on 4.
    guard let commands = SocketPair.make() else {
      try? FileManager.default.removeItem(atPath: profile)
      throw .launchFailed("no socket pair could be made: \(String(cString: strerror(errno)))")
    }
    guard let messages = SocketPair.make() else {
      let reason = String(cString: strerror(errno))
      close(commands.ours)
      close(commands.theirs)
      try? FileManager.default.removeItem(atPath: profile)
      throw .launchFailed("no socket pair could be made: \(reason)")
    }
    let arguments =
      [executable]
      + switches(profile: profile, asRoot: geteuid() == 0, extra: extraArguments) + ["about:blank"]

    let spawned = spawn(
      arguments, commandsIn: commands.theirs, messagesOut: messages.theirs, log: profile + "/chromium.log")
    close(commands.theirs)
    close(messages.theirs)
    switch spawned {
    case .success(let pid):
      liveGroups.withLock { $0[pid] = profile }
      return (ChromiumProcess(pid: pid, profileDirectory: profile), commands.ours, messages.ours)
    case .failure(let error):
      close(commands.ours)
      close(messages.ours)
      try? FileManager.default.removeItem(atPath: profile)
      throw .launchFailed("\(executable) could not be started: \(String(cString: strerror(error.code)))")
    }
  }

  /// Kills the process group, reaps Chromium and removes the profile.
  ///
  /// Idempotent; returns quickly, since SIGKILL cannot be ignored.
  ///
  /// - Returns: How the process ended.
  @discardableResult
  func terminate() -> String {
    status.withLock { status -> String in
      let ending: String
      switch status {
      case .cleanedUp(let text, _):
        return text
      case .running:
        kill(-pid, SIGKILL)
        ending = ChromiumProcess.reap(pid, options: 0) ?? "ended"
      case .exited(let text):
        ending = text
      }
      // Helpers that outlived the browser process are in the group too; the
      // group's number cannot name another group while they live.
      kill(-pid, SIGKILL)
      let log = ChromiumProcess.tail(ofLog: profileDirectory)
      try? FileManager.default.removeItem(atPath: profileDirectory)
      ChromiumProcess.liveGroups.withLock { _ = $0.removeValue(forKey: pid) }
      status = .cleanedUp(ending, log: log)
      return ending
    }
  }

  /// Says how Chromium ended after its pipe closed: waits a moment for it to
  /// exit on its own, then terminates it.
  ///
  /// - Returns: How the process ended, such as `killed by signal 9`.
  func endAfterDisconnect() -> String {
    for _ in 0..<40 {
      let exited = status.withLock { status -> Bool in
        guard case .running = status else { return true }
        guard let text = ChromiumProcess.reap(pid, options: WNOHANG) else { return false }
        status = .exited(text)
        return true
      }
      if exited { break }
      usleep(5_000)
    }
    return terminate()
  }

  /// The last lines Chromium wrote to its standard error, for a launch
  /// error; kept when the profile that held them is removed.
  func logTail() -> String {
    status.withLock { status in
      if case .cleanedUp(_, let log) = status { return log }
      return ChromiumProcess.tail(ofLog: profileDirectory)
    }
  }

  private static func tail(ofLog profile: String, lines: Int = 5) -> String {
    guard let log = try? String(contentsOfFile: profile + "/chromium.log", encoding: .utf8) else { return "" }
    return log.split(separator: "\n").suffix(lines).joined(separator: "\n")
  }

  /// Reaps `pid`; `nil` when `WNOHANG` finds it still running.
  private static func reap(_ pid: pid_t, options: Int32) -> String? {
    ProcessSpawn.reap(pid, options: options)
  }

  /// Spawns `arguments` in a process group of its own, with the pipe's
  /// sockets as descriptors 3 and 4, no standard input or output, and
  /// standard error into `log`.
  private static func spawn(
    _ arguments: [String], commandsIn: Int32, messagesOut: Int32, log: String
  ) -> Result<pid_t, ProcessSpawn.Errno> {
    // The sources are above 9 (SocketPair.make), so these never clobber them.
    ProcessSpawn.spawn(
      arguments,
      files: [
        .open(0, path: "/dev/null", flags: O_RDONLY), .open(1, path: "/dev/null", flags: O_WRONLY),
        .open(2, path: log, flags: O_WRONLY | O_CREAT | O_TRUNC), .duplicate(commandsIn, to: 3),
        .duplicate(messagesOut, to: 4),
      ])
  }
}

/// A connected pair of Unix stream sockets: one end for us, one for Chromium.
///
/// Sockets rather than pipes, so that writing to a Chromium that died fails
/// with `EPIPE` instead of raising `SIGPIPE` in the test process, and so
/// that `shutdown` can wake the thread that reads.
struct SocketPair {
  /// Our end, close-on-exec.
  var ours: Int32
  /// Chromium's end, close-on-exec and numbered above 9, so that moving it to
  /// descriptor 3 or 4 in the child never overwrites the other.
  var theirs: Int32

  static func make() -> SocketPair? {
    var descriptors: [Int32] = [-1, -1]
    #if canImport(Darwin)
      guard socketpair(AF_UNIX, SOCK_STREAM, 0, &descriptors) == 0 else { return nil }
      // Neither end raises SIGPIPE in this process when the other has gone
      // (the WebSocket bridge writes to the far end).
      var on: Int32 = 1
      for end in descriptors {
        setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      }
    #else
      guard
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0
      else { return nil }
    #endif
    let theirs = fcntl(descriptors[1], F_DUPFD_CLOEXEC, 10)
    close(descriptors[1])
    guard theirs >= 0 else {
      close(descriptors[0])
      return nil
    }
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    return SocketPair(ours: descriptors[0], theirs: theirs)
  }
}
