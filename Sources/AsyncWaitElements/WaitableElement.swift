public import AsyncWait

/// A handle to something in a tree that a test waits for: a UI element, an
/// accessibility node, a DOM node, a model object.
///
/// Conform by saying how to tell whether the element can be found right now.
/// Every wait of this module (``waitForExistence(timeout:pollingInterval:clock:isolation:)``,
/// ``waitForNonExistence(timeout:pollingInterval:clock:isolation:)``,
/// ``wait(for:toEqual:timeout:pollingInterval:clock:isolation:)``,
/// ``wait(timeout:pollingInterval:clock:isolation:until:)`` and their throwing
/// `require` variants) then works on the type:
///
/// ```swift
/// struct Row: WaitableElement {
///   let list: TodoList
///   let title: String
///   var exists: Bool { list.titles.contains(title) }
/// }
///
/// #expect(try await Row(list: list, title: "Milk").waitForExistence(timeout: .seconds(2)))
/// ```
///
/// The requirement can be met by a synchronous property, a property isolated
/// to the main actor (conform with `@MainActor WaitableElement`, as
/// `XCUIElement` does), or an `async throws` property of a remote tree.
public protocol WaitableElement {
  /// Whether the element can be found in its tree right now.
  ///
  /// Waits read this once per probe, so it must look the element up afresh on
  /// every read rather than cache an earlier answer. An error it throws ends
  /// the wait with that error.
  var exists: Bool { get async throws }

  /// What the element is, for the first line of a timeout error, such as
  /// `buttons["Save"]`.
  ///
  /// The default is the name of the conforming type.
  var elementDescription: String { get }

  /// Triggers that fire when the element's tree changes, so that waits on the
  /// element probe again at once instead of at their next tick.
  ///
  /// The default is none: waits poll. Elements of an ``ElementTree`` return
  /// the tree's trigger, which fires on every change.
  var waitTriggers: [WaitTrigger] { get }

  /// A description of the element as it is now, for a timeout error.
  ///
  /// The throwing waits read it once, after the last probe, and put it in
  /// `WaitTimeoutError.lastObservation`. The default is `nil`; tree elements
  /// describe the node they matched and dump the tree around it.
  var stateDescription: String? { get async }
}

extension WaitableElement {
  /// None: waits on the element poll.
  public var waitTriggers: [WaitTrigger] { [] }

  /// The name of the conforming type.
  public var elementDescription: String { String(describing: Self.self) }

  /// No description: a timeout error reports only what the wait itself saw.
  public var stateDescription: String? {
    get async { nil }
  }
}
