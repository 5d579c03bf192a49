/// An error that ends an action whose element the query does not single
/// out: a choice the query left implicit had more than one candidate.
///
/// A subscript (`app.buttons["Delete"]`) and ``ElementQuery/element`` say
/// "the element", and reads take the first candidate in depth-first order.
/// An action must not guess: clicking the wrong one of two "Delete" buttons
/// is a test that passes for the wrong reason. So ``TreeElement/uniqueSnapshot()``,
/// which actions use, throws this error instead, listing the candidates.
/// Say which one with ``ElementQuery/firstMatch``, ``ElementQuery/lastMatch``
/// or ``ElementQuery/element(boundBy:)``, or narrow the query.
///
/// ```
/// page.buttons["Delete"] matches 2 elements, and an action needs exactly one:
///   button "Delete" at (109.453125, 416.6875, 59.796875×21.0)
///   button "Delete" at (109.484375, 437.6875, 59.796875×21.0)
/// Narrow the query, or say which one with .firstMatch, .lastMatch or .element(boundBy:).
/// ```
public struct AmbiguousElementError: Error, Sendable, CustomStringConvertible {
  /// How many candidates the error lists at most.
  package static let listedMatches = 10

  /// The query up to the ambiguous choice, such as `page.buttons["Delete"]`.
  public var query: String
  /// How many candidates the choice had.
  public var matchCount: Int
  /// The first candidates, one line each, as a tree dump prints them, with
  /// where each is when its node is a ``LocatableNode``.
  public var matches: [String]

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - query: The query up to the ambiguous choice.
  ///   - matchCount: How many candidates it had.
  ///   - matches: The first candidates, one line each.
  public init(query: String, matchCount: Int, matches: [String]) {
    self.query = query
    self.matchCount = matchCount
    self.matches = matches
  }

  /// The first line of the description, without its colon: what an
  /// action's timeout leads with when its last probe found several.
  package var headline: String {
    "\(query) matches \(matchCount) elements, and an action needs exactly one"
  }

  /// The query, its candidates, and how to single one out.
  public var description: String {
    var lines = [headline + ":"]
    lines += matches.map { "  \($0)" }
    if matchCount > matches.count { lines.append("  … \(matchCount - matches.count) more") }
    lines.append("Narrow the query, or say which one with .firstMatch, .lastMatch or .element(boundBy:).")
    return lines.joined(separator: "\n")
  }
}
