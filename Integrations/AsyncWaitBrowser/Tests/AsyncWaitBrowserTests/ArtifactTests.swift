import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// A failed wait on a page keeps a screenshot and the tree; a passing one keeps nothing.
///
/// This test target does not load AsyncWaitTesting, so no test takes
/// attachments: the files go to the browser's artifacts directory, which
/// `withPage` makes for each test's browser.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ArtifactTests {
  /// The files in the page's browser's artifacts directory.
  func artifacts(of page: BrowserPage) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: page.artifactsDirectory)) ?? []
    return names.sorted()
  }

  @Test func aFailedWaitKeepsAScreenshotAndTheTreeAndAPassingOneNothing() async throws {
    try await withAccountPage { page in
      try await page.descendants(labelled: "Email").require(.editable, timeout: patience)
      try await page.fill(page.descendants(labelled: "Email"), with: "ada@example.com", timeout: patience)
      _ = await page.buttons["Save"].stateDescription
      #expect(artifacts(of: page).isEmpty)

      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.buttons["Save"].require(.disabled, timeout: .zero)
      }

      let directory = page.artifactsDirectory
      let png = "\(directory)/\(getpid())-page-\(try #require(pageNumber(in: error)))"
      #expect(
        artifacts(of: page)
          == [
            "\(getpid())-page-\(try #require(pageNumber(in: error)))-tree.txt",
            "\(getpid())-page-\(try #require(pageNumber(in: error))).png",
          ].sorted())
      let observation = try #require(error?.lastObservation)
      #expect(observation.split(separator: "\n").last == "artifacts: \(png).png, \(png)-tree.txt")
      let image = try #require(FileManager.default.contents(atPath: png + ".png"))
      #expect(Array(image.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let text = try #require(
        FileManager.default.contents(atPath: png + "-tree.txt").map { String(decoding: $0, as: UTF8.self) })
      #expect(text.hasPrefix(#"query: page.buttons["Save"]"#))
      #expect(text.contains(#"found: button "Save""#))
    }
  }

  /// The message's dump stops at a few dozen lines; the file has the whole
  /// page, and the screenshot its whole height, not the viewport's.
  @Test func theKeptTreeIsWholeAndTheScreenshotIsThePagesFullHeight() async throws {
    try await withAccountPage { page in
      _ = try await page.evaluate(
        """
        const tall = document.createElement("div"); tall.style.height = "3000px"; document.body.append(tall);
        for (let index = 0; index < 60; index += 1) {
          const line = document.createElement("p"); line.textContent = `Line ${index}`; document.body.append(line);
        }
        const last = document.createElement("button"); last.textContent = "The very last"; document.body.append(last); 1
        """)
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.buttons["Save"].require(.disabled, timeout: .zero)
      }

      let base = "\(page.artifactsDirectory)/\(getpid())-page-\(try #require(pageNumber(in: error)))"
      let text = try #require(
        FileManager.default.contents(atPath: base + "-tree.txt").map { String(decoding: $0, as: UTF8.self) })
      let image = try #require(FileManager.default.contents(atPath: base + ".png"))
      // A PNG's height is bytes 20–23 of its header, big-endian.
      let height = image.dropFirst(20).prefix(4).reduce(0) { $0 << 8 | Int($1) }
      #expect(error?.lastObservation?.contains("The very last") == false)
      #expect(text.contains(#"button "The very last""#))
      #expect(height > 3000)
    }
  }

  @Test func anActionThatTimesOutKeepsThemToo() async throws {
    try await withAccountPage { page in
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.click(page.descendants(matching: .button, named: "Nowhere"), timeout: .zero)
      }
      #expect(artifacts(of: page).count == 2)
      #expect(error?.lastObservation?.contains("\nartifacts: \(page.artifactsDirectory)/") == true)
    }
  }

  /// The number in `page-N.png` that the failure names.
  func pageNumber(in error: WaitTimeoutError?) -> Int? {
    guard let observation = error?.lastObservation, let range = observation.range(of: "-page-") else {
      return nil
    }
    return Int(observation[range.upperBound...].prefix { $0.isNumber })
  }
}
