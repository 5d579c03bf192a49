/// An error of the browser integration: Chromium could not be found or
/// started, it went away, or it answered in a way the integration cannot use.
///
/// Compare against the static members, which match by kind whatever the
/// detail:
///
/// ```swift
/// do {
///   try await page.root.requireExistence(timeout: .seconds(5))
/// } catch let error as BrowserError where error == .disconnected {
///   print(error)  // Chromium went away: killed by signal 9
/// }
/// ```
///
/// New kinds may be added in later releases, so a `switch` over them needs a
/// `default` case.
public struct BrowserError: TransientError, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case chromiumNotFound
    case launchFailed
    case disconnected
    case commandFailed
    case commandTimedOut
    case malformedMessage
    case unexpectedResponse
    case navigationFailed
    case scriptFailed
    case undecodableResult
    case invalidArgument
    case invalidSelector
    case webServerFailed
    case dialogHandlerFailed
    case routeHandlerFailed
  }

  private let kind: Kind
  /// What happened in detail; not part of the error's identity.
  public let detail: String

  private init(_ kind: Kind, _ detail: String = "") {
    self.kind = kind
    self.detail = detail
  }

  /// Whether two errors are of the same kind, whatever their details.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: `true` when both are of the same kind.
  public static func == (lhs: BrowserError, rhs: BrowserError) -> Bool {
    lhs.kind == rhs.kind
  }

  /// Hashes the error's kind.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
  }

  /// No Chromium executable was found; the detail lists every place searched.
  public static let chromiumNotFound = BrowserError(.chromiumNotFound)
  /// Chromium was found but could not be started, or did not answer its
  /// first command.
  public static let launchFailed = BrowserError(.launchFailed)
  /// The connection to Chromium ended.
  ///
  /// The process exited or was killed, or the browser was closed. Every
  /// command waiting for an answer, and every later one, fails with this
  /// error.
  public static let disconnected = BrowserError(.disconnected)
  /// Chromium answered a command with an error, such as a node that no
  /// longer exists.
  public static let commandFailed = BrowserError(.commandFailed)
  /// Chromium did not answer a command within the browser's command timeout.
  ///
  /// It is transient: a wait whose probe reads the page counts it as "not
  /// yet" and probes again until its own deadline, so a page that is slow
  /// to answer makes a slow wait, not a failed one; the wait's timeout
  /// names it as its last error. A command outside a wait throws it.
  public static let commandTimedOut = BrowserError(.commandTimedOut)
  /// A message from Chromium was not JSON; the commands waiting for an
  /// answer fail with this error, since one of their answers may be lost.
  public static let malformedMessage = BrowserError(.malformedMessage)
  /// An answer lacked what its command returns.
  public static let unexpectedResponse = BrowserError(.unexpectedResponse)
  /// A navigation failed, such as for a refused connection.
  public static let navigationFailed = BrowserError(.navigationFailed)
  /// A script given to ``BrowserPage/evaluate(_:)`` or its relatives threw.
  public static let scriptFailed = BrowserError(.scriptFailed)
  /// A script's result does not decode as the type asked for
  /// (``BrowserPage/evaluate(_:as:)``); the detail gives the result.
  public static let undecodableResult = BrowserError(.undecodableResult)
  /// An action was given what it cannot act with, such as a file that does
  /// not exist or a key name it does not know.
  public static let invalidArgument = BrowserError(.invalidArgument)
  /// A CSS selector given to `locator(css:)` is not one the page can
  /// parse; the detail gives the selector and the page's reason.
  public static let invalidSelector = BrowserError(.invalidSelector)
  /// A ``WebServer`` could not be started, or exited before it was ready;
  /// the detail gives how it ended and what it printed.
  public static let webServerFailed = BrowserError(.webServerFailed)

  /// The handler given to ``BrowserPage/onDialog(_:)`` threw for a dialog.
  ///
  /// The dialog got the default answer; the detail gives the dialog and
  /// the error.
  /// The page's next action or dialog wait throws it, once.
  public static let dialogHandlerFailed = BrowserError(.dialogHandlerFailed)
  /// A handler given to ``BrowserPage/route(_:_:)`` or
  /// ``BrowserContext/route(_:_:)`` threw for a request.
  ///
  /// The request was aborted; the detail gives the error and the request.
  /// The page's next action or network wait throws it, once.
  public static let routeHandlerFailed = BrowserError(.routeHandlerFailed)

  static func chromiumNotFound(_ detail: String) -> BrowserError { BrowserError(.chromiumNotFound, detail) }
  static func launchFailed(_ detail: String) -> BrowserError { BrowserError(.launchFailed, detail) }
  static func disconnected(_ detail: String) -> BrowserError { BrowserError(.disconnected, detail) }
  static func commandFailed(_ detail: String) -> BrowserError { BrowserError(.commandFailed, detail) }
  static func commandTimedOut(_ detail: String) -> BrowserError { BrowserError(.commandTimedOut, detail) }
  static func malformedMessage(_ detail: String) -> BrowserError { BrowserError(.malformedMessage, detail) }
  static func unexpectedResponse(_ detail: String) -> BrowserError {
    BrowserError(.unexpectedResponse, detail)
  }
  static func navigationFailed(_ detail: String) -> BrowserError { BrowserError(.navigationFailed, detail) }
  static func scriptFailed(_ detail: String) -> BrowserError { BrowserError(.scriptFailed, detail) }
  static func undecodableResult(_ detail: String) -> BrowserError { BrowserError(.undecodableResult, detail) }
  static func invalidArgument(_ detail: String) -> BrowserError { BrowserError(.invalidArgument, detail) }
  static func invalidSelector(_ detail: String) -> BrowserError { BrowserError(.invalidSelector, detail) }
  static func webServerFailed(_ detail: String) -> BrowserError { BrowserError(.webServerFailed, detail) }
  static func dialogHandlerFailed(_ detail: String) -> BrowserError {
    BrowserError(.dialogHandlerFailed, detail)
  }
  static func routeHandlerFailed(_ detail: String) -> BrowserError {
    BrowserError(.routeHandlerFailed, detail)
  }

  /// Whether every wait retries this error (``commandTimedOut``): Chromium
  /// was slow to answer, not gone.
  public var isTransient: Bool { kind == .commandTimedOut }

  /// A sentence that says what went wrong, with the detail.
  public var description: String {
    let summary =
      switch kind {
      case .chromiumNotFound: "No Chromium executable was found"
      case .launchFailed: "Chromium could not be started"
      case .disconnected: "Chromium went away"
      case .commandFailed: "Chromium refused a command"
      case .commandTimedOut: "Chromium did not answer a command in time"
      case .malformedMessage: "Chromium sent a message that is not JSON"
      case .unexpectedResponse: "Chromium's answer lacked what the command returns"
      case .navigationFailed: "The navigation failed"
      case .scriptFailed: "The script threw"
      case .undecodableResult: "The script's result does not decode as the type asked for"
      case .invalidArgument: "The action cannot use what it was given"
      case .invalidSelector: "The CSS selector is not valid"
      case .webServerFailed: "The web server could not be started"
      case .dialogHandlerFailed: "The page's dialog handler threw"
      case .routeHandlerFailed: "A route's handler threw"
      }
    return detail.isEmpty ? "\(summary)." : "\(summary): \(detail)"
  }
}
