import AsyncWait
import AsyncWaitElements
import Foundation

// Playwright's actionability checks, as this package's waits: what each
// action waits for before it acts (the table in "Testing a web page"), and
// the one wait that checks it (`ready`). An action is strict: it also waits
// until the locator names one element where it says "the element" (a
// subscript, a query), and when it still names several at the timeout, its
// failure lists them; `firstMatch`, `lastMatch` and `element(boundBy:)` say
// which.
extension BrowserPage {
  /// Playwright's actionability checks.
  struct Checks: OptionSet {
    let rawValue: Int
    /// Not disabled.
    static let enabled = Checks(rawValue: 1)
    /// A box of non-zero size.
    static let visible = Checks(rawValue: 2)
    /// The same box in two snapshots one after the other.
    static let stable = Checks(rawValue: 4)
    /// A text field, text area or content-editable, not read-only.
    static let editable = Checks(rawValue: 8)
    /// Scrolled into view, with nothing on top of the centre of its box.
    static let receivesEvents = Checks(rawValue: 16)
    /// Has a checked state: a checkbox, a radio button, a switch.
    static let checkable = Checks(rawValue: 32)

    /// What pointer actions need: click, double-click, check, uncheck.
    static let pointer: Checks = [.enabled, .visible, .stable, .receivesEvents]

    /// The first of these checks that one snapshot of the element answers
    /// (enabled, visible, checkable, editable) and that `node` fails, with
    /// what a failure says of it; `nil` when it passes them all.
    ///
    /// The other checks need the page: ``stable`` a second snapshot after a
    /// frame, ``receivesEvents`` a hit test.
    func firstUnmet(by node: BrowserNode) -> (check: Checks, reason: String)? {
      if contains(.enabled) && !node.isEnabled {
        return (.enabled, "it is not enabled")
      }
      if contains(.visible) && !node.isVisible {
        let box = node.box.map { "its box \($0) is empty" } ?? "it has no box"
        return (.visible, "it is not visible: " + box)
      }
      if contains(.checkable) && node.isChecked == nil {
        return (.checkable, "it has no checked state (role \(node.role))")
      }
      if contains(.editable) && !node.isEditable {
        return (.editable, "it does not take text (role \(node.role))")
      }
      return nil
    }
  }

  /// An action, with the checks it needs and how its readiness reads.
  struct Action {
    /// The action, as "ready for …" says it: "a click", "typing".
    var name: String
    var checks: Checks
    /// What the element must receive, when it must receive events: "the click".
    var received = "the click"

    static let click = Action(name: "a click", checks: .pointer)
    static let doubleClick = Action(name: "a double click", checks: .pointer, received: "the double click")
    static let hover = Action(
      name: "hovering", checks: [.visible, .stable, .receivesEvents], received: "the pointer")
    static let check = Action(name: "checking", checks: Checks.pointer.union(.checkable))
    static let uncheck = Action(name: "unchecking", checks: Checks.pointer.union(.checkable))
    static let type = Action(name: "typing", checks: [.enabled, .visible, .stable, .editable])
    static let fill = Action(name: "filling", checks: [.enabled, .visible, .editable])
    static let selectOption = Action(name: "selecting an option", checks: [.enabled, .visible])
    static let press = Action(name: "a key press", checks: [])
    static let focus = Action(name: "focusing", checks: [])
    static let setInputFiles = Action(name: "setting its files", checks: [])
    static let dispatchEvent = Action(name: "an event", checks: [])
    static let screenshot = Action(name: "a screenshot", checks: [.visible, .stable])

    /// "ready for a click: to exist, be enabled, be visible, hold still and
    /// receive the click".
    var readiness: String {
      var parts = ["exist"]
      if checks.contains(.enabled) { parts.append("be enabled") }
      if checks.contains(.visible) { parts.append("be visible") }
      if checks.contains(.stable) { parts.append("hold still") }
      if checks.contains(.checkable) { parts.append("have a checked state") }
      if checks.contains(.receivesEvents) { parts.append("receive \(received)") }
      if checks.contains(.editable) { parts.append("take text") }
      let listed =
        parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
      return "ready for \(name): to \(listed)"
    }
  }

  /// Returns once the page's next animation frame has begun, or after
  /// 50 ms, whichever comes first.
  ///
  /// A page in the background draws no frames, a page's fake timers may
  /// hold them, and a navigation ends the page's promise with an error,
  /// which the next read meets. The one that loses is cancelled (a command
  /// ends at once when its task is).
  func nextAnimationFrame() async {
    await withTaskGroup(of: Void.self) { race in
      race.addTask {
        _ = try? await self.send(
          DevTools.Runtime.Evaluate(
            expression: "new Promise((done) => requestAnimationFrame(() => done()))", returned: .value,
            awaitPromise: true))
      }
      race.addTask { try? await Task.sleep(for: .milliseconds(50)) }
      await race.next()
      race.cancelAll()
    }
  }

  /// The element an action acts on, found ready, and where to click it.
  struct Target {
    var node: BrowserNode
    var backendNodeID: Int
    var point: (x: Double, y: Double)?
  }

  /// Waits until `element` is ready for `action`.
  ///
  /// Playwright's actionability checks, as one wait of this package. With
  /// `selecting`, selecting those options is part of the last check.
  func ready(
    _ element: TreeElement<BrowserNode>, for action: Action, timeout: Duration?, at site: CallSite,
    selecting options: [String]? = nil
  ) async throws -> Target {
    try throwUnreportedFailure(at: site)
    var unmet = Self.unread
    var ambiguity: AmbiguousElementError?
    var lastBox: BrowserNode.Box?
    let checks = action.checks
    func observe() async -> String? {
      let state = await element.failureDescription
      return "last probe: \(unmet)" + (state.map { "\n\($0)" } ?? "")
    }
    // The element's role, states and box are read, never its texts.
    func probe() async throws -> Target? {
      try await PageQuery.$readsTexts.withValue(false) { try await check() }
    }
    func check() async throws -> Target? {
      // A probe that throws leaves no check unmet: its error says why.
      unmet = Self.unread
      ambiguity = nil
      let found: BrowserNode?
      do {
        found = try await element.uniqueSnapshot()
      } catch let error as AmbiguousElementError {
        // Not the one element an action needs: named, and probed again, as
        // a page in the middle of a change can show two for a moment.
        unmet = "it is not one element: \(error)"
        ambiguity = error
        lastBox = nil
        return nil
      }
      guard let node = found else {
        unmet = "it does not exist"
        lastBox = nil
        return nil
      }
      if let (check, reason) = checks.firstUnmet(by: node) {
        unmet = reason
        // A box that is gone is not one the element held still in.
        if check == .visible { lastBox = nil }
        return nil
      }
      if checks.contains(.stable), let box = node.box, lastBox != box {
        if let moved = try await movement(of: element, from: box, lastBox: &lastBox) {
          unmet = moved
          return nil
        }
      }
      guard let backendNodeID = node.backendNodeID else {
        unmet = "it has no DOM node to act on"
        return nil
      }
      var target = Target(node: node, backendNodeID: backendNodeID)
      if let missed = try await aim(&target, for: action, selecting: options) {
        unmet = missed
        return nil
      }
      return target
    }
    var readiness = action.readiness
    if let options {
      let named = options.map { String(reflecting: $0) }
      let listed = named.count == 1 ? "an option \(named[0])" : "options " + named.joined(separator: ", ")
      readiness = readiness.replacingOccurrences(
        of: " and be visible", with: ", be visible and have \(listed)")
    }
    return try await Wait(timeout: timeout ?? WaitDefaults.current.actionTimeout, triggers: [trigger])
      .requireValue(
        "\(element.elementDescription) to be \(readiness)", observation: observe,
        cause: { Self.cause(unmet, ambiguity: ambiguity, of: element.elementDescription) },
        causeSubject: element.elementDescription, callSite: site, probe)
  }

  /// What an action's last probe found unmet when it found nothing: no
  /// probe ran, or the last one threw, and its error says why.
  static let unread = "it could not be read"

  /// What the failure of an action leads with: the check its element
  /// failed last, said of the element (`page.buttons["Save"] is not
  /// enabled`), on one line; `nil` when no probe ran.
  ///
  /// - Parameters:
  ///   - unmet: What the last probe found unmet, said of "it".
  ///   - ambiguity: The error of a last probe that found several elements.
  ///   - subject: The element's description.
  /// - Returns: The phrase, or `nil`.
  static func cause(_ unmet: String, ambiguity: AmbiguousElementError?, of subject: String) -> String? {
    if let ambiguity {
      return ambiguity.headline
    }
    let phrase: String
    if unmet == unread {
      return nil
    } else if unmet.hasPrefix("it went away") {
      // Without the protocol's words.
      phrase = "\(subject) went away before it could be acted on"
    } else if unmet.hasPrefix("it ") {
      phrase = "\(subject) \(unmet.dropFirst(3))"
    } else if unmet.hasPrefix("its ") {
      phrase = "\(subject)'s \(unmet.dropFirst(4))"
    } else {
      phrase = "\(subject): \(unmet)"
    }
    return phrase.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(
      String.init)
  }

  /// The stability check (``Checks/stable``) of an element seen at `box`
  /// for the first time: looks again after the page's next frame, which
  /// moves what an animation moves.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - box: Where the probe saw it.
  ///   - lastBox: Where the element was last seen; set to where the second
  ///     look found it, so that the next probe need not look twice.
  /// - Returns: How it moved, as a failure says it; `nil` when it held still.
  /// - Throws: An error of the snapshot, as a probe's.
  private func movement(
    of element: TreeElement<BrowserNode>, from box: BrowserNode.Box, lastBox: inout BrowserNode.Box?
  ) async throws -> String? {
    await nextAnimationFrame()
    let again = try await element.snapshot()?.box
    lastBox = again
    guard again == box else {
      let moved = again.map(String.init(describing:)) ?? "nowhere"
      return "it does not hold still: its box moved from \(box) to \(moved)"
    }
    return nil
  }

  /// The checks an action makes on the page itself, last: scrolls the
  /// element into view and finds the point a pointer action hits
  /// (``Checks/receivesEvents``), and selects `options` when given.
  ///
  /// - Parameters:
  ///   - target: The element; gets the point to act at.
  ///   - action: The action.
  ///   - options: The options to select, for `selectOption`.
  /// - Returns: What is unmet, as a failure says it; `nil` when the target
  ///   is ready.
  /// - Throws: An error of the page other than the element's going away,
  ///   which is unmet.
  private func aim(_ target: inout Target, for action: Action, selecting options: [String]?)
    async throws -> String?
  {
    do {
      if action.checks.contains(.receivesEvents) {
        switch try await clickPoint(of: target.backendNodeID) {
        case .at(let x, let y): target.point = (x, y)
        case .covered(let obstruction):
          return "it does not receive \(action.received): another element is on top, \(obstruction)"
        case .offScreen:
          return "it has no box on screen to act on"
        }
      }
      if let options {
        guard
          let answer = try await callFunction(
            on: target.backendNodeID, PageScript.selectOptions, options.map(JSONValue.string))
        else { throw BrowserError.commandFailed(Self.detached) }
        let result = answer.string ?? ""
        guard result.isEmpty else { return result }
      }
    } catch let error as BrowserError where error == .commandFailed {
      return "it went away before it could be acted on (\(error.detail))"
    }
    return nil
  }

  /// Scrolls a node into view and finds where to click it: the centre of
  /// its first box, if the node itself (or one inside it) is what a click
  /// there would hit.
  ///
  /// A node of a frame from another origin is scrolled, measured and hit
  /// in its frame's process, in its frame's viewport; its point is then
  /// moved into the page's, where its frame element must be what is hit.
  private func clickPoint(of backendNodeID: Int) async throws -> ClickPoint {
    let address = try address(of: backendNodeID)
    try await send(DevTools.DOM.ScrollIntoViewIfNeeded(backendNodeID: address.id), at: address)
    guard
      let quad = try await send(DevTools.DOM.GetContentQuads(backendNodeID: address.id), at: address).first
    else {
      return .offScreen
    }
    let x = stride(from: 0, to: 8, by: 2).map { quad[$0] }.reduce(0, +) / 4
    let y = stride(from: 1, to: 8, by: 2).map { quad[$0] }.reduce(0, +) / 4
    guard
      let hit = try await callFunction(
        on: backendNodeID, PageScript.hitTest, [.number(x), .number(y)], named: "the hit test")
    else { return .offScreen }
    guard let obstruction = hit.string else {
      throw BrowserError.unexpectedResponse("the hit test returned no text")
    }
    guard obstruction.isEmpty else { return .covered(by: obstruction) }
    let point = try await pagePoint(x: x, y: y, in: address.frame)
    if let covering = point.covering { return .covered(by: covering) }
    return .at(x: point.x, y: point.y)
  }

  /// Where a click would land.
  private enum ClickPoint {
    case at(x: Double, y: Double)
    /// Another element is on top there; the text is its HTML's beginning.
    case covered(by: String)
    case offScreen
  }
}
