@_spi(Integrations) public import AsyncWait
import Foundation

// The network: waits for a request, a response and a load state, each woken
// by its event, and routes that fulfil, abort or change requests.
extension BrowserPage {
  /// One request and what came of it.
  struct Exchange {
    /// The protocol's id of the request (`Network.RequestId`), which
    /// Chromium makes unique across its processes.
    var requestID: String
    /// The session whose events report what came of it, which holds its
    /// body: a frame's from another site, whose process made it or received
    /// its document; `nil` for the page's.
    var sessionID: String?
    var request: BrowserRequest
    /// The response's address, status, status text and headers, once it
    /// came.
    var response: (url: String, status: Int, statusText: String, headers: [String: String])?
    /// Whether it has all come, or failed.
    var finished = false
    /// The network error of a request that failed.
    var failure: String?
    /// Whether it ended in a redirect, whose body is not kept.
    var redirected = false

    /// "GET http://…/api/items → 200", for a timeout's list.
    var description: String {
      let outcome =
        if let failure { "failed: \(failure)" } else if let response { "\(response.status)" } else {
          "no response yet"
        }
      return "\(request) → \(outcome)"
    }
  }

  /// A route of a page or a context.
  struct Route: Sendable {
    var match: URLMatch
    var handler: @Sendable (BrowserRequest) async throws -> RouteAction
  }

  /// What the page knows of its network.
  struct NetworkState {
    /// Whether the network domain, which sends the request events, is on:
    /// from the first network wait.
    var eventsEnabled = false
    /// How many requests the page has sent since: each is numbered as its
    /// event comes.
    var count = 0
    /// The number of each request still in flight, by protocol id.
    var inFlight: [String: Int] = [:]
    /// The requests by number: the latest ``mostKeptRequests``, and every
    /// one a running wait has yet to read.
    var exchanges: [Int: Exchange] = [:]
    /// The first request each running wait reads, by wait.
    var readers: [Int: Int] = [:]
    /// The number of the last network wait begun.
    var waits = 0
    /// The page's own routes, oldest first.
    var routes: [Route] = []
    /// Whether requests are intercepted (the fetch domain is on).
    var intercepting = false
    /// The latest change of ``intercepting`` begun, which the next awaits
    /// first: a route added returns once every session intercepts.
    var interceptionUpdate: Task<Void, any Error>?
    /// The network's events turning on, which every network wait awaits.
    var eventsEnabling: Task<Void, any Error>?
    /// The first route handler error no action or wait has thrown yet.
    var unreportedRouteFailure: String?

    /// Drops the requests no wait reads that are older than the latest
    /// ``mostKeptRequests``.
    mutating func prune() {
      // The newest dropped: none a wait has yet to read.
      let oldest = min(count - BrowserPage.mostKeptRequests, (readers.values.min() ?? .max) - 1)
      guard let first = exchanges.keys.min(), first <= oldest else { return }
      exchanges = exchanges.filter { $0.key > oldest }
    }
  }

  /// The most finished requests the page keeps for a timeout's list and
  /// for waits to read.
  static let mostKeptRequests = 200

  // MARK: - Waits

  /// Runs `action`, then waits for the first request the page sends from
  /// the moment it began whose address `url` matches: Playwright's
  /// `page.waitForRequest` around the step that sends it.
  ///
  /// The request's event wakes the wait; polling stays as the safety net.
  ///
  /// ```swift
  /// let request = try await page.waitForRequest("**/api/items") {
  ///   try await page.click(page.buttons["Save"])
  /// }
  /// #expect(request.method == "POST")
  /// ```
  ///
  /// - Parameters:
  ///   - url: The addresses to wait for.
  ///   - timeout: How long to wait once `action` has returned; `nil` takes
  ///     the scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that sends the request.
  /// - Returns: The request, as it was sent.
  /// - Throws: `WaitTimeoutError` when no such request was sent in time,
  ///   naming the last requests; ``BrowserError/routeHandlerFailed`` when
  ///   a route's handler threw; what `action` throws; `CancellationError`.
  @discardableResult
  public func waitForRequest(
    _ url: URLMatch,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserRequest {
    try await waitForExchange(
      "a request to \(url)", timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation, during: action
    ) { exchange, _ in url.matches(exchange.request.url) ? exchange.request : nil }
  }

  /// Runs `action`, then waits for the first request the page sends from
  /// the moment it began that `predicate` takes.
  ///
  /// The same as ``waitForRequest(_:timeout:isolation:callSite:fileID:filePath:line:column:during:)``,
  /// with a predicate that runs in the caller's isolation.
  ///
  /// - Parameters:
  ///   - predicate: Whether a request is the one.
  ///   - timeout: How long to wait once `action` has returned; `nil` takes
  ///     the scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` and `predicate`
  ///     run; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that sends the request.
  /// - Returns: The request, as it was sent.
  /// - Throws: As the form with a ``URLMatch`` does, and what `predicate`
  ///   throws.
  @discardableResult
  public func waitForRequest(
    where predicate: (BrowserRequest) throws -> Bool,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserRequest {
    try await waitForExchange(
      "a request the predicate takes", timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation, during: action
    ) { exchange, _ in try predicate(exchange.request) ? exchange.request : nil }
  }

  /// Runs `action`, then waits for the response to the first request the
  /// page sends from the moment it began whose address `url` matches:
  /// Playwright's `page.waitForResponse` around the step that sends it.
  ///
  /// The response's event wakes the wait, which returns as its headers
  /// come; its body is read with ``BrowserResponse/body(timeout:)``.
  ///
  /// ```swift
  /// let response = try await page.waitForResponse("**/api/items") {
  ///   try await page.click(page.buttons["Save"])
  /// }
  /// #expect(response.status == 201)
  /// #expect(try await response.text().contains("Milk"))
  /// ```
  ///
  /// - Parameters:
  ///   - url: The addresses to wait for, matched against the request's
  ///     address (before any redirect).
  ///   - timeout: How long to wait once `action` has returned; `nil` takes
  ///     the scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` runs; defaults to
  ///     the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that sends the request.
  /// - Returns: The response.
  /// - Throws: `WaitTimeoutError` when no such response came in time,
  ///   naming the last requests and what came of each (a request that
  ///   failed has no response); ``BrowserError/routeHandlerFailed`` when a
  ///   route's handler threw; what `action` throws; `CancellationError`.
  @discardableResult
  public func waitForResponse(
    _ url: URLMatch,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserResponse {
    try await waitForExchange(
      "a response from \(url)", timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation, during: action
    ) { [self] exchange, number in
      guard url.matches(exchange.request.url) else { return nil }
      return response(of: exchange, number: number)
    }
  }

  /// Runs `action`, then waits for the first response from the moment it
  /// began that `predicate` takes.
  ///
  /// The same as ``waitForResponse(_:timeout:isolation:callSite:fileID:filePath:line:column:during:)``,
  /// with a predicate that runs in the caller's isolation, on each
  /// response as its headers come.
  ///
  /// ```swift
  /// let response = try await page.waitForResponse(where: {
  ///   $0.url.hasSuffix("/api/items") && $0.request.method == "POST"
  /// }) {
  ///   try await page.click(page.buttons["Save"])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - predicate: Whether a response is the one.
  ///   - timeout: How long to wait once `action` has returned; `nil` takes
  ///     the scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - isolation: The actor isolation in which `action` and `predicate`
  ///     run; defaults to the caller's.
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  ///   - action: The step that sends the request.
  /// - Returns: The response.
  /// - Throws: As the form with a ``URLMatch`` does, and what `predicate`
  ///   throws.
  @discardableResult
  public func waitForResponse(
    where predicate: (BrowserResponse) throws -> Bool,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column,
    during action: () async throws -> Void
  ) async throws -> BrowserResponse {
    try await waitForExchange(
      "a response the predicate takes", timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      isolation: isolation, during: action
    ) { [self] exchange, number in
      guard let response = response(of: exchange, number: number) else { return nil }
      return try predicate(response) ? response : nil
    }
  }

  /// The response of `exchange`, once its headers came.
  private func response(of exchange: Exchange, number: Int) -> BrowserResponse? {
    guard let head = exchange.response else { return nil }
    return BrowserResponse(
      url: head.url, status: head.status, statusText: head.statusText, headers: head.headers,
      request: exchange.request, page: self, number: number, requestID: exchange.requestID,
      sessionID: exchange.sessionID)
  }

  /// The one network wait: turns the network's events on, runs `action`,
  /// then reads each request sent from the moment it began, in order,
  /// until `pick` takes one.
  private func waitForExchange<Value>(
    _ comment: String, timeout: Duration?, at site: CallSite,
    isolation: isolated (any Actor)? = #isolation,
    during action: () async throws -> Void,
    pick: (Exchange, Int) throws -> Value?
  ) async throws -> Value {
    try throwUnreportedFailure(at: site)
    try await enableNetworkEvents()
    let (wait, start) = network.withLock { state in
      state.waits += 1
      state.readers[state.waits] = state.count + 1
      return (state.waits, state.count)
    }
    defer { network.withLock { _ = $0.readers.removeValue(forKey: wait) } }
    try await action()
    // The first request not yet read: each is read once its event came,
    // and again while it waits for its response.
    var next = start + 1
    let observe = { [self] () async -> String? in networkObservation(since: start) }
    let outcome: Result<Value, BrowserError> = try await Wait(
      timeout: timeout ?? WaitDefaults.current.actionTimeout, triggers: [networkTrigger]
    )
    .requireValue(comment, observation: observe, isolation: isolation, callSite: site) { [self] in
      // Naming `isolation` isolates the probe to the caller's actor, where
      // `pick` runs the caller's predicate (a closure that names no
      // isolated parameter is inferred nonisolated).
      _ = isolation
      try browser.throwIfDisconnected()
      // A route's failure ends the wait: it may be why nothing came.
      if let failure = takeUnreportedRouteFailure() { return .failure(failure) }
      let unread = network.withLock { state in
        (next...max(next, state.count)).compactMap { number in state.exchanges[number].map { (number, $0) }
        }
      }
      for (number, exchange) in unread {
        if let value = try pick(exchange, number) { return .success(value) }
        // Read for good once it can change no more.
        if exchange.finished || exchange.response != nil, number == next { next += 1 }
      }
      network.withLock { state in
        state.readers[wait] = next
        state.prune()
      }
      return nil
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let error): throw FailureRecording.report(error, at: site)
    }
  }

  /// What a network wait's timeout says it saw.
  private func networkObservation(since start: Int) -> String {
    let (count, latest) = network.withLock { state in
      (state.count, state.exchanges.keys.sorted().suffix(5).compactMap { state.exchanges[$0]?.description })
    }
    guard count > 0 else { return "the page sent no request" }
    let since = count - start
    return
      "the page sent \(since == 0 ? "no" : "\(since)") request\(since == 1 ? "" : "s") after the wait began; "
      + "the last: " + latest.joined(separator: "; ")
  }

  /// Turns on the network domain, which sends the request events, once:
  /// in the page's session and in each frame's from another site, whose
  /// process makes that frame's requests.
  ///
  /// It stays off until a network wait needs it: every request the page
  /// makes costs events to read while it is on.
  private func enableNetworkEvents() async throws {
    // One task turns them on, which each wait awaits: none returns before
    // the frames are told.
    let enabling = network.withLock { state in
      if let enabling = state.eventsEnabling { return enabling }
      let enabling = Task { [self] in
        try await send(DevTools.Network.Enable())
        network.withLock { $0.eventsEnabled = true }
        // A frame attached from now on turns it on as it is prepared
        // (frameAttached), which reads the mark set above.
        await sendToRemoteFrames(DevTools.Network.Enable())
      }
      state.eventsEnabling = enabling
      return enabling
    }
    do {
      try await enabling.value
    } catch {
      // Refused: the next wait tries again.
      network.withLock { state in
        if state.eventsEnabling == enabling { state.eventsEnabling = nil }
      }
      throw error
    }
  }

  /// Sends a command to the session of each frame from another site the
  /// page holds; one that has gone meanwhile refuses, and is let be.
  ///
  /// - Parameter command: The command.
  func sendToRemoteFrames(_ command: some DevToolsCommand) async {
    let sessions = remoteFrames.withLock { Array($0.bySession.keys) }
    for session in sessions { _ = try? await browser.connection.send(command, session: session) }
  }

  /// The body of the request numbered `number`, once it has all come.
  ///
  /// - Parameters:
  ///   - number: The request's number on the page.
  ///   - requestID: Its protocol id.
  ///   - session: The session that reported it: a frame's from another
  ///     site; `nil` for the page's.
  ///   - timeout: How long to wait for the rest of the body.
  /// - Returns: The body's bytes.
  /// - Throws: As ``BrowserResponse/body(timeout:)`` does.
  func body(ofRequest number: Int, requestID: String, session: String?, timeout: Duration?) async throws
    -> Data
  {
    // A request no longer kept finished long ago.
    try await Wait(timeout: timeout ?? WaitDefaults.current.actionTimeout, triggers: [networkTrigger])
      .require("the body of the response to come") {
        [self] in
        network.withLock { $0.exchanges[number]?.finished ?? true }
      }
    let (failure, redirected) = network.withLock {
      ($0.exchanges[number]?.failure, $0.exchanges[number]?.redirected)
    }
    if let failure {
      throw BrowserError.commandFailed("the request failed before its body came: \(failure)")
    }
    // The redirect's request id is its target's too: its body is the target's.
    if redirected == true { return Data() }
    return try await browser.connection.send(
      DevTools.Network.GetResponseBody(requestID: requestID), session: session ?? sessionID)
  }

  /// Updates the requests from a network event and wakes the network
  /// waits; `false` for an event of another domain.
  ///
  /// The document of a frame from another site is asked for in the
  /// session of the document that holds the frame, and comes in the
  /// frame's own: a request's session is the last to report on it.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - session: The session it came in: a frame's from another site;
  ///     `nil` for the page's.
  /// - Returns: Whether it was an event of the network domain.
  func handleNetwork(_ event: DevToolsConnection.Event, session: String? = nil) -> Bool {
    let params = event.params
    switch event.method {
    case "Network.requestWillBeSent":
      guard let requestID = params["requestId"]?.string, let request = params["request"] else { break }
      network.withLock { state in
        // A redirect: the request before it ends with the redirect's answer.
        if let redirect = params["redirectResponse"], let number = state.inFlight[requestID] {
          state.exchanges[number]?.response = Self.head(of: redirect)
          state.exchanges[number]?.finished = true
          state.exchanges[number]?.redirected = true
        }
        state.count += 1
        state.inFlight[requestID] = state.count
        state.exchanges[state.count] = Exchange(
          requestID: requestID, sessionID: session,
          request: BrowserRequest(request, resourceType: params["type"]?.string))
        state.prune()
      }
    case "Network.responseReceived":
      guard let requestID = params["requestId"]?.string, let response = params["response"] else { break }
      network.withLock { state in
        guard let number = state.inFlight[requestID] else { return }
        state.exchanges[number]?.response = Self.head(of: response)
        state.exchanges[number]?.sessionID = session
      }
    case "Network.loadingFinished", "Network.loadingFailed":
      guard let requestID = params["requestId"]?.string else { break }
      network.withLock { state in
        guard let number = state.inFlight.removeValue(forKey: requestID) else { return }
        state.exchanges[number]?.finished = true
        state.exchanges[number]?.sessionID = session
        if event.method == "Network.loadingFailed" {
          state.exchanges[number]?.failure = params["errorText"]?.string ?? "failed"
        }
      }
    default:
      return false
    }
    networkTrigger.fire()
    return true
  }

  /// The address, status, status text and headers of a DevTools `Response`.
  private static func head(
    of response: JSONValue
  ) -> (url: String, status: Int, statusText: String, headers: [String: String]) {
    (
      response["url"]?.string ?? "", response["status"]?.int ?? 0, response["statusText"]?.string ?? "",
      BrowserRequest.headers(response["headers"])
    )
  }

  // MARK: - Load states

  /// A point in loading a document that ``waitForLoadState(_:timeout:callSite:fileID:filePath:line:column:)``
  /// waits for: Playwright's load states.
  public enum LoadState: String, Sendable, CaseIterable {
    /// The document has been parsed: its `DOMContentLoaded` event fired.
    case domContentLoaded
    /// The document and what it loads have loaded: its `load` event fired.
    case load
    /// The `load` event fired and the page then made no request for 500 ms.
    case networkIdle

    /// Chromium's name of the lifecycle event.
    var eventName: String {
      switch self {
      case .domContentLoaded: "DOMContentLoaded"
      case .load: "load"
      case .networkIdle: "networkIdle"
      }
    }
  }

  /// Waits until the page's current document has reached `state`:
  /// Playwright's `page.waitForLoadState`.
  ///
  /// Returns at once when it has. The current document is the one the
  /// page shows as the wait begins, or one that replaces it; a page opened
  /// at `about:blank` and never navigated, or whose document loaded before
  /// the page was opened here (a popup), has reached every state.
  ///
  /// ```swift
  /// try await page.goto(site.url)
  /// try await page.waitForLoadState(.networkIdle)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state; ``LoadState/load`` by default.
  ///   - timeout: How long to wait; `nil` takes the scope's navigation
  ///     timeout (`WaitDefaults.navigationTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the document does not reach the
  ///   state in time, naming the states it reached; `CancellationError`.
  public func waitForLoadState(
    _ state: LoadState = .load,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    let observe = { [self] () async -> String? in
      let reached = load.withLock { $0.lifecycle?.events.sorted() ?? [] }
      return "the document has fired "
        + (reached.isEmpty ? "no lifecycle event" : reached.joined(separator: ", "))
    }
    _ = try await Wait(timeout: timeout ?? WaitDefaults.current.navigationTimeout, triggers: [trigger])
      .requireValue(
        "the page to reach \(state.eventName)", observation: observe,
        callSite: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column)
      ) { [self] in
        load.withLock { loading -> Bool? in
          guard let lifecycle = loading.lifecycle else { return true }
          return lifecycle.events.contains(state.eventName) ? true : nil
        }
      }
  }

  /// Records a lifecycle event of the main frame's document.
  func lifecycleEvent(_ params: JSONValue) {
    guard params["frameId"]?.string == targetID, let name = params["name"]?.string,
      let loaderID = params["loaderId"]?.string
    else { return }
    load.withLock { loading in
      if name == "init" || loading.lifecycle?.loaderID != loaderID {
        loading.lifecycle = (loaderID, name == "init" ? [] : [name])
      } else {
        loading.lifecycle?.events.insert(name)
      }
    }
  }

  // MARK: - Routes

  /// Routes the page's requests whose address `url` matches to `handler`,
  /// from now on: Playwright's `page.route`.
  ///
  /// The handler runs as each request is about to go out, outside any
  /// test's task, and returns what to do with it (``RouteAction``): fulfil
  /// it with a response of its own, abort it, or send it on, changed or
  /// not. The request waits until it returns. When several routes match,
  /// the page's latest runs first, then its earlier ones, then its
  /// context's; ``RouteAction/fallback`` passes to the next. A handler that
  /// throws aborts the request, and the page's next action or network
  /// wait throws ``BrowserError/routeHandlerFailed`` with its error, once.
  ///
  /// ```swift
  /// try await page.route("**/api/items") { _ in
  ///   try .fulfill(json: ["Milk", "Eggs"])
  /// }
  /// try await page.route("**/*.{png,jpg}") { _ in .abort() }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The addresses to route.
  ///   - handler: What to do with each request.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func route(
    _ url: URLMatch, _ handler: @escaping @Sendable (BrowserRequest) async throws -> RouteAction
  ) async throws {
    network.withLock { state in
      state.routes.append(Route(match: url, handler: handler))
    }
    try await updateInterception()
  }

  /// Removes the page's routes for `url`, as it was given to
  /// ``route(_:_:)``: Playwright's `page.unroute`.
  ///
  /// - Parameter url: The addresses the routes were added for.
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func unroute(_ url: URLMatch) async throws {
    network.withLock { state in state.routes.removeAll { $0.match == url } }
    try await updateInterception()
  }

  /// Removes every route of the page: Playwright's `page.unrouteAll`.
  ///
  /// - Throws: ``BrowserError`` when Chromium refuses or has gone away.
  public func unrouteAll() async throws {
    network.withLock { state in state.routes.removeAll() }
    try await updateInterception()
  }

  /// Intercepts the page's requests while it or its context has a route,
  /// and only then: every intercepted request waits for an answer.
  ///
  /// The requests of a frame from another site are its own process's,
  /// and are intercepted in its session.
  func updateInterception() async throws {
    // Each change after the one begun before it: none returns before the
    // sessions intercept as the routes it saw need.
    let update = network.withLock { state in
      let previous = state.interceptionUpdate
      let update = Task { [self] in
        _ = await previous?.result
        try await applyInterception()
      }
      state.interceptionUpdate = update
      return update
    }
    try await update.value
  }

  /// Turns interception on or off in the page's session, then in each
  /// frame's from another site, as the routes now need.
  private func applyInterception() async throws {
    let wanted = !network.withLock({ $0.routes.isEmpty }) || !(context?.routes.isEmpty ?? true)
    guard network.withLock({ $0.intercepting }) != wanted else { return }
    // Marked once Chromium has done it: a refused command changes nothing.
    // A frame attached from now on reads the mark as it is prepared
    // (frameAttached); the frames attached before are told after it.
    if wanted {
      try await send(DevTools.Fetch.Enable())
      network.withLock { $0.intercepting = wanted }
      await sendToRemoteFrames(DevTools.Fetch.Enable())
    } else {
      try await send(DevTools.Fetch.Disable())
      network.withLock { $0.intercepting = wanted }
      await sendToRemoteFrames(DevTools.Fetch.Disable())
    }
  }

  /// Answers an intercepted request with the routes that match it, in a
  /// task of its own.
  ///
  /// - Parameters:
  ///   - params: The event's parameters.
  ///   - session: The session that paused it, which answers it: a frame's
  ///     from another site; `nil` for the page's.
  func requestPaused(_ params: JSONValue, session: String? = nil) {
    guard let requestID = params["requestId"]?.string, let raw = params["request"] else { return }
    let request = BrowserRequest(raw, resourceType: params["resourceType"]?.string)
    let own = network.withLock { $0.routes }
    let routes =
      own.reversed().filter { $0.match.matches(request.url) }
      + (context?.routes ?? []).reversed().filter { $0.match.matches(request.url) }
    Task { [self] in
      var action = RouteAction.continue()
      for route in routes {
        do {
          let chosen = try await route.handler(request)
          if case .fallback = chosen.kind { continue }
          action = chosen
        } catch {
          network.withLock { state in
            if state.unreportedRouteFailure == nil {
              state.unreportedRouteFailure = "\(error); the request \(request) was aborted"
            }
          }
          action = .abort()
        }
        break
      }
      _ = try? await browser.connection.send(
        Self.command(for: action, requestID: requestID), session: session ?? sessionID)
    }
  }

  /// The fetch domain's command that carries out `action` for the request
  /// `requestID`.
  private static func command(for action: RouteAction, requestID: String) -> any DevToolsCommand {
    switch action.kind {
    case .fulfill(let status, let headers, let body):
      DevTools.Fetch.FulfillRequest(
        requestID: requestID, responseCode: status, responseHeaders: headers, body: body)
    case .abort(let reason):
      DevTools.Fetch.FailRequest(requestID: requestID, errorReason: reason.protocolName)
    case .continue(let url, let method, let headers, let postData):
      DevTools.Fetch.ContinueRequest(
        requestID: requestID, url: url, httpMethod: method, headers: headers, postData: postData)
    case .fallback:
      DevTools.Fetch.ContinueRequest(requestID: requestID)
    }
  }

  /// Throws, once, what a dialog or route handler threw that no action or
  /// wait has reported yet.
  func throwUnreportedFailure(at site: CallSite) throws {
    try throwUnreportedDialogFailure(at: site)
    if let failure = takeUnreportedRouteFailure() { throw FailureRecording.report(failure, at: site) }
  }

  /// The error of the first route handler failure no action or wait has
  /// reported yet, taken.
  private func takeUnreportedRouteFailure() -> BrowserError? {
    network.withLock { state in
      defer { state.unreportedRouteFailure = nil }
      return state.unreportedRouteFailure.map(BrowserError.routeHandlerFailed)
    }
  }
}
