// swift-tools-version: 6.2

import PackageDescription

// The tests of AsyncWaitBrowserTesting, the root package's product that
// gives each test a fresh browser context: a package of its own, because
// its test binary links AsyncWaitTesting, whose failure recorder would
// record the failures AsyncWaitBrowser's own tests cause on purpose. They
// need a Chromium, as those do (Scripts/test-browser.sh runs both).
let package = Package(
  name: "AsyncWaitBrowserTesting",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "../..")
  ],
  targets: [
    .testTarget(
      name: "AsyncWaitBrowserTestingTests",
      dependencies: [.product(name: "AsyncWaitBrowserTesting", package: "swift-async-wait")])
  ],
  swiftLanguageModes: [.v6]
)
