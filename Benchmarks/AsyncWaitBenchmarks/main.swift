// AsyncWaitBenchmarks: what a wait costs, measured against this machine's own
// floor in the same run.
//
//   swift run --package-path Benchmarks -c release AsyncWaitBenchmarks [--quick] [--json PATH] [FILTER ...]
//
// Filters pick metrics by name: latency, overshoot, overhead, fast-path,
// allocations, cancellation, scale, virtual-time.

@_spi(Benchmarks) import AsyncWait
import BenchmarkSupport
import Foundation

struct Options {
  var quick = false
  var jsonPath: String?
  var filters: [String] = []
  var allowDebug = false
  var contenders: [String]?
  /// Run exactly these contenders, floors included only if named: for a
  /// profiler, which should see one contender at a time.
  var only: [String]?

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--allow-debug": allowDebug = true
      case "--json":
        guard let path = remaining.popFirst() else { throw UsageError(message: "--json needs a path") }
        jsonPath = path
      case "--contenders":
        guard let names = remaining.popFirst() else { throw UsageError(message: "--contenders needs names") }
        contenders = names.split(separator: ",").map(String.init)
      case "--only":
        guard let names = remaining.popFirst() else { throw UsageError(message: "--only needs names") }
        only = names.split(separator: ",").map(String.init)
      case "-h", "--help": throw UsageError(message: nil)
      case let flag where flag.hasPrefix("-"): throw UsageError(message: "unknown option \(flag)")
      default: filters.append(argument)
      }
    }
  }

  func runs(_ metric: String) -> Bool {
    filters.isEmpty || filters.contains { metric.contains($0) }
  }
}

struct UsageError: Error {
  var message: String?
  static let usage = """
    usage: swift run --package-path Benchmarks -c release AsyncWaitBenchmarks [--quick] [--json PATH] [FILTER ...]
      --quick        fewer trials and shorter windows: a run of under a minute
      --json PATH    also write the results as JSON to PATH
      --allow-debug  run a debug build anyway (its numbers mean nothing)
      --contenders A,B  run only these contenders (floor, resume-floor and trigger-floor always run);
                     waitUntil-on-executor and resume-floor-on-executor run only when named here
      --only A       run exactly this contender (or A,B), floors too only if named: one contender for a
                     profiler (perf record … AsyncWaitBenchmarks --quick --only waitUntil scale-10000)
      FILTER         run only the metrics whose key contains it: latency, overshoot,
                     overhead, fast-path, allocations, cancellation, scale,
                     virtual-time
    """
}

/// The machine the numbers come from.
func machineLine() -> String {
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
  let model =
    cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    ?? "unknown CPU"
  #if compiler(>=6.3)
    let compiler = "Swift 6.3 or later"
  #elseif compiler(>=6.2)
    let compiler = "Swift 6.2"
  #else
    let compiler = "Swift before 6.2"
  #endif
  let counting =
    malloc_counter_is_active() ? "allocations counted by malloc interposition" : "allocations not counted"
  return
    "\(cores) cores, \(model), \(ProcessInfo.processInfo.operatingSystemVersionString), \(compiler), \(counting)"
}

@concurrent
func run(_ options: Options) async throws {
  #if DEBUG
    guard options.allowDebug else {
      print(
        """
        AsyncWaitBenchmarks refuses to measure a debug build: its numbers mean nothing.
        Run: swift run --package-path Benchmarks -c release AsyncWaitBenchmarks\(options.quick ? " --quick" : "")
        """)
      exit(2)
    }
    print(
      """
      ################################################################
      #  DEBUG BUILD: these numbers are not the library's.           #
      ################################################################
      """)
  #endif
  let machine = machineLine()
  print("AsyncWaitBenchmarks\(options.quick ? " (quick)" : "") on \(machine)\n")
  let contenders = Contender.all.filter {
    if let only = options.only { return only.contains($0.name) }
    if $0.optIn { return options.contenders?.contains($0.name) ?? false }
    return $0.name == "floor" || $0.rows != .all || options.contenders?.contains($0.name) ?? true
  }
  if contenders.contains(where: \.optIn) {
    // Task executors need macOS 15; the opt-in contenders run on them or
    // not at all, never as the plain waits under another name.
    guard #available(macOS 15, *) else {
      throw UsageError(message: "waitUntil-on-executor and resume-floor-on-executor need macOS 15")
    }
    // Their threads start before the first window, out of its figures.
    WorkerExecutor.start()
  }
  let metrics = Metrics(allContenders: contenders, quick: options.quick)
  var measurements: [Measurement] = []
  func step(_ key: String, _ body: () async throws -> [Measurement]) async throws {
    guard options.runs(key) else { return }
    let start = ContinuousClock.now
    measurements += try await body()
    print("  \(key) done in \(start.duration(to: .now).shortDescription)")
  }
  try await step("fast-path") { try await metrics.fastPath() }
  try await step("allocations") { try await metrics.steadyStateAllocations() }
  try await step("latency-1ms") { try await metrics.detectionLatency(interval: .milliseconds(1)) }
  try await step("latency-10ms") { try await metrics.detectionLatency(interval: .milliseconds(10)) }
  try await step("latency-100ms") { try await metrics.detectionLatency(interval: .milliseconds(100)) }
  try await step("overshoot") { try await metrics.timeoutOvershoot() }
  try await step("overhead") { try await metrics.probeOverhead() }
  try await step("cancellation") { try await metrics.cancellationLatency() }
  for waits in [1, 100, 10_000] {
    try await step("scale-\(waits)") { try await metrics.scale(waits: waits) }
  }
  try await step("virtual-time") { try await metrics.virtualTime() }
  guard !measurements.isEmpty else {
    print("No metric matches \(options.filters).\n\(UsageError.usage)")
    exit(2)
  }
  let report = Report(measurements: measurements, contenders: contenders.map(\.name))
  print("\n" + report.markdown)
  let targets = report.targets
  if !targets.isEmpty { print("\nTargets (this run; ratios within the same run):\n\n" + targets) }
  if let path = options.jsonPath {
    try report.writeJSON(to: path, machine: machine)
    print("\nJSON written to \(path)")
  }
}

do {
  try await run(Options(arguments: Array(CommandLine.arguments.dropFirst())))
} catch let error as UsageError {
  if let message = error.message { print("error: \(message)") }
  print(UsageError.usage)
  exit(error.message == nil ? 0 : 2)
}
