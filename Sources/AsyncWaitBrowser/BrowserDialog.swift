/// A JavaScript dialog a page opened (`alert`, `confirm`, `prompt`, or the
/// prompt a `beforeunload` handler asks for), and how it was answered.
///
/// A dialog blocks its page until it is answered, so a page never leaves
/// one open: by default it dismisses each, and accepts a `beforeunload`
/// prompt (so that the page leaves), as Playwright does; or it answers
/// with the handler given to
/// ``BrowserPage/onDialog(_:)``, or with the answer given to
/// ``BrowserPage/waitForDialog(answering:timeout:isolation:callSite:fileID:filePath:line:column:during:)``
/// for the dialog that wait is for.
///
/// ```swift
/// let dialog = try await page.waitForDialog(answering: .accept()) {
///   try await page.click(page.buttons["Delete"])
/// }
/// #expect(dialog.kind == .confirm)
/// #expect(dialog.message == "Delete the draft?")
/// ```
public struct BrowserDialog: Sendable, Equatable, CustomStringConvertible {
  /// What opened the dialog.
  public enum Kind: String, Sendable, Equatable {
    /// `alert(message)`: a message and an OK button.
    case alert
    /// `confirm(message)`: accepting returns `true` to the page, dismissing
    /// `false`.
    case confirm
    /// `prompt(message, default)`: accepting returns the text to the page,
    /// dismissing `null`.
    case prompt
    /// A `beforeunload` handler asking to stay: accepting leaves the page,
    /// dismissing stays.
    case beforeUnload = "beforeunload"
  }

  /// How a dialog is answered.
  public enum Response: Sendable, Equatable {
    /// Presses OK; for a prompt, with `promptText` as its text (`nil`
    /// gives the page an empty text, as Playwright's `accept()` does, not
    /// the prompt's default).
    case accept(promptText: String? = nil)
    /// Presses Cancel, or closes an alert.
    case dismiss
  }

  /// What opened it.
  public let kind: Kind
  /// The message it shows.
  public let message: String
  /// A prompt's default text; empty for the other kinds.
  public let defaultPromptText: String
  /// The address of the document that opened it.
  public let url: String
  /// How it was answered; `nil` only while a handler decides.
  public internal(set) var response: Response?
  /// What the page's dialog handler threw for it, when it threw: the
  /// dialog got the default answer (dismissed; a `beforeunload` prompt
  /// accepted), and the page's next action or dialog wait throws
  /// ``BrowserError/dialogHandlerFailed``.
  public internal(set) var handlerError: String?

  /// Creates a dialog, as a test double or a handler's test might.
  ///
  /// - Parameters:
  ///   - kind: What opened it.
  ///   - message: The message it shows.
  ///   - defaultPromptText: A prompt's default text.
  ///   - url: The address of the document that opened it.
  ///   - response: How it was answered.
  public init(
    kind: Kind, message: String, defaultPromptText: String = "", url: String = "", response: Response? = nil
  ) {
    self.kind = kind
    self.message = message
    self.defaultPromptText = defaultPromptText
    self.url = url
    self.response = response
  }

  /// The dialog as a failure shows it: its kind, its message, and how it
  /// was answered, as in `confirm "Delete the draft?", accepted`.
  public var description: String {
    var text = "\(kind.rawValue) \(String(reflecting: message))"
    switch response {
    case .accept(let promptText?)?: text += ", accepted with \(String(reflecting: promptText))"
    case .accept?: text += ", accepted"
    case .dismiss?: text += ", dismissed"
    case nil: text += ", unanswered"
    }
    if let handlerError { text += " (the handler threw: \(handlerError))" }
    return text
  }
}
