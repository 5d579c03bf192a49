// swift-tools-version: 6.2

import PackageDescription

// A program that shows the waits at work: one that succeeds, one that times
// out with its error, one that is cancelled
// (`swift run --package-path Examples AsyncWaitDemo`). A package of its own,
// so that the root manifest holds only the libraries. It keeps the compiler's
// default language features: it is written as a user's code is.
let package = Package(
  name: "AsyncWaitExamples",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "AsyncWaitDemo",
      dependencies: [.product(name: "AsyncWait", package: "swift-async-wait")],
      path: "AsyncWaitDemo")
  ],
  swiftLanguageModes: [.v6]
)
