// The isolation matrix, run by both test frameworks: every case from the
// main actor, from an actor of the test's own and from nonisolated code.
// Every probe must run where its wait was called (#38).

import Testing
import XCTest

@Suite("Every probe of every wait runs in the caller's isolation", .timeLimit(.minutes(1)))
struct IsolationMatrixTests {
  @MainActor
  @Test("From the main actor", arguments: MatrixCase.all)
  func fromTheMainActor(_ matrixCase: MatrixCase) async {
    let problem = await matrixCase.run(from: .main)
    #expect(problem == nil, "\(problem ?? "")")
  }

  @Test("From an actor", arguments: MatrixCase.all)
  func fromAnActor(_ matrixCase: MatrixCase) async {
    let problem = await matrixCase.run(from: .probeActor)
    #expect(problem == nil, "\(problem ?? "")")
  }

  @Test("From nonisolated code", arguments: MatrixCase.all)
  func fromNonisolatedCode(_ matrixCase: MatrixCase) async {
    let problem = await matrixCase.run(from: .neither)
    #expect(problem == nil, "\(problem ?? "")")
  }

  @Test func everyEntryRunsOnEverySourceThatCanWakeIt() {
    // A wait that takes a `Wait` can be woken by its triggers; one observed,
    // by Observation; one on an element, by the element's tree.
    for entry in Entry.allCases where entry != .withWaitDefaults {
      #expect(entry.sources.contains(.timer) && entry.sources.contains(.manualClock), "\(entry)")
    }
    #expect(Entry.untilObserved.sources.contains(.observation))
    #expect(Entry.waitForExistence.sources.contains(.treeChange))
    #expect(MatrixCase.all.count > Entry.allCases.count * 2)
  }
}

final class IsolationMatrixXCTests: XCTestCase {
  @MainActor
  func testEveryWaitProbesOnTheMainActor() async {
    for matrixCase in MatrixCase.all {
      let problem = await matrixCase.run(from: .main)
      XCTAssertNil(problem)
    }
  }

  func testEveryWaitProbesOnTheCallersActor() async {
    for matrixCase in MatrixCase.all {
      let problem = await matrixCase.run(from: .probeActor)
      XCTAssertNil(problem)
    }
  }

  func testEveryWaitProbesInNonisolatedCode() async {
    for matrixCase in MatrixCase.all {
      let problem = await matrixCase.run(from: .neither)
      XCTAssertNil(problem)
    }
  }
}
