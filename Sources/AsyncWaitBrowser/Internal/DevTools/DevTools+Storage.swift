extension DevTools.Storage {
  /// `Storage.getCookies`: every cookie of a context.
  struct GetCookies: DevToolsCommand {
    static let method = "Storage.getCookies"
    var browserContextID: String
    var parameters: JSONValue { ["browserContextId": .string(browserContextID)] }
    /// The cookies, as the protocol's `Cookie`s.
    static func answer(from result: JSONValue) throws(BrowserError) -> [JSONValue] {
      try result.required("cookies", \.array, of: method)
    }
  }

  /// `Storage.setCookies`: adds cookies to a context.
  struct SetCookies: DevToolsCommand {
    static let method = "Storage.setCookies"
    /// The protocol's `CookieParam`s.
    var cookies: [JSONValue]
    var browserContextID: String
    var parameters: JSONValue { ["cookies": .array(cookies), "browserContextId": .string(browserContextID)] }
  }

  /// `Storage.clearCookies`: removes every cookie of a context.
  struct ClearCookies: DevToolsCommand {
    static let method = "Storage.clearCookies"
    var browserContextID: String
    var parameters: JSONValue { ["browserContextId": .string(browserContextID)] }
  }
}
