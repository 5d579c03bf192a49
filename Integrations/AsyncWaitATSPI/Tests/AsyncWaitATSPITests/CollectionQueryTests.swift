import AsyncWait
import AsyncWaitATSPI
import AsyncWaitElements
import Testing

extension GUIAppTests {
  /// An application of thousands of rows, with the defaults: every lookup the
  /// application can search is answered, however many nodes of the type it
  /// has, and a search that outlasts its call is not sent again until the
  /// application has answered.
  @Suite(.serialized, .timeLimit(.minutes(3)))
  struct CollectionQueryTests {
    let timeout = Duration.seconds(60)

    @Test func lookupsInAnAppOfThousandsOfRowsNeedNoSettings() async throws {
      try await withRowsApp(rows: 3_000) { app in
        // 3,000 buttons and 3,000 labels, beside the budget of 2,000 nodes.
        try await app.buttons["open-2999"].requireExistence(timeout: timeout)
        try await app.buttons.matching(identifier: "open-0").requireExistence(timeout: timeout)
        try await app.descendants(withText: "Row 2999").requireExistence(timeout: timeout)
        try await app.buttons.require(count: 3_001, timeout: timeout)
        #expect(try await app.staticTexts.count == 3_000)
        #expect(try await app.descendants(withText: "Row 3000").exists == false)
        // The text is the label's: the innermost node that shows it.
        #expect(try await app.descendants(withText: "Row 7").firstMatch.snapshot()?.role == "label")
      }
    }

    @Test func aSearchThatOutlastsItsCallIsASlowProbeNotAnError() async throws {
      try await withRowsApp(rows: 3_000) { app in
        try await app.buttons["open-2999"].requireExistence(timeout: timeout)
        let hurried = try await ATSPIApplication(named: app.name, callTimeout: .milliseconds(1))

        // The application takes longer than a millisecond to search: the
        // call's timeout is a slow answer, which a wait retries, not a reason
        // to read the whole tree (which would throw the budget's error).
        let slow = await #expect(throws: ATSPIError.self) {
          _ = try await hurried.buttons["open-2999"].exists
        }
        #expect(slow?.isTransient == true, "\(String(describing: slow))")
        // Once it has answered, a call with time to spare finds the button.
        try await app.buttons["open-2999"].requireExistence(timeout: timeout)
      }
    }
  }
}
