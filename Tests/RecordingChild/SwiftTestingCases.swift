// The Swift Testing half of the recording child: tests that fail waits on
// purpose, run by Swift Testing's own entry point when the parent sets
// RECORDING_CHILD_FRAMEWORK=swift-testing (see main.swift). The lines
// marked `// fails here` are the ones the parent expects in the issues.
#if os(Linux)
  import AsyncWaitTesting
  import Testing

  @Suite struct RecordedSwiftTestingWaits {
    @Test func aTimeoutIsRecordedAtItsLine() async throws {
      try await requireEventually(  // fails here
        "the cart settles", timeout: .milliseconds(30), pollingInterval: .milliseconds(10)
      ) { false }
      Issue.record("the test went on after its wait failed")
    }

    @Test func anElementTimeoutIsRecordedAtItsLine() async throws {
      let app = NodeTree(ElementNode(.application, label: "Shop")).rootElement()
      try await app.buttons["Checkout"].requireExistence(timeout: .zero)  // fails here
      Issue.record("the test went on after its wait failed")
    }

    @Test func aPassingWaitRecordsNothing() async throws {
      try await requireEventually("the cart settles", timeout: .zero) { true }
    }
  }
#endif
