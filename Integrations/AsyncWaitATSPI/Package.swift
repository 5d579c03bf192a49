// swift-tools-version: 6.2

import PackageDescription

// AsyncWait over the AT-SPI accessibility tree of the Linux desktop. A package
// of its own, so that the root package keeps zero system dependencies: this one
// needs libatspi (Debian's libatspi2.0-dev) and, for its tests, a GUI session
// (Scripts/test-atspi.sh starts one).
let package = Package(
  name: "AsyncWaitATSPI",
  products: [
    .library(name: "AsyncWaitATSPI", targets: ["AsyncWaitATSPI"])
  ],
  dependencies: [
    .package(name: "swift-async-wait", path: "../..")
  ],
  targets: [
    .systemLibrary(
      name: "CAtspi", pkgConfig: "atspi-2", providers: [.apt(["libatspi2.0-dev"])]),
    .target(
      name: "AsyncWaitATSPI",
      dependencies: [
        "CAtspi",
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ]),
    .testTarget(
      name: "AsyncWaitATSPITests",
      dependencies: [
        "AsyncWaitATSPI",
        .product(name: "AsyncWait", package: "swift-async-wait"),
        .product(name: "AsyncWaitElements", package: "swift-async-wait"),
      ],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
