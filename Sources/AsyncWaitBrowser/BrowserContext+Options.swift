extension BrowserContext {
  /// What a context's pages are opened with: Playwright's context options.
  ///
  /// Every option left `nil` (or empty) keeps Chromium's own behaviour.
  public struct Options: Sendable, Hashable {
    /// The size of each page's viewport, in CSS pixels.
    public var viewport: Viewport?
    /// How many device pixels a CSS pixel covers: 2 for a Retina-like
    /// screen, in screenshots too.
    public var deviceScaleFactor: Double?
    /// The `User-Agent` header and `navigator.userAgent`.
    public var userAgent: String?
    /// The locale, such as `de-DE`: `navigator.language`, the
    /// `Accept-Language` header, and `Intl`'s number and date formats.
    public var locale: String?
    /// The time zone, an IANA identifier such as `Europe/Berlin`, for the
    /// page's `Date` and `Intl`.
    public var timeZone: String?
    /// What `prefers-color-scheme` matches.
    public var colorScheme: ColorScheme?
    /// Headers sent with every request of every page.
    public var extraHTTPHeaders: [String: String]
    /// Whether the pages start offline (``BrowserContext/setOffline(_:)``
    /// changes it).
    public var offline: Bool
    /// Permissions granted to every origin, by Playwright's names
    /// (`geolocation`, `notifications`, `clipboard-read`,
    /// `clipboard-write`, `camera`, `microphone`, `midi`, …) or
    /// Chromium's.
    public var permissions: [String]
    /// Cookies and local storage the context starts with, as
    /// ``BrowserContext/storageState()`` returns them or a file holds them
    /// (``StorageState/init(contentsOfFile:)``).
    public var storageState: StorageState?

    /// Makes the options.
    ///
    /// - Parameters:
    ///   - viewport: The size of each page's viewport.
    ///   - deviceScaleFactor: Device pixels per CSS pixel.
    ///   - userAgent: The user agent.
    ///   - locale: The locale, such as `de-DE`.
    ///   - timeZone: The IANA time zone, such as `Europe/Berlin`.
    ///   - colorScheme: What `prefers-color-scheme` matches.
    ///   - extraHTTPHeaders: Headers sent with every request.
    ///   - offline: Whether the pages start offline.
    ///   - permissions: Permissions granted to every origin.
    ///   - storageState: Cookies and local storage to start with.
    public init(
      viewport: Viewport? = nil,
      deviceScaleFactor: Double? = nil,
      userAgent: String? = nil,
      locale: String? = nil,
      timeZone: String? = nil,
      colorScheme: ColorScheme? = nil,
      extraHTTPHeaders: [String: String] = [:],
      offline: Bool = false,
      permissions: [String] = [],
      storageState: StorageState? = nil
    ) {
      self.viewport = viewport
      self.deviceScaleFactor = deviceScaleFactor
      self.userAgent = userAgent
      self.locale = locale
      self.timeZone = timeZone
      self.colorScheme = colorScheme
      self.extraHTTPHeaders = extraHTTPHeaders
      self.offline = offline
      self.permissions = permissions
      self.storageState = storageState
    }
  }

  /// The size of a page's viewport, in CSS pixels.
  public struct Viewport: Sendable, Hashable {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Makes a viewport size.
    ///
    /// - Parameters:
    ///   - width: The width, in CSS pixels.
    ///   - height: The height, in CSS pixels.
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// A value of the `prefers-color-scheme` media feature.
  public enum ColorScheme: String, Sendable, Hashable {
    /// `light`.
    case light
    /// `dark`.
    case dark
  }

  /// Chromium's name of a permission given by Playwright's name; any other
  /// name as it is.
  static func chromiumPermission(_ name: String) -> String {
    let names = [
      "geolocation": "geolocation", "midi": "midi", "midi-sysex": "midiSysex",
      "notifications": "notifications", "camera": "videoCapture", "microphone": "audioCapture",
      "background-sync": "backgroundSync", "ambient-light-sensor": "sensors", "accelerometer": "sensors",
      "gyroscope": "sensors", "magnetometer": "sensors", "clipboard-read": "clipboardReadWrite",
      "clipboard-write": "clipboardSanitizedWrite", "payment-handler": "paymentHandler",
      "storage-access": "storageAccess", "local-fonts": "localFonts",
    ]
    return names[name] ?? name
  }
}
