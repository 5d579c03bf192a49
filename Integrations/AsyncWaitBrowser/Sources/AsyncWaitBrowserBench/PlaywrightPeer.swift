import Foundation

/// Playwright/bench.py, run with `--serve`: it measures what it is asked on
/// its command line, then takes one sample a request, so that this bench
/// can take its own samples and Playwright's in turn.
///
/// The requests are lines on the script's standard input (`open N`,
/// `suite T`); each answer is a line of milliseconds on its standard output.
/// Closing its input ends the serving, and the script prints its JSON
/// object of everything else it measured as its last line.
final class PlaywrightPeer {
  /// Why the script could not be asked, or answered what is not a sample.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// What the script printed that is not yet read as a line.
  private var unread = Data()

  /// Starts the script with `arguments` (which should include `--serve`).
  ///
  /// A write to a script that has ended raises `SIGPIPE`, which ends a
  /// process; the caller ignores it (`signal(SIGPIPE, SIG_IGN)`), so that
  /// the write throws instead.
  init(python: String, script: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script] + arguments
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// Waits until the script has measured what its command line asked for
  /// and says it is ready to serve, so that nothing of ours runs while it
  /// measures.
  func waitUntilReady() throws {
    let line = readLine()
    guard line == "ready" else {
      throw Failure(
        description: "Playwright/bench.py ended or failed before it was ready: \(line ?? "no output")")
    }
  }

  /// Asks for one sample, and returns the milliseconds the script took for it.
  func sample(_ request: String) throws -> Double {
    try input.fileHandleForWriting.write(contentsOf: Data((request + "\n").utf8))
    guard let line = readLine() else {
      throw Failure(description: "Playwright/bench.py ended before it answered \(request)")
    }
    guard let milliseconds = Double(line) else {
      throw Failure(description: "Playwright/bench.py answered \(request) with \(line)")
    }
    return milliseconds
  }

  /// Ends the script, for one that failed.
  func stop() {
    if process.isRunning { process.terminate() }
  }

  /// Ends the serving and returns the script's JSON object, or `nil` with
  /// its exit status when it failed.
  func finish() -> (json: [String: Any]?, status: Int32) {
    try? input.fileHandleForWriting.close()
    var last: String?
    while let line = readLine() { last = line }
    process.waitUntilExit()
    guard process.terminationStatus == 0, let data = last?.data(using: .utf8) else {
      return (nil, process.terminationStatus)
    }
    return (try? JSONSerialization.jsonObject(with: data) as? [String: Any], 0)
  }

  /// The next line of the script's output, without its newline; `nil` at
  /// the end of its output.
  private func readLine() -> String? {
    let newline = UInt8(ascii: "\n")
    while true {
      if let end = unread.firstIndex(of: newline) {
        let line = String(decoding: unread[unread.startIndex..<end], as: UTF8.self)
        unread.removeSubrange(unread.startIndex...end)
        return line
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty {
        guard !unread.isEmpty else { return nil }
        defer { unread.removeAll() }
        return String(decoding: unread, as: UTF8.self)
      }
      unread.append(chunk)
    }
  }
}
