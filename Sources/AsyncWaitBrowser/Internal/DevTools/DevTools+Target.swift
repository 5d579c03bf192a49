extension DevTools.Target {
  /// `Target.setDiscoverTargets`: `Target.targetCreated` and its kin from
  /// now on.
  struct SetDiscoverTargets: DevToolsCommand {
    static let method = "Target.setDiscoverTargets"
    var parameters: JSONValue { ["discover": true] }
  }

  /// `Target.getBrowserContexts`: the ids of the contexts open.
  struct GetBrowserContexts: DevToolsCommand {
    static let method = "Target.getBrowserContexts"
    var parameters: JSONValue { [:] }
    static func answer(from result: JSONValue) throws(BrowserError) -> [String] {
      try result.required("browserContextIds", \.array, of: method).compactMap(\.string)
    }
  }

  /// `Target.createBrowserContext`: a context that shares nothing with the
  /// others, kept until it is disposed of.
  struct CreateBrowserContext: DevToolsCommand {
    static let method = "Target.createBrowserContext"
    var parameters: JSONValue { ["disposeOnDetach": false] }
    /// The context's id.
    static func answer(from result: JSONValue) throws(BrowserError) -> String {
      try result.required("browserContextId", \.string, of: method)
    }
  }

  /// `Target.disposeBrowserContext`: closes a context and its pages.
  struct DisposeBrowserContext: DevToolsCommand {
    static let method = "Target.disposeBrowserContext"
    var browserContextID: String
    var parameters: JSONValue { ["browserContextId": .string(browserContextID)] }
  }

  /// `Target.createTarget`: a page at an address.
  struct CreateTarget: DevToolsCommand {
    static let method = "Target.createTarget"
    var url: String
    /// The context; the default context when `nil`.
    var browserContextID: String?
    var parameters: JSONValue {
      .parameters(["url": .string(url), "browserContextId": browserContextID.map(JSONValue.string)])
    }
    /// The page's target id.
    static func answer(from result: JSONValue) throws(BrowserError) -> String {
      try result.required("targetId", \.string, of: method)
    }
  }

  /// `Target.attachToTarget`: a session for a target's commands and events,
  /// on the browser's connection.
  struct AttachToTarget: DevToolsCommand {
    static let method = "Target.attachToTarget"
    var targetID: String
    var parameters: JSONValue { ["targetId": .string(targetID), "flatten": true] }
    /// The session's id.
    static func answer(from result: JSONValue) throws(BrowserError) -> String {
      try result.required("sessionId", \.string, of: method)
    }
  }

  /// `Target.setAutoAttach`: attaches to every frame from another origin
  /// that the session's page (or frame) holds.
  ///
  /// Each such frame is a target of its own, run by another process,
  /// attached as it comes: `Target.attachedToTarget` names its session, on
  /// the same connection; the frame waits, before its document runs, until
  /// `Runtime.runIfWaitingForDebugger`. No other kind of target (a worker)
  /// is attached.
  struct SetAutoAttach: DevToolsCommand {
    static let method = "Target.setAutoAttach"
    var parameters: JSONValue {
      [
        "autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true,
        "filter": [["type": "iframe", "exclude": false]],
      ]
    }
  }

  /// `Target.closeTarget`: closes a page.
  struct CloseTarget: DevToolsCommand {
    static let method = "Target.closeTarget"
    var targetID: String
    var parameters: JSONValue { ["targetId": .string(targetID)] }
  }
}
