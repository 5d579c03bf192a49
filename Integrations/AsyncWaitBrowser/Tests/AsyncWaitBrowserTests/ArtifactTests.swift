import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// A failed wait on a page keeps a screenshot and the tree; a passing one keeps nothing.
///
/// This test target does not load AsyncWaitTesting, so no
/// test takes attachments: the files go to the artifacts directory.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ArtifactTests {
  /// This process's artifacts in the directory.
  func artifacts() -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Browser.artifactsDirectory)) ?? []
    return Set(names.filter { $0.hasPrefix("\(getpid())-") })
  }

  @Test func aFailedWaitKeepsAScreenshotAndTheTreeAndAPassingOneNothing() async throws {
    try await withAccountPage { page in
      let before = artifacts()
      try await page.descendants(labelled: "Email").require(.editable, timeout: patience)
      try await page.fill(page.descendants(labelled: "Email"), with: "ada@example.com", timeout: patience)
      #expect(artifacts() == before)

      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.buttons["Save"].require(.disabled, timeout: .zero)
      }

      let observation = try #require(error?.lastObservation)
      let last = try #require(observation.split(separator: "\n").last)
      let new = artifacts().subtracting(before).sorted()
      try #require(new.count == 2, "\(new)")
      let png = Browser.artifactsDirectory + "/" + (new.first { $0.hasSuffix(".png") } ?? "no png")
      let tree = Browser.artifactsDirectory + "/" + (new.first { $0.hasSuffix("-tree.txt") } ?? "no tree")
      defer { for path in [png, tree] { try? FileManager.default.removeItem(atPath: path) } }
      #expect(last == "artifacts: \(png), \(tree)")
      let image = try #require(FileManager.default.contents(atPath: png))
      #expect(Array(image.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let text = try #require(
        FileManager.default.contents(atPath: tree).map { String(decoding: $0, as: UTF8.self) })
      #expect(text.hasPrefix(#"query: page.descendants(matching: .button)["Save"]"#))
      #expect(text.contains(#"found: button "Save""#))
    }
  }

  @Test func anActionThatTimesOutKeepsThemToo() async throws {
    try await withAccountPage { page in
      let before = artifacts()
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.click(page.descendants(matching: .button, named: "Nowhere"), timeout: .zero)
      }
      let new = artifacts().subtracting(before)
      defer {
        for name in new {
          try? FileManager.default.removeItem(atPath: Browser.artifactsDirectory + "/" + name)
        }
      }
      #expect(new.count == 2)
      #expect(error?.lastObservation?.contains("\nartifacts: \(Browser.artifactsDirectory)/") == true)
    }
  }
}
