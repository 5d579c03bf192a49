/// Files a failing wait leaves next to its failure, such as a screenshot of
/// the page it waited on: attached to the running Swift Testing test.
///
/// For the package's integrations (the browser's screenshots).
package enum FailureAttachments {
  /// Attaches a file's contents to the running test, as Swift Testing's
  /// `Attachment.record` does, when `AsyncWaitTesting` is loaded and a
  /// Swift Testing test is running.
  ///
  /// - Parameters:
  ///   - contents: The file's bytes.
  ///   - name: The file's name, such as `page.png`.
  /// - Returns: Whether a test took the attachment; `false` under XCTest
  ///   (no attachments on Linux) and outside a test, where the caller keeps
  ///   the file itself.
  package static func attach(_ contents: [UInt8], named name: String) -> Bool {
    FailureRecording.attach(contents, named: name)
  }
}
