/// An error a probe throws when it could not read the state this time, and
/// may the next: a slow answer, a service that is busy.
///
/// Every wait treats a transient error as it does an error its
/// `retryingErrors:` names (``Wait/init(timeout:schedule:triggers:retryingErrors:onProbe:scalesTimeout:standstillLimit:clock:)``):
/// an eventually-style wait counts it as "not yet", probes again on its
/// schedule until its own deadline, and a timeout names the last one
/// (`last error: …`); a stable run starts again; a `never` or `always` hold
/// breaks, because a probe that saw nothing cannot count as the promise
/// kept. A tree that reads a web page
/// throws one when the page takes longer than the browser's command
/// timeout to answer, so that a slow page makes a slow wait, not a failed
/// one.
///
/// ```swift
/// struct BusyError: TransientError {
///   var isTransient: Bool { true }
/// }
/// ```
///
/// An error that is not transient ends the wait with that error, unless
/// the wait retries it.
public protocol TransientError: Error {
  /// Whether this error says the probe could not read the state this time
  /// only: `true` makes every wait retry it.
  var isTransient: Bool { get }
}

/// Whether every wait retries `error`: a ``TransientError`` that says so.
///
/// - Parameter error: What a probe threw.
/// - Returns: `true` for a transient error.
@usableFromInline
func isTransient(_ error: any Error) -> Bool {
  (error as? any TransientError)?.isTransient == true
}
