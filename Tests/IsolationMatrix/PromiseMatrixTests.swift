// The promise matrix, run by both test frameworks: every entry, every
// kind of error its probe can throw, against the documented outcome; and
// every wait's task cancelled while it sleeps (#55).

import AsyncWait
import Testing
import XCTest

@Suite("Every wait keeps the promises of its errors and its cancellation", .timeLimit(.minutes(1)))
struct PromiseMatrixTests {
  @Test("An error on probe 1 or 3 ends the wait as the table says", arguments: PromiseCase.all)
  func errors(_ promiseCase: PromiseCase) async {
    let outcome = await promiseCase.run()
    #expect(outcome == promiseCase.expected, "\(promiseCase): \(outcome), not \(promiseCase.expected)")
  }

  @Test("A wait whose task is cancelled while it sleeps ends at once", arguments: CancellationCase.all)
  func cancellation(_ cancellationCase: CancellationCase) async {
    let (thrown, probes) = await cancellationCase.run()
    #expect(thrown is CancellationError, "\(cancellationCase): threw \(thrown.map { "\($0)" } ?? "nothing")")
    #expect(probes >= ProbeRecord.deciding)
  }

  @Test func everyKindOfPromiseMeetsEveryKindOfErrorOnBothPathsOfTheLoop() {
    // A hold, an eventually-style wait, an assertion block: each meets
    // every kind of error, on the plain path and the one with options.
    for kind in ScriptedProbeError.Kind.allCases {
      let rows = PromiseCase.all.filter { $0.kind == kind }
      let promises = Set(rows.compactMap { $0.entry.promiseKind.map { "\($0)" } })
      #expect(promises == ["eventually", "hold", "passing", "alwaysPassing"], "\(kind)")
      #expect(Set(rows.map(\.retries)) == (kind == .retried ? [true] : [false, true]), "\(kind)")
    }
  }
}

final class PromiseMatrixXCTests: XCTestCase {
  func testEveryErrorEndsTheWaitAsTheTableSays() async {
    for promiseCase in PromiseCase.all {
      let outcome = await promiseCase.run()
      XCTAssertEqual(outcome, promiseCase.expected, "\(promiseCase)")
    }
  }

  func testEveryWaitWhoseTaskIsCancelledWhileItSleepsEndsAtOnce() async {
    for cancellationCase in CancellationCase.all {
      let (thrown, _) = await cancellationCase.run()
      XCTAssertTrue(thrown is CancellationError, "\(cancellationCase): \(String(describing: thrown))")
    }
  }
}
