@_spi(Tests) import AsyncWait
import AsyncWaitBrowser
import BrowserFixtures
import Foundation
import Testing

/// The web server fixture: it starts, gets ready by an address or a line,
/// and always stops what it started, whatever the server does.
@Suite(.timeLimit(.minutes(2)))
struct WebServerTests {
  /// A page Python's server serves, from a directory of its own.
  static func siteDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("<!doctype html><title>served</title><h1>Hello from the server</h1>".utf8)
      .write(to: directory.appendingPathComponent("index.html"))
    return directory.path
  }

  @Test func aServerReadyByItsAddressServesAPage() async throws {
    let directory = try Self.siteDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let port = try LoopbackServer.unusedPort()
    let server = try await WebServer.start(
      "python3 -u -m http.server \(port) --bind 127.0.0.1",
      readyWhen: .responds(at: "http://127.0.0.1:\(port)/"),
      workingDirectory: directory, timeout: patience)
    #expect(server.url == "http://127.0.0.1:\(port)/")
    let page = try await Browser.shared.newContext().newPage(
      url: "http://127.0.0.1:\(port)/", timeout: patience)
    try await page.descendants(matching: "heading", named: "Hello from the server").require(.visible)
    let group = server.processIdentifier
    await server.stop()
    await server.stop()
    try await requireGroupGone(group)
    #expect(server.output.contains("GET / HTTP/1.1"))
  }

  @Test func aServerReadyByALineSaysWhereItListens() async throws {
    let directory = try Self.siteDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await WebServer.start(
      "python3 -u -m http.server 0 --bind 127.0.0.1",
      readyWhen: .prints(/Serving HTTP on \S+ port \d+ \((http:\/\/[^)]+)\)/), workingDirectory: directory,
      timeout: patience)
    let url = try #require(server.url)
    #expect(url.hasPrefix("http://127.0.0.1:"))
    let page = try await Browser.shared.newContext().newPage(url: url, timeout: patience)
    #expect(try await page.evaluate("document.title", as: String.self) == "served")
    await server.stop()
  }

  @Test func theEnvironmentReachesTheCommand() async throws {
    let server = try await WebServer.start(
      #"echo "ready as $GREETING"; exec sleep 300"#, readyWhen: .prints(/ready as (\w+)/),
      environment: ["GREETING": "hello"], timeout: patience)
    #expect(server.url == "hello")
    await server.stop()
  }

  /// A descriptor the test process left open (not close-on-exec) does not
  /// reach the server: a copy of one held by a server kept Foundation's
  /// `Process` from seeing its own child end.
  @Test(.enabled(if: readsProcesses, "reads the process table in /proc"))
  func theServerInheritsNoDescriptorOfTheTestProcess() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    // Both ends moved far above what the server sets up, and inheritable.
    #expect(dup2(ends[0], 300) == 300 && dup2(ends[1], 301) == 301)
    for end in ends { close(end) }
    defer { for descriptor: Int32 in [300, 301] { close(descriptor) } }
    let server = try await WebServer.start(
      #"echo "descriptors: $(ls /proc/$$/fd | tr '\n' ' ')end"; exec sleep 300"#,
      readyWhen: .prints(/descriptors: ([0-9 ]*)end/), timeout: patience)
    let inherited = (server.url ?? "").split(separator: " ").compactMap { Int32($0) }
    await server.stop()
    #expect(inherited.contains(0) && inherited.contains(1) && inherited.contains(2))
    #expect(!inherited.contains(300) && !inherited.contains(301), "the server inherited \(inherited)")
  }

  /// Whether the process table can be read (`/proc`), which the checks of
  /// what is left of a server read.
  static let readsProcesses = FileManager.default.fileExists(atPath: "/proc/self/stat")

  @Test(.enabled(if: readsProcesses, "reads the process table in /proc"))
  func aServerThatIgnoresSIGTERMAndLeavesChildrenIsStoppedWhole() async throws {
    // The shell ignores SIGTERM, and so do the children it starts.
    let server = try await WebServer.start(
      #"trap '' TERM; sleep 300 & sleep 300 & echo ready; wait"#, readyWhen: .prints(/ready/),
      timeout: patience, gracePeriod: .milliseconds(200))
    let group = server.processIdentifier
    #expect(livingProcesses(inGroup: group).count >= 3)
    await server.stop()
    try await requireGroupGone(group)
  }

  @Test func aServerThatExitsFirstSaysHowAndWhatItPrinted() async throws {
    let error = try await #require(throws: BrowserError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        _ = try await WebServer.start(
          "echo 'port 80 is taken' >&2; exit 3", readyWhen: .responds(at: "http://127.0.0.1:9/"),
          timeout: patience)
      }
    }
    #expect(error == .webServerFailed)
    #expect(error.detail.contains("exited with status 3 before it was ready"))
    #expect(error.detail.contains("port 80 is taken"))
  }

  /// A length of `sleep` no other process sleeps for: its command line
  /// (whose arguments are apart, with NULs between) finds it.
  static func uniqueSleep() -> String {
    "300.\(Int.random(in: 100_000...999_999))"
  }

  /// The server gets 20 s, as long as the check that it ran has: with
  /// 500 ms, under a loaded suite, its shell once ran `sleep` too late, or
  /// too briefly, for that check to see it.
  @Test(.enabled(if: readsProcesses, "reads the process table in /proc"))
  func aServerNeverReadyTimesOutAndIsStopped() async throws {
    let sleep = Self.uniqueSleep()
    async let seen: Void = requireEventually("the server runs", timeout: patience) {
      !livingProcesses(matching: sleep).isEmpty
    }
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        _ = try await WebServer.start(
          "echo starting; exec sleep \(sleep)", readyWhen: .prints(/listening/), timeout: .seconds(20))
      }
    }
    try await seen
    #expect(error.timeout == .seconds(20))
    #expect(error.comment == "`echo starting; exec sleep \(sleep)` to print its ready line")
    #expect(error.lastObservation?.contains("it printed:\nstarting") == true)
    #expect(livingProcesses(matching: sleep).isEmpty)
  }

  @Test(.enabled(if: readsProcesses, "reads the process table in /proc"))
  func aCancelledStartStopsTheServer() async throws {
    let sleep = Self.uniqueSleep()
    let start = Task {
      try await WebServer.start("exec sleep \(sleep)", readyWhen: .prints(/never/), timeout: patience)
    }
    try await requireEventually("the server runs", timeout: patience) {
      !livingProcesses(matching: sleep).isEmpty
    }
    start.cancel()
    await #expect(throws: CancellationError.self) { _ = try await start.value }
    #expect(livingProcesses(matching: sleep).isEmpty)
  }

  @Test(.enabled(if: readsProcesses, "reads the process table in /proc"))
  func aServerNobodyHoldsIsKilled() async throws {
    var group: Int32 = 0
    do {
      let server = try await WebServer.start(
        "echo ready; exec sleep 300", readyWhen: .prints(/ready/), timeout: patience)
      group = server.processIdentifier
      #expect(!livingProcesses(inGroup: group).isEmpty)
    }
    try await requireGroupGone(group)
  }

  /// A server that writes to `/dev/stdout` and `/dev/stderr` by name, as
  /// a logging setting does, can: its output is a pipe.
  @Test func aServerThatOpensDevStdoutIsHeard() async throws {
    let server = try await WebServer.start(
      "echo to-stdout > /dev/stdout; echo to-stderr > /dev/stderr; echo ready; exec sleep 300",
      readyWhen: .prints(/ready/), timeout: patience)
    #expect(server.output.contains("to-stdout\nto-stderr\nready"))
    await server.stop()
  }

  @Test func aMissingDirectoryOrANegativeGraceIsSaid() async throws {
    let error = try await #require(throws: BrowserError.self) {
      try await withWaitDefaults(recordsFailures: false) {
        _ = try await WebServer.start(
          "true", readyWhen: .prints(/ready/), workingDirectory: "/no/such/directory", timeout: patience)
      }
    }
    #expect(error.detail.contains("/no/such/directory"))
    await #expect(throws: BrowserError.invalidArgument) {
      _ = try await WebServer.start("true", readyWhen: .prints(/ready/), gracePeriod: .seconds(-1))
    }
  }
}
