// What a wait on a web page costs: one probe (a snapshot of the page and a
// query against it), and how soon a wait returns after the page changes,
// woken by the page's DOM events or only by polling every 100 ms.
//
//   swift run -c release --package-path Integrations/AsyncWaitBrowser AsyncWaitBrowserBench [--quick]
import AsyncWait
import AsyncWaitBrowser
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
  """)
