// swift-tools-version: 6.2

import PackageDescription

// What measures the package, kept out of the root manifest so that a
// consumer resolves and sees only the libraries: the benchmark
// (`swift run --package-path Benchmarks -c release AsyncWaitBenchmarks`), the
// stress test of 100,000 waits (`AsyncWaitStress`), and the timelines of waits
// in virtual time that the docs draw (`AsyncWaitTimelines`). They measure the
// engine against its own floors, so they import its SPI for them
// (`@_spi(Benchmarks) import AsyncWait`), which is not API.
let package = Package(
  name: "AsyncWaitBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "..")
  ],
  targets: [
    // Counts heap allocations and probes (allocations on glibc only).
    .target(name: "BenchmarkSupport", path: "BenchmarkSupport"),
    .executableTarget(
      name: "AsyncWaitBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ],
      path: "AsyncWaitBenchmarks"),
    // Reads the C allocator's live heap bytes.
    .target(name: "StressSupport", path: "StressSupport"),
    .executableTarget(
      name: "AsyncWaitStress",
      dependencies: [
        "StressSupport",
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ],
      path: "AsyncWaitStress"),
    .executableTarget(
      name: "AsyncWaitTimelines",
      dependencies: [.product(name: "AsyncWait", package: "swift-async-wait")],
      path: "AsyncWaitTimelines"),
  ],
  swiftLanguageModes: [.v6]
)

// The same language features as the libraries, so that the code measured and
// the code that measures it compile alike.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
