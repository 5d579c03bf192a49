// swift-tools-version: 6.2

import PackageDescription

// AsyncWait over the AT-SPI accessibility tree of the Linux desktop. It needs
// no system library to build: AsyncWaitATSPILoader declares the part of
// libatspi and GLib it calls and opens them at run time, so a machine without
// them (macOS, a Linux machine without libatspi2.0-0) builds it and gets an
// ATSPIError on first use. Its tests need a GUI session with AT-SPI
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
    // dlopen is in glibc's libc from 2.34 on, and in libdl before.
    .target(
      name: "AsyncWaitATSPILoader",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
      name: "AsyncWaitATSPI",
      dependencies: [
        "AsyncWaitATSPILoader",
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
