import Foundation

/// The JavaScript programs this module runs in a page, each a file of
/// `Sources/AsyncWaitBrowser/PageScripts/` that the package embeds in the
/// module as it is built (`.embedInCode`), so that a reader of JavaScript
/// reads them as JavaScript and nothing is looked up at run time.
enum PageScript {
  /// `observeChanges.js`: run first in every document; calls
  /// ``BrowserPage/bindingName`` when the document changes.
  static let observeChanges = text(PackageResources.observeChanges_js)
  /// `find.js`, with `identity.js` and `selectCSS.js` in it: the
  /// candidates of a search (``PageQuery/find``).
  static let find = text(PackageResources.find_js).replacingOccurrences(
    of: "IDENTITY", with: withoutHeader(identity).trimmingCharacters(in: .whitespacesAndNewlines)
  ).replacingOccurrences(
    of: "SELECT_CSS", with: withoutHeader(selectCSS).trimmingCharacters(in: .whitespacesAndNewlines))
  /// `defineFind.js`, with ``find`` in it: run first in every document
  /// after ``observeChanges``; defines `__asyncWaitFind`, which a probe
  /// calls by name.
  static let defineFind = text(PackageResources.defineFind_js).replacingOccurrences(
    of: "FIND_FUNCTION", with: withoutHeader(find).trimmingCharacters(in: .whitespacesAndNewlines))
  /// `identity.js`: an element's attributes, text content and box
  /// (``PageQuery/identity``).
  static let identity = text(PackageResources.identity_js)
  /// `hitTest.js`: what a click at a point would hit instead of `this`.
  static let hitTest = text(PackageResources.hitTest_js)
  /// `selectAllText.js`: selects all of a field's text.
  static let selectAllText = text(PackageResources.selectAllText_js)
  /// `selectOptions.js`: selects a `<select>`'s options by value or label.
  static let selectOptions = text(PackageResources.selectOptions_js)
  /// `dispatchEvent.js`: dispatches an event of the interface its type
  /// belongs to; `EVENT_INIT` in it is the event's properties.
  static let dispatchEvent = text(PackageResources.dispatchEvent_js)
  /// `setFilePayloads.js`: gives a file input files made in memory.
  static let setFilePayloads = text(PackageResources.setFilePayloads_js)
  /// `selectCSS.js`: the elements CSS selectors select in the main
  /// document, through open shadow roots.
  static let selectCSS = text(PackageResources.selectCSS_js)

  /// A script without the comment lines it starts with.
  private static func withoutHeader(_ script: String) -> String {
    script.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0.hasPrefix("//") }.joined(separator: "\n")
  }

  /// A file's bytes as text.
  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
