// What a wait on a web page costs: one probe (a query the page evaluates,
// and a snapshot of the page alone), and how soon a wait returns after the
// page changes, woken by the page itself or only by polling every
// 100 ms; what each action costs end to end on the account page, what an
// action's strict check adds to a probe, and what a failed wait's
// screenshot costs; then, on pages of 100 to 20,000 rows, waits, a click
// and a change, beside Playwright (Scripts/install-playwright.sh) on the
// same pages in the same run.
//
//   swift run -c release --package-path Integrations/AsyncWaitBrowser AsyncWaitBrowserBench [--quick]
//     [--sizes 100,1000,5000,20000]
import AsyncWait
@_spi(Benchmarks) import AsyncWaitBrowser
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
    try await page.evaluate("addItemLater('\(name)', \(delay))")
    try await root.descendants(matching: .staticText)[name].requireExistence(
      using: Wait(timeout: .seconds(10), schedule: .fixed(.milliseconds(100))))
    let returned = epochMilliseconds()
    let changedAt = try await page.evaluate("window.changedAt", as: Double?.self) ?? .nan
    samples.append(returned - changedAt)
    // The page keeps its size: every sample probes the same tree.
    try await page.evaluate("document.querySelector('[data-testid=items]').lastElementChild.remove()")
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

// Pages of many rows, here and, when it is installed
// (Scripts/install-playwright.sh), in Playwright on the same Chromium, one
// after the other in this run.
// `--sizes 100,1000,5000` picks the page sizes.
let sizesArgument = CommandLine.arguments.firstIndex(of: "--sizes").flatMap {
  CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil
}
let sizes =
  sizesArgument.map { $0.split(separator: ",").compactMap { Int($0) } }
  ?? (quick ? [100, 1000, 20000] : [100, 1000, 5000, 20000])
/// How many samples of each kind both take on a page of `size` rows.
///
/// The same count here and in Playwright. On pages of up to 1,000 rows, where a
/// sample takes milliseconds, 30: a median of 10 moved by half from run to
/// run; on larger pages 10, where Playwright's change takes half a minute.
func samplesOfEachKind(_ size: Int) -> Int {
  quick ? 5 : size <= 1000 ? 30 : 10
}
/// The sizes of the pages whose list is inside a web component's shadow root.
let shadowSizes = quick ? [1000] : [5000]
/// The sizes of the pages shown in a frame from another origin.
let frameSizes = quick ? [1000] : [5000]
let rowsSite = try LoopbackServer.rows(sizes, inShadowRoots: shadowSizes, inFrames: frameSizes)
struct SizeRow {
  var size: Int
  var waitByID: [Double] = []
  var waitByRole: [Double] = []
  var waitByText: [Double] = []
  var click: [Double] = []
  var change: [Double] = []
}
/// The time `body` takes, in milliseconds.
func timed(_ body: () async throws -> Void) async throws -> Double {
  let start = clock.now
  try await body()
  return (clock.now - start).milliseconds
}
/// Why the bench stops: a sample that did not do what it measures.
enum BenchError: Error, CustomStringConvertible {
  /// A click that did not reach the page's handler on its button.
  case clickMissed(String)

  var description: String {
    switch self {
    case .clickMissed(let detail): detail
    }
  }
}
/// How long any sample may wait.
let patience = Duration.seconds(300)
/// The waits on the last row of `page` (by test id, by role and name, by
/// text) and the click on its button.
///
/// Kind by kind, each after one sample not kept, as Playwright/bench.py
/// takes its samples, so that a wait's samples follow one another on a page
/// that has not changed since the one before. The rows are searched for in
/// `scope`: the page, or a frame (`page.frameLocator(css:)`); `clicks`
/// reads the rows page's `[window.clicks, window.clickedRow]`, as JSON, in
/// the document that holds the rows, so that each click is checked to
/// have reached the page's handler on the right button, as
/// Playwright/bench.py checks.
func measureWaitsAndClick<Scope: ElementTypeQueryProvider>(
  on page: BrowserPage, in scope: Scope, rows size: Int, samples: Int,
  clicks: () async throws -> String
) async throws -> SizeRow where Scope.Node == BrowserNode {
  func sampled(_ body: () async throws -> Void) async throws -> [Double] {
    try await body()
    var taken: [Double] = []
    for _ in 0..<samples { taken.append(try await timed(body)) }
    return taken
  }
  var measured = SizeRow(size: size)
  measured.waitByID = try await sampled {
    try await scope.cells["row-\(size)"].requireExistence(timeout: patience)
  }
  measured.waitByRole = try await sampled {
    try await scope.buttons["Remove Item \(size)"].requireExistence(timeout: patience)
  }
  measured.waitByText = try await sampled {
    try await scope.descendants(withText: "Item \(size)").requireExistence(timeout: patience)
  }
  measured.click = try await sampled {
    let before = try await clicks()
    try await page.click(scope.buttons["remove-\(size)"], timeout: patience)
    let after = try await clicks()
    let count = Int(before.dropFirst().prefix { $0.isNumber }) ?? -1
    guard after == "[\(count + 1),\"remove-\(size)\"]" else {
      throw BenchError.clickMissed("the click on remove-\(size) did not reach the page: \(before) → \(after)")
    }
  }
  return measured
}
var sizeRows: [SizeRow] = []
for size in sizes {
  let samples = samplesOfEachKind(size)
  let rowsPage = try await browser.newPage(
    url: rowsSite.url(RowsPage.path(rows: size)), timeout: .seconds(120))
  var measured = try await measureWaitsAndClick(on: rowsPage, in: rowsPage, rows: size, samples: samples) {
    try await rowsPage.evaluateJSON("[window.clicks, window.clickedRow]")
  }
  for index in 0...samples {
    try await rowsPage.evaluate("window.addRowLater(50)")
    try await rowsPage.cells["row-new"].requireExistence(timeout: patience)
    let returned = epochMilliseconds()
    let appendedAt = try await rowsPage.evaluate("window.appendedAt", as: Double?.self) ?? .nan
    if index > 0 { measured.change.append(returned - appendedAt) }
    try await rowsPage.evaluate("window.removeNewRows()")
  }
  try await rowsPage.close()
  sizeRows.append(measured)
}

// The same waits and click on a page whose list is inside a web
// component's open shadow root, as Playwright/bench.py takes them.
var shadowRows: [SizeRow] = []
for size in shadowSizes {
  let shadowPage = try await browser.newPage(
    url: rowsSite.url(RowsPage.shadowPath(rows: size)), timeout: .seconds(120))
  shadowRows.append(
    try await measureWaitsAndClick(
      on: shadowPage, in: shadowPage, rows: size, samples: samplesOfEachKind(size)
    ) { try await shadowPage.evaluateJSON("[window.clicks, window.clickedRow]") })
  try await shadowPage.close()
}

// The same waits and click on a page that shows the rows in a frame from
// another origin, through `frameLocator`, as Playwright/bench.py takes them.
var frameRows: [SizeRow] = []
for size in frameSizes {
  let framedPage = try await browser.newPage(
    url: rowsSite.url(RowsPage.framePath(rows: size)), timeout: .seconds(120))
  frameRows.append(
    try await measureWaitsAndClick(
      on: framedPage, in: framedPage.frameLocator(css: "iframe[title=Rows]"), rows: size,
      samples: samplesOfEachKind(size)
    ) {
      // The rows page is the page's one frame from another origin.
      try await framedPage.evaluateJSONInRemoteFrames("[window.clicks, window.clickedRow]").joined()
    })
  try await framedPage.close()
}

// A test end to end, on the account page, as a user writes it: the same
// steps as the flow of Playwright/bench.py, which says them in Playwright.
let flowSamples = quick ? 3 : 10
let patienceForFlows = Duration.seconds(30)
let flowPage = try await browser.newPage(url: rowsSite.url("/account"), timeout: patienceForFlows)
func flow(on page: BrowserPage) async throws {
  try await page.goto(rowsSite.url("/account"), timeout: patienceForFlows)
  try await page.fill(page.descendants(labelled: "Email"), with: "ada@example.com")
  try await page.fill(page.descendants(labelled: "Full name"), with: "Ada Lovelace")
  try await page.selectOption("blue", in: page.descendants(labelled: "Favourite colour"))
  try await page.check(page.descendants(labelled: "Send me news"))
  try await page.click(page.descendants(matching: .button, named: "Save"))
  try await page.descendants(matching: "status").require(
    .text("Saved ada@example.com, Ada Lovelace, blue, news"))
  let draftA = page.descendants(matching: "listitem").containing(text: "Draft A")
  try await page.click(draftA.descendants(matching: .button, named: "Delete"))
  try await page.lists.matching(class: "drafts").cells.require(count: 1)
  let newTodo = page.descendants(withPlaceholder: "What needs to be done?")
  try await page.fill(newTodo, with: "Buy milk")
  try await page.press("Enter", on: newTodo)
  let done = page.descendants(labelled: "Done: Buy milk")
  try await done.require(.unchecked)
  try await page.check(done)
  try await page.lists.matching(class: "todos").cells.require(classes: ["done"])
}
var flows: [Double] = []
try await withWaitDefaults(timeout: patienceForFlows) {
  try await flow(on: flowPage)
  for _ in 0..<flowSamples {
    let start = clock.now
    try await flow(on: flowPage)
    flows.append((clock.now - start).milliseconds)
  }
}
try await flowPage.close()

// A network wait: the page starts a fetch, and the wait for its response
// returns, woken by the response's event. As Playwright/bench.py takes it,
// on the same page of the same server.
let responseSamples = quick ? 20 : 100
var responseWaits: [Double] = []
let networkPage = try await browser.newPage(url: rowsSite.url("/account"), timeout: .seconds(30))
for index in 0...responseSamples {
  let start = clock.now
  let response = try await networkPage.waitForResponse("**/api/items", timeout: patienceForFlows) {
    try await networkPage.evaluate("void fetch('/api/items')")
  }
  precondition(response.status == 200, "the API answers")
  if index > 0 { responseWaits.append((clock.now - start).milliseconds) }
}
try await networkPage.close()

// Playwright, on the same pages, when installed: Playwright/bench.py
// takes its samples of everything above now, one after another, then
// serves (`--serve`) its samples of opening a page and of the suite, one a
// request, which this bench takes in turn with its own below.
let openSamples = quick ? 3 : 10
let suiteTests = 24
let suiteRuns = quick ? 1 : 3
var playwright: [String: [String: [Double]]] = [:]
var playwrightFlows: [Double] = []
var playwrightShadow: [String: [String: [Double]]] = [:]
var playwrightFrames: [String: [String: [Double]]] = [:]
var playwrightOpened: [String: [Double]] = [:]
var playwrightSuites: [Double] = []
var playwrightResponses: [Double] = []
var playwrightVersion = "not installed (Scripts/install-playwright.sh)"
let python = FileManager.default.currentDirectoryPath + "/.build/playwright/bin/python"
// A write to a Playwright that has ended throws, instead of ending the bench.
signal(SIGPIPE, SIG_IGN)
var peer =
  FileManager.default.isExecutableFile(atPath: python)
  ? try PlaywrightPeer(
    python: python,
    script: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Playwright/bench.py").path,
    arguments: [
      "--url", rowsSite.url(""),
      "--rows", sizes.map(String.init).joined(separator: ","),
      "--samples", sizes.map { String(samplesOfEachKind($0)) }.joined(separator: ","),
      "--flow-samples", String(flowSamples),
      "--shadow-rows", shadowSizes.map(String.init).joined(separator: ","),
      "--frame-rows", frameSizes.map(String.init).joined(separator: ","),
      "--response-samples", String(responseSamples), "--serve",
      "--chromium", browser.executablePath ?? "",
    ]) : nil

/// Why Playwright gave no samples, when it failed.
var peerFailure: String?
/// Keeps why Playwright failed, for the tables, and stops it: ours go on
/// alone.
@MainActor func abandonPeer(_ error: any Error) {
  peerFailure = String(describing: error)
  peer?.stop()
  peer = nil
}
do {
  try peer?.waitUntilReady()
} catch {
  abandonPeer(error)
}

/// Playwright's sample for `request`, or `nil` once it has failed.
@MainActor func theirSample(_ request: String) -> Double? {
  do {
    return try peer?.sample(request)
  } catch {
    abandonPeer(error)
    return nil
  }
}

/// Takes a sample of ours and, while Playwright serves, one of
/// Playwright's, in turn, Playwright first when `theirsFirst`: the callers
/// alternate which goes first, so that what the machine does over a run
/// falls on both alike.
@MainActor func inTurn(
  theirsFirst: Bool, _ request: String, ours: () async throws -> Double
) async throws -> (ours: Double, theirs: Double?) {
  if theirsFirst {
    let theirs = theirSample(request)
    return (try await ours(), theirs)
  }
  let mine = try await ours()
  return (mine, theirSample(request))
}

// Opening a page as a test opens one: a fresh context, a page in it, the
// page loaded; the context closed after, untimed. Round by round, a page
// of each size here and in Playwright, in turn; the first round is not
// kept.
var opened: [Int: [Double]] = [:]
for round in 0...openSamples {
  for (index, size) in sizes.enumerated() {
    let (ours, theirs) = try await inTurn(theirsFirst: (round + index) % 2 == 1, "open \(size)") {
      let start = clock.now
      let context = try await browser.newContext()
      _ = try await context.newPage(url: rowsSite.url(RowsPage.path(rows: size)), timeout: .seconds(120))
      let elapsed = (clock.now - start).milliseconds
      try await context.close()
      return elapsed
    }
    if round > 0 {
      opened[size, default: []].append(ours)
      if let theirs { playwrightOpened[String(size), default: []].append(theirs) }
    }
  }
}

// A suite of short tests, one after another, each the flow above in a
// fresh context of the one browser, as pytest-playwright runs a suite; a
// run here and one in Playwright, in turn.
var suites: [Double] = []
try await withWaitDefaults(timeout: patienceForFlows) {
  for run in 0..<suiteRuns {
    let (ours, theirs) = try await inTurn(theirsFirst: run % 2 == 1, "suite \(suiteTests)") {
      let start = clock.now
      for _ in 0..<suiteTests {
        let context = try await browser.newContext()
        try await flow(on: try await context.newPage())
        try await context.close()
      }
      return (clock.now - start).milliseconds
    }
    suites.append(ours)
    if let theirs { playwrightSuites.append(theirs) }
  }
}

if let peerFailure {
  // Samples taken before it failed are not set beside ours.
  playwrightOpened = [:]
  playwrightSuites = []
  playwrightVersion = "failed (\(peerFailure))"
} else if let peer {
  let (json, status) = peer.finish()
  if let json, let rows = json["rows"] as? [String: [String: [Double]]] {
    playwright = rows
    playwrightShadow = json["shadowRows"] as? [String: [String: [Double]]] ?? [:]
    playwrightFrames = json["frameRows"] as? [String: [String: [Double]]] ?? [:]
    playwrightFlows = json["flow"] as? [Double] ?? []
    playwrightResponses = json["responses"] as? [Double] ?? []
    playwrightVersion = "Playwright \(json["playwright"] as? String ?? "?")"
  } else {
    playwrightVersion = "failed (exit status \(status))"
  }
}
func p50(_ values: [Double]?) -> String {
  guard let values, !values.isEmpty else { return "–" }
  return String(format: "%.1f", percentile(values, 0.5))
}
func versus(_ ours: [Double], _ theirs: [Double]?) -> String {
  guard let theirs, !theirs.isEmpty, !ours.isEmpty else { return "" }
  return String(format: " (×%.2f)", percentile(ours, 0.5) / max(percentile(theirs, 0.5), 0.001))
}
/// A row of a table of page sizes: each kind's p50, ours / Playwright's,
/// and their ratio; the change only on pages that measured it.
func tableRow(_ measured: SizeRow, _ theirs: [String: [Double]]?, withChange: Bool) -> String {
  var kinds: [(String, [Double])] = [
    ("waitByID", measured.waitByID), ("waitByRole", measured.waitByRole),
    ("waitByText", measured.waitByText), ("click", measured.click),
  ]
  if withChange { kinds.append(("change", measured.change)) }
  let cells = kinds.map { kind, ours in "\(p50(ours)) / \(p50(theirs?[kind]))\(versus(ours, theirs?[kind]))" }
  return "| \(measured.size) | " + cells.joined(separator: " | ") + " |"
}
let sizeTable = sizeRows.map { tableRow($0, playwright[String($0.size)], withChange: true) }
let shadowTable = shadowRows.map { tableRow($0, playwrightShadow[String($0.size)], withChange: false) }
let frameTable = frameRows.map { tableRow($0, playwrightFrames[String($0.size)], withChange: false) }

let version = try await browser.version
print(
  """
  AsyncWaitBrowser bench: \(version), \(ProcessInfo.processInfo.activeProcessorCount) cores\(quick ? ", --quick" : "")

  | metric | samples | p50 ms | p90 ms | max ms | target |
  | --- | --- | --- | --- | --- | --- |
  \(row("one probe: `page.lists[\"items\"].cells[\"item-3\"].exists` (the page evaluates it)", probes, target: "p50 ≤ 20 ms"))
  \(row("one snapshot alone (`page.snapshot()`)", snapshots, target: ""))
  \(row("its accessibility tree alone (`Accessibility.getFullAXTree`)", accessibilityTrees, target: ""))
  \(row("its DOM snapshot alone (`DOMSnapshot.captureSnapshot`)", domSnapshots, target: ""))
  \(row("DOM change → wait returns, woken by the page", woken, target: "p50 ≤ 10 ms"))
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

  Pages of N rows (a text, a button and a checkbox a row), p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs): a wait on the last row, which is there, by test id (`page.cells["row-N"]`), by role and name (`page.buttons["Remove Item N"]`) and by text (`page.descendants(withText: "Item N")`, the form of `getByText`); a click on its button; a row added 50 ms later → the waiting wait returns. Samples of each kind, in both: \(sizes.map { "\(samplesOfEachKind($0)) at \($0)" }.joined(separator: ", ")) rows.

  | rows | wait, by id | wait, by role and name | wait, by text | click | change → wait returns |
  | --- | --- | --- | --- | --- | --- |
  \(sizeTable.joined(separator: "\n"))

  The same waits and click on a page whose list of N rows is inside a web component's open shadow root (`<rows-list>`), p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs); samples of each kind, in both: \(shadowSizes.map { "\(samplesOfEachKind($0)) at \($0)" }.joined(separator: ", ")) rows.

  | rows in a shadow root | wait, by id | wait, by role and name | wait, by text | click |
  | --- | --- | --- | --- | --- |
  \(shadowTable.joined(separator: "\n"))

  The same waits and click on a page that shows the page of N rows in a frame from another origin (`<iframe title="Rows">`, 127.0.0.1 framing localhost, which Chromium runs in a process of its own), through `page.frameLocator(css: "iframe[title=Rows]")` (Playwright's `page.frame_locator(…)`), p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs); samples of each kind, in both: \(frameSizes.map { "\(samplesOfEachKind($0)) at \($0)" }.joined(separator: ", ")) rows.

  | rows in a frame | wait, by id | wait, by role and name | wait, by text | click |
  | --- | --- | --- | --- | --- |
  \(frameTable.joined(separator: "\n"))

  A test end to end on the account page (`/account`), as a user writes it: load the page, fill two fields, pick an option, check a box, save, assert the status's text, delete a draft, assert the count, add a to-do with Enter, assert it unchecked, check it, assert its class; p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs):

  | flow | samples | this package | Playwright |
  | --- | --- | --- | --- |
  | account page, 14 steps | \(flows.count) / \(playwrightFlows.count) | \(p50(flows)) | \(p50(playwrightFlows))\(versus(flows, playwrightFlows)) |

  A network wait: the page starts a fetch (`evaluate("void fetch('/api/items')")`) and the wait for its response returns, woken by its event (`waitForResponse("**/api/items") { … }`; Playwright's `with page.expect_response("**/api/items"): page.evaluate(…)`), on the account page; p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs):

  | wait | samples | this package | Playwright |
  | --- | --- | --- | --- |
  | a fetch → its response's wait returns | \(responseWaits.count) / \(playwrightResponses.count) | \(p50(responseWaits)) | \(p50(playwrightResponses))\(versus(responseWaits, playwrightResponses)) |

  Opening a page as a test opens one, on pages of N rows: a fresh context, a page in it, loaded (`browser.newContext()` + `context.newPage(url:)`; Playwright's `new_context()` + `new_page()` + `goto()`); a page here and one in Playwright in turn, alternating which goes first; p50 ms, this package / \(playwrightVersion) (× ours ÷ theirs), \(openSamples) samples of each:

  | rows | open a page |
  | --- | --- |
  \(sizes.map { size in "| \(size) | \(p50(opened[size])) / \(p50(playwrightOpened[String(size)]))\(versus(opened[size] ?? [], playwrightOpened[String(size)])) |" }.joined(separator: "\n"))

  A suite of \(suiteTests) tests, each the flow above in a fresh context of one browser, one after another (pytest-playwright's pattern); a run here and one in Playwright in turn, alternating which goes first; wall time of the whole suite in ms, each run:

  | suite | runs | this package | Playwright |
  | --- | --- | --- | --- |
  | \(suiteTests) tests, a context each | \(suites.count) / \(playwrightSuites.count) | \(suites.map { String(format: "%.0f", $0) }.joined(separator: ", ")) | \(playwrightSuites.map { String(format: "%.0f", $0) }.joined(separator: ", "))\(versus(suites, playwrightSuites)) |
  """)
