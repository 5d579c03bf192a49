// What a wait on a web page costs: one probe (a snapshot of the page and a
// query against it), and how soon a wait returns after the page changes,
// woken by the page's DOM events or only by polling every 100 ms; what each
// action costs end to end on the account page, what an action's strict
// check adds to a probe, and what a failed wait's screenshot costs.
//
//   swift run -c release --package-path Integrations/AsyncWaitBrowser AsyncWaitBrowserBench [--quick]
import AsyncWait
@_spi(Internals) import AsyncWaitBrowser
import AsyncWaitElements
import BrowserFixtures
import Foundation

let quick = CommandLine.arguments.contains("--quick")
let probeSamples = quick ? 20 : 200
let latencySamples = quick ? 10 : 50

#if DEBUG
  print("warning: a debug build; run with -c release for figures worth quoting")
#endif

/// Milliseconds since the epoch, as the page's `performance.timeOrigin + performance.now()` counts.
func epochMilliseconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

extension Duration {
  var milliseconds: Double {
    Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
  }
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func row(_ name: String, _ milliseconds: [Double], target: String) -> String {
  let format = { (value: Double) in String(format: "%.1f", value) }
  return "| \(name) | \(milliseconds.count) | \(format(percentile(milliseconds, 0.5))) | "
    + "\(format(percentile(milliseconds, 0.9))) | \(format(milliseconds.max() ?? 0)) | \(target) |"
}

// Artifacts of the failures this bench causes go to a directory of its own.
let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("asyncwait-bench-\(getpid())")
setenv("ASYNCWAIT_ARTIFACTS", artifacts.path, 1)
defer { try? FileManager.default.removeItem(at: artifacts) }

let site = try LoopbackServer.itemList()
let browser = try await Browser.launch()
defer { browser.close() }
let page = try await browser.newPage(url: site.url(), timeout: .seconds(30))
let clock = ContinuousClock()

// One probe: what every probe of a wait on the page does.
let item = page.lists["items"].cells["item-3"]
var probes: [Double] = []
var snapshots: [Double] = []
var accessibilityTrees: [Double] = []
var domSnapshots: [Double] = []
for _ in 0..<(probeSamples / 10) { _ = try await item.exists }
for _ in 0..<probeSamples {
  let start = clock.now
  let found = try await item.exists
  precondition(found, "item-3 is on the page")
  probes.append((clock.now - start).milliseconds)
  let snapshotStart = clock.now
  _ = try await page.snapshot()
  snapshots.append((clock.now - snapshotStart).milliseconds)
  let (accessibility, dom) = try await page.timeSnapshotCommands()
  accessibilityTrees.append(accessibility.milliseconds)
  domSnapshots.append(dom.milliseconds)
}

// Latency: the page adds an item on a timer; the wait for it returns.
func latencies(woken: Bool) async throws -> [Double] {
  let root =
    woken ? page.root : TreeElement("page (polling only)") { try await page.snapshot() }
  var samples: [Double] = []
  for index in 0..<latencySamples {
    let name = "late-\(woken ? "woken" : "polled")-\(index)"
    let delay = 20 + Int.random(in: 0..<80)
    _ = try await page.evaluate("addItemLater('\(name)', \(delay))")
    try await root.descendants(matching: .staticText)[name].requireExistence(
      using: Wait(timeout: .seconds(10), schedule: .fixed(.milliseconds(100))))
    let returned = epochMilliseconds()
    let changedAt = Double(try await page.evaluate("window.changedAt")) ?? .nan
    samples.append(returned - changedAt)
    // The page keeps its size: every sample probes the same tree.
    _ = try await page.evaluate("document.querySelector('[data-testid=items]').lastElementChild.remove()")
  }
  return samples
}
let woken = try await latencies(woken: true)
let polled = try await latencies(woken: false)

// Actions end to end on the account page, each leaving the page as it was.
let account = try await browser.newPage(url: site.url("/account"), timeout: .seconds(30))
let actionSamples = quick ? 10 : 50
let upload = FileManager.default.temporaryDirectory.appendingPathComponent("asyncwait-bench-\(getpid()).txt")
try Data("bench".utf8).write(to: upload)
defer { try? FileManager.default.removeItem(at: upload) }
let email = account.descendants(labelled: "Email")
let news = account.descendants(labelled: "Send me news")
let colour = account.descendants(labelled: "Favourite colour")
let heading = account.descendants(matching: "heading", named: "Account settings")
let actions: [(String, () async throws -> Void)] = [
  ("click (`click`)", { try await account.click(heading) }),
  ("double click (`doubleClick`)", { try await account.doubleClick(heading) }),
  ("hover (`hover`)", { try await account.hover(heading) }),
  ("focus (`focus`)", { try await account.focus(email) }),
  ("type (`type`)", { try await account.type("a", into: email) }),
  ("fill (`fill`)", { try await account.fill(email, with: "ada@example.com") }),
  ("clear (`clear`)", { try await account.clear(email) }),
  ("key press (`press(\"Tab\")`)", { try await account.press("Tab", on: email) }),
  (
    "check, then uncheck (`check` + `uncheck`)",
    {
      try await account.check(news)
      try await account.uncheck(news)
    }
  ),
  ("select an option (`selectOption`)", { try await account.selectOption("Blue", in: colour) }),
  (
    "set a file (`setInputFiles`)",
    {
      try await account.setInputFiles([upload.path], on: account.descendants(labelled: "Avatar"))
    }
  ),
]
var actionRows: [String] = []
for (name, action) in actions {
  try await action()
  var samples: [Double] = []
  for _ in 0..<actionSamples {
    let start = clock.now
    try await action()
    samples.append((clock.now - start).milliseconds)
  }
  actionRows.append(row(name, samples, target: ""))
}

// The strict check: the resolution an action makes, against a read's.
let save = account.descendants(matching: .button, named: "Save")
var reads: [Double] = []
var strictReads: [Double] = []
for _ in 0..<probeSamples {
  var start = clock.now
  _ = try await save.element.snapshot()
  reads.append((clock.now - start).milliseconds)
  start = clock.now
  _ = try await save.element.uniqueSnapshot()
  strictReads.append((clock.now - start).milliseconds)
}

// A failed wait: its state with the screenshot and tree kept, and without.
let failures = quick ? 5 : 20
var withArtifacts: [Double] = []
var withoutArtifacts: [Double] = []
let plain = TreeElement("page") { try await account.snapshot() }
for _ in 0..<failures {
  var start = clock.now
  _ = await account.root.buttons["Save"].failureDescription
  withArtifacts.append((clock.now - start).milliseconds)
  start = clock.now
  _ = await plain.buttons["Save"].failureDescription
  withoutArtifacts.append((clock.now - start).milliseconds)
}

let version = try await browser.version
print(
  """
  AsyncWaitBrowser bench: \(version), \(ProcessInfo.processInfo.activeProcessorCount) cores\(quick ? ", --quick" : "")

  | metric | samples | p50 ms | p90 ms | max ms | target |
  | --- | --- | --- | --- | --- | --- |
  \(row("one probe: snapshot + query `page.lists[\"items\"].cells[\"item-3\"]`", probes, target: "p50 ≤ 20 ms"))
  \(row("one snapshot alone (`page.snapshot()`)", snapshots, target: ""))
  \(row("its accessibility tree alone (`Accessibility.getFullAXTree`)", accessibilityTrees, target: ""))
  \(row("its DOM snapshot alone (`DOMSnapshot.captureSnapshot`)", domSnapshots, target: ""))
  \(row("DOM change → wait returns, woken by DOM events", woken, target: "p50 ≤ 10 ms"))
  \(row("DOM change → wait returns, polling every 100 ms", polled, target: ""))

  Actions end to end on the account page (`/account`), each with its actionability wait:

  | action | samples | p50 ms | p90 ms | max ms | target |
  | --- | --- | --- | --- | --- | --- |
  \(actionRows.joined(separator: "\n"))

  | metric | samples | p50 ms | p90 ms | max ms | target |
  | --- | --- | --- | --- | --- | --- |
  \(row("a read: snapshot + `….element.snapshot()`", reads, target: ""))
  \(row("an action's strict read: snapshot + `….element.uniqueSnapshot()`", strictReads, target: ""))
  \(row("a failed wait's state, screenshot and tree kept", withArtifacts, target: ""))
  \(row("a failed wait's state, nothing kept", withoutArtifacts, target: ""))
  """)
