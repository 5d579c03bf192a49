@_exported public import AsyncWait

/// A handle to something in a tree that a test waits for: a UI element, an
/// accessibility node, a DOM node, a model object.
///
/// Conform by saying how to tell whether the element can be found right now.
/// Every wait of this module then works on the type: existence
/// (``waitForExistence(timeout:pollingInterval:using:isolation:)``,
/// ``waitForNonExistence(timeout:pollingInterval:using:isolation:)``), values
/// (`wait(for:toEqual:)`), conditions (`wait(until:)`), holds (`never`,
/// `always`), and their throwing `require` forms:
///
/// ```swift
/// struct Row: WaitableElement {
///   let list: TodoList
///   let title: String
///   var exists: Bool { list.titles.contains(title) }
/// }
///
/// let milk = Row(list: list, title: "Milk")
/// #expect(try await milk.waitForExistence(timeout: .seconds(2)))
/// ```
///
/// Each wait comes in two forms, a `Bool` one and a throwing `require` one,
/// and each takes a `timeout:` and a `pollingInterval:`. Everything else — a
/// backoff, retried errors, a probe observer, a test clock — comes in a
/// `Wait` passed as `using:`. A `Bool` form written as a statement checks
/// nothing: test its result (`#expect(try await …)`), or use the `require`
/// form.
///
/// The requirement can be met by a synchronous property, a property isolated
/// to the main actor (conform with `@MainActor WaitableElement`, as
/// `XCUIElement` does), or an `async throws` property of a remote tree.
public protocol WaitableElement {
  /// Whether the element can be found in its tree right now.
  ///
  /// Waits read this once per probe, so it must look the element up afresh on
  /// every read rather than cache an earlier answer. An error it throws ends
  /// the wait with that error, unless the wait retries it.
  var exists: Bool { get async throws }

  /// What the element is, for the first line of a failure, such as
  /// `app.buttons["Save"]`.
  var elementDescription: String { get }

  /// Triggers that fire when the element's tree changes, so that waits on the
  /// element probe again at once instead of at their next tick.
  var triggers: [WaitTrigger] { get }

  /// A description of the element as it is now.
  ///
  /// For a look at the element from a test or a debugger; a failing wait
  /// reads ``failureDescription``, which starts with it.
  var stateDescription: String? { get async }

  /// What a failing wait shows of the element: its state, and what its
  /// tree adds for a failure, such as where a screenshot was kept.
  ///
  /// The throwing waits read it once, after the last probe, and put it in
  /// `WaitTimeoutError.lastObservation`; never while waits pass. The
  /// default is ``stateDescription``.
  var failureDescription: String? { get async }
}

extension WaitableElement {
  /// No triggers: waits on the element poll at their schedule.
  public var triggers: [WaitTrigger] { [] }

  /// The name of the conforming type, such as `Row`.
  public var elementDescription: String { String(describing: Self.self) }

  /// No description: a failure reports only what the wait itself saw.
  public var stateDescription: String? {
    get async { nil }
  }

  /// The element's ``stateDescription``.
  public var failureDescription: String? {
    get async { await stateDescription }
  }
}
