public import Foundation

/// A request a page made, as the page sent it (before any route changed
/// it): Playwright's `Request`.
public struct BrowserRequest: Sendable, Hashable, CustomStringConvertible {
  /// The address.
  public var url: String
  /// The HTTP method: `GET`, `POST`.
  public var method: String
  /// The headers, by lowercased name.
  public var headers: [String: String]
  /// The body of a `POST` or `PUT` that has one, as text; `nil` when there
  /// is none or Chromium did not keep it.
  public var postData: String?
  /// What the page wanted it for, as Chromium says it: `Document`,
  /// `Stylesheet`, `Script`, `Image`, `Fetch`, `XHR`, `Other`.
  public var resourceType: String

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - url: The address.
  ///   - method: The HTTP method.
  ///   - headers: The headers, by lowercased name.
  ///   - postData: The body, as text.
  ///   - resourceType: What the page wanted it for.
  public init(
    url: String, method: String = "GET", headers: [String: String] = [:], postData: String? = nil,
    resourceType: String = "Other"
  ) {
    self.url = url
    self.method = method
    self.headers = headers
    self.postData = postData
    self.resourceType = resourceType
  }

  /// "POST http://127.0.0.1:8080/api/items".
  public var description: String { "\(method) \(url)" }

  /// The request's fields from a DevTools `Request` object.
  init(_ request: JSONValue, resourceType: String?) {
    self.init(
      url: request["url"]?.string ?? "", method: request["method"]?.string ?? "GET",
      headers: Self.headers(request["headers"]), postData: request["postData"]?.string,
      resourceType: resourceType ?? "Other")
  }

  /// A DevTools `Headers` object, by lowercased name; values of one name
  /// are joined with a line break, as Chromium joins them.
  static func headers(_ object: JSONValue?) -> [String: String] {
    guard case .object(let members)? = object else { return [:] }
    var headers: [String: String] = [:]
    for (name, value) in members {
      guard let value = value.string else { continue }
      let key = name.lowercased()
      headers[key] = headers[key].map { $0 + "\n" + value } ?? value
    }
    return headers
  }
}

/// A response a page received: Playwright's `Response`.
///
/// Its status and headers are here when a wait returns it; its body
/// (``body(timeout:)``, ``text(timeout:)``, ``json(_:decoder:)``) is read from the browser
/// when asked for, once it has all come.
public struct BrowserResponse: Sendable, CustomStringConvertible {
  /// The address, after redirects.
  public var url: String
  /// The HTTP status: 200, 404.
  public var status: Int
  /// The status text: `OK`, `Not Found`; often empty over HTTP/2.
  public var statusText: String
  /// The headers, by lowercased name.
  public var headers: [String: String]
  /// The request it answers.
  public var request: BrowserRequest
  /// The page that received it, which holds its body.
  let page: BrowserPage
  /// The request's number on the page (``BrowserPage/NetworkState``).
  let number: Int
  /// The protocol's id of the request.
  let requestID: String
  /// The session that reported it, which holds its body: a frame's from
  /// another site; `nil` for the page's.
  let sessionID: String?

  /// Whether the status is 200–299.
  public var ok: Bool { (200...299).contains(status) }

  /// "200 GET http://127.0.0.1:8080/api/items".
  public var description: String { "\(status) \(request.method) \(url)" }

  /// The body, once it has all come: Playwright's `response.body()`.
  ///
  /// The body of a `fetch` comes as the page reads it: the body of one the
  /// page never reads may never have all come, and this wait times out.
  ///
  /// - Parameter timeout: How long to wait for the rest of the body;
  ///   `nil` takes the scope's action timeout
  ///     (`WaitDefaults.actionTimeout`).
  /// - Returns: The body's bytes; empty for a redirect or a response with
  ///   none.
  /// - Throws: ``BrowserError/commandFailed`` when the body could not be
  ///   read (the request failed, or Chromium dropped the body: it keeps
  ///   the latest few megabytes of a page's bodies); `WaitTimeoutError`
  ///   when it does not finish coming in time; `CancellationError`.
  public func body(timeout: Duration? = nil) async throws -> Data {
    try await page.body(ofRequest: number, requestID: requestID, session: sessionID, timeout: timeout)
  }

  /// The body as UTF-8 text, once it has all come.
  ///
  /// - Parameter timeout: As ``body(timeout:)``'s.
  /// - Returns: The text.
  /// - Throws: As ``body(timeout:)`` does.
  public func text(timeout: Duration? = nil) async throws -> String {
    String(decoding: try await body(timeout: timeout), as: UTF8.self)
  }

  /// The body decoded from JSON, once it has all come.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - decoder: The decoder; a plain `JSONDecoder` by default.
  /// - Returns: The value.
  /// - Throws: The decoder's error; as ``body(timeout:)`` does.
  public func json<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) async throws
    -> Value
  {
    try decoder.decode(type, from: try await body())
  }
}

/// Which addresses a network wait or a route is for: Playwright's URL
/// glob, a regular expression, or an exact address.
///
/// A string literal is a glob:
///
/// ```swift
/// try await page.route("**/api/items") { _ in
///   try .fulfill(json: ["Milk", "Eggs"])
/// }
/// ```
///
/// In a glob, `**` matches any characters, `*` any but `/`, and
/// `{a,b}` either `a` or `b`; every other character matches itself, and
/// the glob must match the whole address. A glob without wildcards is an
/// exact address.
public struct URLMatch: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The pattern as given.
  public let pattern: String
  /// The regular expression it matches with.
  private let expression: String

  private init(pattern: String, expression: String) {
    self.pattern = pattern
    self.expression = expression
  }

  /// A glob, as a string literal is.
  ///
  /// - Parameter value: The glob.
  public init(stringLiteral value: String) {
    self = .glob(value)
  }

  /// Addresses a glob matches whole.
  ///
  /// - Parameter glob: The glob: `**/api/*`, `http://127.0.0.1:*/{a,b}.js`.
  /// - Returns: The match.
  public static func glob(_ glob: String) -> URLMatch {
    var expression = "^"
    var characters = glob[...]
    var inAlternatives = false
    while let character = characters.popFirst() {
      switch character {
      case "*" where characters.first == "*":
        characters.removeFirst()
        expression += ".*"
      case "*": expression += "[^/]*"
      case "{":
        inAlternatives = true
        expression += "(?:"
      case "}" where inAlternatives:
        inAlternatives = false
        expression += ")"
      case "," where inAlternatives: expression += "|"
      default: expression += NSRegularExpression.escapedPattern(for: String(character))
      }
    }
    return URLMatch(pattern: glob, expression: expression + "$")
  }

  /// Exactly one address.
  ///
  /// - Parameter url: The address.
  /// - Returns: The match.
  public static func exact(_ url: String) -> URLMatch {
    URLMatch(pattern: url, expression: "^" + NSRegularExpression.escapedPattern(for: url) + "$")
  }

  /// Addresses a regular expression finds a match in, anywhere, as
  /// JavaScript's `RegExp.test` does.
  ///
  /// - Parameter pattern: The expression, in `NSRegularExpression`'s
  ///   syntax: `/api/items/\\d+$`.
  /// - Returns: The match.
  /// - Throws: ``BrowserError/invalidArgument`` when the pattern is not a
  ///   regular expression.
  public static func regex(_ pattern: String) throws -> URLMatch {
    do {
      _ = try NSRegularExpression(pattern: pattern)
    } catch {
      throw BrowserError.invalidArgument(
        "\(String(reflecting: pattern)) is not a regular expression: \(error)")
    }
    return URLMatch(pattern: "/\(pattern)/", expression: pattern)
  }

  /// Whether the match takes `url`.
  ///
  /// - Parameter url: An address.
  /// - Returns: `true` when it matches.
  public func matches(_ url: String) -> Bool {
    // Checked when made: a pattern that does not compile matches nothing.
    guard let regex = try? NSRegularExpression(pattern: expression) else { return false }
    return regex.firstMatch(in: url, range: NSRange(url.startIndex..., in: url)) != nil
  }

  /// The pattern, as given: a glob, or `/expression/`.
  public var description: String { pattern }
}

/// What a route does with a request it took: fulfil it, abort it, let it
/// go on (changed or not), or leave it to the next route: what a handler
/// of ``BrowserPage/route(_:_:)`` or ``BrowserContext/route(_:_:)``
/// returns.
///
/// ```swift
/// try await page.route("**/api/items") { request in
///   request.method == "POST" ? .abort() : .continue()
/// }
/// ```
public struct RouteAction: Sendable {
  /// What to do.
  enum Kind: Sendable {
    case fulfill(status: Int, headers: [String: String], body: Data)
    case abort(AbortReason)
    case `continue`(url: String?, method: String?, headers: [String: String]?, postData: Data?)
    case fallback
  }

  let kind: Kind

  /// Why an aborted request failed, as the page's network error says it.
  public enum AbortReason: String, Sendable, CaseIterable {
    /// `net::ERR_FAILED`, the default.
    case failed
    /// `net::ERR_ABORTED`.
    case aborted
    /// `net::ERR_ACCESS_DENIED`.
    case accessDenied
    /// `net::ERR_ADDRESS_UNREACHABLE`.
    case addressUnreachable
    /// `net::ERR_BLOCKED_BY_CLIENT`.
    case blockedByClient
    /// `net::ERR_BLOCKED_BY_RESPONSE`.
    case blockedByResponse
    /// `net::ERR_CONNECTION_ABORTED`.
    case connectionAborted
    /// `net::ERR_CONNECTION_CLOSED`.
    case connectionClosed
    /// `net::ERR_CONNECTION_FAILED`.
    case connectionFailed
    /// `net::ERR_CONNECTION_REFUSED`.
    case connectionRefused
    /// `net::ERR_CONNECTION_RESET`.
    case connectionReset
    /// `net::ERR_INTERNET_DISCONNECTED`.
    case internetDisconnected
    /// `net::ERR_NAME_NOT_RESOLVED`.
    case nameNotResolved
    /// `net::ERR_TIMED_OUT`.
    case timedOut

    /// The protocol's name of the reason.
    var protocolName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// Answers the request with a response of your own, which never reaches
  /// the network: Playwright's `route.fulfill`.
  ///
  /// - Parameters:
  ///   - status: The HTTP status; 200 by default.
  ///   - headers: The headers; `Content-Type` is
  ///     `application/octet-stream` unless given.
  ///   - body: The body.
  /// - Returns: The action.
  public static func fulfill(status: Int = 200, headers: [String: String] = [:], body: Data) -> RouteAction {
    RouteAction(
      kind: .fulfill(status: status, headers: withType("application/octet-stream", headers), body: body))
  }

  /// Answers the request with a text response of your own.
  ///
  /// - Parameters:
  ///   - status: The HTTP status; 200 by default.
  ///   - headers: The headers; `Content-Type` is `text/plain; charset=utf-8`
  ///     unless given (give `text/html` for a page).
  ///   - body: The body, sent as UTF-8.
  /// - Returns: The action.
  public static func fulfill(status: Int = 200, headers: [String: String] = [:], body: String = "")
    -> RouteAction
  {
    RouteAction(
      kind: .fulfill(
        status: status, headers: withType("text/plain; charset=utf-8", headers), body: Data(body.utf8)))
  }

  /// Answers the request with a JSON response of your own: Playwright's
  /// `route.fulfill({ json })`.
  ///
  /// - Parameters:
  ///   - status: The HTTP status; 200 by default.
  ///   - headers: The headers; `Content-Type` is `application/json` unless
  ///     given.
  ///   - json: The value, encoded with a plain `JSONEncoder`.
  /// - Returns: The action.
  /// - Throws: The encoder's error.
  public static func fulfill(status: Int = 200, headers: [String: String] = [:], json: some Encodable) throws
    -> RouteAction
  {
    RouteAction(
      kind: .fulfill(
        status: status, headers: withType("application/json", headers), body: try JSONEncoder().encode(json)))
  }

  /// Fails the request with a network error: Playwright's `route.abort`.
  ///
  /// - Parameter reason: The error; ``AbortReason/failed`` by default.
  /// - Returns: The action.
  public static func abort(_ reason: AbortReason = .failed) -> RouteAction {
    RouteAction(kind: .abort(reason))
  }

  /// Sends the request on to the network, changed where given:
  /// Playwright's `route.continue`.
  ///
  /// - Parameters:
  ///   - url: Another address, of the same scheme; the request's own when
  ///     `nil`. The page does not see the change.
  ///   - method: Another method.
  ///   - headers: Headers in place of the request's, all of them.
  ///   - postData: Another body.
  /// - Returns: The action.
  public static func `continue`(
    url: String? = nil, method: String? = nil, headers: [String: String]? = nil, postData: Data? = nil
  ) -> RouteAction {
    RouteAction(kind: .continue(url: url, method: method, headers: headers, postData: postData))
  }

  /// Leaves the request to the next route that matches it (the page's
  /// before its context's, the latest added first), or else to the
  /// network: Playwright's `route.fallback`.
  public static let fallback = RouteAction(kind: .fallback)

  /// `headers` with a `Content-Type` of `type` unless they have one.
  private static func withType(_ type: String, _ headers: [String: String]) -> [String: String] {
    if headers.keys.contains(where: { $0.lowercased() == "content-type" }) { return headers }
    return headers.merging(["Content-Type": type]) { given, _ in given }
  }
}
