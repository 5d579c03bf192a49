extension DevTools.Emulation {
  /// `Emulation.setDeviceMetricsOverride`: the viewport's size and scale.
  struct SetDeviceMetricsOverride: DevToolsCommand {
    static let method = "Emulation.setDeviceMetricsOverride"
    /// 0 keeps the window's.
    var width: Int
    var height: Int
    /// 0 keeps the screen's.
    var deviceScaleFactor: Double
    var parameters: JSONValue {
      [
        "width": .integer(width), "height": .integer(height), "deviceScaleFactor": .number(deviceScaleFactor),
        "mobile": false,
      ]
    }
  }

  /// `Emulation.setUserAgentOverride`: the user agent, and the languages
  /// requests accept.
  struct SetUserAgentOverride: DevToolsCommand {
    static let method = "Emulation.setUserAgentOverride"
    var userAgent: String
    var acceptLanguage: String?
    var parameters: JSONValue {
      .parameters(["userAgent": .string(userAgent), "acceptLanguage": acceptLanguage.map(JSONValue.string)])
    }
  }

  /// `Emulation.setLocaleOverride`: the locale scripts see.
  struct SetLocaleOverride: DevToolsCommand {
    static let method = "Emulation.setLocaleOverride"
    var locale: String
    var parameters: JSONValue { ["locale": .string(locale)] }
  }

  /// `Emulation.setTimezoneOverride`: the time zone scripts see.
  struct SetTimezoneOverride: DevToolsCommand {
    static let method = "Emulation.setTimezoneOverride"
    /// An IANA name, such as `Europe/Paris`.
    var timezoneID: String
    var parameters: JSONValue { ["timezoneId": .string(timezoneID)] }
  }

  /// `Emulation.setEmulatedMedia`: the value of one media feature.
  struct SetEmulatedMedia: DevToolsCommand {
    static let method = "Emulation.setEmulatedMedia"
    /// Such as `prefers-color-scheme`.
    var feature: String
    var value: String
    var parameters: JSONValue { ["features": [["name": .string(feature), "value": .string(value)]]] }
  }
}
