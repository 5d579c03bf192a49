internal import AsyncWaitATSPILoader

/// Loading the functions of libatspi and GLib, and calls into them that turn
/// their out-parameters into Swift values.
///
/// `ATSPIFunctions` is AsyncWaitATSPILoader's table of the C functions the
/// integration calls, each the address of the library's own. The integration
/// links none of those libraries, so that it builds where they are not
/// installed (macOS, a Linux machine without libatspi's development files);
/// it opens them at run time instead, when ``ATSPIThread`` is first used.
extension ATSPIFunctions {
  /// Opens libatspi, GObject and GLib and looks up the functions.
  ///
  /// The loader does the work once per process; a later call returns the
  /// same outcome.
  ///
  /// - Returns: The functions, or an ``ATSPIError`` that names the library
  ///   that could not be opened, or the function it lacks.
  static func load() -> Result<ATSPIFunctions, ATSPIError> {
    var message: UnsafePointer<CChar>?
    guard let functions = asyncwait_atspi_load(&message) else {
      return .failure(ATSPIError(message.map { String(cString: $0) } ?? "libatspi could not be loaded"))
    }
    return .success(functions.pointee)
  }

  // The calls below must run on the AT-SPI thread, as every call into libatspi must.

  /// Throws the error a call reported, freeing it.
  ///
  /// - Parameter error: The error the call set, if any.
  /// - Throws: ``ATSPIError`` with the error's message, transient for a
  ///   call that timed out.
  func check(_ error: UnsafeMutablePointer<GError>?) throws {
    guard let error else { return }
    defer { g_error_free(error) }
    throw ATSPIError.reported(error.pointee.message.map { String(cString: $0) } ?? "unknown error")
  }

  /// A string a call returned, freed after it is copied.
  ///
  /// - Parameter call: The call, given where to put its error.
  /// - Returns: The string; empty when the call returned none.
  /// - Throws: ``ATSPIError`` when the call reported an error.
  func string(
    _ call: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<CChar>?
  ) throws -> String {
    var error: UnsafeMutablePointer<GError>?
    let result = call(&error)
    defer { g_free(result) }
    try check(error)
    return result.map { String(cString: $0) } ?? ""
  }

  /// The children of an accessible, each with a reference of its own.
  ///
  /// A child count below zero (libatspi's answer when it cannot tell) counts
  /// as none, and a child that went away between the count and its read is
  /// skipped.
  ///
  /// - Parameter accessible: The accessible.
  /// - Returns: Its children, in order.
  /// - Throws: ``ATSPIError`` when the children cannot be counted.
  func children(of accessible: OpaquePointer) throws -> [AccessibleHandle] {
    var error: UnsafeMutablePointer<GError>?
    let count = atspi_accessible_get_child_count(accessible, &error)
    try check(error)
    var children: [AccessibleHandle] = []
    for index in 0..<max(count, 0) {
      var childError: UnsafeMutablePointer<GError>?
      let child = atspi_accessible_get_child_at_index(accessible, index, &childError)
      if let childError {
        g_error_free(childError)
        continue
      }
      if let child { children.append(AccessibleHandle(adopting: child)) }
    }
    return children
  }
}
