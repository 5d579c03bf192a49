internal import AsyncWaitATSPILoader

/// A counted reference to an `AtspiAccessible`, released on the AT-SPI thread.
final class AccessibleHandle: @unchecked Sendable {
  // Safe to share: `pointer` is only dereferenced, and the reference it holds
  // only released, inside jobs on `ATSPIThread`, which runs them one at a time;
  // other threads only copy the handle, whose own reference count is atomic.
  /// The `AtspiAccessible`.
  let pointer: OpaquePointer

  /// Takes over a reference the caller owns.
  init(adopting pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    let address = UInt(bitPattern: pointer)
    ATSPIThread.shared.schedule { atspi in
      guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return }
      atspi.g_object_unref(raw)
    }
  }
}
