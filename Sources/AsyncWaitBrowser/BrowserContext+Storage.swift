import Foundation

extension BrowserContext {
  /// A cookie of a context, in the fields Playwright's cookies have.
  public struct Cookie: Codable, Sendable, Hashable {
    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The host it is sent to; with a leading `.`, its subdomains too.
    public var domain: String
    /// The path it is sent under.
    public var path: String
    /// When it expires, in seconds since 1970; -1 for a session cookie.
    public var expires: Double
    /// Whether scripts cannot read it.
    public var httpOnly: Bool
    /// Whether it is sent over HTTPS only.
    public var secure: Bool
    /// Its `SameSite` attribute, `nil` when it has none.
    public var sameSite: SameSite?

    /// A cookie's `SameSite` attribute.
    public enum SameSite: String, Codable, Sendable, Hashable {
      /// `Strict`.
      case strict = "Strict"
      /// `Lax`.
      case lax = "Lax"
      /// `None`.
      case none = "None"
    }

    /// Makes a cookie for a domain and path.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    ///   - domain: The host; with a leading `.`, its subdomains too.
    ///   - path: The path; `/` by default.
    ///   - expires: Seconds since 1970; -1, the default, for a session cookie.
    ///   - httpOnly: Whether scripts cannot read it.
    ///   - secure: Whether it is sent over HTTPS only.
    ///   - sameSite: Its `SameSite` attribute.
    public init(
      name: String, value: String, domain: String, path: String = "/", expires: Double = -1,
      httpOnly: Bool = false, secure: Bool = false, sameSite: SameSite? = nil
    ) {
      self.name = name
      self.value = value
      self.domain = domain
      self.path = path
      self.expires = expires
      self.httpOnly = httpOnly
      self.secure = secure
      self.sameSite = sameSite
    }

    /// Makes a cookie for the host of `url`, as a server there would set
    /// it: for its host alone, under `/`, secure when the address is
    /// `https`.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    ///   - url: An address of the host, such as `http://127.0.0.1:8080/`.
    /// - Throws: ``BrowserError/invalidArgument`` when `url` has no host.
    public init(name: String, value: String, url: String) throws {
      guard let address = URL(string: url), let host = address.host, !host.isEmpty else {
        throw BrowserError.invalidArgument("a cookie's address \"\(url)\" has no host")
      }
      self.init(name: name, value: value, domain: host, secure: address.scheme == "https")
    }

    /// A cookie from Chromium's answer; `nil` when a field is missing.
    init?(devTools cookie: JSONValue) {
      guard let name = cookie["name"]?.string, let value = cookie["value"]?.string,
        let domain = cookie["domain"]?.string, let path = cookie["path"]?.string
      else { return nil }
      let session = cookie["session"]?.bool ?? false
      self.init(
        name: name, value: value, domain: domain, path: path,
        expires: session ? -1 : (cookie["expires"]?.double ?? -1),
        httpOnly: cookie["httpOnly"]?.bool ?? false, secure: cookie["secure"]?.bool ?? false,
        sameSite: cookie["sameSite"]?.string.flatMap(SameSite.init(rawValue:)))
    }

    /// The cookie as `Storage.setCookies` takes it.
    var devTools: JSONValue {
      var fields: [String: JSONValue] = [
        "name": .string(name), "value": .string(value), "domain": .string(domain), "path": .string(path),
        "httpOnly": .bool(httpOnly), "secure": .bool(secure),
      ]
      if expires >= 0 { fields["expires"] = .number(expires) }
      if let sameSite { fields["sameSite"] = .string(sameSite.rawValue) }
      return .object(fields)
    }

    /// Whether a request to `url` would carry the cookie.
    func isSent(to url: URL) -> Bool {
      guard let host = url.host?.lowercased() else { return false }
      let domain = domain.lowercased()
      let hostMatches =
        domain.hasPrefix(".")
        ? host == domain.dropFirst() || host.hasSuffix(domain) : host == domain
      let requestPath = url.path.isEmpty ? "/" : url.path
      // RFC 6265's path match: the same path, or one below it.
      let below = path.hasSuffix("/") || requestPath.dropFirst(path.count).hasPrefix("/")
      let pathMatches = requestPath == path || (requestPath.hasPrefix(path) && below)
      return hostMatches && pathMatches && (!secure || url.scheme == "https")
    }
  }

  /// A context's cookies and its origins' local storage: what a logged-in
  /// state is made of.
  ///
  /// It is kept to start later contexts with. Written to and read from a
  /// file, it is the JSON of Playwright's `storageState`, so that either
  /// can read the other's.
  ///
  /// ```swift
  /// let login = try await browser.newContext()
  /// // … log in on a page of `login` …
  /// try await login.storageState().write(toFile: statePath)
  ///
  /// let context = try await browser.newContext(
  ///   storageState: try BrowserContext.StorageState(contentsOfFile: statePath))
  /// ```
  public struct StorageState: Codable, Sendable, Hashable {
    /// The cookies.
    public var cookies: [Cookie]
    /// Each origin's local storage.
    public var origins: [Origin]

    /// One origin's local storage.
    public struct Origin: Codable, Sendable, Hashable {
      /// The origin, such as `http://127.0.0.1:8080`.
      public var origin: String
      /// Its items, in the order they were read.
      public var localStorage: [Item]

      /// Makes an origin's storage.
      ///
      /// - Parameters:
      ///   - origin: The origin, such as `http://127.0.0.1:8080`.
      ///   - localStorage: Its items.
      public init(origin: String, localStorage: [Item]) {
        self.origin = origin
        self.localStorage = localStorage
      }
    }

    /// An item of local storage.
    public struct Item: Codable, Sendable, Hashable {
      /// The key.
      public var name: String
      /// The value.
      public var value: String

      /// Makes an item.
      ///
      /// - Parameters:
      ///   - name: The key.
      ///   - value: The value.
      public init(name: String, value: String) {
        self.name = name
        self.value = value
      }
    }

    /// Makes a state.
    ///
    /// - Parameters:
    ///   - cookies: The cookies.
    ///   - origins: Each origin's local storage.
    public init(cookies: [Cookie] = [], origins: [Origin] = []) {
      self.cookies = cookies
      self.origins = origins
    }

    /// Reads a state from a file that ``write(toFile:)`` or Playwright's
    /// `storageState({ path })` wrote.
    ///
    /// - Parameter path: The file's path.
    /// - Throws: ``BrowserError/invalidArgument`` when the file cannot be
    ///   read or is not a storage state, saying which and why.
    public init(contentsOfFile path: String) throws {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw BrowserError.invalidArgument(
          "the storage state \(path) cannot be read: \(error.localizedDescription)")
      }
      do {
        self = try JSONDecoder().decode(StorageState.self, from: data)
      } catch {
        throw BrowserError.invalidArgument("\(path) is not a storage state: \(error)")
      }
    }

    /// Writes the state to a file as JSON, replacing the file.
    ///
    /// - Parameter path: The file's path; its directory must exist.
    /// - Throws: The error of the write.
    public func write(toFile path: String) throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
  }
}
