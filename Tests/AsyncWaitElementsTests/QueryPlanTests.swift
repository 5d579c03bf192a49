@_spi(Tests) import AsyncWait
import AsyncWaitElements
import Testing

/// A tree that evaluates queries where it lives gets each query as a plan,
/// answers with only what it matched, and the tree is not read; a query it
/// cannot evaluate, or declines, is walked in Swift; ambiguity, the node
/// budget and failure descriptions keep working.
@Suite struct QueryPlanTests {
  /// A tree whose evaluator records what it is asked and answers from a
  /// script; the root counts its reads.
  final class Scripted: Sendable {
    let rootReads = Locked(0)
    let asked = Locked<[(plan: QueryPlan, request: QueryRequest)]>([])
    let answer: @Sendable (QueryPlan, QueryRequest) -> QueryEvaluation<ElementNode>?
    let tree = ElementNode(
      .window,
      children: [
        ElementNode(.button, identifier: "save", label: "Save"),
        ElementNode(.button, identifier: "cancel", label: "Cancel"),
        ElementNode(.staticText, label: "Saved at noon"),
      ])

    init(answer: @escaping @Sendable (QueryPlan, QueryRequest) -> QueryEvaluation<ElementNode>?) {
      self.answer = answer
    }

    var app: TreeElement<ElementNode> {
      TreeElement(
        "app", nodeBudget: 100,
        evaluator: { [self] plan, request in
          asked.withLock { $0.append((plan, request)) }
          return answer(plan, request)
        },
        root: { [self] in
          rootReads.withLock { $0 += 1 }
          return tree
        })
    }
  }

  @Test func aSubscriptIsEvaluatedByTheTreeAsAPlanAndTheRootIsNotRead() async throws {
    let found = ElementNode(.button, identifier: "save", label: "Save")
    let tree = Scripted { _, _ in QueryEvaluation(nodes: [found], matchCounts: [1, 1]) }

    let exists = try await tree.app.buttons["Save"].exists

    #expect(exists)
    #expect(tree.rootReads.withLock { $0 } == 0)
    let asked = try #require(tree.asked.withLock { $0 }.first)
    #expect(
      asked.plan
        == QueryPlan(steps: [
          .search(.descendants, .button, [.identifierOrLabel("Save")]), .select(index: 0, isImplicit: true),
        ]))
    // `exists` asks only for the counts.
    #expect(asked.request == QueryRequest(limit: 0, isStrict: false, countsAll: false, nodeBudget: 100))
  }

  /// `exists` and `count` ask for no node (a limit of zero) and answer from
  /// the counts; a read of the node asks for one; the root itself is read,
  /// not asked of the evaluator.
  @Test func existsAndCountAnswerFromTheCountsAndAReadAsksForTheNode() async throws {
    let found = ElementNode(.button, identifier: "save", label: "Save")
    // Two buttons named Save; a subscript picks the first.
    let counted = Scripted { plan, request in
      QueryEvaluation(
        nodes: request.limit == 0 ? [] : [found], matchCounts: plan.steps.count == 1 ? [2] : [2, 1])
    }
    #expect(try await counted.app.buttons["Save"].exists)
    #expect(try await counted.app.buttons.matching(named: "Save").count == 2)
    #expect(try await counted.app.buttons["Save"].snapshot() == found)
    #expect(counted.asked.withLock { $0 }.map(\.request.limit) == [0, 0, 1])

    // Counts that stop before the last step: a step matched none.
    let stopped = Scripted { _, _ in QueryEvaluation(nodes: [], matchCounts: [0]) }
    #expect(try await stopped.app.buttons["Save"].exists == false)
    #expect(try await stopped.app.cells.buttons.count == 0)

    #expect(try await counted.app.exists)
    #expect(try await counted.app.snapshot()?.elementType == .window)
    #expect(counted.asked.withLock { $0 }.count == 3)
    #expect(counted.rootReads.withLock { $0 } == 2)
  }

  @Test func everyFilterWithoutAPredicateBecomesPartOfThePlan() async throws {
    let tree = Scripted { _, _ in QueryEvaluation(nodes: [], matchCounts: [0]) }
    let query = tree.app.descendants(matching: .cell)
      .matching(identifier: "row-1")
      .matching(named: .containing("milk", ignoringCase: true))
      .matching(text: "Milk")
      .matching(labelled: "Item")
      .matching(placeholder: "Name")
      .containing(text: .containing("2 l"))
      .containing(tree.app.buttons["Remove"])

    _ = try await query.count

    let plan = try #require(tree.asked.withLock { $0 }.first?.plan)
    let inner = QueryPlan(steps: [
      .search(.descendants, .button, [.identifierOrLabel("Remove")]), .select(index: 0, isImplicit: true),
    ])
    #expect(
      plan.steps == [
        .search(
          .descendants, .cell,
          [
            .identifier("row-1"),
            .named(try #require(TextMatch.containing("milk", ignoringCase: true).pattern)),
            .text(try #require(TextMatch.exactly("Milk").pattern)),
            .labelled(try #require(TextMatch.exactly("Item").pattern)),
            .placeholder(try #require(TextMatch.exactly("Name").pattern)),
            .containingText(try #require(TextMatch.containing("2 l").pattern)),
            .containing(inner),
          ])
      ])
    // A count asks for no node.
    #expect(tree.asked.withLock { $0 }.first?.request.limit == 0)
    let pattern = try #require(TextMatch.containing("  Milk\n  2 l ", ignoringCase: true).pattern)
    #expect(pattern.text == "milk 2 l")
    #expect(pattern.isSubstring)
    #expect(pattern.ignoresCase)
  }

  @Test func aPredicateOrARegexIsWalkedInSwift() async throws {
    let tree = Scripted { _, _ in
      Issue.record("the evaluator was asked for a query only Swift can run")
      return nil
    }

    let predicate = try await tree.app.buttons.matching { $0.label.hasPrefix("Sa") }.count
    let regex = try await tree.app.staticTexts.matching(text: .matching(/Saved at \w+/)).count

    #expect(predicate == 1)
    #expect(regex == 1)
    #expect(tree.rootReads.withLock { $0 } == 2)
  }

  @Test func anEvaluatorThatDeclinesLeavesTheQueryToSwift() async throws {
    let tree = Scripted { _, _ in nil }

    let count = try await tree.app.buttons.count

    #expect(count == 2)
    #expect(tree.asked.withLock { $0.count } == 1)
    #expect(tree.rootReads.withLock { $0 } == 1)
  }

  @Test func anAmbiguityTheTreeReportsFailsAStrictRead() async throws {
    let candidates = [ElementNode(.button, label: "Save"), ElementNode(.button, label: "Save")]
    let tree = Scripted { _, request in
      request.isStrict
        ? QueryEvaluation(
          nodes: [], matchCounts: [2], ambiguity: .init(step: 1, count: 2, candidates: candidates))
        : QueryEvaluation(nodes: [candidates[0]], matchCounts: [2, 1])
    }

    let error = try await #require(throws: AmbiguousElementError.self) {
      _ = try await tree.app.buttons["Save"].uniqueSnapshot()
    }

    #expect(error.matchCount == 2)
    #expect(error.matches.count == 2)
    #expect(error.query == #"app.buttons["Save"]"#)
    #expect(try await tree.app.buttons["Save"].snapshot() == candidates[0])
  }

  @Test func aTreeOverTheBudgetSaysSo() async throws {
    let tree = Scripted { _, _ in QueryEvaluation(nodes: [], matchCounts: [], exceededNodeBudget: true) }

    let error = try await #require(throws: NodeBudgetExceededError.self) {
      _ = try await tree.app.buttons.count
    }

    #expect(error.nodeBudget == 100)
  }

  @Test func aFailuresDescriptionWalksTheTreeItself() async throws {
    let tree = Scripted { _, _ in QueryEvaluation(nodes: [], matchCounts: [0]) }

    let state = try #require(await tree.app.buttons["Missing"].stateDescription)

    #expect(tree.rootReads.withLock { $0 } == 1)
    #expect(state.contains("Save"))
  }

  @Test func moreNodesThanTheLimitAreCutToIt() async throws {
    let nodes = (0..<5).map { ElementNode(.button, identifier: "b\($0)") }
    let tree = Scripted { _, _ in QueryEvaluation(nodes: nodes, matchCounts: [5, 1]) }

    let first = try await tree.app.buttons.firstMatch.snapshot()

    #expect(first == nodes[0])
  }
}
