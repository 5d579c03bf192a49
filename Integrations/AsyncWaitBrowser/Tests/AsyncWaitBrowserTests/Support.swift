import AsyncWait
import AsyncWaitBrowser
import BrowserFixtures
import Foundation
import Testing

/// The item-list site, served for the whole test run.
let site: LoopbackServer = {
  do {
    return try LoopbackServer.itemList()
  } catch {
    fatalError("The loopback server could not start: \(error)")
  }
}()

/// Generous bounds for waits that should succeed: they bound a hang, they
/// do not expect speed.
let patience = Duration.seconds(20)

/// Runs `body` with a fresh browser context and the item-list page loaded,
/// then closes the context.
func withItemListPage(_ body: (BrowserPage) async throws -> Void) async throws {
  try await withPage("/", body)
}

/// Runs `body` with a fresh browser context and the account page loaded, as
/// ``withItemListPage(_:)`` does.
func withAccountPage(_ body: (BrowserPage) async throws -> Void) async throws {
  try await withPage("/account", body)
}

/// Runs `body` with the site's page at `path` loaded in a fresh context of
/// the process's shared browser, then closes the context.
///
/// Each context keeps the artifacts of its failed waits in a directory of
/// its own, removed afterwards: the tests that fail waits on purpose leave
/// nothing behind, and a test that counts artifacts sees only its own.
/// `FaultTests` launch browsers of their own, and check that closing one
/// leaves none of its processes.
func withPage(_ path: String, _ body: (BrowserPage) async throws -> Void) async throws {
  await PageSlots.shared.acquire()
  do {
    try await withPageInASlot(path, body)
  } catch {
    await PageSlots.shared.release()
    throw error
  }
  await PageSlots.shared.release()
}

/// How many of the tests' pages may be open at once.
///
/// The suites run in parallel: on a 2-core machine a dozen pages at once
/// starved one another, and a read that is not a wait (a snapshot's
/// command) went past the command timeout, 10 seconds then (seen once in
/// CI, with a browser a test). Three at once keep both cores busy.
actor PageSlots {
  static let shared = PageSlots(count: 3)
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = count
  }

  /// Waits for a free slot and takes it.
  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a slot back, to the longest waiting test first.
  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// ``withPage(_:_:)`` once its slot is taken.
private func withPageInASlot(_ path: String, _ body: (BrowserPage) async throws -> Void) async throws {
  let context = try await Browser.shared.newContext()
  let artifacts = FileManager.default.temporaryDirectory
    .appendingPathComponent("asyncwait-test-artifacts-\(UUID().uuidString)").path
  context.artifactsDirectory = artifacts
  defer { try? FileManager.default.removeItem(atPath: artifacts) }
  do {
    let page = try await context.newPage(url: site.url(path), timeout: patience)
    try await body(page)
  } catch {
    try? await context.close()
    throw error
  }
  try await context.close()
}

/// Fails unless every process of `group` has ended within the patience.
///
/// A process that has ended but is not yet reaped (a zombie, whose parent is
/// now init) counts as ended: it runs nothing and holds nothing but its
/// process-table entry, and this machine's init reaps only now and then.
func requireGroupGone(_ group: Int32) async throws {
  try await requireEventually("Chromium's process group \(group) has ended", timeout: patience) {
    livingProcesses(inGroup: group).isEmpty
  }
}

/// The processes of `group` that have not ended.
///
/// On Linux, from `/proc`, leaving out zombies; elsewhere, whether the group
/// has any process at all (`kill` with signal 0), whose process identifiers
/// are not listed.
func livingProcesses(inGroup group: Int32) -> [Int32] {
  #if os(Linux)
    return livingProcessTable().filter { $0.group == group }.map(\.pid)
  #else
    return kill(-group, 0) == 0 ? [group] : []
  #endif
}

/// The processes that have not ended, other than this one, whose command
/// line contains `text`; on Linux only (from `/proc`), empty elsewhere.
func livingProcesses(matching text: String) -> [Int32] {
  #if os(Linux)
    return livingProcessTable().filter { process in
      process.pid != getpid()
        && FileManager.default.contents(atPath: "/proc/\(process.pid)/cmdline").map {
          String(decoding: $0, as: UTF8.self).contains(text)
        } == true
    }.map(\.pid)
  #else
    return []
  #endif
}

#if os(Linux)
  /// Every process that has not ended, with its process group, from `/proc`.
  ///
  /// A process that has ended but is not yet reaped (a zombie) is left out:
  /// it runs nothing and holds nothing but its process-table entry.
  func livingProcessTable() -> [(pid: Int32, group: Int32)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> (pid: Int32, group: Int32)? in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After the command in parentheses: state, parent, process group.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] != "Z", let group = Int32(fields[2]) else { return nil }
      return (pid, group)
    }
  }
#endif

/// Runs `body` with a blank page in a fresh context of the process's
/// shared browser, in one of the tests' page slots, then closes the
/// context: pytest-playwright's pattern, which the Playwright twins of the suites of
/// real applications (`Playwright/datasette.py`, `Playwright/bokeh.py`)
/// follow too.
///
/// Its waits and actions take 10 seconds unless they say otherwise, as a
/// Playwright configuration's `expect: { timeout: 10_000 }` would give them:
/// the Swift lines, like the Playwright ones, name no timeout.
func withBlankPage(_ body: (BrowserPage) async throws -> Void) async throws {
  await PageSlots.shared.acquire()
  do {
    let context = try await Browser.shared.newContext()
    do {
      let page = try await context.newPage()
      try await withWaitDefaults(timeout: .seconds(10)) { try await body(page) }
    } catch {
      try? await context.close()
      throw error
    }
    try await context.close()
  } catch {
    await PageSlots.shared.release()
    throw error
  }
  await PageSlots.shared.release()
}

/// A real application nobody here wrote (Datasette, Bokeh), installed from
/// PyPI into `.build`, serving on a port of its own: started by the
/// package's ``WebServer``, which stops it when the test process ends.
final class AppServer: Sendable {
  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  /// Where the server answers, such as `http://127.0.0.1:41234`.
  let baseURL: String
  private let server: WebServer

  private init(baseURL: String, server: WebServer) {
    self.baseURL = baseURL
    self.server = server
  }

  /// The address of `path` on the server.
  func url(_ path: String) -> String { baseURL + path }

  /// The repository's root, from this file's path.
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The command `name`: the path in `environment`, or the one its
  /// `Scripts/install-NAME.sh` installs in `.build/NAME`; `nil` when there
  /// is none.
  static func executable(named name: String, environment: String) -> String? {
    let path =
      ProcessInfo.processInfo.environment[environment]
      ?? repository.appendingPathComponent(".build/\(name)/bin/\(name)").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// The directory of the integration's fixtures for `application`.
  static func fixtures(_ application: String) -> String {
    repository.appendingPathComponent("Integrations/AsyncWaitBrowser/Fixtures/\(application)").path
  }

  /// Starts `command`, ready once it prints the line `readiness` matches,
  /// whose capture is the server's address.
  ///
  /// The bound is generous: the servers start while every suite starts
  /// on both cores, and Bokeh's first test took 28.4 s with its start in a
  /// CI run, and missed a bound of 30 s in the next.
  static func start(
    _ application: String, _ command: String, readyWhen readiness: WebServer.Readiness,
    workingDirectory: String? = nil
  ) async throws -> AppServer {
    let server = try await WebServer.start(
      command, readyWhen: readiness, workingDirectory: workingDirectory, timeout: .seconds(90))
    guard let url = server.url else { throw StartError(description: "\(application) said no address") }
    return AppServer(baseURL: url, server: server)
  }
}
