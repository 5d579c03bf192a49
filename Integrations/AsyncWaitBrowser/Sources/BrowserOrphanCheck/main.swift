// Launches Chromium and then ends this process without closing it, to show
// that Chromium does not outlive its owner (Scripts/test-browser.sh checks).
//
//   BrowserOrphanCheck exit    # exit(0): the exit handler kills Chromium
//   BrowserOrphanCheck crash   # SIGKILL: Chromium reads the end of its pipe
//
// It prints Chromium's process group on one line, then ends.
import AsyncWaitBrowser
import Foundation

let mode = CommandLine.arguments.dropFirst().first ?? ""
guard mode == "exit" || mode == "crash" else {
  FileHandle.standardError.write(Data("usage: BrowserOrphanCheck exit|crash\n".utf8))
  exit(2)
}
let browser = try await Browser.launch()
_ = try await browser.newPage()
print(browser.processIdentifier)
fflush(nil)
if mode == "exit" {
  exit(0)
}
kill(getpid(), SIGKILL)
