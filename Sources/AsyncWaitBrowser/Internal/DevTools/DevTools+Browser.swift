extension DevTools.Browser {
  /// `Browser.getVersion`: the browser's product and user agent.
  struct GetVersion: DevToolsCommand {
    static let method = "Browser.getVersion"
    var parameters: JSONValue { [:] }
    struct Answer: Sendable {
      /// Such as `HeadlessChrome/131.0.6778.85`.
      var product: String
      var userAgent: String
    }
    static func answer(from result: JSONValue) throws(BrowserError) -> Answer {
      Answer(
        product: try result.required("product", \.string, of: method),
        userAgent: try result.required("userAgent", \.string, of: method))
    }
  }

  /// `Browser.grantPermissions`: permissions for every origin of a context.
  struct GrantPermissions: DevToolsCommand {
    static let method = "Browser.grantPermissions"
    /// Chromium's names of the permissions (`PermissionType`).
    var permissions: [String]
    var browserContextID: String
    var parameters: JSONValue {
      [
        "permissions": .array(permissions.map(JSONValue.string)),
        "browserContextId": .string(browserContextID),
      ]
    }
  }

  /// `Browser.setDownloadBehavior`: downloads saved under their id in a
  /// directory, with their events.
  struct SetDownloadBehavior: DevToolsCommand {
    static let method = "Browser.setDownloadBehavior"
    var downloadPath: String
    /// The context; the default context when `nil`.
    var browserContextID: String?
    var parameters: JSONValue {
      .parameters([
        "behavior": "allowAndName", "downloadPath": .string(downloadPath), "eventsEnabled": true,
        "browserContextId": browserContextID.map(JSONValue.string),
      ])
    }
  }
}
