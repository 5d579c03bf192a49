import AsyncWaitElements

/// A query evaluated where the page lives (``QueryPlan``): a probe asks
/// Chromium for the elements a query's identifiers and names find, and for
/// the accessibility nodes of those alone, instead of a snapshot of the
/// whole page, so that it costs what the query matches, not the page's
/// size.
///
/// It answers the queries tests write most: searches below the page or
/// below an element by test id or `id` (`page.buttons["add-item"]`,
/// `.matching(identifier:)`) or by an accessible name given whole
/// (`page.buttons["Save"]`, `.matching(named: "Save")`), of any element
/// type, each followed by a choice of one match or none. Roles and names are
/// Chromium's own, read from its accessibility tree
/// (`Accessibility.queryAXTree`, `Accessibility.getPartialAXTree`), so a
/// match is what a snapshot would find. It declines (and the query walks a
/// snapshot, as before) a children search, a filter other than those, a
/// page with frames, and a subscript whose identifier and name find
/// different elements, or whose name finds no element of a type whose
/// names are text (static texts, whose accessible names keep the spaces
/// a snapshot's labels drop).
enum PageQuery {
  /// What a search asks for, from the plan.
  struct Search {
    /// The element type; ``ElementType/any`` for all.
    var type: ElementType
    /// A test id or `id` the matches have, if the search names one.
    var identifier: String?
    /// Whether a match may have the key as its name instead of its
    /// identifier (a subscript).
    var orName: Bool
    /// An accessible name the matches have whole, if the search names one.
    var name: String?
  }

  /// One step of a plan this evaluator answers.
  enum Step {
    case search(Search)
    case select(index: Int, isImplicit: Bool)
    case selectLast
  }

  /// The plan's steps as this evaluator runs them, or `nil` when it
  /// declines the plan.
  static func steps(of plan: QueryPlan) -> [Step]? {
    var steps: [Step] = []
    for step in plan.steps {
      switch step {
      case .search(let axis, let type, let filters):
        guard axis == .descendants else { return nil }
        var search = Search(type: type, identifier: nil, orName: false, name: nil)
        for filter in filters {
          switch filter {
          case .identifierOrLabel(let key) where search.identifier == nil && search.name == nil:
            search.identifier = key
            search.orName = true
          case .identifier(let identifier) where search.identifier == nil && search.name == nil:
            search.identifier = identifier
          case .named(let pattern)
          where !pattern.isSubstring && !pattern.ignoresCase && search.identifier == nil && search.name == nil:
            search.name = pattern.text
          default:
            return nil
          }
        }
        guard search.identifier != nil || search.name != nil else { return nil }
        steps.append(.search(search))
      case .select(let index, let isImplicit):
        steps.append(.select(index: index, isImplicit: isImplicit))
      case .selectLast:
        steps.append(.selectLast)
      }
    }
    return steps
  }

  /// The expression that says how many elements the page has and whether
  /// it has frames.
  static let pageSize =
    "({ elements: document.getElementsByTagName('*').length, frames: document.querySelector('iframe, frame') !== null })"

  /// The fewest elements a page has for its queries to be evaluated in it.
  ///
  /// Below, a snapshot of the whole page (two commands) costs less than the
  /// commands of a search (about ten, one after the other). Measured on
  /// the item-list page (about 60 elements): a probe by test id took 8.9 ms
  /// with a snapshot and 37 ms evaluated in the page; on 100 rows (about
  /// 500 elements) 17.8 ms evaluated, where a snapshot took 77 ms.
  static let smallestPage = 250

  /// The function that says whether an accessible name below `this` could
  /// be `name`.
  ///
  /// It asks whether the longest word of `name` is in a text of the page
  /// or in an attribute other than a test id, an `id`, a class or a style,
  /// which every source of a name (contents, labels, `aria-label`,
  /// `aria-labelledby`, `alt`, `title`, `value`, `placeholder`) is made of.
  /// Chromium's own search by name computes the name of every node of the
  /// page; this one reads text, so that a subscript given a test id
  /// (`page.cells["row-1000"]`) costs what it matches. A name that only CSS
  /// generated content or a word split by markup would make is missed.
  static let couldBeNamed = """
    function(name) {
      const words = String(name).split(/\\s+/).filter((word) => word.length > 0);
      if (words.length === 0) return true;
      const word = words.reduce((longest, next) => next.length > longest.length ? next : longest);
      const literal = word.includes('"')
        ? (word.includes("'") ? null : `'${word}'`) : `"${word}"`;
      if (literal === null) return true;
      const path = `boolean(.//text()[contains(., ${literal})] | .//@*[local-name() != "data-testid" `
        + `and local-name() != "id" and local-name() != "class" and local-name() != "style"]`
        + `[contains(., ${literal})])`;
      const root = this.nodeType === Node.DOCUMENT_NODE ? this.documentElement : this;
      if (!root) return false;
      return document.evaluate(path, root, null, XPathResult.BOOLEAN_TYPE, null).booleanValue;
    }
    """

  /// The function that finds, below `this`, the elements with a test id or
  /// `id`, in document order.
  static let findByIdentifier = """
    function(key) {
      const quoted = JSON.stringify(String(key));
      return Array.from(this.querySelectorAll(`[data-testid=${quoted}], [id=${quoted}]`));
    }
    """

  /// The function that reads what a snapshot's DOM gives an element: its
  /// attributes and its box in the document.
  static let identity = """
    function() {
      const attributes = {};
      for (const attribute of this.attributes || []) attributes[attribute.name] = attribute.value;
      let target = this;
      if (!this.getBoundingClientRect) {
        // A text node: its box is its range's.
        target = document.createRange();
        target.selectNodeContents(this);
      }
      const rect = target.getBoundingClientRect();
      const rendered = target.getClientRects().length > 0;
      return { attributes, box: rendered
        ? [rect.x + scrollX, rect.y + scrollY, rect.width, rect.height] : null };
    }
    """
}

extension BrowserPage {
  /// The elements and their accessibility nodes that a query evaluates to
  /// in the page, or `nil` when ``PageQuery`` declines the plan.
  ///
  /// - Parameters:
  ///   - plan: The query.
  ///   - request: How many nodes, and whether strictly.
  ///   - smallestPage: The fewest elements a page has for the query to be
  ///     evaluated in it; ``PageQuery/smallestPage`` by default.
  /// - Returns: What the query finds, or `nil` to walk a snapshot.
  /// - Throws: ``BrowserError`` when Chromium goes away; a command that
  ///   times out is transient (a slow probe).
  func evaluateQuery(
    _ plan: QueryPlan, _ request: QueryRequest, smallestPage: Int = PageQuery.smallestPage
  ) async throws -> QueryEvaluation<BrowserNode>? {
    guard let steps = PageQuery.steps(of: plan) else { return nil }
    let group = "asyncwait-query-\(UInt64.random(in: 0...UInt64.max))"
    defer {
      Task { [self] in _ = try? await send("Runtime.releaseObjectGroup", ["objectGroup": .string(group)]) }
    }
    do {
      // Frames hold trees a search from the document does not reach; a
      // small page's snapshot costs less than the commands of a search.
      let page = try await send(
        "Runtime.evaluate", ["expression": .string(PageQuery.pageSize), "returnByValue": true])
      guard let elements = page["result"]?["value"]?["elements"]?.int,
        page["result"]?["value"]?["frames"]?.bool == false,
        elements >= smallestPage
      else { return nil }
      let document = try await send(
        "Runtime.evaluate",
        ["expression": "document", "objectGroup": .string(group), "returnByValue": false])
      guard let documentObject = document["result"]?["objectId"]?.string else { return nil }
      var current: [Found] = [Found(objectID: documentObject, backendNodeID: nil, ax: nil)]
      var matchCounts: [Int] = []
      for (position, step) in steps.enumerated() {
        switch step {
        case .search(let search):
          var found: [Found] = []
          for scope in current {
            guard let matches = try await self.search(search, below: scope, group: group) else { return nil }
            found += matches
          }
          current = found
        case .select(let index, let isImplicit):
          if request.isStrict && isImplicit && current.count > 1 {
            let candidates = try await nodes(
              for: Array(current.prefix(AmbiguousElementError.listedMatches)), group: group)
            return QueryEvaluation(
              nodes: [], matchCounts: matchCounts,
              ambiguity: .init(step: position, count: current.count, candidates: candidates))
          }
          current = current.indices.contains(index) ? [current[index]] : []
        case .selectLast:
          current = current.last.map { [$0] } ?? []
        }
        matchCounts.append(current.count)
        if current.isEmpty { break }
      }
      let chosen = request.limit.map { Array(current.prefix($0)) } ?? current
      return QueryEvaluation(nodes: try await nodes(for: chosen, group: group), matchCounts: matchCounts)
    } catch let error as BrowserError where error == .commandFailed {
      // The document went while the commands ran (a navigation), or a node
      // went between two of them: a snapshot resolves the query again.
      return nil
    }
  }

  /// An element a search found: its script object, its backend node and
  /// its accessibility node (`nil` for the document).
  struct Found {
    var objectID: String
    var backendNodeID: Int?
    var ax: JSONValue?
  }

  /// The elements below `scope` that `search` finds, in document order, or
  /// `nil` when the answer would need a snapshot.
  private func search(_ search: PageQuery.Search, below scope: Found, group: String) async throws -> [Found]?
  {
    var byIdentifier: [Found] = []
    if let identifier = search.identifier {
      let list = try await send(
        "Runtime.callFunctionOn",
        [
          "objectId": .string(scope.objectID), "functionDeclaration": .string(PageQuery.findByIdentifier),
          "arguments": [["value": .string(identifier)]], "objectGroup": .string(group),
          "returnByValue": false,
        ])
      guard let listObject = list["result"]?["objectId"]?.string else { return nil }
      let properties = try await send(
        "Runtime.getProperties", ["objectId": .string(listObject), "ownProperties": true])
      for property in properties["result"]?.array ?? [] {
        guard let name = property["name"]?.string, Int(name) != nil,
          let objectID = property["value"]?["objectId"]?.string
        else { continue }
        let described = try await send("DOM.describeNode", ["objectId": .string(objectID)])
        guard let backendNodeID = described["node"]?["backendNodeId"]?.int else { continue }
        // A node's identifier is its test id, and its `id` only without one.
        let pairs = described["node"]?["attributes"]?.array?.compactMap(\.string) ?? []
        var attributes: [String: String] = [:]
        var index = 0
        while index + 1 < pairs.count {
          attributes[pairs[index]] = pairs[index + 1]
          index += 2
        }
        guard (attributes["data-testid"] ?? attributes["id"]) == identifier else { continue }
        let partial = try await send(
          "Accessibility.getPartialAXTree",
          ["backendNodeId": .number(Double(backendNodeID)), "fetchRelatives": false])
        let ax = partial["nodes"]?.array?.first { $0["backendDOMNodeId"]?.int == backendNodeID }
        guard let ax else { continue }
        byIdentifier.append(Found(objectID: objectID, backendNodeID: backendNodeID, ax: ax))
      }
    }
    var byName: [Found] = []
    if let name = search.name ?? (search.orName ? search.identifier : nil),
      try await send(
        "Runtime.callFunctionOn",
        [
          "objectId": .string(scope.objectID), "functionDeclaration": .string(PageQuery.couldBeNamed),
          "arguments": [["value": .string(name)]], "returnByValue": true,
        ])["result"]?["value"]?.bool != false
    {
      let answer = try await send(
        "Accessibility.queryAXTree", ["objectId": .string(scope.objectID), "accessibleName": .string(name)])
      for ax in answer["nodes"]?.array ?? [] {
        guard let backendNodeID = ax["backendDOMNodeId"]?.int, backendNodeID != scope.backendNodeID else {
          continue
        }
        let resolved = try await send(
          "DOM.resolveNode", ["backendNodeId": .number(Double(backendNodeID)), "objectGroup": .string(group)])
        guard let objectID = resolved["object"]?["objectId"]?.string else { continue }
        byName.append(Found(objectID: objectID, backendNodeID: backendNodeID, ax: ax))
      }
    }
    let typed = { (found: [Found]) in found.filter { Self.isMatch($0.ax, of: search.type) } }
    let identified = typed(byIdentifier)
    let named = typed(byName)
    if search.identifier != nil && !search.orName { return identified }
    if search.orName {
      if named.isEmpty {
        // A static text's accessible name keeps spaces a snapshot's label
        // drops: no match by name proves nothing for it.
        if search.type == .staticText || search.type == .any { return nil }
        return identified
      }
      if identified.isEmpty { return named }
      return identified.map(\.backendNodeID) == named.map(\.backendNodeID) ? identified : nil
    }
    if named.isEmpty && (search.type == .staticText || search.type == .any) { return nil }
    return named
  }

  /// Whether an accessibility node is one a snapshot keeps, of `type`.
  private static func isMatch(_ ax: JSONValue?, of type: ElementType) -> Bool {
    guard let ax else { return false }
    let role = ax["role"]?["value"]?.string ?? ""
    if ax["ignored"]?.bool == true {
      let reasons = ax["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
      if reasons.contains(where: PageSnapshot.hiddenReasons.contains) { return false }
      // Left out but identified: a snapshot keeps it, as role "none".
      return type == .any || type == BrowserNode.elementType(forRole: "none")
    }
    return type.matches(BrowserNode.elementType(forRole: role))
  }

  /// The nodes for found elements, each with its attributes, its box and,
  /// as its children, the static texts below it.
  private func nodes(for found: [Found], group: String) async throws -> [BrowserNode] {
    var nodes: [BrowserNode] = []
    for element in found {
      guard let ax = element.ax, let backendNodeID = element.backendNodeID else { continue }
      async let read = send(
        "Runtime.callFunctionOn",
        [
          "objectId": .string(element.objectID), "functionDeclaration": .string(PageQuery.identity),
          "returnByValue": true,
        ])
      async let texts = send(
        "Accessibility.queryAXTree", ["objectId": .string(element.objectID), "role": "StaticText"])
      let value = try await read["result"]?["value"]
      var identity = PageSnapshot.Identity()
      if case .object(let attributes)? = value?["attributes"] {
        for case (let name, .string(let text)) in attributes {
          identity.attributes[name] = text
          if name == "data-testid" { identity.testID = text }
          if name == "id" { identity.htmlID = text }
        }
      }
      if let rect = value?["box"]?.array?.compactMap(\.double), rect.count == 4 {
        identity.box = BrowserNode.Box(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
      }
      let children = (try await texts["nodes"]?.array ?? []).flatMap {
        PageSnapshot.nodes(for: $0, children: [], identities: [:])
      }
      nodes += PageSnapshot.nodes(for: ax, children: children, identities: [backendNodeID: identity])
    }
    return nodes
  }
}
