public import AsyncWaitElements
import Foundation

extension ElementTypeQueryProvider where Node == BrowserNode {
  /// The elements below that a CSS selector selects: Playwright's
  /// `locator(".todo-list li")`, on the page or below each match of a query.
  ///
  /// ```swift
  /// let todos = page.locator(css: ".todo-list li")
  /// try await todos.require(count: 3)
  /// try await page.locator(css: ".todo-count").require(.text("3 items left"))
  /// ```
  ///
  /// The page runs the selector as `querySelectorAll` does, in each of its
  /// documents (its frames', of any origin, too, each matched alone), and
  /// through open shadow roots, as Playwright's CSS engine does: a
  /// descendant or child combinator crosses from a web component into its
  /// shadow root (`page.locator(css: "my-list li")`), a sibling combinator
  /// stays in its tree, and a closed shadow root is not reached.
  /// The query then finds, in the page's tree, the elements
  /// it selected that are below each match so far. An element the
  /// accessibility tree leaves out (a `<span>` around text, a layout `<div>`)
  /// is in the tree for the query, as a node of role `none` holding the nodes
  /// of what it holds, so that `page.locator(css: ".todo-count")` finds the
  /// counter and reads its text; one that holds nothing the tree holds (an
  /// empty `<div>`, an icon) is a node where it is, visible when its box has
  /// a size. An element hidden from everyone (`display: none`,
  /// `visibility: hidden`, `aria-hidden`, or inside such an element) is not
  /// in the tree, as for every query: `requireNonExistence` passes for it.
  ///
  /// It reads as written in a failure: `page.locator(css: ".todo-list li")`.
  /// The page runs the selector and Chromium reads the nodes of what it
  /// selected alone, as for a query by test id (``BrowserPage``); a page
  /// with a frame its script cannot reach (from another origin on the same
  /// site) or a closed shadow root, or more
  /// than 64 matches, is read from a snapshot instead. An invalid selector
  /// ends the wait with ``BrowserError/invalidSelector``.
  ///
  /// - Parameter selector: The CSS selector.
  /// - Returns: A query for the elements it selects, in document order.
  public func locator(css selector: String) -> ElementQuery<BrowserNode> {
    descendants(matching: .any).selected(
      by: selector, describedAs: ".locator(css: \(String(reflecting: selector)))"
    ) { $0.selectors.contains(selector) }
  }

  /// The frames whose elements a CSS selector selects, to query inside:
  /// Playwright's `frameLocator("iframe[title=Shelf]")`.
  ///
  /// ```swift
  /// let shelf = page.frameLocator(css: "iframe[title=Shelf]")
  /// try await page.fill(
  ///   shelf.descendants(labelled: .loosely("Your name")), with: "Ursula")
  /// try await shelf.descendants(identifiedBy: "greeting")
  ///   .require(.text("Hello, Ursula"))
  /// ```
  ///
  /// A frame's document is in the page's tree under its frame element,
  /// from whatever origin it comes: one from another site, which Chromium
  /// runs in a process of its own, is read from that process, its boxes
  /// placed on the page. So a query below the frame elements this finds
  /// searches their documents, and an action on what it finds acts in the
  /// frame, as below Playwright's `frameLocator`. It is
  /// ``locator(css:)`` kept to frame elements (role `Iframe`), so a frame
  /// inside a frame is chained as in Playwright:
  /// `page.frameLocator(css: "#outer").frameLocator(css: "#inner")`. It
  /// reads as written in a failure:
  /// `page.frameLocator(css: "iframe[title=Shelf]")`.
  ///
  /// - Parameter selector: The CSS selector of the frame elements.
  /// - Returns: A query for the frame elements it selects, in document
  ///   order.
  public func frameLocator(css selector: String) -> ElementQuery<BrowserNode> {
    descendants(matching: "Iframe").selected(
      by: selector, describedAs: ".frameLocator(css: \(String(reflecting: selector)))"
    ) { $0.selectors.contains(selector) }
  }
}

extension BrowserPage {
  /// The elements of the documents of a process (its main document and
  /// its same-origin frames', through their open shadow roots) that each
  /// of `selectors` selects, by backend node id: the marks of a snapshot
  /// for ``locator(css:)``.
  ///
  /// - Parameters:
  ///   - selectors: The CSS selectors.
  ///   - frame: The frame from another origin whose process is asked, its
  ///     ids moved above the page's (``RemoteFrames/shift``); `nil` for the
  ///     page's.
  /// - Returns: The selectors that select each element, by its id.
  /// - Throws: ``BrowserError/invalidSelector`` for a selector the page
  ///   cannot parse; ``BrowserError`` when Chromium goes away.
  func selectedElements(_ selectors: [String], in frame: RemoteFrame? = nil) async throws -> [Int: [String]] {
    let group = "asyncwait-css-\(UInt64.random(in: 0...UInt64.max))"
    defer {
      Task { [self] in try? await send(DevTools.Runtime.ReleaseObjectGroup(objectGroup: group), in: frame) }
    }
    // One array of every selected element, and how many each selector selected.
    let script = "(\(PageScript.selectCSS))(\(JSONValue.array(selectors.map(JSONValue.string)).serialized))"
    let answer = try await send(
      DevTools.Runtime.Evaluate(expression: script, returned: .object, objectGroup: group), in: frame)
    guard answer.exception == nil, let list = answer.result.objectID else {
      throw BrowserError.unexpectedResponse(
        "the page did not run the CSS selectors: \(answer.exception ?? "no array came back")")
    }
    var elements: [(index: Int, objectID: String)] = []
    var counts: [Int] = []
    var invalid: String?
    var reason = ""
    for (key, object) in try await send(DevTools.Runtime.GetProperties(objectID: list), in: frame) {
      let value = object.value
      switch key {
      case "counts": counts = (value?.string ?? "").split(separator: ",").compactMap { Int($0) }
      case "invalid": invalid = value?.string
      case "reason": reason = value?.string ?? ""
      default:
        if let index = Int(key), let objectID = object.objectID {
          elements.append((index, objectID))
        }
      }
    }
    if let invalid {
      throw BrowserError.invalidSelector("\(String(reflecting: invalid)): \(reason)")
    }
    elements.sort { $0.index < $1.index }
    // Each element's backend node, all asked at once.
    let backendIDs = try await withThrowingTaskGroup(of: (Int, Int?).self) { tasks in
      for (position, element) in elements.enumerated() {
        tasks.addTask {
          (
            position,
            try await self.send(DevTools.DOM.DescribeNode(objectID: element.objectID), in: frame)
              .backendNodeID
          )
        }
      }
      var backendIDs = [Int?](repeating: nil, count: elements.count)
      for try await (position, backendID) in tasks { backendIDs[position] = backendID }
      return backendIDs
    }
    var marks: [Int: [String]] = [:]
    var position = 0
    for (selector, count) in zip(selectors, counts) {
      for backendID in backendIDs[position..<min(position + count, backendIDs.count)] {
        if let backendID {
          marks[backendID + (frame?.number ?? 0) << RemoteFrames.shift, default: []].append(selector)
        }
      }
      position += count
    }
    return marks
  }
}
