// swift-tools-version: 6.2

import PackageDescription

// The benchmarks, the stress test, the timelines the docs draw (Benchmarks/)
// and the demo (Examples/) are packages of their own, so that a consumer's
// resolution and IDE see only the libraries and their tests.

let package = Package(
  name: "swift-async-wait",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "AsyncWait", targets: ["AsyncWait"]),
    .library(name: "AsyncWaitElements", targets: ["AsyncWaitElements"]),
    .library(name: "AsyncWaitTesting", targets: ["AsyncWaitTesting"]),
  ],
  targets: [
    .target(name: "AsyncWait"),
    .target(name: "AsyncWaitElements", dependencies: ["AsyncWait"]),
    // For test targets only: failing waits are recorded by the running test
    // framework at the line that waited, and XCUIElement conforms to
    // WaitableElement. It links Testing and XCTest (and XCUIAutomation on
    // Apple platforms), which the two libraries above must not, so that apps
    // can link them; `.ci/run` checks their sources for those imports.
    .target(name: "AsyncWaitTestingLoader"),
    .target(
      name: "AsyncWaitTesting", dependencies: ["AsyncWait", "AsyncWaitElements", "AsyncWaitTestingLoader"]),
    .target(name: "AsyncWaitTestSupport", dependencies: ["AsyncWait"], path: "Tests/AsyncWaitTestSupport"),
    .testTarget(name: "AsyncWaitTests", dependencies: ["AsyncWait", "AsyncWaitTestSupport"]),
    .testTarget(
      name: "AsyncWaitElementsTests", dependencies: ["AsyncWaitElements", "AsyncWaitTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// The library targets adopt the upcoming language features. The test targets
// keep the defaults on purpose: they compile the way a user's test target does,
// so the isolation and conformance tests prove what users get.
for target in package.targets
where target.type != .test && target.name != "AsyncWaitTestSupport" && target.name != "AsyncWaitTestingLoader"
{
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
