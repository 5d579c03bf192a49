// The isolation matrix, run by both test frameworks: every case from the
// main actor, from an actor of the test's own and from nonisolated code.
// Every probe must run where its wait was called (#38).

import AsyncWait
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

/// Main-actor state, as a view model keeps it.
@MainActor
final class MainActorModel {
  var probes: [Place] = []
}

/// The waits whose condition runs in a child task, written as users write
/// them: the closure reads the caller's actor's state without `await`,
/// which compiles only because it is isolated to that actor.
@Suite("A bounded probe runs on the caller's actor")
struct BoundedProbeIsolationTests {
  @MainActor
  @Test func fromTheMainActor() async throws {
    let model = MainActorModel()
    let wait = Wait(timeout: .seconds(60), schedule: .fixed(.milliseconds(1)))
    let held = try await wait.until { _ in
      model.probes.append(Place.current)
      return model.probes.count >= ProbeRecord.deciding
    }
    try await wait.require { _ in
      model.probes.append(Place.current)
      return model.probes.count >= 2 * ProbeRecord.deciding
    }
    #expect(held)
    #expect(model.probes == Array(repeating: .main, count: 2 * ProbeRecord.deciding))
  }

  @Test func fromAnActor() async throws {
    let places = try await BoundedProbeActor().waitAndRequire()
    #expect(places == Array(repeating: .probeActor, count: 2 * ProbeRecord.deciding))
  }
}

/// An actor of the user's that waits on its own state.
actor BoundedProbeActor {
  private let executor = MarkedQueueExecutor()
  private var probes: [Place] = []

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func waitAndRequire() async throws -> [Place] {
    let wait = Wait(timeout: .seconds(60), schedule: .fixed(.milliseconds(1)))
    _ = try await wait.until { _ in
      self.probes.append(Place.current)
      return self.probes.count >= ProbeRecord.deciding
    }
    try await wait.require { _ in
      self.probes.append(Place.current)
      return self.probes.count >= 2 * ProbeRecord.deciding
    }
    return probes
  }
}
