// Launches Chromium and starts a web server (a shell that ignores SIGTERM,
// with a child), then ends this process without closing either, to show
// that neither outlives its owner (Scripts/test-browser.sh checks).
//
//   BrowserOrphanCheck exit    # exit(0): the exit handlers kill both groups
//   BrowserOrphanCheck crash   # SIGKILL: Chromium reads the end of its pipe,
//                              # the server's watcher the end of its own
//
// It prints Chromium's process group and the server's on one line, then ends.
import AsyncWaitBrowser
import Foundation

let mode = CommandLine.arguments.dropFirst().first ?? ""
guard mode == "exit" || mode == "crash" else {
  FileHandle.standardError.write(Data("usage: BrowserOrphanCheck exit|crash\n".utf8))
  exit(2)
}
let browser = try await Browser.launch()
_ = try await browser.newPage()
let server = try await WebServer.start(
  "trap '' TERM; sleep 300 & echo ready; wait", readyWhen: .prints(/ready/), gracePeriod: .milliseconds(500))
print(browser.processIdentifier ?? 0, server.processIdentifier)
fflush(nil)
if mode == "exit" {
  exit(0)
}
kill(getpid(), SIGKILL)
