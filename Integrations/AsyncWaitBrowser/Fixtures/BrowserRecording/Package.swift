// swift-tools-version: 6.2

import PackageDescription

// A consumer's web tests as a user writes them, failing on purpose:
// Scripts/test-browser.sh runs them and checks that each failure is
// recorded once, at its line, with the page's screenshot attached (Swift
// Testing) or its path in the failure (XCTest).
let package = Package(
  name: "BrowserRecording",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "../../../..")
  ],
  targets: [
    .testTarget(
      name: "BrowserFailingFixtures",
      dependencies: [
        .product(name: "AsyncWaitBrowser", package: "swift-async-wait"),
        .product(name: "AsyncWaitTesting", package: "swift-async-wait"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
