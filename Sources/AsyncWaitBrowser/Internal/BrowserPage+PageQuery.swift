@_spi(Integrations) import AsyncWait
import AsyncWaitElements
import Foundation

// A query evaluated in the page (PageQuery): the commands of one probe.
extension BrowserPage {
  /// The elements and their accessibility nodes that a query evaluates to
  /// in the page, or `nil` when ``PageQuery`` declines the plan.
  ///
  /// - Parameters:
  ///   - plan: The query.
  ///   - request: How many nodes, and whether strictly.
  /// - Returns: What the query finds, or `nil` to walk a snapshot.
  /// - Throws: ``BrowserError`` when Chromium goes away; a command that
  ///   times out is transient (a slow probe).
  func evaluateQuery(
    _ plan: QueryPlan, _ request: QueryRequest
  ) async throws -> QueryEvaluation<BrowserNode>? {
    guard let steps = PageQuery.steps(of: plan) else { return nil }
    let group = "asyncwait-query-\(UInt64.random(in: 0...UInt64.max))"
    defer {
      // In the page's process and in each frame's from another origin.
      let frames = remoteFrames.withLock { Array($0.bySession.values) }
      Task { [self] in
        try? await send(DevTools.Runtime.ReleaseObjectGroup(objectGroup: group))
        for frame in frames {
          try? await browser.connection.send(
            DevTools.Runtime.ReleaseObjectGroup(objectGroup: group), session: frame.sessionID)
        }
      }
    }
    do {
      // The first search runs on the document and checks the page: closed
      // shadow roots hold trees a search from the document does not reach.
      var current: [Found] = [Found(backendNodeID: nil, ax: nil)]
      var matchCounts: [Int] = []
      for (position, step) in steps.enumerated() {
        switch step {
        case .search(let search):
          var found: [Found] = []
          let readsNodes = request.limit != 0 && !steps[(position + 1)...].contains(where: \.isSearch)
          let enough = PageQuery.enough(after: position, of: steps, for: request)
          let needed = PageQuery.needed(after: position, of: steps, for: request)
          for scope in current {
            // A text in a field's shadow tree has no object to search below.
            guard !scope.isFieldText else { return nil }
            guard
              let matches = try await self.search(
                search, below: scope, checksPage: position == 0, readsNodes: readsNodes,
                enough: enough, needed: current.count == 1 ? needed : 0, group: group)
            else { return nil }
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

  /// An element a search found: its backend node (`nil` for the
  /// document) and its accessibility node; its script object is asked for
  /// when a step needs it (``object(of:group:)``).
  struct Found {
    var backendNodeID: Int?
    var ax: JSONValue?
    /// Whether it is a text in a field's shadow tree, which has no script
    /// object and no DOM identity.
    var isFieldText = false
    /// Its attributes and box as ``PageQuery/identity`` reads them, when
    /// the search read them.
    var identity: JSONValue?
    /// The static texts below it as `Accessibility.queryAXTree` answers,
    /// when the search read them.
    var texts: [JSONValue]?
    /// Whether it was found by the text it shows: kept, as role "none",
    /// when the accessibility tree leaves it out, as a snapshot of a query
    /// by text keeps it.
    var showsText = false
    /// The CSS selector that selected it, when a search by selector found
    /// it: kept, as role "none", when the accessibility tree leaves it
    /// out, with the selector in its ``BrowserNode/selectors``, as a
    /// snapshot marks it.
    var selector: String?
    /// Whether it is in the document of a same-origin frame below the
    /// search's scope, whose accessibility nodes are named with the frame.
    var isInFrame = false
    /// The frame from another origin whose process holds it.
    ///
    /// Its commands go to that frame's session, and its ids are that
    /// process's; `nil` for the page's process.
    var frame: RemoteFrame? = nil
    /// Where the document of its frame from another origin is on the page,
    /// added to its box; (0, 0) in the page's process.
    var offset: (x: Double, y: Double) = (0, 0)
  }

  /// The elements below `scope` that `search` finds, in document order, or
  /// `nil` when the answer would need a snapshot.
  ///
  /// One call in the page finds the elements the search could match
  /// (``PageQuery/find``); Chromium's accessibility tree then gives each its
  /// role and name, all asked at once, and the search keeps those of its
  /// type that have its identifier or its name.
  ///
  /// With `readsNodes`, for a query whose nodes the caller needs, the
  /// candidates' attributes and boxes are read by the search, and the
  /// static texts of a few with their accessibility nodes (a node's texts
  /// are its children).
  ///
  /// With `enough` above 0 (``PageQuery/enough(after:of:for:)``), the
  /// search may stop at that many matches by identifier without reading
  /// names; when fewer of the elements it found by identifier match (one
  /// of another type), it searches again in full.
  private func search(
    _ search: PageQuery.Search, below scope: Found, checksPage: Bool, readsNodes: Bool, enough: Int = 0,
    needed: Int = 0, group: String
  ) async throws -> [Found]? {
    let name = search.name ?? (search.orName ? search.identifier : nil)
    let arguments: [JSONValue] = [
      search.identifier.map(JSONValue.string) ?? .null, name.map(JSONValue.string) ?? .null,
      .bool(checksPage), .number(Double(PageQuery.mostCandidates)),
      .string(search.type == .staticText ? "texts" : search.type == .any ? "all" : "elements"),
      .bool(readsNodes), .number(Double(enough)),
      search.text.map { text in
        [
          "text": .string(text.text), "substring": .bool(text.isSubstring),
          "ignoreCase": .bool(text.ignoresCase),
          "innermost": .bool(search.isInnermost),
        ]
      } ?? .null,
      search.css.map(JSONValue.string) ?? .null,
      // The document of a frame from another origin, searched from its
      // frame element, is named by its title, as a snapshot names it.
      .bool(scope.frame != nil && scope.backendNodeID == nil),
    ]
    guard let answer = try await callFind(arguments, below: scope, group: group) else { return nil }
    var elements: [Int] = []
    var flags: [Character] = []
    var framed: [Character] = []
    var identities: [JSONValue] = []
    var isShortened = false
    var isOverflowed = false
    // The elements by their serialization's references.
    var references: [Int: Int] = [:]
    // The frame elements of frames from another origin below the scope,
    // where their matches go among these, and where their documents are.
    var remoteOwners: [Int] = []
    var remoteAt: [Int] = []
    var remoteOrigins: [[Double]] = []
    for case .array(let member) in answer["value"]?.array ?? [] where member.count == 2 {
      let value = member[1]["value"]
      switch member[0].string {
      case "elements":
        // Chromium gives every node its backend node: without one, the
        // answer is not what this reads, and a snapshot answers.
        let nodes = value?.array ?? []
        elements = nodes.compactMap { $0["value"]?["backendNodeId"]?.int }
        guard elements.count == nodes.count else { return nil }
        // A node serialized again is a reference to its first time.
        for (node, element) in zip(nodes, elements) {
          if let reference = node["weakLocalObjectReference"]?.int { references[reference] = element }
        }
      case "flags":
        flags = Array(value?.string ?? "")
      case "framed":
        framed = Array(value?.string ?? "")
      case "remote":
        let nodes = value?.array ?? []
        remoteOwners = nodes.compactMap {
          $0["value"]?["backendNodeId"]?.int ?? $0["weakLocalObjectReference"]?.int.flatMap { references[$0] }
        }
        guard remoteOwners.count == nodes.count else { return nil }
      case "remoteAt":
        remoteAt = (try? JSONValue.parse(Data((value?.string ?? "").utf8)))?.array?.compactMap(\.int) ?? []
      case "remoteOrigins":
        remoteOrigins =
          (try? JSONValue.parse(Data((value?.string ?? "").utf8)))?.array?.map {
            $0.array?.compactMap(\.double) ?? []
          }
          ?? []
      case "identities":
        identities = (try? JSONValue.parse(Data((value?.string ?? "").utf8)))?.array ?? []
      case "shortened":
        isShortened = value?.bool == true
      case "declined":
        if value?.bool == true { return nil }
      case "invalid":
        if let reason = value?.string, let css = search.css {
          throw BrowserError.invalidSelector("\(String(reflecting: css)): \(reason)")
        }
      case "overflowed":
        isOverflowed = value?.bool == true
      default:
        break
      }
    }
    // Chromium's search by name does not say where a name came from: a
    // search by label that many elements could match takes a snapshot, as
    // does one below frames from another origin, which Chromium's search
    // of one process does not reach.
    if isOverflowed {
      if search.isNameFromLabel || !remoteOwners.isEmpty { return nil }
      return try await searchAllNames(search, below: scope, group: group)
    }
    // A selector's matches are matches whatever their names: when the
    // step after chooses one of the first few, only as many are read as
    // it needs, more when some turn out hidden.
    let readsAll =
      search.css == nil || search.type != .any || !search.states.isEmpty || needed == 0
      || !remoteOwners.isEmpty
    var matches: [Found] = []
    // The candidate each match came from, to place a frame's matches.
    var matchSources: [Int] = []
    var start = 0
    while start < elements.count {
      let end = readsAll ? elements.count : min(elements.count, start + max(needed - matches.count, 8))
      let chunk = Array(elements[start..<end])
      // Texts are read with the nodes when a match is likely among few.
      let named = try await accessibilityNodes(
        of: chunk,
        withTexts: readsNodes && PageQuery.readsTexts && search.type != .staticText && chunk.count <= 4
          && scope.frame == nil,
        in: scope.frame)
      for (offset, (ax, texts)) in named.enumerated() {
        let index = start + offset
        guard let ax, let backendNodeID = ax["backendDOMNodeId"]?.int else { continue }
        let flag = flags.indices.contains(index) ? flags[index] : "n"
        let hasIdentifier = flag == "i" || flag == "I"
        // Compared as a snapshot's label reads the name.
        let hasName =
          name.map { PageSnapshot.normalized(ax["name"]?["value"]?.string ?? "") == $0 } ?? false
          && (!search.isNameFromLabel || PageSnapshot.isNamedByALabel(ax["name"]))
        let isMatch =
          switch (search.identifier != nil, search.orName, search.name != nil) {
          case _ where search.text != nil: true
          case _ where search.css != nil: !Self.isHiddenFromEveryone(ax)
          case (true, false, _): hasIdentifier
          case (true, true, _): hasIdentifier || hasName
          default: hasName
          }
        // A node left out of the tree is kept, as role "none", for its
        // identity, for the text it shows (a snapshot of a query by text
        // holds every element that shows text) or for the selector that
        // selects it.
        let isKept = ax["ignored"]?.bool != true || hasIdentifier || search.text != nil || search.css != nil
        if isMatch && isKept && Self.isMatch(ax, of: search.type) && Self.hasStates(ax, search.states) {
          // A snapshot puts a frame's tree under its frame element: the
          // texts below one that holds a frame are read from a snapshot.
          let frameFlag = framed.indices.contains(index) ? framed[index] : "-"
          if readsNodes && (frameFlag == "h" || frameFlag == "b") { return nil }
          matches.append(
            Found(
              backendNodeID: backendNodeID, ax: ax,
              identity: identities.indices.contains(index) ? identities[index] : nil, texts: texts,
              showsText: search.text != nil, selector: search.css,
              isInFrame: frameFlag == "f" || frameFlag == "b", frame: scope.frame, offset: scope.offset))
          matchSources.append(index)
        }
        // A field's texts (a button's value, what a text field holds) are
        // static texts in its own shadow tree, after it in a snapshot, which
        // has no DOM identity for them.
        if let name, flag.isUppercase, !search.isNameFromLabel,
          search.type == .any || search.type == .staticText
        {
          // In a frame from another origin, which may not be drawn, the
          // field's children are read (see `nodes(for:group:)`).
          let texts =
            scope.frame == nil
            ? try await send(
              DevTools.Accessibility.QueryAXTree(
                backendNodeID: backendNodeID, accessibleName: name, role: "StaticText"))
            : try await staticTexts(below: ax, inFrame: nil, of: scope.frame).filter {
              $0["name"]?["value"]?.string == name
            }
          for text in texts where Self.isMatch(text, of: search.type) {
            matches.append(
              Found(
                backendNodeID: text["backendDOMNodeId"]?.int, ax: text, isFieldText: true, frame: scope.frame,
                offset: scope.offset))
            matchSources.append(index)
          }
        }
      }
      start = end
      if !readsAll && matches.count >= needed { break }
    }
    if isShortened && matches.count < enough {
      return try await self.search(
        search, below: scope, checksPage: checksPage, readsNodes: readsNodes, group: group)
    }
    // Each frame from another origin below the scope is searched in its
    // own process, from its document, and its matches go where its frame
    // element is among these; the last first, so that each place holds.
    guard remoteOwners.count == remoteAt.count, remoteOwners.count == remoteOrigins.count else { return nil }
    for (owner, (at, origin)) in zip(remoteOwners, zip(remoteAt, remoteOrigins)).reversed() {
      guard origin.count == 2, let frame = try await remoteFrame(ownedBy: owner, in: scope.frame) else {
        return nil
      }
      let document = Found(
        backendNodeID: nil, ax: nil, frame: frame,
        offset: (scope.offset.x + origin[0], scope.offset.y + origin[1]))
      guard
        let inside = try await self.search(
          search, below: document, checksPage: true, readsNodes: readsNodes, group: group)
      else { return nil }
      let place = matchSources.filter { $0 < at }.count
      matches.insert(contentsOf: inside, at: place)
      matchSources.insert(contentsOf: Array(repeating: at, count: inside.count), at: place)
    }
    return matches
  }

  /// The frame from another origin that a frame element holds, attached.
  ///
  /// - Parameters:
  ///   - owner: The frame element's backend node id, in its process.
  ///   - parent: The frame from another origin whose process holds the
  ///     element; `nil` for the page's.
  /// - Returns: The frame; `nil` when it is not attached (yet).
  /// - Throws: ``BrowserError`` when Chromium refuses (the element went).
  private func remoteFrame(ownedBy owner: Int, in parent: RemoteFrame?) async throws -> RemoteFrame? {
    guard let frameID = try await send(DevTools.DOM.DescribeNode(backendNodeID: owner), in: parent).frameID
    else { return nil }
    return remoteFrames.withLock { $0.bySession.values.first { $0.frameID == frameID } }
  }

  /// What the page's search (``PageQuery/find``) answers below `scope`,
  /// serialized deeply (its members, and each element as its backend
  /// node), or `nil` when the page threw.
  ///
  /// It is called by name, as `__asyncWaitFind`, which every document
  /// defines first (``BrowserPage/pageScript``); in a document where it is
  /// missing, its source is sent. One command: the elements' backend nodes
  /// come with the answer, and a script object is asked for only when a
  /// step needs one (``object(of:group:)``).
  private func callFind(_ arguments: [JSONValue], below scope: Found, group: String) async throws
    -> JSONValue?
  {
    // The document is searched by an expression, with no object to ask for;
    // an element that has none now is gone, and a snapshot answers.
    let scopeObject = scope.backendNodeID == nil ? nil : try await object(of: scope, group: group)
    guard scope.backendNodeID == nil || scopeObject != nil else { return nil }
    for byName in PageQuery.callsFindByName ? [true, false] : [false] {
      let answer: DevTools.Runtime.Evaluation
      if let scopeObject {
        let declaration =
          byName
          ? "function(...parameters) { return globalThis.__asyncWaitFind?.apply(this, parameters) }"
          : PageQuery.find
        answer = try await send(
          DevTools.Runtime.CallFunctionOn(
            functionDeclaration: declaration, objectID: scopeObject, arguments: arguments, returned: .deep,
            objectGroup: group),
          in: scope.frame)
      } else {
        let function = byName ? "globalThis.__asyncWaitFind?" : "(\(PageQuery.find))"
        answer = try await send(
          DevTools.Runtime.Evaluate(
            expression: "\(function).apply(document, \(JSONValue.array(arguments).serialized))",
            returned: .deep,
            objectGroup: group),
          in: scope.frame)
      }
      guard answer.exception == nil else { return nil }
      if answer.result.type == "undefined" && byName { continue }
      return answer.result.deepSerializedValue
    }
    return nil
  }

  /// The script object of a found element, in `group`: the document for
  /// the first search, `nil` for a text in a field's shadow tree.
  private func object(of found: Found, group: String) async throws -> String? {
    guard !found.isFieldText else { return nil }
    guard let backendNodeID = found.backendNodeID else {
      let document = try await send(
        DevTools.Runtime.Evaluate(expression: "document", returned: .object, objectGroup: group),
        in: found.frame)
      return document.result.objectID
    }
    return try await send(
      DevTools.DOM.ResolveNode(backendNodeID: backendNodeID, objectGroup: group), in: found.frame)
  }

  /// The accessibility node of each of the backend nodes `elements`.
  ///
  /// With the static texts below it when `withTexts` (a search of few
  /// candidates, most of which are likely matches), asked all at once;
  /// `nil` for one that has none. The nodes are of `frame`'s process
  /// (`nil` for the page's).
  private func accessibilityNodes(of elements: [Int], withTexts: Bool, in frame: RemoteFrame?) async throws
    -> [(node: JSONValue?, texts: [JSONValue]?)]
  {
    try await withThrowingTaskGroup(of: (Int, JSONValue?, [JSONValue]?).self) { group in
      for (index, backendNodeID) in elements.enumerated() {
        group.addTask {
          async let texts =
            withTexts
            ? self.send(
              DevTools.Accessibility.QueryAXTree(backendNodeID: backendNodeID, role: "StaticText"), in: frame)
            : nil
          let partial = try await self.send(
            DevTools.Accessibility.GetPartialAXTree(backendNodeID: backendNodeID), in: frame)
          return (index, partial.first, try await texts)
        }
      }
      var nodes = [(node: JSONValue?, texts: [JSONValue]?)](repeating: (nil, nil), count: elements.count)
      for try await (index, node, texts) in group { nodes[index] = (node, texts) }
      return nodes
    }
  }

  /// The static texts below an accessibility node, in order, as
  /// `Accessibility.queryAXTree` answers for a node Chromium does not
  /// ignore: read child by child, for one it ignores (a `<span>` found by
  /// its text), at most ``mostChildReads`` nodes deep into its subtree.
  ///
  /// - Parameters:
  ///   - ax: The node.
  ///   - frameID: The frame whose document holds it, `nil` for its
  ///     process's root frame: an accessibility node's id is its frame's.
  ///   - process: The frame from another origin whose process holds it;
  ///     `nil` for the page's.
  /// - Returns: The static texts, in order.
  /// - Throws: ``BrowserError`` when Chromium refuses (the node went).
  private func staticTexts(below ax: JSONValue, inFrame frameID: String?, of process: RemoteFrame?)
    async throws
    -> [JSONValue]
  {
    func children(of id: String) async throws -> [JSONValue] {
      try await send(DevTools.Accessibility.GetChildAXNodes(id: id, frameID: frameID), in: process)
    }
    guard let id = ax["nodeId"]?.string else { return [] }
    var texts: [JSONValue] = []
    var budget = Self.mostChildReads
    // Chromium may give a node under an ignored one as a child of both.
    var seen: Set<String> = [id]
    // The children being read, each list with the next to look at.
    var open: [(nodes: [JSONValue], next: Int)] = [(try await children(of: id), 0)]
    while let last = open.last {
      guard last.next < last.nodes.count else {
        open.removeLast()
        continue
      }
      open[open.count - 1].next += 1
      let child = last.nodes[last.next]
      guard let childID = child["nodeId"]?.string, seen.insert(childID).inserted else { continue }
      switch child["role"]?["value"]?.string {
      case "StaticText": texts.append(child)
      case "InlineTextBox": continue
      default:
        guard budget > 0 else { continue }
        budget -= 1
        open.append((try await children(of: childID), 0))
      }
    }
    return texts
  }

  /// The id of the frame whose document holds `found`, an element in a
  /// same-origin frame: the frame its frame element holds.
  private func frameID(of found: Found, group: String) async throws -> String? {
    guard let objectID = try await object(of: found, group: group) else { return nil }
    let owner = try await send(
      DevTools.Runtime.CallFunctionOn(
        functionDeclaration: "function() { return this.ownerDocument.defaultView.frameElement }",
        objectID: objectID, returned: .object, objectGroup: group),
      in: found.frame)
    guard let ownerID = owner.result.objectID else { return nil }
    return try await send(DevTools.DOM.DescribeNode(objectID: ownerID), in: found.frame).frameID
  }

  /// The most nodes ``staticTexts(below:inFrame:of:)`` reads the children of.
  static let mostChildReads = 256

  /// The elements below `scope` that `search` finds when more elements
  /// could have its name than the page should name one by one: Chromium
  /// searches its accessibility tree by name, which costs the page's size,
  /// or `nil` when the answer would need a snapshot.
  private func searchAllNames(_ search: PageQuery.Search, below scope: Found, group: String) async throws
    -> [Found]?
  {
    // Identifiers and names found apart have no order between them; a
    // frame from another origin may not be drawn, and Chromium answers a
    // search of one that is not once it is.
    guard search.identifier == nil || !search.orName, let name = search.name, scope.frame == nil else {
      return nil
    }
    guard let scopeObject = try await object(of: scope, group: group) else { return nil }
    let answer = try await send(
      DevTools.Accessibility.QueryAXTree(objectID: scopeObject, accessibleName: name), in: scope.frame)
    var found: [Found] = []
    for ax in answer {
      guard let backendNodeID = ax["backendDOMNodeId"]?.int, backendNodeID != scope.backendNodeID,
        Self.isMatch(ax, of: search.type)
      else { continue }
      found.append(Found(backendNodeID: backendNodeID, ax: ax, frame: scope.frame, offset: scope.offset))
    }
    // An accessible name as Chromium searches it keeps spaces a label
    // drops: no match proves nothing for a type whose names are text.
    if found.isEmpty && (search.type == .staticText || search.type == .any) { return nil }
    return found
  }

  /// Whether Chromium ignores `ax` because no one can perceive it
  /// (``PageSnapshot/hiddenReasons``): a snapshot leaves it out.
  private static func isHiddenFromEveryone(_ ax: JSONValue) -> Bool {
    guard ax["ignored"]?.bool == true else { return false }
    let reasons = ax["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
    return reasons.contains(where: PageSnapshot.hiddenReasons.contains)
  }

  /// Whether an accessibility node has every one of `states`, read as a
  /// snapshot's node reads them (``BrowserNode/state(_:)``).
  private static func hasStates(_ ax: JSONValue, _ states: [(name: String, value: String)]) -> Bool {
    guard !states.isEmpty else { return true }
    let marks = ax["backendDOMNodeId"]?.int.map { [$0: [String]()] } ?? [:]
    guard let node = PageSnapshot.nodes(for: ax, children: [], identities: [:], marks: marks).first else {
      return false
    }
    return states.allSatisfy { node.state($0.name) == $0.value }
  }

  /// Whether an accessibility node is one a snapshot keeps, of `type`.
  private static func isMatch(_ ax: JSONValue?, of type: ElementType) -> Bool {
    guard let ax else { return false }
    let role = ax["role"]?["value"]?.string ?? ""
    if role == "InlineTextBox" || role == "ListMarker" { return false }
    if ax["ignored"]?.bool == true {
      let reasons = ax["ignoredReasons"]?.array?.compactMap { $0["name"]?.string } ?? []
      if reasons.contains(where: PageSnapshot.hiddenReasons.contains) { return false }
      // Left out but identified: a snapshot keeps it, as role "none".
      return BrowserNode.role("none", isOfType: type)
    }
    return BrowserNode.role(role, isOfType: type)
  }

  /// The nodes for found elements.
  ///
  /// Each has its attributes, its box and, as its children, the static
  /// texts below it (unless ``PageQuery/readsTexts`` is `false`), all asked
  /// at once. An element of
  /// a frame from another origin has its node ids moved above the page's
  /// (``RemoteFrames/shift``) and its box placed on the page, as a snapshot
  /// has them.
  private func nodes(for found: [Found], group: String) async throws -> [BrowserNode] {
    try await withThrowingTaskGroup(of: (Int, [BrowserNode]).self) { tasks in
      for (position, element) in found.enumerated() {
        guard let ax = element.ax, let backendNodeID = element.backendNodeID else { continue }
        let shift = (element.frame?.number ?? 0) << RemoteFrames.shift
        guard !element.isFieldText else {
          // A text in a field's shadow tree: no identity, no texts below.
          let text = PageSnapshot.rebased(accessibility: [ax], by: shift)[0]
          tasks.addTask { (position, PageSnapshot.nodes(for: text, children: [], identities: [:])) }
          continue
        }
        tasks.addTask {
          // A static text has no texts below it; Chromium's search of a
          // subtree answers none below a node it ignores, whose children
          // are read instead.
          let isText = ax["role"]?["value"]?.string == "StaticText"
          let isIgnored = ax["ignored"]?.bool == true
          let known = isText || !PageQuery.readsTexts ? [] : isIgnored ? nil : element.texts
          // Chromium answers a search of a subtree (`queryAXTree`) once the
          // frame has drawn: a frame from another origin out of view, which
          // it does not draw, would never answer; its children are read.
          async let texts =
            known != nil
            ? known ?? []
            : isIgnored || element.frame != nil
              ? self.staticTexts(
                below: ax,
                inFrame: element.isInFrame ? try await self.frameID(of: element, group: group) : nil,
                of: element.frame)
              : self.send(
                DevTools.Accessibility.QueryAXTree(backendNodeID: backendNodeID, role: "StaticText"),
                in: element.frame)
          var value = element.identity
          if value == nil, let objectID = try await self.object(of: element, group: group) {
            value = try await self.send(
              DevTools.Runtime.CallFunctionOn(
                functionDeclaration: PageQuery.identity, objectID: objectID, returned: .value),
              in: element.frame
            ).result.value
          }
          var identity = PageSnapshot.Identity()
          if case .object(let attributes)? = value?["attributes"] {
            for case (let name, .string(let text)) in attributes {
              identity.attributes[name] = text
              if name == "data-testid" { identity.testID = text }
              if name == "id" { identity.htmlID = text }
            }
          }
          identity.textContent = value?["text"]?.string.map(PageSnapshot.normalized)
          identity.isInvisible = value?["invisible"]?.bool == true
          if let rect = value?["box"]?.array?.compactMap(\.double), rect.count == 4 {
            identity.box = BrowserNode.Box(
              x: rect[0] + element.offset.x, y: rect[1] + element.offset.y, width: rect[2], height: rect[3])
          }
          let children = PageSnapshot.rebased(accessibility: try await texts, by: shift).flatMap {
            PageSnapshot.nodes(for: $0, children: [], identities: [:])
          }
          let id = backendNodeID + shift
          return (
            position,
            PageSnapshot.nodes(
              for: PageSnapshot.rebased(accessibility: [ax], by: shift)[0], children: children,
              identities: [id: identity],
              marks: element.selector.map { [id: [$0]] } ?? (element.showsText ? [id: []] : [:]))
          )
        }
      }
      var made = [[BrowserNode]](repeating: [], count: found.count)
      for try await (position, nodes) in tasks { made[position] = nodes }
      return made.flatMap { $0 }
    }
  }
}
