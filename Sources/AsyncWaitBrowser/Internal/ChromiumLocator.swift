#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the browser integration looks for Chromium, in order.
///
/// 1. The path given to ``Browser/launch(executablePath:arguments:commandTimeout:)``.
/// 2. The environment variable `ASYNCWAIT_CHROMIUM`.
/// 3. `chromium`, `chromium-browser`, `google-chrome-stable`, `google-chrome`
///    and `chrome` in each directory of `PATH`.
/// 4. The application bundles of Google Chrome and Chromium in `/Applications`.
///
/// A path given explicitly (1 or 2) must work: the search does not go on past
/// it, so that a typo is reported instead of silently running another browser.
enum ChromiumLocator {
  static let environmentVariable = "ASYNCWAIT_CHROMIUM"
  static let executableNames = [
    "chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome",
  ]
  static let applicationPaths = [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
  ]

  /// Finds Chromium.
  ///
  /// - Parameters:
  ///   - explicitPath: The path the caller gave, or `nil`.
  ///   - environment: The environment to read `ASYNCWAIT_CHROMIUM` and `PATH` from.
  ///   - isExecutable: Whether a path names an executable file.
  /// - Returns: The executable's path.
  /// - Throws: ``BrowserError/chromiumNotFound`` naming everything searched.
  static func locate(
    explicitPath: String?,
    environment: [String: String],
    isExecutable: (String) -> Bool = ChromiumLocator.isExecutableFile
  ) throws(BrowserError) -> String {
    if let explicitPath {
      guard isExecutable(explicitPath) else {
        throw .chromiumNotFound("the path given, \(explicitPath), is not an executable file")
      }
      return explicitPath
    }
    if let path = environment[environmentVariable], !path.isEmpty {
      guard isExecutable(path) else {
        throw .chromiumNotFound("\(environmentVariable) is \(path), which is not an executable file")
      }
      return path
    }
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    var searched: [String] = []
    for directory in directories {
      for name in executableNames {
        let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        searched.append(candidate)
        if isExecutable(candidate) { return candidate }
      }
    }
    for candidate in applicationPaths {
      searched.append(candidate)
      if isExecutable(candidate) { return candidate }
    }
    throw .chromiumNotFound(
      "\(environmentVariable) is not set, and none of \(executableNames.joined(separator: ", ")) is in PATH "
        + "(\(directories.isEmpty ? "empty" : directories.joined(separator: ":"))) or "
        + "\(applicationPaths.joined(separator: " or ")) exists; searched \(searched.count) paths. "
        + "Install Chromium (Debian: apt-get install chromium) or pass its path.")
  }

  /// Whether `path` is a regular file this process may execute.
  static func isExecutableFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
