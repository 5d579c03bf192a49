import AsyncWait
import AsyncWaitElements
import AsyncWaitTestSupport
import Testing

/// A node that is its own child: every walk of it is endless.
final class Loop: QueryableNode, Sendable {
  var children: [Loop] { [self] }
}

/// Trees built to break walks: cycles, depth, huge indexes, cancellation.
@Suite(.timeLimit(.minutes(1)))
struct HostileTreeTests {
  @Test func cyclicTreeEndsTheWaitWithTheBudgetError() async throws {
    let app = TreeElement("app", nodeBudget: 10_000) { Loop() }

    // The single probe of a zero timeout, on a clock no one advances: its
    // error is the wait's however long a loaded machine makes the walk
    // take. A probe that began before a deadline and threw after it would
    // count as out of time, and the wait would answer false.
    let error = try await #require(throws: NodeBudgetExceededError.self) {
      _ = try await app.buttons["x"].waitForExistence(timeout: .zero, using: Wait(clock: ManualClock()))
    }

    #expect(error.nodeBudget == 10_000)
    #expect(error.query == #"app.buttons["x"]"#)
    #expect(error.description.contains("stopped after 10000 nodes in one probe, the node budget"))
    #expect(error.description.contains("a tree that never ends is cyclic"))
  }

  @Test func cyclicTreeUnderTheDefaultBudgetEndsToo() async throws {
    let app = TreeElement("app") { Loop() }

    // A timeout the walk of a million nodes ends well within: an error
    // thrown after the deadline would be the probe running out of time.
    await #expect(throws: NodeBudgetExceededError.self) {
      try await app.buttons["x"].requireExistence(timeout: .seconds(60))
    }
  }

  @Test func dumpOfACyclicTreeStopsAtTheBudget() async throws {
    let app = TreeElement("app", nodeBudget: 500) { Loop() }

    let state = try #require(await app.stateDescription)

    #expect(
      state.hasSuffix(
        "… stopped after 500 nodes, the node budget: a larger tree needs a larger "
          + "nodeBudget:, and a tree that never ends is cyclic"))
  }

  @Test func aLegalTreeOverTheBudgetNamesTheBudgetBeforeACycle() async throws {
    // A flat tree of 2,001 nodes under a budget of 1,000: the dump and the
    // error of a real wait say the budget was reached and how to raise it,
    // and name a cycle only as the other cause.
    let root = ElementNode(.application, children: (0..<2_000).map { _ in ElementNode(.cell) })
    let app = TreeElement("app", nodeBudget: 1_000) { root }

    let error = try await #require(throws: NodeBudgetExceededError.self) {
      try await app.cells["x"].requireExistence(timeout: .zero)
    }
    let state = try #require(await app.stateDescription)

    #expect(!state.contains("is the tree cyclic"))
    #expect(
      state.hasSuffix(
        "… stopped after 1000 nodes, the node budget: a larger tree needs a larger "
          + "nodeBudget:, and a tree that never ends is cyclic"))
    #expect(
      error.description
        == #"The query app.cells["x"] stopped after 1000 nodes in one probe, the node "#
        + "budget of its tree element. A tree this large needs a larger budget "
        + "(TreeElement(_:nodeBudget:triggers:diagnostics:evaluator:root:)); a tree that never ends is cyclic."
    )
  }

  @Test func cancellationEndsAWalkInProgress() async throws {
    let started = AsyncStream<Void>.makeStream()
    let app = TreeElement("app", nodeBudget: .max) { () -> Loop? in
      started.continuation.yield()
      return Loop()
    }
    let wait = Task { try await app.buttons["x"].waitForExistence(timeout: .seconds(3600)) }

    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    wait.cancel()

    await #expect(throws: CancellationError.self) { try await wait.value }
  }

  @Test func elementBoundByTheLargestIndexFindsNothing() async throws {
    let app = NodeTree(ElementNode(.application, children: [ElementNode(.button)])).rootElement()

    #expect(try await app.buttons.element(boundBy: .max).exists == false)
    #expect(try await app.buttons.element(boundBy: .min).exists == false)
    #expect(try await app.buttons.element(boundBy: 1).exists == false)
    #expect(try await app.buttons.element(boundBy: 0).exists)
  }

  @Test func deepChainsWorkWithEveryElementNodeWalk() throws {
    var root = ElementNode(.application, identifier: "level 0")
    for level in (1...20_000).reversed() {
      root.children = [ElementNode(.other, identifier: "level \(level)", children: root.children)]
    }
    let deepest = "level 20000"

    #expect(root.first(identifier: deepest)?.identifier == deepest)
    #expect(root.update(identifier: deepest) { $0.label = "found" })
    #expect(root.first(identifier: deepest)?.label == "found")
    root.removeAll { $0.identifier == "level 10000" }
    #expect(root.first(identifier: deepest) == nil)
    #expect(root.first(identifier: "level 9999")?.children.isEmpty == true)
  }

  @Test func queryTreeShortcutsChainFromQueries() async throws {
    let app = NodeTree(
      ElementNode(
        .application,
        children: [
          ElementNode(.cell, label: "Milk", children: [ElementNode(.button, identifier: "delete")])
        ])
    ).rootElement()

    #expect(try await app.cells.buttons["delete"].exists)
    #expect(app.cells.buttons["delete"].elementDescription.contains(".buttons"))
  }
}
