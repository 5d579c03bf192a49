/// An event that callbacks report, awaited with a timeout: the counterpart
/// of `XCTestExpectation` for any test framework.
///
/// Code under test calls ``fulfill()`` from its callback, on any thread or
/// task; the test awaits the expected number of fulfilments. Each
/// `fulfill()` wakes the wait at once, so the test goes on as soon as the
/// last one comes:
///
/// ```swift
/// @Test func downloadReportsEveryPart() async throws {
///   let parts = WaitExpectation("every part arrives", expectedCount: 3)
///   let downloader = Downloader(onPart: { _ in parts.fulfill() })
///   downloader.start()
///   try await parts.require(timeout: .seconds(5))
/// }
/// ```
///
/// A failure says how many fulfilments came: `Timed out after 5 s waiting
/// for "every part arrives"` … `fulfilled 2 of 3 times`. More than
/// `expectedCount` by the time the wait ends fails too, with
/// ``WaitViolationError/Kind/fulfilledTooOften``.
///
/// An inverted expectation must *not* be fulfilled: its ``require(timeout:clock:isolation:callSite:fileID:filePath:line:column:)``
/// watches the whole window, as a hold does (so `ASYNCWAIT_TIMEOUT_SCALE`
/// never stretches it), and fails at the first fulfilment:
/// `"an error is reported" was fulfilled 1 time, more often than expected`.
public final class WaitExpectation: Sendable {
  /// What the expectation stands for, for failures.
  public let comment: String?
  /// How many fulfilments complete the expectation; at least 1.
  public let expectedCount: Int
  /// Whether the expectation must not be fulfilled.
  public let isInverted: Bool
  /// Fired by every fulfilment, so that a wait probes at once.
  private let trigger = WaitTrigger()
  /// The fulfilments so far.
  ///
  /// No other lock is taken while it is held.
  private let count = Locked(0)

  /// Creates an expectation.
  ///
  /// - Parameters:
  ///   - comment: What the expectation stands for, for failures.
  ///   - expectedCount: How many fulfilments complete it; a value below 1
  ///     counts as 1.
  ///   - isInverted: Whether it must not be fulfilled; `false` by default.
  public init(_ comment: String? = nil, expectedCount: Int = 1, isInverted: Bool = false) {
    self.comment = comment
    self.expectedCount = max(expectedCount, 1)
    self.isInverted = isInverted
  }

  /// How many times ``fulfill()`` has been called.
  public var fulfillmentCount: Int { count.withLock { $0 } }

  /// Reports one occurrence of the event; safe from any thread or task.
  public func fulfill() {
    count.withLock { $0 += 1 }
    trigger.fire()
  }

  /// Waits until the expectation is fulfilled `expectedCount` times, or,
  /// when inverted, checks that it is not for the whole timeout.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, or the window an inverted expectation
  ///     is watched for. `nil` takes the scope's default.
  ///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
  ///   - isolation: The actor isolation of the caller.
  /// - Returns: `true` when the expectation was met: fulfilled enough times
  ///   and not more, or, inverted, not fulfilled.
  /// - Throws: ``AsyncWaitError`` for a negative timeout;
  ///   `CancellationError` when the task is cancelled.
  public func wait<C: Clock>(
    timeout: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> Bool where C.Duration == Duration {
    let wait = Wait(timeout: timeout, triggers: [trigger], clock: clock)
    if isInverted { return try await wait.never(isolation: isolation) { isMet } }
    return try await wait.until(isolation: isolation) { isMet } && fulfillmentCount <= expectedCount
  }

  /// Waits until the expectation is fulfilled `expectedCount` times, or,
  /// when inverted, checks that it is not for the whole timeout; fails at
  /// this line when it is not met.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, or the window an inverted expectation
  ///     is watched for. `nil` takes the scope's default.
  ///   - clock: The clock that measures the timeout; `ContinuousClock` by default.
  ///   - isolation: The actor isolation of the caller.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for the error's location.
  ///   - filePath: The file path of the caller, for the error's location.
  ///   - line: The line of the caller, for the error's location.
  ///   - column: The column of the caller, for the error's location.
  /// - Throws: ``WaitTimeoutError`` when too few fulfilments came in time,
  ///   saying how many; ``WaitViolationError`` when more than
  ///   `expectedCount` came, or an inverted expectation was fulfilled
  ///   (``WaitViolationError/Kind/fulfilledTooOften``); ``AsyncWaitError`` for
  ///   a negative timeout; `CancellationError` when the task is cancelled.
  public func require<C: Clock>(
    timeout: Duration? = nil,
    clock: C = ContinuousClock(),
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws where C.Duration == Duration {
    let wait = Wait(timeout: timeout, triggers: [trigger], clock: clock)
    let subject = comment ?? "an expectation to be fulfilled"
    let location = CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
    let start = clock.now
    // The one failure both forms share: more fulfilments than expected
    // (for an inverted expectation, any), counted now.
    func tooOften() -> any Error {
      let violation = WaitViolationError(
        kind: .fulfilledTooOften, comment: subject, window: .zero, elapsed: start.duration(to: clock.now),
        probeIndex: fulfillmentCount, location: location)
      return FailureRecording.report(violation, at: location)
    }
    if isInverted {
      // A hold's window: any fulfilment within it is one too many.
      let quiet: Bool
      do {
        quiet = try await wait.never(isolation: isolation) { isMet }
      } catch let error as AsyncWaitError {
        throw FailureRecording.report(error, at: location)
      }
      guard quiet else { throw tooOften() }
      return
    }
    let observation = { "fulfilled \(self.fulfillmentCount) of \(self.expectedCount) times" }
    try await wait.requireValue(
      subject, observation: observation, isolation: isolation, callSite: location, { isMet ? () : nil })
    guard fulfillmentCount <= expectedCount else { throw tooOften() }
  }

  /// Whether the count has reached `expectedCount`.
  private var isMet: Bool { fulfillmentCount >= expectedCount }
}
