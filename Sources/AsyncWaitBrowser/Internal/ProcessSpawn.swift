import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a process in a process group of its own: Chromium, a web server
/// and its watcher.
enum ProcessSpawn {
  /// What the child's descriptors are.
  enum FileAction {
    /// Descriptor `descriptor` opens `path` with `flags`.
    case open(Int32, path: String, flags: Int32)
    /// Descriptor `to` is a copy of our `from`.
    case duplicate(Int32, to: Int32)
  }

  /// An error number, as `posix_spawn` returns it.
  struct Errno: Error, CustomStringConvertible {
    var code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
  }

  /// Spawns `arguments` (the first the executable's path) with `files` set
  /// up, the test process's environment with `environment` added, no
  /// signal blocked or ignored, and in a process group of its own whose
  /// number is the child's.
  ///
  /// Only the descriptors set up here are inherited: on Darwin by
  /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, on Linux by closing every descriptor
  /// above them in the child (glibc 2.34 or later; with an older C library
  /// every descriptor not close-on-exec is inherited, so every descriptor
  /// the package opens is close-on-exec). A descriptor another part of the
  /// process left open would otherwise live on in the child: Foundation's
  /// `Process` learns that its child ended when every copy of such a
  /// descriptor is closed, and a server started at the same moment held
  /// one, so a test's `Process` waited for a child that had ended.
  static func spawn(
    _ arguments: [String], files: [FileAction], environment: [String: String] = [:]
  ) -> Result<pid_t, Errno> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    var highest: Int32 = 2
    for file in files {
      switch file {
      case .open(let descriptor, let path, let flags):
        posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600)
        highest = max(highest, descriptor)
      case .duplicate(let from, let to):
        posix_spawn_file_actions_adddup2(&actions, from, to)
        highest = max(highest, to)
      }
    }
    #if !canImport(Darwin)
      _ = closeFrom?(&actions, highest + 1)
    #endif
    #if canImport(Darwin)
      // Only the descriptors set up here are inherited: a process started
      // at the same moment by another task cannot inherit this one's pipe.
      let flags =
        POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT
    #else
      let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let merged = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
    let argv = arguments.map { strdup($0) } + [nil]
    let environ = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in environ { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    return result == 0 ? .success(pid) : .failure(Errno(result))
  }

  #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later),
    /// looked up when first used, so that the package builds and runs
    /// against an older C library, whose children inherit more.
    private static let closeFrom:
      (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        // The symbol is the C function of that signature (spawn.h).
        return unsafeBitCast(
          symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
        )
      }()
  #endif

  /// Reaps `pid`; `nil` when `WNOHANG` finds it still running.
  ///
  /// - Returns: How it ended, such as `exited with status 3` or `killed by
  ///   signal 9`.
  static func reap(_ pid: pid_t, options: Int32) -> String? {
    var raw: Int32 = 0
    while true {
      let result = waitpid(pid, &raw, options)
      if result == pid { break }
      if result == 0 { return nil }
      if errno == EINTR { continue }
      return "already reaped"
    }
    let signal = raw & 0x7f
    return signal == 0 ? "exited with status \((raw >> 8) & 0xff)" : "killed by signal \(signal)"
  }
}
