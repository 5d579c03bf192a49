#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// The environment variable that gives slow machines more time.
package enum TimeoutScale {
  /// The variable's name.
  static let variableName = "ASYNCWAIT_TIMEOUT_SCALE"

  /// The scale the environment sets: 1 when the variable is unset.
  static let environment: Result<Double, AsyncWaitError> = scale(
    fromEnvironmentValue: getenv(variableName).map { String(cString: $0) })

  /// The scale a value of the environment variable sets: 1 when it is
  /// unset or empty (CI systems often export empty variables), else
  /// ``parse(_:)``'s answer.
  ///
  /// - Parameter value: The variable's value, or `nil` when it is unset.
  /// - Returns: The scale, or the error that names the rejected text.
  package static func scale(fromEnvironmentValue value: String?) -> Result<Double, AsyncWaitError> {
    guard let value, !value.isEmpty else { return .success(1) }
    return parse(value)
  }

  /// Whether the scale applies to waits on `clock`.
  ///
  /// It does for a clock that measures real time (`ContinuousClock`,
  /// `SuspendingClock` or a ``RealTimeClock``), whose time runs as slowly as
  /// the machine; a virtual clock's does not.
  ///
  /// - Parameter clock: A wait's clock.
  /// - Returns: `true` when the clock measures real time.
  static func applies<C: Clock>(to clock: C) -> Bool {
    C.self == ContinuousClock.self || C.self == SuspendingClock.self || clock is any RealTimeClock
  }

  /// Parses the variable's text: a positive, finite decimal number.
  ///
  /// - Parameter text: The text, such as `3` or `1.5`.
  /// - Returns: The scale, or ``AsyncWaitError/invalidTimeoutScale``.
  package static func parse(_ text: String) -> Result<Double, AsyncWaitError> {
    let isDecimal =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1
    guard isDecimal, let scale = Double(text), scale.isFinite, scale > 0 else {
      return .failure(.invalidTimeoutScale(text))
    }
    return .success(scale)
  }

  /// The scale as it reads in a message: `3`, `1.5`.
  static func format(_ scale: Double) -> String {
    scale == scale.rounded() && scale.magnitude < 1e15 ? "\(Int64(scale))" : "\(scale)"
  }
}
