import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// Scripts as Playwright runs them (`BrowserPage+Scripts.swift`): results
/// decoded, functions called, promises awaited; a wait on a script's value;
/// a DOM event dispatched on an element (`BrowserPage+FormActions.swift`).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ScriptTests {
  struct Item: Decodable, Equatable {
    var id: String
    var done: Bool
  }

  @Test func evaluateDecodesTheResultAsTheTypeAskedFor() async throws {
    try await withItemListPage { (page) async throws in
      let count: Int = try await page.evaluate("document.querySelectorAll('li').length")
      #expect(count == 4)
      // Strings come back as strings, not JSON text.
      #expect(try await page.evaluate("document.title", as: String.self) == "Items")
      #expect(try await page.evaluate("window.notThere", as: String?.self) == nil)
      #expect(try await page.evaluate("[1, 2.5, NaN]", as: [Double?].self) == [1, 2.5, nil])
      #expect(
        try await page.evaluate("({ id: 'a', done: true, extra: 1 })", as: Item.self)
          == Item(id: "a", done: true))
      // A function given as a string is called; a promise is awaited.
      #expect(try await page.evaluate("() => 6 * 7", as: Int.self) == 42)
      #expect(
        try await page.evaluate("new Promise(r => setTimeout(() => r('late'), 50))", as: String.self)
          == "late")
      #expect(try await page.evaluate("async () => 'called'", as: String.self) == "called")
      // Statements, the last one giving the value.
      #expect(try await page.evaluate("const a = 2; a + 1", as: Int.self) == 3)
    }
  }

  @Test func aResultThatDoesNotDecodeSaysWhatItWas() async throws {
    try await withItemListPage { (page) async throws in
      let error = await #expect(throws: BrowserError.undecodableResult) {
        _ = try await page.evaluate("document.title", as: Int.self)
      }
      #expect(
        error?.description.hasPrefix(
          "The script's result does not decode as the type asked for: `document.title` gave \"Items\", which is not a Int"
        ) == true, "\(String(describing: error))")
      await #expect(throws: BrowserError.scriptFailed) {
        try await page.evaluate("() => { throw new Error('inside') }")
      }
    }
  }

  @Test func evaluateForItsEffects() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate("document.title = 'Changed'")
      #expect(try await page.evaluate("document.title", as: String.self) == "Changed")
    }
  }

  @Test func waitForFunctionReturnsTheFirstTruthyValue() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate("setTimeout(() => { window.ready = { at: 'later' } }, 100)")
      // An hour between probes: only the page's change can wake the wait,
      // and the change is a script's, which no mutation reports; the
      // title's change is.
      try await page.evaluate("setTimeout(() => { document.title = 'Ready' }, 150)")
      let ready = try await page.waitForFunction(
        "window.ready", as: [String: String].self, timeout: .seconds(30), pollingInterval: .milliseconds(20))
      #expect(ready == ["at": "later"])
      try await page.waitForFunction("() => document.title === 'Ready'", timeout: .seconds(30))
    }
  }

  @Test func waitForFunctionTimesOutWithTheLastValue() async throws {
    try await withItemListPage { (page) async throws in
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.waitForFunction(
          "document.querySelectorAll('li').length - 4", timeout: .milliseconds(300),
          pollingInterval: .milliseconds(50))
      }
      #expect(error?.comment == "`document.querySelectorAll('li').length - 4` to be truthy")
      #expect(error?.lastObservation == "last value: 0")
      // A script that throws is not retried.
      await #expect(throws: BrowserError.scriptFailed) {
        try await page.waitForFunction("window.missing.property", timeout: .seconds(30))
      }
    }
  }

  @Test func dispatchEventSendsAnEventOfItsInterfaceToAnElementVisibleOrNot() async throws {
    try await withItemListPage { (page) async throws in
      try await page.evaluate(
        """
        window.seen = [];
        const empty = document.createElement('button');
        empty.dataset.testid = 'empty';
        empty.textContent = 'Empty';
        empty.style.cssText = 'width: 0; height: 0; padding: 0; border: 0; overflow: hidden';
        document.body.append(empty);
        for (const element of document.querySelectorAll('button')) {
          for (const type of ['blur', 'click', 'keydown', 'custom']) {
            element.addEventListener(type, (event) => window.seen.push(
              `${element.dataset.testid} ${type} ${event.constructor.name} ${event.bubbles} ${event.key ?? ''}`));
          }
        }
        """)
      // An element with no box, which a click would wait for.
      let empty = page.buttons["empty"]
      #expect(try await empty.snapshot()?.isVisible == false)
      try await page.dispatchEvent("blur", on: empty, timeout: patience)
      try await page.dispatchEvent("click", on: empty, timeout: patience)
      try await page.dispatchEvent("keydown", on: empty, eventInit: "{ key: 'Escape' }", timeout: patience)
      try await page.dispatchEvent("custom", on: empty, eventInit: "{ bubbles: false }", timeout: patience)
      #expect(
        try await page.evaluate("window.seen", as: [String].self) == [
          "empty blur FocusEvent true ", "empty click MouseEvent true ",
          "empty keydown KeyboardEvent true Escape", "empty custom Event false ",
        ])
    }
  }
}
