import Foundation

extension DevTools.Page {
  /// `Page.enable`: the page domain's events from now on.
  struct Enable: DevToolsCommand {
    static let method = "Page.enable"
    var parameters: JSONValue { [:] }
  }

  /// `Page.setLifecycleEventsEnabled`: each frame's lifecycle events.
  struct SetLifecycleEventsEnabled: DevToolsCommand {
    static let method = "Page.setLifecycleEventsEnabled"
    var enabled: Bool
    var parameters: JSONValue { ["enabled": .bool(enabled)] }
  }

  /// `Page.addScriptToEvaluateOnNewDocument`: a script every new document
  /// runs before its own.
  struct AddScriptToEvaluateOnNewDocument: DevToolsCommand {
    static let method = "Page.addScriptToEvaluateOnNewDocument"
    var source: String
    var parameters: JSONValue { ["source": .string(source)] }
  }

  /// `Page.navigate`: loads an address in the main frame.
  struct Navigate: DevToolsCommand {
    static let method = "Page.navigate"
    var url: String
    var parameters: JSONValue { ["url": .string(url)] }
    struct Answer: Sendable {
      /// Why the navigation failed (`net::ERR_…`), `nil` when it did not.
      var errorText: String?
      /// The loader of the new document, `nil` for a navigation within
      /// the document (a `#fragment`).
      var loaderID: String?
    }
    static func answer(from result: JSONValue) -> Answer {
      Answer(
        errorText: result["errorText"]?.string.flatMap { $0.isEmpty ? nil : $0 },
        loaderID: result["loaderId"]?.string)
    }
  }

  /// `Page.reload`: loads the main frame's document again.
  struct Reload: DevToolsCommand {
    static let method = "Page.reload"
    var parameters: JSONValue { [:] }
  }

  /// `Page.getNavigationHistory`: the session history of the page.
  struct GetNavigationHistory: DevToolsCommand {
    static let method = "Page.getNavigationHistory"
    var parameters: JSONValue { [:] }
    struct Entry: Sendable {
      var id: Int
      var url: String
    }
    struct Answer: Sendable {
      /// The entry shown now.
      var currentIndex: Int
      var entries: [Entry]
    }
    static func answer(from result: JSONValue) throws(BrowserError) -> Answer {
      // An entry without its id is refused, not left out: the entries'
      // places must stay those `currentIndex` counts in.
      var entries: [Entry] = []
      for entry in try result.required("entries", \.array, of: method) {
        entries.append(
          Entry(id: try entry.required("id", \.int, of: method), url: entry["url"]?.string ?? ""))
      }
      return Answer(currentIndex: try result.required("currentIndex", \.int, of: method), entries: entries)
    }
  }

  /// `Page.navigateToHistoryEntry`: goes to an entry of the history.
  struct NavigateToHistoryEntry: DevToolsCommand {
    static let method = "Page.navigateToHistoryEntry"
    var entryID: Int
    var parameters: JSONValue { ["entryId": .integer(entryID)] }
  }

  /// `Page.handleJavaScriptDialog`: answers the dialog open now.
  struct HandleJavaScriptDialog: DevToolsCommand {
    static let method = "Page.handleJavaScriptDialog"
    var accept: Bool
    /// A prompt's text, when it is accepted.
    var promptText: String?
    var parameters: JSONValue {
      .parameters(["accept": .bool(accept), "promptText": promptText.map(JSONValue.string)])
    }
  }

  /// `Page.setInterceptFileChooserDialog`: a file chooser opens no dialog,
  /// but sends `Page.fileChooserOpened`.
  struct SetInterceptFileChooserDialog: DevToolsCommand {
    static let method = "Page.setInterceptFileChooserDialog"
    var enabled: Bool
    var parameters: JSONValue { ["enabled": .bool(enabled)] }
  }

  /// `Page.getLayoutMetrics`: the document's size.
  struct GetLayoutMetrics: DevToolsCommand {
    static let method = "Page.getLayoutMetrics"
    var parameters: JSONValue { [:] }
    /// The document's width and height in CSS pixels, `nil` when Chromium
    /// gives none.
    static func answer(from result: JSONValue) -> (width: Double, height: Double)? {
      let size = result["cssContentSize"] ?? result["contentSize"]
      guard let width = size?["width"]?.double, let height = size?["height"]?.double else { return nil }
      return (width, height)
    }
  }

  /// `Page.captureScreenshot`: a PNG of the viewport or of a part of the
  /// document.
  struct CaptureScreenshot: DevToolsCommand {
    static let method = "Page.captureScreenshot"
    /// The part, in the document's CSS pixels; the viewport when `nil`.
    var clip: BrowserNode.Box?
    var parameters: JSONValue {
      guard let clip else { return ["format": "png"] }
      return [
        "format": "png", "captureBeyondViewport": true,
        "clip": [
          "x": .number(clip.x), "y": .number(clip.y), "width": .number(clip.width),
          "height": .number(clip.height), "scale": 1,
        ],
      ]
    }
    /// The image's bytes.
    static func answer(from result: JSONValue) throws(BrowserError) -> Data {
      guard let image = result["data"]?.string.flatMap({ Data(base64Encoded: $0) }) else {
        throw BrowserError.unexpectedResponse("\(method) returned no image")
      }
      return image
    }
  }
}
