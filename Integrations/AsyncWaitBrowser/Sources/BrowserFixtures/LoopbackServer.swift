import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP server on the loopback interface, for a test's pages.
///
/// It answers `GET` requests for its pages with `Connection: close`, each
/// connection on a thread of its own (a browser may open a connection and
/// send nothing on it), and `404` for any other path. Some paths answer on
/// every server: `/echo-headers` shows the request's head in a `<pre>`,
/// `/set-cookie` sets an HTTP-only cookie `session=from-server`, `/stall/N`
/// answers after N seconds, `/api/items` answers `["Milk","Eggs"]` (and a
/// `POST` with 201 and its body in `{"created": …}`), `/api/slow-items`
/// the same after 0.3 seconds, `/api/moved` redirects to `/api/items`, and `/download/items.csv` is a
/// download.
public final class LoopbackServer: Sendable {
  /// The server's address, such as `http://127.0.0.1:41234`.
  public let baseURL: String
  private let listener: Int32
  private let pages: [String: String]

  /// Starts serving `pages`, by path, on a free loopback port.
  ///
  /// - Parameter pages: The HTML of each path, such as `["/": html]`.
  /// - Throws: `POSIXError` when no socket can be bound.
  public init(pages: [String: String]) throws {
    let (listener, port) = try LoopbackServer.bindLoopback(listening: true)
    self.listener = listener
    self.pages = pages
    self.baseURL = "http://127.0.0.1:\(port)"
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "LoopbackServer"
    thread.start()
  }

  /// A loopback port nothing listens on: bound to a free port, then closed.
  ///
  /// - Returns: The port.
  /// - Throws: `POSIXError` when no socket can be bound.
  public static func unusedPort() throws -> UInt16 {
    let (probe, port) = try bindLoopback(listening: false)
    close(probe)
    return port
  }

  /// A close-on-exec TCP socket bound to a free port of 127.0.0.1, listening
  /// when asked.
  private static func bindLoopback(listening: Bool) throws -> (socket: Int32, port: UInt16) {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && (!listening || listen(descriptor, 64) == 0)
          && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(descriptor)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// The address of `path`.
  ///
  /// - Parameter path: A path, such as `/other`.
  /// - Returns: The full URL.
  public func url(_ path: String = "/") -> String { baseURL + path }

  /// Stops accepting connections.
  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
  }

  deinit {
    stop()
    close(listener)
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        // A browser that closes its end must not raise SIGPIPE here.
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      let pages = pages
      Thread.detachNewThread { LoopbackServer.serve(connection, pages: pages) }
    }
  }

  private static func serve(_ connection: Int32, pages: [String: String]) {
    defer { close(connection) }
    var request: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while request.firstRange(of: Array("\r\n\r\n".utf8)) == nil, request.count < 65536 {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return }
      request += chunk[0..<count]
    }
    let headText = String(decoding: request, as: UTF8.self)
    let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
    let method = line.first.map(String.init) ?? "GET"
    let path = line.count >= 2 ? String(line[1]) : "/"
    // A request's body, read whole: closing with bytes unread would reset
    // the connection under the browser.
    let headEnd = (request.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound) ?? request.count
    var requestBody = Array(request[headEnd...])
    let length =
      headText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    while requestBody.count < length {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return }
      requestBody += chunk[0..<count]
    }
    var body = pages[path]
    var status = "200 OK"
    var type = "text/html; charset=utf-8"
    var extraHeaders = ""
    // The API answers whatever the query.
    switch path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path {
    case "/echo-headers":
      let head = headText.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
        of: "<", with: "&lt;")
      body = "<!doctype html><title>headers</title><pre id=\"headers\">\(head)</pre>"
    case let stall where stall.hasPrefix("/stall/") && Int(stall.dropFirst("/stall/".count)) != nil:
      // Answers after the seconds the path gives.
      Thread.sleep(forTimeInterval: Double(Int(stall.dropFirst("/stall/".count)) ?? 0))
      body = "<!doctype html><title>slow</title><p>at last</p>"
    case "/set-cookie":
      body = "<!doctype html><title>cookie set</title><p>set</p>"
      extraHeaders = "Set-Cookie: session=from-server; Path=/; HttpOnly\r\n"
    case "/api/items", "/api/slow-items":
      if path == "/api/slow-items" { Thread.sleep(forTimeInterval: 0.3) }
      type = "application/json"
      if method == "POST" {
        status = "201 Created"
        body = "{\"created\":" + String(decoding: requestBody, as: UTF8.self) + "}"
      } else {
        body = "[\"Milk\",\"Eggs\"]"
      }
    case "/api/moved":
      status = "302 Found"
      body = ""
      extraHeaders = "Location: /api/items\r\n"
    case "/download/items.csv":
      type = "text/csv"
      body = "name\nMilk\nEggs\n"
      extraHeaders = "Content-Disposition: attachment; filename=\"items.csv\"\r\n"
    default:
      break
    }
    if body == nil { status = "404 Not Found" }
    let bytes = Array((body ?? "not found").utf8)
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n"
      + extraHeaders + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    let response = Array(head.utf8) + bytes
    var offset = 0
    while offset < response.count {
      let sent = response.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          send(connection, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
          send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if sent <= 0 { return }
      offset += sent
    }
  }
}

extension LoopbackServer {
  /// Starts a server with the item-list page at `/`, a second page at
  /// `/other`, two pages that send the browser on to it
  /// (`/redirect-on-load` and `/redirect-at-once`), and the account page
  /// at `/account` with the newsletter form it frames at `/account/newsletter`,
  /// the page of dialogs at `/dialogs`, and the page of network, popups and
  /// files at `/network` with the page at `/network-late` that fetches
  /// after its load.
  ///
  /// - Returns: The running server.
  /// - Throws: `POSIXError` when no socket can be bound.
  public static func itemList() throws -> LoopbackServer {
    try LoopbackServer(pages: [
      "/": ItemListPage.html, "/other": ItemListPage.otherHTML,
      "/redirect-on-load": ItemListPage.redirectOnLoadHTML,
      "/redirect-at-once": ItemListPage.redirectAtOnceHTML, "/account": AccountPage.html,
      "/account/newsletter": AccountPage.newsletterHTML, "/dialogs": DialogPage.html,
      "/network": NetworkPage.html, "/network-late": NetworkPage.lateHTML,
    ])
  }
}
