// swift-tools-version: 6.2

import PackageDescription

// AsyncWait over a web page in headless Chromium, driven through the
// DevTools protocol on a pipe. A package of its own, so that the root package
// keeps zero system dependencies: this one needs a Chromium to run (its tests
// find Debian's; Scripts/test-browser.sh installs it), and nothing beyond the
// toolchain to build. It runs on Linux and macOS, where a test can start a
// browser process.
let package = Package(
  name: "AsyncWaitBrowser",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "AsyncWaitBrowser", targets: ["AsyncWaitBrowser"])
  ],
  dependencies: [
    .package(name: "swift-async-wait", path: "../..")
  ],
  targets: [
    .target(
      name: "AsyncWaitBrowser",
      dependencies: [
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
    // The item-list page the tests and the bench drive, and the loopback
    // server that serves it.
    .target(name: "BrowserFixtures"),
    .executableTarget(
      name: "AsyncWaitBrowserBench",
      dependencies: [
        "AsyncWaitBrowser", "BrowserFixtures",
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
    // Ends its process without closing Chromium (Scripts/test-browser.sh).
    .executableTarget(name: "BrowserOrphanCheck", dependencies: ["AsyncWaitBrowser"]),
    .testTarget(
      name: "AsyncWaitBrowserTests",
      dependencies: [
        "AsyncWaitBrowser", "BrowserFixtures",
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
