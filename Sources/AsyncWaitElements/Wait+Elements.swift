public import AsyncWait

extension Wait {
  /// The configuration an element wait runs: this one, with the timeout and
  /// the polling interval replaced when the call gives them, woken also by
  /// the element's triggers.
  ///
  /// - Parameters:
  ///   - element: The element waited on; its triggers are added.
  ///   - timeout: The timeout the call gave, or `nil` to keep this one's.
  ///   - pollingInterval: The interval the call gave, or `nil` to keep this
  ///     one's schedule.
  /// - Returns: The configuration to run.
  @inlinable
  package func configured(for element: some WaitableElement, timeout: Duration?, pollingInterval: Duration?)
    -> Wait
  {
    var copy = self
    if let timeout { copy.timeout = timeout }
    if let pollingInterval { copy.schedule = .fixed(pollingInterval) }
    let more = element.triggers
    if !more.isEmpty { copy.triggers += more }
    return copy
  }
}
