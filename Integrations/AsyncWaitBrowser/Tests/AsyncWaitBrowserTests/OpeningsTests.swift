import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// What a page opens beyond itself (`BrowserPage+Popups.swift`,
/// `BrowserPage+Files.swift`) and its pictures
/// (`BrowserPage+Screenshots.swift`), on the network page.
///
/// Each wait is woken by its event; each test of a popup, a download or a
/// file has a twin in Playwright (`Playwright/network.py`).
@Suite(.timeLimit(.minutes(2)))
struct OpeningsTests {
  /// The page's status line.
  func status(of page: BrowserPage) -> TreeElement<BrowserNode> {
    page.descendants(identifiedBy: "status").element
  }

  @Test func aLinkToANewTabOpensAPopupReturnedLoaded() async throws {
    try await withPage("/network") { page in
      let popup = try await page.waitForPopup(timeout: patience) {
        try await page.click(page.descendants(matching: "link", named: "Help"), timeout: patience)
      }
      #expect(try await popup.url == site.url("/other"))
      // Ready to use: loaded, its changes reported, in the page's context.
      try await popup.root.requireExistence(timeout: .zero)
      #expect(popup.context === page.context)
      #expect(page.context?.pages.contains { $0 === popup } == true)
      try await popup.close()
    }
  }

  @Test func windowOpenOpensAPopupToo() async throws {
    try await withPage("/network") { page in
      let popup = try await page.waitForPopup(timeout: patience) {
        try await page.click(page.buttons["Open window"], timeout: patience)
      }
      #expect(try await popup.url == site.url("/other"))
      try await popup.waitForLoadState(.load, timeout: .zero)
    }
  }

  @Test func theContextsPageWaitTakesAPopupOfAnyOfItsPagesOrANewPage() async throws {
    let context = try await Browser.shared.newContext()
    let page = try await context.newPage(url: site.url("/network"), timeout: patience)
    let help = try await context.waitForPage(timeout: patience) {
      try await page.click(page.descendants(matching: "link", named: "Help"), timeout: patience)
    }
    #expect(try await help.url == site.url("/other"))
    #expect(context.pages.contains { $0 === help })
    var opened: BrowserPage?
    let blank = try await context.waitForPage(timeout: patience) {
      opened = try await context.newPage()
    }
    #expect(blank === opened)
    let error = try await #require(throws: WaitTimeoutError.self) {
      try await context.waitForPage(timeout: .milliseconds(300)) {}
    }
    #expect(error.lastObservation == "no page opened in the context after the wait began")
    try await context.close()
  }

  @Test func aPopupWaitTimesOutNamingWhatItSaw() async throws {
    try await withPage("/network") { page in
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.waitForPopup(timeout: .milliseconds(300)) {}
      }
      #expect(error.description.contains(#"waiting for "a popup to open""#))
      #expect(error.lastObservation == "the page opened no popup after the wait began")
    }
  }

  @Test func aDownloadIsSavedUnderTheArtifactsDirectory() async throws {
    try await withPage("/network") { page in
      let download = try await page.waitForDownload(timeout: patience) {
        try await page.click(page.descendants(matching: "link", named: "Export"), timeout: patience)
      }
      #expect(download.suggestedFilename == "items.csv")
      #expect(download.url == site.url("/download/items.csv"))
      #expect(download.failure == nil)
      #expect(download.path.hasPrefix(page.artifactsDirectory + "/downloads/"))
      #expect(String(decoding: try download.contents(), as: UTF8.self) == "name\nMilk\nEggs\n")
      let copy = page.artifactsDirectory + "/saved/items.csv"
      try download.save(toFile: copy)
      #expect(FileManager.default.contents(atPath: copy) == (try download.contents()))
    }
  }

  @Test func aContextRemovesItsDownloadsAsItCloses() async throws {
    let context = try await Browser.shared.newContext()
    let page = try await context.newPage(url: site.url("/network"), timeout: patience)
    let download = try await page.waitForDownload(timeout: patience) {
      try await page.click(page.descendants(matching: "link", named: "Export"), timeout: patience)
    }
    #expect(FileManager.default.fileExists(atPath: download.path))
    try await context.close()
    #expect(!FileManager.default.fileExists(atPath: download.path))
  }

  @Test func aDownloadANewTabBeginsIsTheOpenersOwn() async throws {
    try await withPage("/network") { page in
      let download = try await page.waitForDownload(timeout: patience) {
        try await page.click(page.descendants(matching: "link", named: "Export in a tab"), timeout: patience)
      }
      #expect(download.suggestedFilename == "items.csv")
      #expect(String(decoding: try download.contents(), as: UTF8.self) == "name\nMilk\nEggs\n")
    }
  }

  @Test func aLinkWithADownloadAttributeDownloadsItsData() async throws {
    try await withPage("/network") { page in
      let download = try await page.waitForDownload(timeout: patience) {
        try await page.click(page.descendants(matching: "link", named: "Save note"), timeout: patience)
      }
      #expect(download.suggestedFilename == "note.txt")
      #expect(String(decoding: try download.contents(), as: UTF8.self) == "Milk")
    }
  }

  @Test func filesMadeInMemoryReachTheInputWithTheirNamesAndTypes() async throws {
    try await withPage("/network") { page in
      let files = [
        FilePayload(name: "a.txt", mimeType: "text/plain", contents: Data("Milk".utf8)),
        FilePayload(name: "b.csv", mimeType: "text/csv", contents: Data("Eggs".utf8)),
      ]
      let input = page.descendants(identifiedBy: "attachments").element
      try await page.setInputFiles(files, on: input, timeout: patience)
      try await status(of: page).require(
        .text("files: a.txt (text/plain, Milk), b.csv (text/csv, Eggs)"), timeout: patience)
    }
  }

  @Test func anInputOfOneFileRefusesTwo() async throws {
    try await withPage("/network") { page in
      let two = [
        FilePayload(name: "a.txt", contents: Data("a".utf8)),
        FilePayload(name: "b.txt", contents: Data("b".utf8)),
      ]
      let resume = page.descendants(identifiedBy: "resume").element
      let error = try await #require(throws: BrowserError.commandFailed) {
        try await page.setInputFiles(two, on: resume, timeout: patience)
      }
      #expect(error.detail.contains("the input takes one file, and 2 were given"))
    }
  }

  @Test func theFileChooserAButtonOpensTakesFiles() async throws {
    try await withPage("/network") { page in
      let chooser = try await page.waitForFileChooser(timeout: patience) {
        try await page.click(page.buttons["Choose avatar"], timeout: patience)
      }
      #expect(!chooser.isMultiple)
      try await chooser.setFiles([
        FilePayload(name: "me.png", mimeType: "image/png", contents: Data("png".utf8))
      ])
      try await status(of: page).require(.text("files: me.png (image/png, png)"), timeout: patience)

      // From a file on disk, through the same chooser opened again.
      let path = page.artifactsDirectory + "/upload/notes.txt"
      try FileManager.default.createDirectory(
        atPath: page.artifactsDirectory + "/upload", withIntermediateDirectories: true)
      try Data("Eggs".utf8).write(to: URL(fileURLWithPath: path))
      let again = try await page.waitForFileChooser(timeout: patience) {
        try await page.click(page.buttons["Choose avatar"], timeout: patience)
      }
      await #expect(throws: BrowserError.invalidArgument) { try await again.setFiles([path, path]) }
      try await again.setFiles([path])
      try await status(of: page).require(.text("files: notes.txt (text/plain, Eggs)"), timeout: patience)
    }
  }

  @Test func aChooserNoWaitTakesNeverBlocksThePage() async throws {
    try await withPage("/network") { page in
      _ = try await page.waitForFileChooser(timeout: patience) {
        try await page.click(page.buttons["Choose avatar"], timeout: patience)
      }
      // Opened again with no wait for it: the page goes on.
      try await page.click(page.buttons["Choose avatar"], timeout: patience)
      try await page.click(page.buttons["Load items"], timeout: patience)
      try await status(of: page).require(.text("loaded 2"), timeout: patience)
    }
  }

  @Test func screenshotsOfTheViewportThePageAndAnElementArePNGs() async throws {
    try await withPage("/network") { page in
      let viewport = try await page.screenshot()
      let full = try await page.screenshot(fullPage: true)
      let button = try await page.screenshot(of: page.buttons["Save"], timeout: patience)
      for image in [viewport, full, button] {
        #expect(image.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      }
      // Attached to this test, as the docs show.
      Attachment.record(button, named: "save-button.png")
      // A button's picture is as wide as its box, to whole pixels (the
      // PNG's width, bytes 16–19).
      let width = button[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let box = try #require(try await page.buttons["Save"].snapshot()?.box)
      #expect(abs(Double(width) - box.width) <= 2)
      let path = page.artifactsDirectory + "/shots/page.png"
      try await page.screenshot(fullPage: true, toFile: path)
      #expect(FileManager.default.contents(atPath: path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
  }

  @Test func aScreenshotOfAnElementThatIsNotThereTimesOutLeadingWithWhy() async throws {
    try await withPage("/network") { page in
      let error = try await #require(throws: WaitTimeoutError.self) {
        try await page.screenshot(of: page.buttons["Missing"], timeout: .milliseconds(200))
      }
      #expect(error.description.hasPrefix(#"page.buttons["Missing"] does not exist"#))
    }
  }

  @Test func aMainActorStepRunsOnTheMainActor() async throws {
    try await withPage("/network") { page in
      try await Self.openThePopupOnTheMainActor(on: page)
    }
  }

  @MainActor
  static func openThePopupOnTheMainActor(on page: BrowserPage) async throws {
    let popup = try await page.waitForPopup(timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.descendants(matching: "link", named: "Help"), timeout: patience)
    }
    let download = try await page.waitForDownload(timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.descendants(matching: "link", named: "Export"), timeout: patience)
    }
    let chooser = try await page.waitForFileChooser(timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Choose avatar"], timeout: patience)
    }
    let request = try await page.waitForRequest("**/api/items", timeout: patience) {
      MainActor.assertIsolated()
      try await page.click(page.buttons["Load items"], timeout: patience)
    }
    #expect(try await popup.url.hasSuffix("/other"))
    #expect(download.suggestedFilename == "items.csv")
    #expect(!chooser.isMultiple)
    #expect(request.method == "GET")
  }
}
