// swift-tools-version: 6.2

import PackageDescription

// A consumer package, as a user writes one: its test targets depend on
// AsyncWaitTesting and nothing else. Scripts/test-recording.sh runs it.
let package = Package(
  name: "TestRecording",
  dependencies: [
    .package(name: "swift-async-wait", path: "../../..")
  ],
  targets: [
    // Passing Swift Testing tests that check what a failing wait records,
    // and XCTest tests of an XCTest class's wait defaults.
    .testTarget(
      name: "SwiftTestingRecordingTests",
      dependencies: [.product(name: "AsyncWaitTesting", package: "swift-async-wait")]),
    // A consumer's time-dependent code on the shipped manual clock, run
    // with ASYNCWAIT_TIMEOUT_SCALE unset, at 3 and empty.
    .testTarget(
      name: "ClockAndScaleTests",
      dependencies: [.product(name: "AsyncWaitTesting", package: "swift-async-wait")]),
    // The isolation and promise matrices (Tests/IsolationMatrix, linked
    // here), with AsyncWaitTesting loaded: every probe of every public wait
    // in the caller's isolation, and every kind of error each probe can
    // throw, in Swift Testing and in XCTest.
    .testTarget(
      name: "IsolationMatrixTests",
      dependencies: [.product(name: "AsyncWaitTesting", package: "swift-async-wait")]),
    // Deliberately failing XCTest and Swift Testing tests; the script checks where each failure is printed.
    .testTarget(
      name: "FailingFixtures",
      dependencies: [.product(name: "AsyncWaitTesting", package: "swift-async-wait")]),
  ],
  swiftLanguageModes: [.v6]
)
