import AsyncWait
import BrowserFixtures
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// A browser another process started, reached over its DevTools WebSocket
/// (`Browser.connect(to:)`), works as a launched one; the bridge's frames
/// are RFC 6455's.
@Suite(.timeLimit(.minutes(2)))
struct RemoteBrowserTests {
  /// Chromium with a DevTools port on the loopback address, started by the
  /// package's own web server fixture, which stops it.
  static func remoteChromium() async throws -> (server: WebServer, webSocket: String, profile: String) {
    let chromium = try #require(
      try await Browser.launch().executablePath, "a launched browser knows its executable")
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID())").path
    let sandbox = geteuid() == 0 ? " --no-sandbox" : ""
    let server = try await WebServer.start(
      "exec '\(chromium)' --headless --remote-debugging-port=0 --remote-debugging-address=127.0.0.1"
        + " --user-data-dir='\(profile)' --no-first-run --disable-gpu --disable-dev-shm-usage"
        + " --disable-back-forward-cache\(sandbox) about:blank",
      readyWhen: .prints(/DevTools listening on (ws:\/\/\S+)/), timeout: patience)
    return (server, try #require(server.url), profile)
  }

  @Test func aConnectedBrowserRunsPagesContextsWaitsAndActions() async throws {
    let (server, webSocket, profile) = try await Self.remoteChromium()
    defer { try? FileManager.default.removeItem(atPath: profile) }
    let browser = try await Browser.connect(to: webSocket)
    #expect(browser.processIdentifier == nil)
    #expect(browser.executablePath == nil)
    #expect(try await browser.version.contains("Chrome/"))
    let context = try await browser.newContext(locale: "de-DE")
    let page = try await context.newPage(url: site.url("/"), timeout: patience)
    try await page.click(page.buttons["add-item"], timeout: patience)
    try await page.type("Milk", into: page.sheets["add-dialog"].textFields["name"], timeout: patience)
    try await page.click(page.sheets["add-dialog"].buttons["confirm"], timeout: patience)
    try await page.lists["items"].cells.staticTexts["Milk"].requireExistence(timeout: patience)
    #expect(try await page.evaluate("navigator.language", as: String.self) == "de-DE")
    try await context.close()
    browser.close()
    #expect(!browser.isConnected)

    // Closing the connection leaves the browser running: its HTTP endpoint
    // answers, and names the same WebSocket.
    let port = try #require(webSocket.firstMatch(of: /127\.0\.0\.1:(\d+)\//)?.1)
    let again = try await Browser.connect(to: "http://127.0.0.1:\(port)")
    let other = try await again.newPage(url: site.url("/other"), timeout: patience)
    #expect(try await other.evaluate("location.pathname", as: String.self) == "/other")
    again.close()
    await server.stop()
  }

  @Test func anEndpointThatIsNotABrowserSaysWhy() async throws {
    let port = try LoopbackServer.unusedPort()
    await #expect {
      _ = try await Browser.connect(to: "ws://127.0.0.1:\(port)/devtools/browser/x")
    } throws: { error in
      (error as? BrowserError) == .launchFailed && "\(error)".contains("could not be reached")
    }
    await #expect {
      _ = try await Browser.connect(to: "wss://127.0.0.1:\(port)/devtools/browser/x")
    } throws: { error in
      (error as? BrowserError) == .invalidArgument && "\(error)".contains("wss:// is not supported")
    }
    // A web server that is not a browser: no /json/version.
    await #expect {
      _ = try await Browser.connect(to: site.url(""))
    } throws: { error in
      (error as? BrowserError) == .launchFailed && "\(error)".contains("gave no webSocketDebuggerUrl")
    }
    // A web server's page is no WebSocket.
    await #expect {
      _ = try await Browser.connect(to: site.url("/").replacingOccurrences(of: "http://", with: "ws://"))
    } throws: { error in
      (error as? BrowserError) == .launchFailed && "\(error)".contains("refused the WebSocket handshake")
    }
  }

  @Test(arguments: [0, 5, 125, 126, 65_535, 65_536, 200_000])
  func aFrameReadsBackAsItWasMade(size: Int) throws {
    let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let frame = WebSocketBridge.frame(payload, opcode: 0x1)
    // A client's frame is masked: its bytes are not the payload's.
    #expect(frame[1] & 0x80 != 0)
    let (opcode, isFinal, read, length) = try #require(WebSocketBridge.parseFrame(frame + [0x81, 0]))
    #expect(opcode == 0x1)
    #expect(isFinal)
    #expect(read == payload)
    #expect(length == frame.count)
    // Cut anywhere, it is not yet a frame.
    for cut in [1, 2, frame.count / 2, frame.count - 1] where cut < frame.count {
      #expect(WebSocketBridge.parseFrame(Array(frame.prefix(cut))) == nil)
    }
  }

  @Test func aServersUnmaskedFrameIsRead() throws {
    // As a server sends "Hello" (RFC 6455, 5.7), then a fragment of "Hel"
    // followed by its continuation "lo".
    let hello: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
    let (opcode, isFinal, payload, length) = try #require(WebSocketBridge.parseFrame(hello))
    #expect((opcode, isFinal, length) == (0x1, true, 7))
    #expect(String(decoding: payload, as: UTF8.self) == "Hello")
    let first = try #require(WebSocketBridge.parseFrame([0x01, 0x03, 0x48, 0x65, 0x6c]))
    #expect(first.0 == 0x1 && first.1 == false)
    let last = try #require(WebSocketBridge.parseFrame([0x80, 0x02, 0x6c, 0x6f]))
    #expect(last.0 == 0x0 && last.1 == true)
  }
}
