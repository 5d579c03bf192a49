public import AsyncWait

extension Wait {
  /// The configuration an element wait runs: this one, with the timeout
  /// replaced when the call gives one, woken also by the element's triggers.
  ///
  /// - Parameters:
  ///   - element: The element waited on; its triggers are added.
  ///   - timeout: The timeout the call gave, or `nil` to keep this one's.
  /// - Returns: The configuration to run.
  @inlinable
  func configured(for element: some WaitableElement, timeout: Duration?) -> Wait {
    var copy = self
    if let timeout { copy.timeout = timeout }
    let more = element.triggers
    if !more.isEmpty { copy.triggers += more }
    return copy
  }
}
