@_spi(Integrations) import AsyncWait

/// How a query compares a node's text with what a test expects: the whole
/// text, a part of it, with or without case, or a regular expression.
///
/// A string literal, interpolated or not, is an exact match, as a
/// subscript is:
///
/// ```swift
/// let add = page.descendants(matching: .button, named: "Add item")
/// let remove = page.descendants(
///   matching: .button, named: .containing("remove", ignoringCase: true))
/// let item = page.descendants(matching: .cell, named: .matching(/Item \d+/))
/// ```
///
/// Every match first makes runs of white space in the node's text one space,
/// with none at either end, as a screen reader reads it; ``exactly(_:ignoringCase:)``
/// and ``containing(_:ignoringCase:)`` do the same to the expected text. A
/// regular expression is searched for in the text so normalised, as
/// Playwright does: `/Item \d/` matches `Add Item 3`; anchor it (`/^Item \d$/`)
/// to match the whole text.
public struct TextMatch: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  private enum Rule: Sendable {
    case exactly(String, ignoringCase: Bool)
    case containing(String, ignoringCase: Bool)
    case regex(RegexBox)
  }

  /// A regular expression, shared between the tasks that resolve a query.
  ///
  /// `@unchecked Sendable` is safe here: the regex is reached only through
  /// ``matches(_:)``, which runs it while holding `lock`, so it is used by
  /// one thread at a time and each use sees the effects of the one before,
  /// the reasoning by which the standard library's `Mutex` is `Sendable`
  /// for a value that is not. That covers what makes a `Regex` not
  /// `Sendable`: the closures and components a RegexBuilder regex may hold.
  private final class RegexBox: @unchecked Sendable {
    private let lock = Locked(())
    private let search: (String) -> Bool
    let source: String

    init<Output>(_ regex: Regex<Output>) {
      // A match that throws (a RegexBuilder transform can) is no match.
      search = { text in (try? regex.firstMatch(in: text)) != nil }
      var pattern: String?
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        pattern = regex._literalPattern
      }
      if let pattern {
        source = pattern.contains("/") ? "#/\(pattern)/#" : "/\(pattern)/"
      } else {
        source = "regex"
      }
    }

    func matches(_ text: String) -> Bool {
      lock.withLock { _ in search(text) }
    }
  }

  private let rule: Rule
  /// How the match was written, when a shorthand wrote it
  /// (`.loosely("Delete")`), for its description.
  private var spelling: String?

  private init(rule: Rule, spelling: String? = nil) {
    self.rule = rule
    self.spelling = spelling
  }

  /// The whole text equals `text`.
  ///
  /// - Parameters:
  ///   - text: The text to expect.
  ///   - ignoringCase: Whether `Add` also matches `add`; `false` by default.
  /// - Returns: The match.
  public static func exactly(_ text: String, ignoringCase: Bool = false) -> TextMatch {
    TextMatch(rule: .exactly(normalized(text, ignoringCase: ignoringCase), ignoringCase: ignoringCase))
  }

  /// The text contains `text`.
  ///
  /// - Parameters:
  ///   - text: The part to expect.
  ///   - ignoringCase: Whether `Add` also matches `add`; `false` by default.
  /// - Returns: The match.
  public static func containing(_ text: String, ignoringCase: Bool = false) -> TextMatch {
    TextMatch(rule: .containing(normalized(text, ignoringCase: ignoringCase), ignoringCase: ignoringCase))
  }

  /// The text contains `text`, in any case: how Playwright matches a string
  /// by default (`getByText("Submit")`, `getByLabel("Email")`,
  /// `getByRole("button", { name: "Save" })`), where a plain string here
  /// matches as Playwright's `exact: true` does.
  ///
  /// ```swift
  /// page.descendants(labelled: .loosely("mark all as complete"))
  /// // finds the checkbox labelled "❯Mark all as complete"
  /// ```
  ///
  /// The same match as `.containing(text, ignoringCase: true)`, described
  /// as written: `.loosely("Delete")`.
  ///
  /// - Parameter text: The part to expect, in any case.
  /// - Returns: The match.
  public static func loosely(_ text: String) -> TextMatch {
    var match = TextMatch.containing(text, ignoringCase: true)
    match.spelling = ".loosely(\(String(reflecting: text)))"
    return match
  }

  /// A regular expression matches somewhere in the text.
  ///
  /// The regex runs under a lock, one match at a time, so one built with
  /// RegexBuilder whose transforms hold state is safe to share; a transform
  /// that throws makes the text not match.
  ///
  /// - Parameter regex: The expression, such as `/Item \d+/`; anchor it
  ///   with `^` and `$` to match the whole text.
  /// - Returns: The match.
  public static func matching<Output>(_ regex: Regex<Output>) -> TextMatch {
    TextMatch(rule: .regex(RegexBox(regex)))
  }

  /// An exact match of a string literal.
  ///
  /// - Parameter value: The text to expect.
  public init(stringLiteral value: String) {
    self = .exactly(value)
  }

  /// An exact match of an interpolated string literal, such as
  /// `"\(name) (5 bytes)"`; a `String` value takes ``exactly(_:ignoringCase:)``.
  ///
  /// - Parameter stringInterpolation: The literal's parts.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self = .exactly(String(stringInterpolation: stringInterpolation))
  }

  /// Whether `text` matches.
  ///
  /// - Parameter text: A node's text, as the node gives it.
  /// - Returns: Whether it matches, once normalised.
  public func matches(_ text: String) -> Bool {
    switch rule {
    case .exactly(let expected, let ignoringCase):
      // The common case: text already normalised, compared without a copy.
      if !ignoringCase && !Self.needsNormalizing(text) { return text == expected }
      return Self.normalized(text, ignoringCase: ignoringCase) == expected
    case .containing(let expected, let ignoringCase):
      if expected.isEmpty { return true }
      return Self.normalized(text, ignoringCase: ignoringCase).contains(expected)
    case .regex(let box):
      return box.matches(Self.normalized(text, ignoringCase: false))
    }
  }

  /// The match as data, for a tree that evaluates queries where it lives
  /// (``QueryPlan``); `nil` for a regular expression, which only Swift runs.
  public var pattern: Pattern? {
    switch rule {
    case .exactly(let text, let ignoringCase):
      Pattern(text: text, isSubstring: false, ignoresCase: ignoringCase)
    case .containing(let text, let ignoringCase):
      Pattern(text: text, isSubstring: true, ignoresCase: ignoringCase)
    case .regex: nil
    }
  }

  /// The match as Swift source, as written: `"Add item"`,
  /// `.containing("add", ignoringCase: true)`, `.loosely("Add")`,
  /// `.matching(/Item \d+/)`.
  public var description: String {
    if let spelling { return spelling }
    return switch rule {
    case .exactly(let text, false): String(reflecting: text)
    case .exactly(let text, true): ".exactly(\(String(reflecting: text)), ignoringCase: true)"
    case .containing(let text, false): ".containing(\(String(reflecting: text)))"
    case .containing(let text, true): ".containing(\(String(reflecting: text)), ignoringCase: true)"
    case .regex(let box): ".matching(\(box.source))"
    }
  }

  /// Whether `text` has white space other than single spaces between words.
  private static func needsNormalizing(_ text: String) -> Bool {
    var previousWasSpace = true
    for scalar in text.unicodeScalars {
      let isSpace = scalar.properties.isWhitespace
      if isSpace && (previousWasSpace || scalar != " ") { return true }
      previousWasSpace = isSpace
    }
    return previousWasSpace && !text.isEmpty
  }

  /// `text` with runs of white space made one space, none at either end,
  /// and lowercased when case is ignored.
  private static func normalized(_ text: String, ignoringCase: Bool) -> String {
    let spaced =
      needsNormalizing(text) ? text.split(whereSeparator: \.isWhitespace).joined(separator: " ") : text
    return ignoringCase ? spaced.lowercased() : spaced
  }
}
