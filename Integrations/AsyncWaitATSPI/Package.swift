// swift-tools-version: 6.2

import PackageDescription

// The tests of AsyncWaitATSPI, the root package's library for the AT-SPI
// accessibility tree of the Linux desktop: a package of its own, because
// they need a GUI session with AT-SPI (Scripts/test-atspi.sh starts one).
let package = Package(
  name: "AsyncWaitATSPI",
  dependencies: [
    .package(name: "swift-async-wait", path: "../..")
  ],
  targets: [
    .testTarget(
      name: "AsyncWaitATSPITests",
      dependencies: [
        .product(name: "AsyncWaitATSPI", package: "swift-async-wait"),
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ],
      exclude: ["Fixtures"]),
    // The bench: the waits against pyatspi and dogtail on a GTK app of many
    // rows (Scripts/bench-atspi.sh runs it in a GUI session).
    .executableTarget(
      name: "AsyncWaitATSPIBench",
      dependencies: [
        .product(name: "AsyncWaitATSPI", package: "swift-async-wait"),
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
