// swift-tools-version: 6.2

import PackageDescription

// The benchmarks, the stress test, the timelines the docs draw (Benchmarks/),
// the demo (Examples/) and the integrations' tests, benches and fixtures
// (Integrations/) are packages of their own, so that a consumer's
// resolution and IDE see only the libraries and their tests.

let package = Package(
  name: "swift-async-wait",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "AsyncWait", targets: ["AsyncWait"]),
    .library(name: "AsyncWaitElements", targets: ["AsyncWaitElements"]),
    .library(name: "AsyncWaitTesting", targets: ["AsyncWaitTesting"]),
    // The integrations: each a library a consumer adds by this package's URL.
    // SwiftPM builds only the targets a consumer's products need, so one
    // that uses AsyncWaitTesting alone builds none of them; neither needs a
    // system library to build (.ci/run builds consumers of each).
    .library(name: "AsyncWaitBrowser", targets: ["AsyncWaitBrowser"]),
    .library(name: "AsyncWaitATSPI", targets: ["AsyncWaitATSPI"]),
    // For test targets only, as AsyncWaitTesting: a fresh browser context
    // for each test (a Swift Testing trait, an XCTest conformance).
    .library(name: "AsyncWaitBrowserTesting", targets: ["AsyncWaitBrowserTesting"]),
  ],
  targets: [
    .target(name: "AsyncWait"),
    .target(name: "AsyncWaitElements", dependencies: ["AsyncWait"]),
    // For test targets only: failing waits are recorded by the running test
    // framework at the line that waited, and XCUIElement conforms to
    // WaitableElement. It links Testing and XCTest (and XCUIAutomation on
    // Apple platforms), which the two libraries above must not, so that apps
    // can link them; `.ci/run` checks their sources for those imports.
    // It installs its recorder when the test binary loads, with a function
    // in the initializer section (`@section`, Swift 6.3; Swift 6.2 has it
    // as an experimental feature, enabled below).
    .target(name: "AsyncWaitTesting", dependencies: ["AsyncWait", "AsyncWaitElements"]),
    // A web page in headless Chromium, driven through the DevTools protocol
    // on a pipe; macOS and Linux, where a test can start a browser process.
    // Its tests, bench and fixtures are in Integrations/AsyncWaitBrowser.
    // Its page scripts are JavaScript files (PageScripts/), embedded in the
    // module as it is built: no resource bundle to find at run time.
    .target(
      name: "AsyncWaitBrowser", dependencies: ["AsyncWait", "AsyncWaitElements"],
      resources: [
        "defineFind", "dispatchEvent", "find", "hitTest", "identity", "observeChanges", "selectAllText",
        "selectCSS", "selectOptions", "setFilePayloads",
      ].map { .embedInCode("PageScripts/\($0).js") }),
    // A fresh browser context for each test; it links Testing and XCTest
    // through AsyncWaitTesting, which AsyncWaitBrowser must not (its
    // bench and tools are executables).
    .target(name: "AsyncWaitBrowserTesting", dependencies: ["AsyncWaitBrowser", "AsyncWaitTesting"]),
    // The AT-SPI accessibility tree of the Linux desktop. It needs no system
    // library to build: AsyncWaitATSPILoader declares the part of libatspi
    // and GLib it calls and opens them at run time (dlopen is in glibc's
    // libc from 2.34 on, and in libdl before), so a machine without them
    // builds it and gets an ATSPIError on first use. Its tests, which need a
    // GUI session, are in Integrations/AsyncWaitATSPI.
    .target(
      name: "AsyncWaitATSPILoader",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
      name: "AsyncWaitATSPI", dependencies: ["AsyncWaitATSPILoader", "AsyncWait", "AsyncWaitElements"]),
    .target(name: "AsyncWaitTestSupport", dependencies: ["AsyncWait"], path: "Tests/AsyncWaitTestSupport"),
    // XCTest cases and Swift Testing tests that fail waits on purpose with
    // AsyncWaitTesting linked, run as a child process by
    // FailureRecordingTests, so that `swift test` checks the recording in
    // both frameworks without loading the recorder into its own test binary.
    .executableTarget(
      name: "RecordingChild", dependencies: ["AsyncWaitTesting"], path: "Tests/RecordingChild"),
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
where target.type != .test && target.name != "AsyncWaitTestSupport" && !target.name.hasSuffix("Loader") {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}

#if compiler(<6.3)
  // `@_used` and `@_section`, which Swift 6.3 names `@used` and `@section`.
  for target in package.targets where target.name == "AsyncWaitTesting" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableExperimentalFeature("SymbolLinkageMarkers")]
  }
#endif
