public import AsyncWait
import Foundation

/// Scripts in the page: a value read once, for its effects, as JSON text, or
/// waited for.
///
/// A script is an expression, or statements whose last one gives the value,
/// as the browser's console reads them; a promise is awaited. When the
/// script is a function's expression (`"() => document.title"`), the
/// function is called and its result is the value, as Playwright's
/// `evaluate` does with a string; statements whose last value is a function
/// throw ``BrowserError/scriptFailed``.
extension BrowserPage {
  /// Runs JavaScript in the page and returns its result, decoded:
  /// Playwright's `page.evaluate`.
  ///
  /// ```swift
  /// let count: Int = try await page.evaluate(
  ///   "document.querySelectorAll('li').length")
  /// let title = try await page.evaluate("document.title", as: String.self)
  /// let missing = try await page.evaluate(
  ///   "window.notThere", as: String?.self)  // nil
  /// ```
  ///
  /// The result crosses as JSON: `undefined`, `NaN` and a function's own
  /// value read as `null` (an optional decodes it as `nil`); a `Date` as its
  /// ISO 8601 text; a DOM node as `{}`.
  ///
  /// - Parameters:
  ///   - script: The script.
  ///   - type: The type to decode the result as.
  /// - Returns: The result.
  /// - Throws: ``BrowserError/scriptFailed`` with the exception when the
  ///   script throws; ``BrowserError/undecodableResult`` with the result when
  ///   it does not decode as `type`; ``BrowserError`` when Chromium refuses
  ///   or has gone away.
  public func evaluate<Value: Decodable>(_ script: String, as type: Value.Type = Value.self) async throws
    -> Value
  {
    try Self.decode(try await evaluateValue(script), as: type, from: script)
  }

  /// Runs JavaScript in the page for its effects, awaiting a promise it
  /// returns.
  ///
  /// ```swift
  /// try await page.evaluate("localStorage.clear()")
  /// ```
  ///
  /// - Parameter script: The script.
  /// - Throws: ``BrowserError/scriptFailed`` with the exception when the
  ///   script throws; ``BrowserError`` when Chromium refuses or has gone away.
  public func evaluate(_ script: String) async throws {
    _ = try await evaluateValue(script)
  }

  /// Runs JavaScript in the page and returns its result as JSON text.
  ///
  /// ```swift
  /// let ids = try await page.evaluateJSON(
  ///   "[...document.querySelectorAll('li')].map(li => li.id)")
  /// // ["item-1","item-2"]
  /// ```
  ///
  /// - Parameter script: The script.
  /// - Returns: The result as JSON text; `null` for a value with no JSON form.
  /// - Throws: ``BrowserError/scriptFailed`` with the exception when the
  ///   script throws; ``BrowserError`` when Chromium refuses or has gone away.
  public func evaluateJSON(_ script: String) async throws -> String {
    try await evaluateValue(script).serialized
  }

  /// Waits until a script's value is truthy in the page, and returns it,
  /// decoded: Playwright's `page.waitForFunction`.
  ///
  /// The script runs on every probe of the wait, which the page's changes
  /// wake (as every wait on the page) besides the polling interval. Truthy
  /// is JavaScript's: not `false`, `0`, `""`, `null`, `undefined` or `NaN`.
  ///
  /// ```swift
  /// let width: Int = try await page.waitForFunction(
  ///   "document.querySelector('#panel')?.offsetWidth", timeout: .seconds(5))
  /// try await page.waitForFunction("window.appReady === true")
  /// ```
  ///
  /// A timeout names the script, in backticks, and its last value:
  ///
  /// ```
  /// Timed out after 5 s waiting for "`window.appReady === true` to be truthy"
  ///   …
  ///   last observed:
  ///     last value: false
  /// ```
  ///
  /// - Parameters:
  ///   - script: The script.
  ///   - type: The type to decode the truthy value as.
  ///   - timeout: How long to wait; `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes when the page
  ///     does not change; `nil` takes the scope's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Returns: The first truthy value.
  /// - Throws: `WaitTimeoutError` when no probe finds a truthy value in
  ///   time; ``BrowserError/scriptFailed`` when the script throws (a wait
  ///   does not retry a script's error); ``BrowserError/undecodableResult``
  ///   when the truthy value does not decode as `type`; ``BrowserError`` when
  ///   Chromium goes away; `CancellationError`.
  @discardableResult
  public func waitForFunction<Value: Decodable & Sendable>(
    _ script: String,
    as type: Value.Type = Value.self,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws -> Value {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let value = try await waitForTruthy(script, timeout: timeout, pollingInterval: pollingInterval, at: site)
    return try Self.decode(value, as: type, from: script)
  }

  /// Waits until a script's value is truthy in the page: Playwright's
  /// `page.waitForFunction`, for a condition whose value the test does not
  /// need.
  ///
  /// ```swift
  /// try await page.waitForFunction("document.fonts.status === 'loaded'")
  /// ```
  ///
  /// - Parameters:
  ///   - script: The script.
  ///   - timeout: How long to wait; `nil` takes the scope's default timeout.
  ///   - pollingInterval: How long to sleep between probes when the page
  ///     does not change; `nil` takes the scope's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``waitForFunction(_:as:timeout:pollingInterval:callSite:fileID:filePath:line:column:)``
  ///   does, but for decoding.
  public func waitForFunction(
    _ script: String,
    timeout: Duration? = nil,
    pollingInterval: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let site = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    _ = try await waitForTruthy(script, timeout: timeout, pollingInterval: pollingInterval, at: site)
  }

  /// The one wait of both forms of `waitForFunction`.
  private func waitForTruthy(
    _ script: String, timeout: Duration?, pollingInterval: Duration?, at site: CallSite
  ) async throws -> JSONValue {
    let wait = Wait(
      timeout: timeout, schedule: pollingInterval.map(PollingSchedule.fixed), triggers: [trigger])
    var last: JSONValue?
    func observe() async -> String? {
      "last value: " + (last.map(\.serialized) ?? "none (it was not probed)")
    }
    return try await wait.requireValue("`\(script)` to be truthy", observation: observe, callSite: site) {
      let value = try await evaluateValue(script)
      last = value
      return value.isTruthy ? value : nil
    }
  }

  /// A script's value, a function's called, by value.
  func evaluateValue(_ script: String) async throws -> JSONValue {
    let answer = try await send(
      DevTools.Runtime.Evaluate(expression: script, returned: .value, awaitPromise: true))
    if let exception = answer.exception { throw BrowserError.scriptFailed(exception) }
    guard answer.result.type == "function" else { return answer.result.value ?? .null }
    // A function is called, as Playwright calls one given as a string.
    let called = try await send(
      DevTools.Runtime.Evaluate(expression: "(\n\(script)\n)()", returned: .value, awaitPromise: true))
    if let exception = called.exception { throw BrowserError.scriptFailed(exception) }
    return called.result.value ?? .null
  }

  /// A script's value decoded as `type`.
  private static func decode<Value: Decodable>(_ value: JSONValue, as type: Value.Type, from script: String)
    throws -> Value
  {
    do {
      return try JSONDecoder().decode(type, from: Data(value.serialized.utf8))
    } catch {
      throw BrowserError.undecodableResult(
        "`\(script)` gave \(value.serialized), which is not a \(Value.self) (\(error))")
    }
  }
}
