import AsyncWaitElements
import Testing

@testable import AsyncWaitBrowser

/// Snapshots joined from hand-written protocol answers: the identity rule,
/// what is left out, and trees that are cyclic, huge or deep.
@Suite struct PageSnapshotTests {
  /// An accessibility node as `Accessibility.getFullAXTree` gives it.
  func node(
    _ id: Int, role: String, name: String = "", children: [Int] = [], parent: Int? = nil, dom: Int? = nil,
    ignored: Bool = false, properties: [String: JSONValue] = [:], value: String? = nil
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "nodeId": .string(String(id)), "ignored": .bool(ignored), "role": ["value": .string(role)],
      "name": ["value": .string(name)], "childIds": .array(children.map { .string(String($0)) }),
      "properties": .array(properties.map { ["name": .string($0.key), "value": ["value": $0.value]] }),
    ]
    if let parent { members["parentId"] = .string(String(parent)) }
    if let dom { members["backendDOMNodeId"] = .number(Double(dom)) }
    if let value { members["value"] = ["value": .string(value)] }
    return .object(members)
  }

  /// A DOM snapshot of nodes with backend ids, attributes and boxes.
  func dom(_ nodes: [(backendID: Int, attributes: [(String, String)], box: [Double]?)]) -> JSONValue {
    var strings: [String] = []
    // As Chromium does, an empty string is index -1.
    func index(_ text: String) -> JSONValue {
      if text.isEmpty { return -1 }
      if let found = strings.firstIndex(of: text) { return .number(Double(found)) }
      strings.append(text)
      return .number(Double(strings.count - 1))
    }
    let attributes: [JSONValue] = nodes.map { node in
      .array(node.attributes.flatMap { [index($0.0), index($0.1)] })
    }
    let layout = nodes.enumerated().compactMap { index, node in node.box.map { (index, $0) } }
    return [
      "documents": [
        [
          "nodes": [
            "backendNodeId": .array(nodes.map { .number(Double($0.backendID)) }),
            "attributes": .array(attributes),
          ],
          "layout": [
            "nodeIndex": .array(layout.map { .number(Double($0.0)) }),
            "bounds": .array(layout.map { .array($0.1.map { .number($0) }) }),
          ],
        ]
      ],
      "strings": .array(strings.map { .string($0) }),
    ]
  }

  func tree(_ nodes: [JSONValue], _ dom: JSONValue) throws -> BrowserNode? {
    try PageSnapshot.tree(accessibility: nodes, dom: dom)
  }

  @Test func testIDWinsOverIDAndEitherIdentifies() throws {
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", name: "Page", children: [2, 3, 4]),
          node(2, role: "button", name: "Both", parent: 1, dom: 20),
          node(3, role: "button", name: "Only id", parent: 1, dom: 30),
          node(4, role: "button", name: "Neither", parent: 1, dom: 40),
        ],
        dom([
          (20, [("id", "the-id"), ("data-testid", "the-test-id")], [0, 0, 10, 10]),
          (30, [("class", "x"), ("id", "only-id")], nil), (40, [], [5, 5, 1, 1]),
        ])))

    #expect(root.elementType == .window)
    #expect(root.children.map(\.identifier) == ["the-test-id", "only-id", ""])
    #expect(root.children[0].htmlID == "the-id")
    #expect(root.children[0].box == BrowserNode.Box(x: 0, y: 0, width: 10, height: 10))
    #expect(root.children[0].isVisible)
    #expect(root.children[1].box == nil)
    #expect(root.children[1].isVisible == false)
    #expect(root.children[2].identifier == "")
  }

  @Test func attributesWithAnEmptyValueAreKept() throws {
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", name: "Page", children: [2]),
          node(2, role: "textbox", name: "Name", parent: 1, dom: 20),
        ],
        dom([(20, [("id", "name"), ("required", ""), ("class", ""), ("data-x", "")], nil)])))

    #expect(root.children[0].attributes == ["id": "name", "required": "", "class": "", "data-x": ""])
  }

  /// On a page: `required`, `class=""` and `data-x=""` read as empty
  /// values, in a snapshot and in the page's own search.
  @Test func attributesWithAnEmptyValueAreKeptOnAPage() async throws {
    try await withItemListPage { (page) async throws in
      _ = try await page.evaluate(
        """
        document.body.insertAdjacentHTML(
          "beforeend", '<input data-testid="empty-attributes" required class="" data-x="">'); 1
        """)
      let expected = ["data-testid": "empty-attributes", "required": "", "class": "", "data-x": ""]
      let snapshot = try await page.textFields["empty-attributes"].uniqueSnapshot()
      let plan = QueryPlan(steps: [.search(.descendants, .textField, [.identifier("empty-attributes")])])
      let request = QueryRequest(limit: 1, isStrict: false, countsAll: false, nodeBudget: 1_000_000)
      let evaluated = try #require(try await page.evaluateQuery(plan, request))

      #expect(snapshot?.attributes == expected)
      #expect(evaluated.nodes.first?.attributes == expected)
      try await page.textFields["empty-attributes"].require(
        .attribute("required", .containing("")), timeout: .zero)
    }
  }

  @Test func ignoredNodesGiveWayToTheirChildrenUnlessIdentified() throws {
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", children: [2, 5]),
          node(2, role: "none", children: [3], parent: 1, dom: 2, ignored: true),
          node(3, role: "StaticText", name: "  Milk \n and  eggs ", children: [4], parent: 2),
          node(4, role: "InlineTextBox", name: "Milk", parent: 3),
          node(5, role: "generic", children: [6], parent: 1, dom: 5, ignored: true),
          node(6, role: "ListMarker", name: "• ", parent: 5),
        ],
        dom([(2, [], nil), (5, [("data-testid", "kept")], nil)])))

    #expect(root.children.count == 2)
    #expect(root.children[0].elementType == .staticText)
    #expect(root.children[0].label == "Milk and eggs")
    #expect(root.children[0].children.isEmpty)
    #expect(root.children[1].identifier == "kept")
    #expect(root.children[1].role == "none")
    #expect(root.children[1].children.isEmpty)
  }

  @Test func nodesHiddenFromEveryoneGoWithTheirSubtreeWhateverTheirIdentity() throws {
    var hidden = node(2, role: "none", children: [3], parent: 1, dom: 20, ignored: true)
    var hiddenChild = node(3, role: "button", parent: 2, dom: 30, ignored: true)
    for (index, reason) in ["ariaHiddenElement", "ariaHiddenSubtree"].enumerated() {
      let reasons: JSONValue = [["name": .string(reason), "value": ["type": "boolean", "value": true]]]
      if case .object(var members) = index == 0 ? hidden : hiddenChild {
        members["ignoredReasons"] = reasons
        if index == 0 { hidden = .object(members) } else { hiddenChild = .object(members) }
      }
    }
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", children: [2, 4]), hidden, hiddenChild,
          node(4, role: "button", parent: 1),
        ],
        dom([(20, [("data-testid", "spinner")], [0, 0, 10, 10]), (30, [("id", "inside")], [0, 0, 5, 5])])))

    #expect(root.children.map(\.role) == ["button"])
  }

  @Test func hugeRangeValuesReadAsText() throws {
    var slider = node(2, role: "slider", parent: 1)
    if case .object(var members) = slider {
      members["value"] = ["type": "number", "value": .number(1e20)]
      slider = .object(members)
    }
    let root = try #require(try tree([node(1, role: "RootWebArea", children: [2]), slider], dom([])))

    #expect(root.children.first?.value == "1e+20")
  }

  @Test func statesComeFromTheProperties() throws {
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", children: [2, 3]),
          node(2, role: "button", parent: 1, properties: ["disabled": true]),
          node(
            3, role: "textbox", parent: 1, properties: ["focused": true, "editable": "plaintext"],
            value: "Milk"),
        ], dom([])))

    #expect(root.children[0].isEnabled == false)
    #expect(root.children[0].isFocused == false)
    #expect(root.children[1].isEnabled)
    #expect(root.children[1].isFocused)
    #expect(root.children[1].isEditable)
    #expect(root.children[1].value == "Milk")
    #expect(root.children[1].elementType == .textField)
  }

  @Test func cyclicAndSharedChildrenAreVisitedOnce() throws {
    let root = try #require(
      try tree(
        [
          node(1, role: "RootWebArea", children: [2, 2, 1]),
          node(2, role: "group", children: [3], parent: 1),
          node(3, role: "group", children: [1, 2, 3, 99], parent: 2),
        ], dom([])))

    #expect(root.children.count == 1)
    #expect(root.children[0].children.count == 1)
    #expect(root.children[0].children[0].children.isEmpty)
  }

  @Test func deepTreeIsCutAtTheMaximumDepthWithoutRecursion() throws {
    let depth = 20_000
    var nodes = [node(0, role: "RootWebArea", children: [1])]
    for id in 1..<depth {
      nodes.append(node(id, role: "group", children: id + 1 < depth ? [id + 1] : [], parent: id - 1))
    }

    let root = try #require(try tree(nodes, dom([])))

    var levels = 1
    var current = root
    while let child = current.children.first {
      levels += 1
      current = child
    }
    #expect(levels == PageSnapshot.maximumDepth)
  }

  @Test func hugeTreeStopsAtTheNodeBudget() throws {
    let budget = 1_000
    var nodes = [node(0, role: "RootWebArea", children: Array(1...budget + 10))]
    for id in 1...budget + 10 { nodes.append(node(id, role: "button", parent: 0)) }

    let root = try #require(
      try PageSnapshot.tree(accessibility: nodes, dom: dom([]), maximumNodes: budget))

    #expect(root.children.count == budget - 1)
  }

  @Test func answersWithoutTheirPartsAreUnexpected() throws {
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Accessibility.GetFullAXTree.answer(from: [:])
    }
    #expect(throws: BrowserError.unexpectedResponse) {
      try PageSnapshot.tree(accessibility: [], dom: [:])
    }
    #expect(try tree([], dom([])) == nil)
  }

  /// A snapshot that holds hidden elements reads a DOM snapshot that is
  /// not a tree (a node its own parent, a parent after its child or past
  /// the end) and arrays of unequal lengths without trapping, and still
  /// finds the hidden button it holds.
  @Test func hiddenElementsOfAMalformedDOMSnapshotAreReadWithoutTrapping() throws {
    let strings: [JSONValue] = ["HTML", "BODY", "BUTTON", "Go", "DIV", "SPAN"]
    let dom: JSONValue = [
      "documents": [
        [
          "nodes": [
            "backendNodeId": [1, 2, 3, 4, 5, 6, 7],
            // 5 is its own parent, 6's is past the end, 7's comes after it.
            "parentIndex": [-1, 0, 1, 2, 4, 99_999, 7],
            // Shorter than the nodes.
            "nodeType": [1, 1, 1, 3, 1, 1],
            "nodeName": [0, 1, 2, -1, 4, 5],
            "nodeValue": [-1, -1, -1, 3],
            "attributes": [[], [], [], [], [], [4, 99]],
          ],
          "layout": ["nodeIndex": [0, 1, 99], "bounds": [[0, 0, 10, 10], [0, 0, 10, 10]]],
        ]
      ],
      "strings": .array(strings),
    ]
    let accessibility = [
      node(1, role: "RootWebArea", children: [2], dom: 1),
      node(2, role: "generic", parent: 1, dom: 2, ignored: true),
    ]
    let root = try #require(
      try PageSnapshot.tree(accessibility: accessibility, dom: dom, includesHidden: true))
    let button = try #require(SnapshotSearch.first(in: root) { $0.role == "button" })
    #expect(button.label == "Go")
    #expect(button.backendNodeID == 3)
    // Without hidden elements, the button is not there.
    let shown = try #require(try PageSnapshot.tree(accessibility: accessibility, dom: dom))
    #expect(SnapshotSearch.first(in: shown) { $0.role == "button" } == nil)
  }

  @Test func rolesMapOntoElementTypes() {
    #expect(BrowserNode.elementType(forRole: "button") == .button)
    #expect(BrowserNode.elementType(forRole: "searchbox") == .textField)
    #expect(BrowserNode.elementType(forRole: "listitem") == .cell)
    #expect(BrowserNode.elementType(forRole: "alertdialog") == .sheet)
    #expect(BrowserNode.elementType(forRole: "checkbox") == .toggle)
    #expect(BrowserNode.elementType(forRole: "link") == "link")
  }

  @Test func framesNestUnderTheirFrameElementsAtAnyDepthAndAreMovedOntoThePage() throws {
    // The main document holds frame 10; frame 10 holds frame 20; frame 20
    // holds a button. Ten more frames nest below 20, deeper than any page.
    var frames: [Int: [JSONValue]] = [
      10: [
        node(1, role: "RootWebArea", children: [2], dom: 11), node(2, role: "Iframe", parent: 1, dom: 20),
      ],
      20: [
        node(1, role: "RootWebArea", children: [2, 3], dom: 21),
        node(2, role: "button", name: "Deep", parent: 1, dom: 22),
        node(3, role: "Iframe", parent: 1, dom: 30),
      ],
    ]
    for depth in 3...12 {
      let owner = depth * 10
      frames[owner] = [
        node(1, role: "RootWebArea", children: [2], dom: owner + 1),
        node(2, role: "Iframe", name: "level \(depth)", parent: 1, dom: (depth + 1) * 10),
      ]
    }
    let main = [
      node(1, role: "RootWebArea", children: [2]), node(2, role: "Iframe", name: "Outer", parent: 1, dom: 10),
    ]
    let boxes = dom([
      (10, [], [100, 200, 404, 124]), (11, [], [0, 0, 400, 120]), (20, [], [10, 10, 104, 54]),
      (21, [], [0, 0, 100, 50]), (22, [], [5, 6, 30, 20]),
    ])

    let root = try #require(
      try PageSnapshot.tree(accessibility: main, frames: frames, dom: boxes))

    let deep = try #require(SnapshotSearch.first(in: root) { $0.label == "Deep" })
    // Frame 20's document sits inside frame 10's, which sits inside the
    // page's iframe: each offset by its frame element and an even border.
    #expect(
      deep.box == BrowserNode.Box(x: 100 + 2 + 10 + 2 + 5, y: 200 + 2 + 10 + 2 + 6, width: 30, height: 20))
    #expect(SnapshotSearch.first(in: root) { $0.label == "level 12" } != nil)
  }
}

/// Depth-first search in a snapshot, for the tests.
enum SnapshotSearch {
  static func first(in root: BrowserNode, where matches: (BrowserNode) -> Bool) -> BrowserNode? {
    var stack = [root]
    while let next = stack.popLast() {
      if matches(next) { return next }
      stack.append(contentsOf: next.children.reversed())
    }
    return nil
  }
}
