import CAtspi

/// A counted reference to an `AtspiAccessible`, released on the AT-SPI thread.
final class AccessibleHandle: @unchecked Sendable {
  // Safe to share: `pointer` is only dereferenced, and the reference it holds
  // only released, inside jobs on `ATSPIThread`, which runs them one at a time;
  // other threads only copy the handle, whose own reference count is atomic.
  let pointer: UnsafeMutablePointer<AtspiAccessible>

  /// Takes over a reference the caller owns.
  init(adopting pointer: UnsafeMutablePointer<AtspiAccessible>) {
    self.pointer = pointer
  }

  deinit {
    let address = UInt(bitPattern: pointer)
    ATSPIThread.shared.schedule {
      g_object_unref(UnsafeMutableRawPointer(bitPattern: address))
    }
  }
}

/// Calls into libatspi that turn its out-parameters into Swift values.
///
/// Each must run on the AT-SPI thread.
enum ATSPICall {
  /// Throws the error a call reported, freeing it.
  static func check(_ error: UnsafeMutablePointer<GError>?) throws {
    guard let error else { return }
    defer { g_error_free(error) }
    throw ATSPIError(error.pointee.message.map { String(cString: $0) } ?? "unknown error")
  }

  /// A string a call returned, freed after it is copied.
  static func string(
    _ call: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutablePointer<gchar>?
  ) throws -> String {
    var error: UnsafeMutablePointer<GError>?
    let result = call(&error)
    defer { g_free(result) }
    try check(error)
    return result.map { String(cString: $0) } ?? ""
  }

  /// The children of an accessible, each with a reference of its own.
  ///
  /// A child count below zero (libatspi's answer when it cannot tell) counts as none.
  static func children(of accessible: UnsafeMutablePointer<AtspiAccessible>) throws -> [AccessibleHandle] {
    var error: UnsafeMutablePointer<GError>?
    let count = atspi_accessible_get_child_count(accessible, &error)
    try check(error)
    var children: [AccessibleHandle] = []
    for index in 0..<max(count, 0) {
      var childError: UnsafeMutablePointer<GError>?
      let child = atspi_accessible_get_child_at_index(accessible, index, &childError)
      if let childError {
        g_error_free(childError)
        // A child that went away between the count and the read is skipped.
        continue
      }
      if let child { children.append(AccessibleHandle(adopting: child)) }
    }
    return children
  }
}
