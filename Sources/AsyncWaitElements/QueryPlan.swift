/// A query as data, for a tree that evaluates queries where it lives.
///
/// A query's probe reads the tree's root and walks it in Swift. A tree
/// whose nodes live elsewhere (a web page, an accessibility service) pays
/// for copying the whole tree on every probe. Such a tree can evaluate the
/// query itself: give its root element an `evaluator`
/// (``TreeElement/init(_:nodeBudget:triggers:diagnostics:evaluator:root:)``),
/// which receives the query as a plan and returns only what it matched, so
/// a probe costs what the query matches, not the tree's size.
///
/// A query with a step that only Swift can run (a predicate,
/// `.matching { … }`, or a text matched by a regular expression) has no
/// plan, and is walked in Swift; so is a query whose evaluator returns
/// `nil`. A failure's description always walks a snapshot of the tree.
public struct QueryPlan: Sendable, Hashable, CustomStringConvertible {
  /// Where a search looks, from each node of the set so far.
  public enum Axis: String, Sendable, Hashable {
    /// The node's children.
    case children
    /// Every node below the node, in depth-first pre-order.
    case descendants
  }

  /// A condition on a candidate of a search.
  public indirect enum Filter: Sendable, Hashable {
    /// The node's identifier or its label is the key (a subscript,
    /// `app.buttons["Save"]`).
    case identifierOrLabel(String)
    /// The node's identifier is this one.
    case identifier(String)
    /// The node's label (its accessible name) matches.
    case named(TextMatch.Pattern)
    /// The node's text matches.
    case text(TextMatch.Pattern)
    /// The node's label text (a name given by a label) matches.
    case labelled(TextMatch.Pattern)
    /// The node's placeholder matches.
    case placeholder(TextMatch.Pattern)
    /// The node's text, or that of a node below it, matches.
    case containingText(TextMatch.Pattern)
    /// The plan, run below the node, finds a node.
    case containing(QueryPlan)
    /// The node's state of this name, in the tree's own terms, reads this
    /// value: a web page's `checked`, `disabled`, `expanded`, `level`,
    /// `pressed` and `selected` (`.matching(checked: true)` is
    /// `state("checked", value: "true")`).
    case state(String, value: String)
    /// The node is one that a selector in the tree's own language selects:
    /// a web page's CSS, `locator(css:)`.
    case selector(String)
  }

  /// One step of a plan.
  public enum Step: Sendable, Hashable {
    /// The nodes along the axis, of the type (``ElementType/any`` for all),
    /// that pass every filter.
    case search(Axis, ElementType, [Filter])
    /// The node at an index of the set so far, counting from zero; an
    /// implicit choice (a subscript's, `.element`) expects one candidate.
    case select(index: Int, isImplicit: Bool)
    /// The last node of the set so far.
    case selectLast
  }

  /// The steps, from the root.
  public var steps: [Step]

  /// Creates a plan from its steps.
  ///
  /// - Parameter steps: The steps, from the root.
  public init(steps: [Step]) {
    self.steps = steps
  }

  /// The steps, one a line.
  public var description: String {
    steps.map { step in
      switch step {
      case .search(let axis, let type, let filters):
        "\(axis.rawValue)(\(type.sourceDescription))" + filters.map { " \($0)" }.joined()
      case .select(let index, let isImplicit):
        "select(\(index)\(isImplicit ? ", implicit" : ""))"
      case .selectLast:
        "selectLast"
      }
    }.joined(separator: " → ")
  }
}

extension TextMatch {
  /// A text match as data: the text, normalized as the match compares it,
  /// and how it compares.
  public struct Pattern: Sendable, Hashable {
    /// The text, with runs of white space made one space and trimmed, and
    /// lowercased when ``ignoresCase``.
    public var text: String
    /// Whether a text that contains ``text`` matches, not only one equal
    /// to it.
    public var isSubstring: Bool
    /// Whether case is ignored.
    public var ignoresCase: Bool
  }
}
