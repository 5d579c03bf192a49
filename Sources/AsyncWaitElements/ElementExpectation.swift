/// A state an element is expected to reach: enabled, showing a text, holding
/// a value; the web-first assertions of Playwright, as waits.
///
/// ```swift
/// try await page.buttons["Save"].require(.enabled)
/// try await status.require(.text(.containing("Saved")))
/// try await field.require(.value("ada@example.com"))
/// try await spinner.require(.not(.enabled))
/// ```
///
/// Each probe reads the element's node once (the first match, as every read
/// does: an expectation is not strict) and tests it; a wait that times out
/// says what the last probe saw (`its text was "Saving…"`), what each step of
/// the query matched, and the tree. An element that does not exist meets no
/// expectation, and so meets every negated one: `.not(.text("Saving…"))` is
/// met once the element shows another text or is gone.
///
/// Trees add their own states as static members in an extension constrained
/// to their node type, as the browser integration adds `visible`, `checked`
/// and `attribute(_:_:)`:
///
/// ```swift
/// extension ElementExpectation where Node == AccessibilityNode {
///   static var selected: ElementExpectation {
///     ElementExpectation("to be selected") { node in
///       node.isSelected ? "it was selected" : "it was not selected"
///     } isMet: { node in
///       node.isSelected
///     }
///   }
/// }
/// ```
public struct ElementExpectation<Node: QueryableNode>: Sendable {
  /// How the expectation reads after an element's description, such as
  /// `to be enabled`.
  public let description: String
  /// Whether an element that does not exist meets the expectation.
  let isMetWhenMissing: Bool
  let test: @Sendable (Node) -> Bool
  let observe: @Sendable (Node) -> String

  /// Creates an expectation.
  ///
  /// - Parameters:
  ///   - description: How the expectation reads after an element's
  ///     description, such as `to be selected`.
  ///   - observed: Says what a node's state was, for a wait that times out:
  ///     `it was not selected`.
  ///   - isMet: Whether a node meets the expectation.
  public init(
    _ description: String,
    observed: @escaping @Sendable (Node) -> String,
    isMet: @escaping @Sendable (Node) -> Bool
  ) {
    self.init(description, isMetWhenMissing: false, observed: observed, isMet: isMet)
  }

  private init(
    _ description: String, isMetWhenMissing: Bool, observed: @escaping @Sendable (Node) -> String,
    isMet: @escaping @Sendable (Node) -> Bool
  ) {
    self.description = description
    self.isMetWhenMissing = isMetWhenMissing
    self.observe = observed
    self.test = isMet
  }

  /// Whether a node, or a missing one, meets the expectation.
  ///
  /// - Parameter node: The element's node, or `nil` when it does not exist.
  /// - Returns: Whether it meets the expectation.
  public func isMet(by node: Node?) -> Bool {
    node.map(test) ?? isMetWhenMissing
  }

  /// What the node's state was, for a wait that times out.
  func observation(of node: Node?) -> String {
    node.map(observe) ?? "it did not exist"
  }

  /// The opposite of an expectation, as Playwright's `.not` is: met by
  /// whatever does not meet `expectation`, an element that does not exist
  /// included.
  ///
  /// - Parameter expectation: The expectation to negate.
  /// - Returns: The negated expectation.
  public static func not(_ expectation: ElementExpectation) -> ElementExpectation {
    ElementExpectation(
      "not " + expectation.description, isMetWhenMissing: !expectation.isMetWhenMissing,
      observed: expectation.observe, isMet: { !expectation.test($0) })
  }
}

extension ElementExpectation {
  /// Accepts interaction: ``QueryableNode/isEnabled``.
  public static var enabled: ElementExpectation {
    ElementExpectation("to be enabled", observed: enabledState) { $0.isEnabled }
  }

  /// Does not accept interaction (and exists).
  public static var disabled: ElementExpectation {
    ElementExpectation("to be disabled", observed: enabledState) { !$0.isEnabled }
  }

  private static func enabledState(_ node: Node) -> String {
    node.isEnabled ? "it was enabled" : "it was disabled"
  }

  /// Shows a text: Playwright's `toHaveText`, on the texts a tree holds.
  ///
  /// The text is the node's ``QueryableNode/textContent``: on a web page,
  /// the element's text content as Playwright's `toHaveText` reads it
  /// (`Hello <b>world</b>!` reads `Hello world!`, and no CSS-generated
  /// content); in a tree of text nodes, their texts joined with spaces.
  ///
  /// - Parameter text: The text to expect, such as `"Saved"` or
  ///   `.containing("Saved")`.
  /// - Returns: The expectation.
  public static func text(_ text: TextMatch) -> ElementExpectation {
    ElementExpectation("to have text \(text)") { node in
      "its text was \(String(reflecting: node.textContent))"
    } isMet: { node in
      text.matches(node.textContent)
    }
  }

  /// Has a name, its ``QueryableNode/label``: Playwright's
  /// `toHaveAccessibleName`.
  ///
  /// - Parameter name: The name to expect.
  /// - Returns: The expectation.
  public static func name(_ name: TextMatch) -> ElementExpectation {
    ElementExpectation("to be named \(name)") { node in
      "its name was \(String(reflecting: node.label))"
    } isMet: { node in
      name.matches(node.label)
    }
  }

  /// Holds a value, its ``QueryableNode/value``: Playwright's `toHaveValue`.
  ///
  /// A text field's value is its text; an element with no value does not
  /// meet it.
  ///
  /// - Parameter value: The value to expect.
  /// - Returns: The expectation.
  public static func value(_ value: TextMatch) -> ElementExpectation {
    ElementExpectation("to have value \(value)") { node in
      node.value.map { "its value was \(String(reflecting: $0))" } ?? "it had no value"
    } isMet: { node in
      node.value.map(value.matches) ?? false
    }
  }
}
