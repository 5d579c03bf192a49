@_spi(Integrations) public import AsyncWait
public import AsyncWaitElements
import Foundation

/// A page of a ``Browser``: a tree to query and wait on, and a place to click
/// and type.
///
/// ```swift
/// let page = try await browser.newPage(url: site.url)
/// let items = page.lists["items"].cells
/// try await page.click(page.buttons["add-item"])
/// try await page.type("Milk", into: page.textFields["name"])
/// try await page.click(page.buttons["confirm"])
/// try await items["Milk"].requireExistence(timeout: .seconds(5))
/// ```
///
/// Queries start at ``root`` or at the page itself (`page.buttons` is
/// `page.root.buttons`) and resolve afresh on every probe: in the page, for
/// a search by test id, `id` or whole accessible name, and otherwise
/// against a snapshot of the page (see ``BrowserNode`` for what a node
/// holds and how identifiers match). Changes to the DOM, reported from
/// inside the page by a mutation observer once the document is parsed
/// (every 50 ms while it is), input and focus events, navigations and
/// loads fire ``trigger``, which every query from this page carries, so
/// waits probe again within milliseconds of a change; polling stays as the
/// safety net for changes nothing reports, such as an animation.
public final class BrowserPage: ElementTypeQueryProvider, Sendable {
  /// The page's node type.
  public typealias Node = BrowserNode

  /// The browser the page belongs to.
  public let browser: Browser
  /// The context the page belongs to (``BrowserContext/newPage()``), which
  /// it keeps open; `nil` for a page of the browser's default context
  /// (``Browser/newPage()``).
  public let context: BrowserContext?
  /// Fires whenever the page changes: DOM, attribute and text changes, input
  /// events, navigations, loads, and the browser going away.
  public let trigger: WaitTrigger
  let targetID: String
  let sessionID: String

  /// The page's loading state, as its events tell it.
  struct Loading {
    /// The main frame's documents by loader, numbered in the order they were
    /// committed (the latest 64).
    var commits: [String: Int] = [:]
    /// How many main-frame documents have been committed.
    var commitCount = 0
    /// The number of the latest committed document that fired its load
    /// event; 0 before any.
    var loadedCommit = 0
    /// Whether a navigation has started and not yet loaded or stopped.
    var navigating = false
    /// How many navigations have started or committed: a snapshot that saw
    /// it change may have raced one.
    var navigationCount = 0
    /// The main frame's latest document, by loader, and the lifecycle
    /// events it has fired (`DOMContentLoaded`, `load`, `networkIdle`);
    /// `nil` before the page's first navigation.
    var lifecycle: (loaderID: String, events: Set<String>)?
  }

  /// Protects the loading state; no other lock is taken inside it.
  let load = Locked(Loading())

  /// Whether the accessibility domain is on; no other lock is taken while
  /// it is held.
  private let accessibilityEnabled = Locked(false)

  /// The page's frames from another origin, attached.
  let remoteFrames = Locked(RemoteFrames())

  /// The page's dialogs (`BrowserPage+Dialogs.swift`); no other lock is
  /// taken while it is held.
  let dialogState = Locked(DialogState())

  /// The page's requests and routes (`BrowserPage+Network.swift`); no
  /// other lock is taken while it is held.
  let network = Locked(NetworkState())

  /// Fires on the page's network events, which wake only network waits:
  /// an element wait has nothing to learn from a request.
  let networkTrigger = WaitTrigger()

  /// Fires when the page opens a popup or a download moves on, which wake
  /// only the waits for them.
  let openingsTrigger = WaitTrigger()

  /// The page's popups and downloads (`BrowserPage+Popups.swift`,
  /// `BrowserPage+Files.swift`); no other lock is taken while it is held.
  let openings = Locked(Openings())

  /// The name of the binding the page calls to say that it changed.
  static let bindingName = "__asyncWaitChanged"

  /// The scripts every document of the page runs first.
  ///
  /// `PageScripts/observeChanges.js` calls ``bindingName`` when the
  /// document changes, from inside the page; `PageScripts/defineFind.js`
  /// defines the function of a query's search (``PageQuery/find``), so
  /// that a probe calls it by name.
  ///
  /// A mutation observer reports changes to the DOM (nodes, attributes,
  /// text) once the document is parsed, also inside shadow roots, which it
  /// is given as they are attached (while the parser runs, a timer wakes
  /// the waits every 50 ms instead: the observer's records of every parsed
  /// node doubled the load of a large page); events report what changes no node (input, focus, the end
  /// of a transition or an animation, a `<details>` toggled). Changes that
  /// come in one turn of the page's event loop make one call. Chromium's
  /// own DOM events would need the whole document sent over first
  /// (`DOM.getDocument`), which costs as much as the page.
  static let pageScript = PageScript.observeChanges + "\n" + PageScript.defineFind

  init(browser: Browser, context: BrowserContext?, targetID: String, sessionID: String) {
    self.browser = browser
    self.context = context
    self.targetID = targetID
    self.sessionID = sessionID
    self.trigger = WaitTrigger()
  }

  /// Subscribes to the page's events, enables the domains that send them,
  /// and gives the page its context's options.
  ///
  /// The commands go out together, in order, and their answers are awaited
  /// together: one round trip, where a command at a time took one each.
  /// The accessibility domain is left off until a query reads the
  /// accessibility tree (``send(_:timeout:)``): while it is on, Chromium keeps the
  /// tree of every document the page loads up to date, which made loading
  /// a page of thousands of rows a quarter slower.
  func prepare() async throws {
    browser.connection.subscribe(session: sessionID) { [weak self] notification in
      self?.handle(notification)
    }
    // The context's options first, so that the first document sees them.
    let options = context?.pageCommands ?? []
    // A context's routes take the page's requests from its first.
    let intercepting = !(context?.routes.isEmpty ?? true)
    network.withLock { $0.intercepting = intercepting }
    let commands: [any DevToolsCommand] =
      options.map(\.command) + [
        // Lifecycle events on: without them, Chromium held a large page's
        // load event back until the renderer's next long task had ended
        // (0.8 s after its own time stamp, on a page of 20,000 rows).
        DevTools.Page.Enable(), DevTools.Page.SetLifecycleEventsEnabled(enabled: true),
        // The DOM domain stays off: the commands that take a node by its
        // backend id work without it, and while it is on Chromium keeps
        // track of every node a page loads, which made opening a page of
        // 1,000 rows a fifth slower.
        DevTools.Runtime.Enable(),
      ] + (intercepting ? [DevTools.Fetch.Enable()] : []) + [
        DevTools.Runtime.AddBinding(name: Self.bindingName),
        DevTools.Page.AddScriptToEvaluateOnNewDocument(source: Self.pageScript),
        // The document there now, which no script ran in first.
        DevTools.Runtime.Evaluate(expression: Self.pageScript, returned: .object),
        // Frames from another origin, each attached as it comes.
        DevTools.Target.SetAutoAttach(),
      ]
    let results = await browser.connection.send(inOrder: commands, session: sessionID)
    for (index, result) in results.enumerated() {
      do {
        _ = try result.get()
      } catch let error as BrowserError where error == .commandFailed && index < options.count {
        throw BrowserError.invalidArgument("the browser context's \(options[index].option): \(error.detail)")
      }
    }
  }

  /// Answers every request of the page with an empty document, from now
  /// on: for a page that must stand at an origin without asking it for
  /// anything.
  func serveEmptyDocuments() async throws {
    try await route("**") { _ in .fulfill(headers: ["Content-Type": "text/html"], body: "") }
  }

  /// Sends a command to the page's session.
  ///
  /// A command of the accessibility domain turns the domain on first,
  /// once. `timeout` replaces the browser's command timeout for this
  /// command.
  func send<Command: DevToolsCommand>(_ command: Command, timeout: Duration? = nil) async throws
    -> Command.Answer
  {
    if Command.method.hasPrefix("Accessibility."), !accessibilityEnabled.withLock({ $0 }) {
      // Two first readers may both turn it on: the second call does nothing.
      try await browser.connection.send(DevTools.Accessibility.Enable(), session: sessionID)
      accessibilityEnabled.withLock { $0 = true }
    }
    return try await browser.connection.send(command, session: sessionID, timeout: timeout)
  }

  /// A script's value, as JSON text, in each frame from another origin
  /// that the page holds, in the order they were attached: for the bench,
  /// which checks that a click in a frame reached its handler.
  @_spi(Benchmarks) public func evaluateJSONInRemoteFrames(_ script: String) async throws -> [String] {
    let frames = remoteFrames.withLock { $0.bySession.values.sorted { $0.number < $1.number } }
    var values: [String] = []
    for frame in frames {
      let answer = try await browser.connection.send(
        DevTools.Runtime.Evaluate(expression: script, returned: .value), session: frame.sessionID)
      values.append((answer.result.value ?? .null).serialized)
    }
    return values
  }

  /// How long each of a snapshot's two commands takes alone, answer parsed,
  /// for the bench's breakdown of a probe.
  @_spi(Benchmarks) public func timeSnapshotCommands() async throws -> (
    accessibility: Duration, dom: Duration
  ) {
    let clock = ContinuousClock()
    let start = clock.now
    _ = try await send(DevTools.Accessibility.GetFullAXTree())
    let middle = clock.now
    _ = try await send(DevTools.DOMSnapshot.CaptureSnapshot(computedStyles: []))
    return (middle - start, clock.now - middle)
  }

  /// The page's root, to query: evaluated in the page when the query allows
  /// it, and otherwise against a fresh snapshot of the page, on every read.
  ///
  /// When a wait on a query from it fails, a screenshot of the whole page
  /// and the failure's state with the page's whole tree are kept: attached to the running Swift
  /// Testing test (`page-1.png`, `page-1-tree.txt`, numbered in the
  /// process), or else written to the browser's ``Browser/artifactsDirectory``, and the
  /// failure's last line says which. Waits that pass take no screenshot.
  public var root: TreeElement<BrowserNode> {
    TreeElement(
      "page", triggers: [trigger], diagnostics: { [self] state in await keepArtifacts(state: state) },
      evaluator: { [self] plan, request in try await evaluateQuery(plan, request) },
      root: { [self] in try await snapshot() })
  }

  /// The page's root with the elements hidden from everyone in its tree
  /// too: Playwright's `includeHidden: true`.
  ///
  /// An element that `display: none`, `hidden`, `visibility: hidden` or
  /// `aria-hidden` hides is not in ``root``'s tree, as it is not for a
  /// screen reader. Here it is, where it is in the page, with the role,
  /// name and states its HTML gives it. Chromium gives a hidden element
  /// neither, so the package computes them from the DOM: an explicit
  /// `role`, else the role its tag implies, and its name from
  /// `aria-labelledby`, `aria-label`, a `<label>`, `alt`, a legend or
  /// caption, its text, `title` or `placeholder`. The elements the page
  /// shows read as in ``root``'s tree.
  ///
  /// ```swift
  /// // getByRole("button", { name: "Undo", includeHidden: true })
  /// let undo = page.includingHidden.buttons["Undo"]
  /// try await undo.requireExistence()
  /// try await undo.require(.hidden)
  /// ```
  ///
  /// Every probe of a query from here reads a snapshot of the whole page,
  /// as Playwright's role engine reads the whole DOM with this option.
  public var includingHidden: TreeElement<BrowserNode> {
    TreeElement(
      "page.includingHidden", triggers: [trigger],
      // The failure's file of the whole tree holds the hidden elements too.
      diagnostics: { [self] state in
        await PageSnapshot.$includesHidden.withValue(true) { await keepArtifacts(state: state) }
      },
      root: { [self] in try await PageSnapshot.$includesHidden.withValue(true) { try await snapshot() } })
  }

  /// The tallest screenshot a failure keeps, in CSS pixels: Chromium's
  /// largest texture.
  static let tallestScreenshot = 16_384.0

  /// The most nodes a failure's tree file lists.
  static let largestTreeFile = 1_000_000

  /// How many failures have kept artifacts in this process: their numbers.
  private static let artifactCount = Locked(0)

  /// Where a failed wait on the page writes its screenshot and tree when
  /// no Swift Testing test takes them: its context's
  /// ``BrowserContext/artifactsDirectory``, or for a page of the default
  /// context its browser's ``Browser/artifactsDirectory``.
  public var artifactsDirectory: String {
    context?.artifactsDirectory ?? browser.artifactsDirectory
  }

  /// Takes a screenshot and keeps it, with `state`, for a failed wait.
  ///
  /// - Returns: The line that says where they went.
  func keepArtifacts(state: String) async -> String? {
    let number = Self.artifactCount.withLock { count -> Int in
      count += 1
      return count
    }
    var screenshot: [UInt8]?
    var problem = ""
    do {
      // The whole page, not the viewport, up to the tallest image Chromium
      // makes in one piece.
      let (clip, height) = try await pageClip()
      if height > Self.tallestScreenshot {
        problem =
          " (the screenshot is the page's first \(Int(Self.tallestScreenshot)) of \(Int(height)) pixels)"
      }
      screenshot = [UInt8](try await capture(clip))
    } catch {
      problem = " (no screenshot: \(error))"
    }
    // The message's dump stops at a few dozen lines; the file has them all.
    var tree = state
    do {
      if let root = try await snapshot() {
        tree +=
          "\n\nthe whole page:\n"
          + TreeDump.tree(root, nodeBudget: Self.largestTreeFile, maximumLines: Self.largestTreeFile)
      }
    } catch {
      tree += "\n\nthe whole page could not be read: \(error)"
    }
    let files = [("page-\(number).png", screenshot), ("page-\(number)-tree.txt", Array(tree.utf8))]
      .compactMap { name, contents in contents.map { (name, $0) } }
    // Each file attached to the running test, or else written to disk.
    var attached: [String] = []
    var written: [String] = []
    var unwritten: [String] = []
    let directory = artifactsDirectory
    for (name, contents) in files {
      if FailureRecording.attach(contents, named: name) {
        attached.append(name)
        continue
      }
      let path = directory + "/\(getpid())-" + name
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(contents).write(to: URL(fileURLWithPath: path))
        written.append(path)
      } catch {
        unwritten.append("\(name) not written to \(directory): \(error)")
      }
    }
    var parts: [String] = []
    if !attached.isEmpty { parts.append(attached.joined(separator: ", ") + " attached to the test") }
    if !written.isEmpty { parts.append(written.joined(separator: ", ")) }
    parts += unwritten
    return "artifacts: " + parts.joined(separator: "; ") + problem
  }

  /// All nodes of a kind anywhere in the page.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(matching type: ElementType) -> ElementQuery<BrowserNode> {
    root.descendants(matching: type)
  }

  /// The children of the page's root of a kind.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those children, in order.
  public func children(matching type: ElementType) -> ElementQuery<BrowserNode> {
    root.children(matching: type)
  }

  /// Takes one snapshot of the page: its accessibility tree joined with its
  /// DOM's identities and boxes.
  ///
  /// - Returns: The root node, `nil` while the page has no tree (in the
  ///   middle of a navigation).
  /// - Throws: ``BrowserError`` when Chromium refuses outside a navigation
  ///   or goes away; `CancellationError`.
  public func snapshot() async throws -> BrowserNode? {
    let navigations = load.withLock { $0.navigationCount }
    // The CSS selectors of the query being resolved (locator(css:)).
    let selectors = TreeSelectors.current
    async let marks: [Int: [String]] = selectors.isEmpty ? [:] : self.selectedElements(selectors)
    async let accessibility = send(DevTools.Accessibility.GetFullAXTree())
    // An element a selector marks may be one the accessibility tree does
    // not judge, as may a hidden element: its visibility tells whether it
    // is hidden.
    async let dom = send(
      DevTools.DOMSnapshot.CaptureSnapshot(
        computedStyles: selectors.isEmpty && !PageSnapshot.includesHidden ? [] : ["visibility"]))
    do {
      let marks = try await marks
      let dom = try await dom
      let accessibility = try await accessibility
      // Same-origin frames: each frame's tree, read after the DOM named them.
      var frames: [Int: [JSONValue]] = [:]
      for (owner, frameID) in PageSnapshot.childFrames(in: dom) {
        frames[owner] = try? await send(DevTools.Accessibility.GetFullAXTree(frameID: frameID))
      }
      // Frames from another origin: each read from its own process.
      let remote = try await remoteFrameTrees(in: sessionID, number: 0)
      return try PageSnapshot.tree(
        accessibility: accessibility, frames: frames, dom: dom, remoteFrames: remote, marks: marks,
        marksTextHolders: TreeSelectors.searchesText)
    } catch let error as BrowserError where error == .commandFailed && navigated(since: navigations) {
      // The old document went while the commands ran, or the new one is not
      // yet there: no tree now, and the query resolves again next probe.
      return nil
    }
  }

  /// Closes the page.
  ///
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func close() async throws {
    browser.connection.unsubscribe(session: sessionID)
    forgetRemoteFrames()
    browser.unregister(self)
    // A handler that holds the page would keep it alive.
    network.withLock { $0.routes.removeAll() }
    // Gone from its context's pages (and its storage state) at once.
    context?.forget(self)
    try await browser.connection.send(DevTools.Target.CloseTarget(targetID: targetID))
  }
}
