// swift-tools-version: 6.2

import PackageDescription

// The tests, the bench and the fixtures of AsyncWaitBrowser, the root
// package's library for a web page in headless Chromium. A package of its
// own, so that the root package's tests need no browser: these need a
// Chromium to run (they find Debian's; Scripts/test-browser.sh installs it).
let package = Package(
  name: "AsyncWaitBrowser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "../..")
  ],
  targets: [
    // The item-list page the tests and the bench drive, and the loopback
    // server that serves it.
    .target(name: "BrowserFixtures"),
    .executableTarget(
      name: "AsyncWaitBrowserBench",
      dependencies: [
        .product(name: "AsyncWaitBrowser", package: "swift-async-wait"), "BrowserFixtures",
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
    // Ends its process without closing Chromium (Scripts/test-browser.sh).
    .executableTarget(
      name: "BrowserOrphanCheck",
      dependencies: [.product(name: "AsyncWaitBrowser", package: "swift-async-wait")]),
    .testTarget(
      name: "AsyncWaitBrowserTests",
      dependencies: [
        .product(name: "AsyncWaitBrowser", package: "swift-async-wait"), "BrowserFixtures",
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .test {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
}
