@_spi(Integrations) import AsyncWait
public import AsyncWaitBrowser
import Testing

#if canImport(XCTest)
  @_spi(Integrations) import AsyncWaitTesting
#endif

extension BrowserContext {
  /// The running test's own browser context: the `.browserContext` trait's
  /// in Swift Testing (``BrowserContextTrait``), a
  /// ``BrowserContextProviding`` class's in XCTest.
  ///
  /// ```swift
  /// let page = try await BrowserContext.current
  ///   .newPage(url: "http://127.0.0.1:8080/")
  /// ```
  ///
  /// The first read in a test opens the context on
  /// `Browser.shared`, launching the browser if no test
  /// has; every later read in the test returns the same one, and it is
  /// closed, with its pages, when the test ends.
  ///
  /// - Throws: ``NoBrowserContextError`` outside a test given a context;
  ///   what `Browser.newContext(_:)` and
  ///   `Browser.shared` throw when it cannot be opened.
  public static var current: BrowserContext {
    get async throws {
      if let slot = ContextSlot.scoped { return try await slot.context() }
      #if canImport(XCTest)
        // A Swift Testing test without the trait gets none, even while an
        // XCTest case runs in the same process.
        if Test.current == nil, let slot = ContextSlot.ofRunningXCTestCase() {
          return try await slot.context()
        }
      #endif
      throw NoBrowserContextError()
    }
  }
}

/// The error of `BrowserContext.current` read outside a
/// test that was given a context.
public struct NoBrowserContextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Makes the error.
  public init() {}

  /// What went wrong and how to give the test a context.
  public var description: String {
    "No browser context for this test: give the test or its suite the .browserContext trait "
      + "(Swift Testing), or conform its XCTest class to BrowserContextProviding"
  }
}

/// One test's context: opened by the test's first read, closed after the
/// test.
final class ContextSlot: Sendable {
  /// The slot of the running Swift Testing test (``BrowserContextTrait``).
  @TaskLocal static var scoped: ContextSlot?

  let options: BrowserContext.Options
  /// The opening, once a read has started it, and whether the test has
  /// ended: a read after that (a task that outlived its test) gets no
  /// context, which nothing would close.
  private let opening = Locked<(task: Task<BrowserContext, any Error>?, isClosed: Bool)>((nil, false))

  init(options: BrowserContext.Options) {
    self.options = options
  }

  /// The context, opened by the first caller.
  ///
  /// Callers that ask while it opens share the opening; an opening that
  /// failed is tried again by the next caller.
  func context() async throws -> BrowserContext {
    let options = options
    let task = opening.withLock { opening -> Task<BrowserContext, any Error>? in
      if opening.isClosed { return nil }
      if let task = opening.task { return task }
      let task = Task { try await Browser.shared.newContext(options) }
      opening.task = task
      return task
    }
    guard let task else { throw NoBrowserContextError() }
    do {
      return try await task.value
    } catch {
      opening.withLock { opening in if opening.task == task { opening.task = nil } }
      throw error
    }
  }

  /// Closes the context, if one was opened, without waiting for it to
  /// close (the next test need not wait), and opens none after.
  func closeSoon() {
    let task = opening.withLock { opening in
      opening.isClosed = true
      return opening.task
    }
    guard let task else { return }
    Task { try? await task.value.close() }
  }

  #if canImport(XCTest)
    /// The slots of the running XCTest test cases, by their identity.
    private static let ofXCTestCases = Locked<[ObjectIdentifier: ContextSlot]>([:])

    /// The slot of the running XCTest test case, made at its first read
    /// and closed when it finishes; `nil` when no test case runs or its
    /// class is not ``BrowserContextProviding``.
    static func ofRunningXCTestCase() -> ContextSlot? {
      guard let running = RunningXCTestCase.current,
        let provider = running.type as? any BrowserContextProviding.Type
      else { return nil }
      let (slot, made) = ofXCTestCases.withLock { slots in
        if let slot = slots[running.id] { return (slot, false) }
        let slot = ContextSlot(options: provider.browserContext.options)
        slots[running.id] = slot
        return (slot, true)
      }
      if made {
        let registered = RunningXCTestCase.whenFinished(running.id) {
          ofXCTestCases.withLock { $0.removeValue(forKey: running.id) }?.closeSoon()
        }
        // It finished between the two reads: nothing else would close it.
        if !registered {
          ofXCTestCases.withLock { _ = $0.removeValue(forKey: running.id) }
          slot.closeSoon()
          return nil
        }
      }
      return slot
    }
  #endif
}
