import AsyncWait

/// One step of a query: a search along an axis with filters, or the choice of
/// one element of the set found so far.
@usableFromInline
enum QueryStep<Node: QueryableNode>: Sendable {
  /// Nodes below each node of the current set.
  @usableFromInline
  enum Axis: Sendable {
    case children
    case descendants
    /// Descendants, as a shortcut property wrote them (`buttons`): the
    /// same search, which reads as written.
    case descendantsByProperty
  }

  case search(Axis, ElementType, filters: Filters)
  /// The element at `index` of the set, shown as `description` in a query;
  /// an empty description for the choice a subscript makes, which reads as
  /// part of the subscript. An implicit choice (a subscript's, `.element`)
  /// is one the query expects to be the only candidate: a strict resolution
  /// fails when it is not.
  case select(index: Int, description: String, isImplicit: Bool = false)
  /// The last element of the set.
  case selectLast

  /// A predicate on a node, with how it reads in a query's description.
  @usableFromInline
  struct Filter: Sendable {
    /// How a filter reads; formatted only when a description is asked for,
    /// so building a query costs no string formatting.
    @usableFromInline
    enum Label: Sendable {
      /// `["key"]`
      case subscripted(String)
      /// `.matching(identifier: "id")`
      case identifier(String)
      /// `.matching(description)`
      case predicate(String)
      /// `.matching(named: "Add")`
      case named(TextMatch)
      /// `.matching(text: "Add")`
      case text(TextMatch)
      /// `.matching(labelled: "Name")`
      case labelled(TextMatch)
      /// `.matching(placeholder: "Name")`
      case placeholder(TextMatch)
      /// `.containing(text: "Milk")`
      case containingText(TextMatch)
      /// `.containing(query)`: the query's steps, run below each candidate,
      /// and how the query reads.
      indirect case containing(QueryPath<Node>, description: String)
      /// A selector in the tree's own language (``TreeSelectors``), which
      /// reads as the whole search it narrows: `.locator(css: "li")`.
      case selector(String, description: String)
      /// A state in the tree's own terms that the predicate reads and a
      /// tree that evaluates plans compares: `.matching(checked: true)`.
      case state(String, value: String, description: String)
    }

    @usableFromInline var label: Label
    /// The predicate of a `.predicate` filter; the others match by their
    /// label's text, so that `app.buttons["Save"]` allocates no closure.
    @usableFromInline var predicate: (@Sendable (Node) -> Bool)?
    /// The shorthand that wrote the search and this filter, its first, so
    /// that they read as written: `.descendants(withText: "Saved")`.
    @usableFromInline var shorthand: Shorthand?

    /// A shorthand for a search and its first filter.
    @usableFromInline
    enum Shorthand: Sendable {
      /// `.descendants(matching: type, named: …)`
      case named(ElementType)
      /// `.descendants(withText: …)`
      case withText
      /// `.descendants(labelled: …)`
      case labelled
      /// `.descendants(withPlaceholder: …)`
      case withPlaceholder
      /// `.descendants(identifiedBy: …)`
      case identifiedBy
    }

    @inlinable
    init(label: Label, predicate: (@Sendable (Node) -> Bool)? = nil) {
      self.label = label
      self.predicate = predicate
    }

    /// How the search and this filter read as the shorthand wrote them, or
    /// `nil` when none did.
    var shorthandDescription: String? {
      switch (shorthand, label) {
      case (.named(let type)?, .named(let name)):
        ".descendants(matching: \(type.sourceDescription), named: \(name))"
      case (.withText?, .text(let text)): ".descendants(withText: \(text))"
      case (.labelled?, .labelled(let label)): ".descendants(labelled: \(label))"
      case (.withPlaceholder?, .placeholder(let placeholder)): ".descendants(withPlaceholder: \(placeholder))"
      case (.identifiedBy?, .identifier(let identifier)):
        ".descendants(identifiedBy: \(String(reflecting: identifier)))"
      default: nil
      }
    }

    /// Whether `node` passes the filter; a filter that searches below the
    /// node counts its visits against the resolution's budget.
    @inlinable
    func matches(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch label {
      case .subscripted(let key): return node.identifier == key || node.label == key
      case .identifier(let identifier): return node.identifier == identifier
      case .predicate, .selector, .state: return predicate?(node) ?? true
      default: return try matchesSemantically(node, visits: &visits)
      }
    }

    /// The filters of the locators: kept out of line, so the subscript's
    /// filter stays small where it is inlined.
    @usableFromInline
    func matchesSemantically(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch label {
      case .subscripted, .identifier, .predicate, .selector, .state:
        return false
      case .named(let name):
        return name.matches(node.label)
      case .text(let text):
        guard node.text.map(text.matches) == true else { return false }
        // The innermost node that shows it: not one whose child shows it too.
        for child in node.children where child.text.map(text.matches) == true { return false }
        return true
      case .labelled(let label):
        return node.labelText.map(label.matches) ?? false
      case .placeholder(let placeholder):
        return node.placeholder.map(placeholder.matches) ?? false
      case .containingText(let text):
        if node.text.map(text.matches) == true { return true }
        var stack = Array(node.children.reversed())
        while let next = stack.popLast() {
          guard try visits.visit() else { return false }
          if next.text.map(text.matches) == true { return true }
          stack.append(contentsOf: next.children.reversed())
        }
        return false
      case .containing(let inner, _):
        return try inner.resolve(from: node, limit: 1, strict: false, visits: &visits).nodes.isEmpty == false
      }
    }

    /// The filter as data, or `nil` when only Swift can run it (a
    /// predicate, a regular expression).
    var planned: QueryPlan.Filter? {
      switch label {
      case .subscripted(let key): .identifierOrLabel(key)
      case .identifier(let identifier): .identifier(identifier)
      case .predicate: nil
      case .selector(let selector, _): .selector(selector)
      case .state(let name, let value, _): .state(name, value: value)
      case .named(let name): name.pattern.map(QueryPlan.Filter.named)
      case .text(let text): text.pattern.map(QueryPlan.Filter.text)
      case .labelled(let label): label.pattern.map(QueryPlan.Filter.labelled)
      case .placeholder(let placeholder): placeholder.pattern.map(QueryPlan.Filter.placeholder)
      case .containingText(let text): text.pattern.map(QueryPlan.Filter.containingText)
      case .containing(let inner, _): inner.plan.map(QueryPlan.Filter.containing)
      }
    }

    var description: String {
      switch label {
      case .subscripted(let key): "[\(String(reflecting: key))]"
      case .identifier(let identifier): ".matching(identifier: \(String(reflecting: identifier)))"
      case .predicate(let description): ".matching(\(description))"
      case .named(let name): ".matching(named: \(name))"
      case .text(let text): ".matching(text: \(text))"
      case .labelled(let label): ".matching(labelled: \(label))"
      case .placeholder(let placeholder): ".matching(placeholder: \(placeholder))"
      case .containingText(let text): ".containing(text: \(text))"
      case .containing(_, let description): ".containing(\(description))"
      case .selector(_, let description): description
      case .state(_, _, let description): description
      }
    }
  }

  /// The filters of a search, with one or none held inline: a subscript's
  /// filter costs no array.
  @usableFromInline
  enum Filters: Sendable {
    case none
    case one(Filter)
    case many([Filter])

    /// The same filters and `filter` after them.
    @inlinable
    func appending(_ filter: Filter) -> Filters {
      switch self {
      case .none: .one(filter)
      case .one(let first): .many([first, filter])
      case .many(let filters): .many(filters + [filter])
      }
    }

    /// Whether `node` passes every filter.
    @inlinable
    func match(_ node: Node, visits: inout NodeVisits) throws -> Bool {
      switch self {
      case .none: return true
      case .one(let filter): return try filter.matches(node, visits: &visits)
      case .many(let filters):
        // Indices, not `allSatisfy`: no generic call per candidate.
        var index = 0
        while index < filters.count {
          guard try filters[index].matches(node, visits: &visits) else { return false }
          index += 1
        }
        return true
      }
    }

    /// The first filter.
    var first: Filter? {
      switch self {
      case .none: nil
      case .one(let filter): filter
      case .many(let filters): filters.first
      }
    }

    /// How the filters after the first read, in order.
    var descriptionAfterFirst: String {
      switch self {
      case .none, .one: ""
      case .many(let filters): filters.dropFirst().map(\.description).joined()
      }
    }

    /// How the filters read, in order.
    var description: String {
      switch self {
      case .none: ""
      case .one(let filter): filter.description
      case .many(let filters): filters.map(\.description).joined()
      }
    }
  }

  /// The step as data, or `nil` when only Swift can run it.
  var planned: QueryPlan.Step? {
    switch self {
    case .search(let axis, let type, let filters):
      let list: [Filter]
      switch filters {
      case .none: list = []
      case .one(let filter): list = [filter]
      case .many(let filters): list = filters
      }
      var planned: [QueryPlan.Filter] = []
      for filter in list {
        guard let filter = filter.planned else { return nil }
        planned.append(filter)
      }
      return .search(axis == .children ? .children : .descendants, type, planned)
    case .select(let index, _, let isImplicit): return .select(index: index, isImplicit: isImplicit)
    case .selectLast: return .selectLast
    }
  }

  /// Whether the step is a search, or the choice of the first element: the
  /// steps `QueryPath.first()` walks lazily.
  @inlinable
  var isSearchOrFirst: Bool {
    switch self {
    case .search: true
    case .select(let index, _, _): index == 0
    case .selectLast: false
    }
  }

  var description: String {
    switch self {
    case .search(let axis, let type, let filters):
      // A selector's search reads as the selector alone.
      if case .selector = filters.first?.label { return filters.description }
      // A shorthand's search reads as it was written.
      if let written = filters.first?.shorthandDescription { return written + filters.descriptionAfterFirst }
      switch axis {
      case .children: return ".children(matching: \(type.sourceDescription))" + filters.description
      case .descendants: return ".descendants(matching: \(type.sourceDescription))" + filters.description
      case .descendantsByProperty: return ".\(type.rawValue)s" + filters.description
      }
    case .select(_, let description, _):
      return description
    case .selectLast:
      return ".lastMatch"
    }
  }
}
