public import AsyncWait

extension Wait {
  /// The configuration of an element wait's simple form, on a given clock.
  @inlinable
  static func simple(timeout: Duration?, pollingInterval: Duration?, clock: C) -> Wait {
    Wait(timeout: timeout, schedule: pollingInterval.map { .fixed($0) }, clock: clock)
  }

  /// This configuration, woken also by an element's triggers.
  @inlinable
  func waking(on element: some WaitableElement) -> Wait {
    let more = element.triggers
    return more.isEmpty ? self : adding(triggers: more)
  }
}
