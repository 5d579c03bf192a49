#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// When a wait that succeeded warns that it came close to its timeout.
///
/// A timeout that passes on a fast machine and fails on a slow one is the
/// commonest flaky wait in CI, and a wait that passes after using most of
/// its timeout is its early sign. A throwing eventually-style wait whose
/// condition held only after more than a fraction of its timeout (scaled
/// by `ASYNCWAIT_TIMEOUT_SCALE`, as the timeout is) records a warning at its
/// line in the running test: in Swift Testing an issue of warning severity,
/// which does not fail the test; in XCTest a line on standard error in the
/// compiler's `file:line: warning:` form. It names the wait, the time it
/// took, its timeout and its probes:
///
/// ```
/// InboxTests.swift:12:5: warning: requireEventually("the inbox loads")
///   succeeded after 820 ms of its 1 s timeout (82 %, 9 probes); on a
///   slower machine it may time out
/// ```
///
/// The fraction is 75 % unless a scope sets another:
/// `withWaitDefaults(nearTimeoutWarning:)`, the `.waitDefaults` trait, an
/// XCTest class's `WaitDefaultsProviding` defaults, or the environment
/// variable `ASYNCWAIT_NEAR_TIMEOUT_WARNING` (a decimal fraction such as
/// `0.9`, or `off`), which a scope's setting beats. ``off`` turns it off.
///
/// Holds never warn: `requireNever`, `requireAlways`, a stable-for wait and
/// a not-before wait last their window, or their minimum, by design. Neither does a wait its first probe
/// decided (it returns without reading the clock again), nor a wait outside
/// a running test or without `AsyncWaitTesting`.
public struct NearTimeoutWarning: Hashable, Sendable, CustomStringConvertible {
  /// The fraction of the timeout after which a wait warns; `nil` when off.
  public let fraction: Double?

  private init(fraction: Double?) {
    self.fraction = fraction
  }

  /// Warns when a wait succeeds after more than `fraction` of its timeout.
  ///
  /// - Parameter fraction: A number above 0 and at most 1, such as `0.75`;
  ///   another makes every wait throw
  ///   ``AsyncWaitError/invalidNearTimeoutWarning``.
  /// - Returns: The setting.
  public static func after(_ fraction: Double) -> NearTimeoutWarning {
    NearTimeoutWarning(fraction: fraction)
  }

  /// Never warns.
  public static let off = NearTimeoutWarning(fraction: nil)

  /// The package's default: warns after 75 % of the timeout.
  public static let standard = NearTimeoutWarning.after(0.75)

  /// The setting as it reads in code: `.after(0.75)` or `.off`.
  public var description: String { fraction.map { ".after(\($0))" } ?? ".off" }

  /// Whether the fraction is one a wait accepts: off, or above 0 and at
  /// most 1.
  var isValid: Bool { fraction.map { $0.isFinite && $0 > 0 && $0 <= 1 } ?? true }

  /// The time after which a wait of `timeout` warns, or `nil` when off.
  ///
  /// - Parameter timeout: The wait's timeout, scaled.
  /// - Returns: The threshold.
  func threshold(of timeout: Duration) -> Duration? {
    fraction.map { timeout.scaled(by: $0, atMost: timeout) }
  }

  /// The environment variable that sets the package's default.
  static let variableName = "ASYNCWAIT_NEAR_TIMEOUT_WARNING"

  /// The setting the environment gives: ``standard`` when the variable is
  /// unset or empty.
  static let environment: Result<NearTimeoutWarning, AsyncWaitError> = parse(
    environmentValue: getenv(variableName).map { String(cString: $0) })

  /// The setting a value of the environment variable gives.
  ///
  /// - Parameter value: The variable's value, or `nil` when unset.
  /// - Returns: ``standard`` for unset or empty, ``off`` for `off` in any
  ///   case, the fraction of a decimal above 0 and at most 1; else the
  ///   error that names the text.
  package static func parse(environmentValue value: String?) -> Result<NearTimeoutWarning, AsyncWaitError> {
    guard let value, !value.isEmpty else { return .success(.standard) }
    if value.lowercased() == "off" { return .success(.off) }
    let isDecimal =
      value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && value.filter { $0 == "." }.count <= 1
    guard isDecimal, let fraction = Double(value), NearTimeoutWarning.after(fraction).isValid else {
      return .failure(.invalidNearTimeoutWarning(value))
    }
    return .success(.after(fraction))
  }
}
