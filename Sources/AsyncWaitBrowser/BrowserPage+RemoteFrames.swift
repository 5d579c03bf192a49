@_spi(Integrations) import AsyncWait
import AsyncWaitElements
import Foundation

// Frames from another origin. Chromium runs each in a process of its own,
// as a target of its own: the page's session attaches to each as it comes
// (`Target.setAutoAttach`), and each gets its own session, its own backend
// node ids and its own viewport. A snapshot grafts each frame's tree under
// its frame element, as it grafts a same-origin frame's, with its node ids
// moved above the page's (``RemoteFrames/shift``); a command about one of
// its nodes goes to its frame's session (``address(of:)``), and a point in
// its viewport is moved by where its frame element's content box is.
extension BrowserPage {
  /// A frame from another origin, attached.
  struct RemoteFrame: Sendable {
    /// Its number, from 1: the bits of its nodes' ids above
    /// ``RemoteFrames/shift``.
    var number: Int
    /// The frame's id, which is its target's.
    var frameID: String
    /// Its session.
    var sessionID: String
    /// The session of the document that holds it: the page's, or another
    /// frame's from another origin.
    var parentSessionID: String
    /// Whether its accessibility domain is on.
    var isAccessibilityEnabled = false
  }

  /// The frames from another origin attached to a page.
  struct RemoteFrames: Sendable {
    /// How far a frame's node ids are moved.
    ///
    /// A node of the frame numbered `n` has the id its process gave it plus
    /// `n << shift`. Chromium's ids count up from 1 in each process, far
    /// below 2³².
    static let shift = 32
    /// Each frame, by its session.
    var bySession: [String: RemoteFrame] = [:]
    /// The number of the frame attached last.
    var lastNumber = 0
  }

  /// Where the commands about a node go, and its id there.
  struct NodeAddress: Sendable {
    /// The page's session, or its frame's.
    var sessionID: String
    /// The node's backend id in its frame's process.
    var id: Int
    /// Its frame from another origin; `nil` in the page's process.
    var frame: RemoteFrame?
  }

  /// Takes a frame attached in the session `parent`
  /// (`Target.attachedToTarget`).
  ///
  /// Follows its session's events, prepares its documents as the page's
  /// (the binding that wakes the waits, the page's script, its own frames
  /// from another origin, and its requests routed and seen when the
  /// page's are), then lets it run. A target of another kind is let run
  /// and left.
  func frameAttached(_ parameters: JSONValue, parent: String) {
    guard let session = parameters["sessionId"]?.string, let info = parameters["targetInfo"],
      let frameID = info["targetId"]?.string
    else { return }
    let connection = browser.connection
    guard info["type"]?.string == "iframe" else {
      Task { try? await connection.send(DevTools.Runtime.RunIfWaitingForDebugger(), session: session) }
      return
    }
    remoteFrames.withLock { frames in
      frames.lastNumber += 1
      frames.bySession[session] = RemoteFrame(
        number: frames.lastNumber, frameID: frameID, sessionID: session, parentSessionID: parent)
    }
    connection.subscribe(session: session) { [weak self] notification in
      self?.handleFrame(notification, session: session)
    }
    // The context's options that Chromium applies by process (locale, time
    // zone, user agent, color scheme, the network's state), not the
    // viewport, which is the page's alone.
    let options = (context?.pageCommands ?? []).filter { $0.option != "viewport" }.map(\.command)
    Task { [self] in
      // Read after the frame was counted above: the page that turns
      // either domain on marks it, then tells the frames it counts.
      let (intercepting, networkEvents) = network.withLock { ($0.intercepting, $0.eventsEnabled) }
      let networkCommands: [any DevToolsCommand] =
        (intercepting ? [DevTools.Fetch.Enable()] : []) + (networkEvents ? [DevTools.Network.Enable()] : [])
      // A frame that goes away meanwhile refuses: nothing is left to do.
      _ = await connection.send(
        inOrder: options + [
          // The binding is installed in the documents of a session whose
          // runtime domain is on.
          DevTools.Runtime.Enable(),
          DevTools.Runtime.AddBinding(name: Self.bindingName),
          DevTools.Page.AddScriptToEvaluateOnNewDocument(source: Self.pageScript),
          DevTools.Target.SetAutoAttach(),
        ] + networkCommands + [
          // Then it runs, its first requests routed and seen.
          DevTools.Runtime.RunIfWaitingForDebugger(),
          // The document there now, which no script ran in first.
          DevTools.Runtime.Evaluate(expression: Self.pageScript, returned: .object),
        ], session: session)
      // The page may have turned interception off or on meanwhile, and
      // told the frame before the commands above came: the later word
      // stands.
      let now = network.withLock { $0.intercepting }
      if now && !intercepting {
        _ = try? await connection.send(DevTools.Fetch.Enable(), session: session)
      } else if !now && intercepting {
        _ = try? await connection.send(DevTools.Fetch.Disable(), session: session)
      }
      trigger.fire()
    }
  }

  /// Forgets a frame detached (`Target.detachedFromTarget`): gone, or now
  /// of the origin of the document that holds it.
  func frameDetached(_ parameters: JSONValue) {
    guard let session = parameters["sessionId"]?.string else { return }
    // With the frames it held from another origin, whose own detachment
    // would come in a session no longer followed.
    let gone = remoteFrames.withLock { frames in
      var gone: [String] = []
      var pending = [session]
      while let next = pending.popLast() {
        guard frames.bySession.removeValue(forKey: next) != nil else { continue }
        gone.append(next)
        pending += frames.bySession.values.filter { $0.parentSessionID == next }.map(\.sessionID)
      }
      return gone
    }
    guard !gone.isEmpty else { return }
    for session in gone { browser.connection.unsubscribe(session: session) }
    // Its requests still in flight end with it: no event of theirs comes.
    network.withLock { state in
      let ended = state.inFlight.filter { _, number in
        state.exchanges[number]?.sessionID.map(gone.contains) ?? false
      }
      for (requestID, number) in ended {
        state.inFlight[requestID] = nil
        state.exchanges[number]?.finished = true
        state.exchanges[number]?.failure = "its frame from another site went away"
      }
    }
    trigger.fire()
    networkTrigger.fire()
  }

  /// Stops following every frame's session, as the page closes.
  func forgetRemoteFrames() {
    let sessions = remoteFrames.withLock { frames in
      defer { frames.bySession.removeAll() }
      return Array(frames.bySession.keys)
    }
    for session in sessions { browser.connection.unsubscribe(session: session) }
  }

  /// An event of a frame's session: a change in one of its documents wakes
  /// the page's waits, its own frames from another origin come and go, and
  /// its requests are routed and seen as the page's.
  private func handleFrame(_ notification: DevToolsConnection.Notification, session: String) {
    guard case .event(let event) = notification else { return }
    if handleNetwork(event, session: session) { return }
    switch event.method {
    case "Fetch.requestPaused":
      requestPaused(event.params, session: session)
    case "Runtime.bindingCalled":
      if event.params["name"]?.string == Self.bindingName { trigger.fire() }
    case "Target.attachedToTarget":
      frameAttached(event.params, parent: session)
    case "Target.detachedFromTarget":
      frameDetached(event.params)
    default:
      break
    }
  }

  /// Where the commands about a node go: a node of a frame from another
  /// origin to its frame's session, with the id its process gave it.
  ///
  /// - Throws: ``BrowserError/commandFailed`` when its frame has gone, as
  ///   Chromium refuses a node that has.
  func address(of backendNodeID: Int) throws(BrowserError) -> NodeAddress {
    let number = backendNodeID >> RemoteFrames.shift
    guard number > 0 else { return NodeAddress(sessionID: sessionID, id: backendNodeID, frame: nil) }
    guard let frame = remoteFrames.withLock({ $0.bySession.values.first { $0.number == number } }) else {
      throw BrowserError.commandFailed("the frame from another origin that held the node has gone")
    }
    return NodeAddress(
      sessionID: frame.sessionID, id: backendNodeID - number << RemoteFrames.shift, frame: frame)
  }

  /// Sends a command about a node to the session its address names.
  func send<Command: DevToolsCommand>(_ command: Command, at address: NodeAddress) async throws
    -> Command.Answer
  {
    try await send(command, in: address.frame)
  }

  /// Sends a command to the session of a frame from another origin.
  ///
  /// To the page's when `frame` is `nil`. A command of the accessibility
  /// domain turns the domain on in that session first, once, as
  /// ``send(_:timeout:)`` does in the page's.
  func send<Command: DevToolsCommand>(_ command: Command, in frame: RemoteFrame?) async throws
    -> Command.Answer
  {
    guard let frame else { return try await send(command) }
    let session = frame.sessionID
    if Command.method.hasPrefix("Accessibility."),
      !(remoteFrames.withLock { $0.bySession[session]?.isAccessibilityEnabled ?? true })
    {
      // Two first readers may both turn it on: the second call does nothing.
      try await browser.connection.send(DevTools.Accessibility.Enable(), session: session)
      remoteFrames.withLock { $0.bySession[session]?.isAccessibilityEnabled = true }
    }
    return try await browser.connection.send(command, session: session)
  }

  /// Where a point of a frame from another origin's viewport is in the
  /// page's, and what covers it there: the point moved by the top left
  /// corner of its frame element's content box, through each frame from
  /// another origin that holds it, and hit-tested at each: a click there
  /// lands on the frame element, or on what is on top of it.
  ///
  /// - Parameters:
  ///   - x: The point, in the frame's viewport.
  ///   - y: The point, in the frame's viewport.
  ///   - frame: The frame; `nil` for the page's own viewport.
  /// - Returns: The point in the page's viewport, and the beginning of the
  ///   HTML of what covers a frame element there; `nil` when nothing does.
  /// - Throws: ``BrowserError`` when Chromium refuses (a frame went).
  func pagePoint(x: Double, y: Double, in frame: RemoteFrame?) async throws
    -> (x: Double, y: Double, covering: String?)
  {
    var (x, y) = (x, y)
    var current = frame
    while let frame = current {
      let owner = try await browser.connection.send(
        DevTools.DOM.GetFrameOwner(frameID: frame.frameID), session: frame.parentSessionID)
      let corner = try await browser.connection.send(
        DevTools.DOM.GetBoxModel(backendNodeID: owner), session: frame.parentSessionID)
      x += corner.x
      y += corner.y
      let parent = remoteFrames.withLock { $0.bySession[frame.parentSessionID] }
      let hit = try await callFunction(
        on: owner + (parent?.number ?? 0) << RemoteFrames.shift, PageScript.hitTest,
        [.number(x), .number(y)],
        named: "the hit test")
      if let covering = hit?.string, !covering.isEmpty { return (x, y, covering) }
      current = parent
    }
    return (x, y, nil)
  }

  /// The trees of the frames from another origin that the documents of the
  /// process of `parent` (a session) hold, by the node id of each frame's
  /// element, each built as a snapshot builds the page's.
  ///
  /// A frame that goes away while it is read is left out.
  ///
  /// - Parameters:
  ///   - parent: The page's session, or a frame's.
  ///   - number: The number of that frame; 0 for the page.
  /// - Returns: The trees.
  /// - Throws: ``BrowserError`` when Chromium goes away.
  func remoteFrameTrees(in parent: String, number: Int) async throws -> [Int: BrowserNode] {
    let children = remoteFrames.withLock { frames in
      frames.bySession.values.filter { $0.parentSessionID == parent }.sorted { $0.number < $1.number }
    }
    var trees: [Int: BrowserNode] = [:]
    for frame in children {
      do {
        let owner = try await browser.connection.send(
          DevTools.DOM.GetFrameOwner(frameID: frame.frameID), session: parent)
        if let tree = try await remoteFrameTree(frame) {
          trees[owner + number << RemoteFrames.shift] = tree
        }
      } catch let error as BrowserError where error == .commandFailed {
        continue
      }
    }
    return trees
  }

  /// One frame's tree, from its own session: its accessibility tree and its
  /// DOM, its node ids moved above the page's, with its same-origin frames
  /// and its own frames from another origin under their elements.
  private func remoteFrameTree(_ frame: RemoteFrame) async throws -> BrowserNode? {
    let offset = frame.number << RemoteFrames.shift
    // The CSS selectors of the query being resolved, run in its documents.
    let selectors = TreeSelectors.current
    async let marks: [Int: [String]] = selectors.isEmpty ? [:] : selectedElements(selectors, in: frame)
    async let accessibility = send(DevTools.Accessibility.GetFullAXTree(), in: frame)
    async let capture = send(
      DevTools.DOMSnapshot.CaptureSnapshot(
        computedStyles: selectors.isEmpty && !PageSnapshot.includesHidden ? [] : ["visibility"]), in: frame
    )
    let dom = PageSnapshot.rebased(dom: try await capture, by: offset)
    let nodes = PageSnapshot.rebased(accessibility: try await accessibility, by: offset)
    var frames: [Int: [JSONValue]] = [:]
    for (owner, frameID) in PageSnapshot.childFrames(in: dom) {
      if let inner = try? await send(DevTools.Accessibility.GetFullAXTree(frameID: frameID), in: frame) {
        frames[owner] = PageSnapshot.rebased(accessibility: inner, by: offset)
      }
    }
    let remote = try await remoteFrameTrees(in: frame.sessionID, number: frame.number)
    return try PageSnapshot.tree(
      accessibility: nodes, frames: frames, dom: dom, remoteFrames: remote, marks: try await marks,
      marksTextHolders: TreeSelectors.searchesText)
  }
}
