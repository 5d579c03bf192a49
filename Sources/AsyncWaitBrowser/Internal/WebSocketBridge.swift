@_spi(Integrations) import AsyncWait
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A DevTools connection over a WebSocket (RFC 6455), as a browser that
/// another process started offers it (`--remote-debugging-port`), made to
/// look like Chromium's pipe: ``DevToolsConnection`` reads and writes
/// NUL-terminated messages on two socket pairs, and two threads carry them
/// to and from the WebSocket, one text frame a message.
///
/// Only `ws://` is spoken: a browser in a container or on the loopback
/// address, or behind a tunnel. The server's handshake answer is checked
/// for its status (101), not for its `Sec-WebSocket-Accept`, which would
/// need SHA-1.
enum WebSocketBridge {
  /// The ends ``DevToolsConnection`` takes.
  struct Ends {
    var commands: Int32
    var messages: Int32
  }

  /// The `webSocketDebuggerUrl` of a browser's HTTP endpoint
  /// (`http://127.0.0.1:9222`), from its `/json/version`; a `ws://` address
  /// as it is.
  static func webSocketAddress(of endpoint: String) throws(BrowserError) -> String {
    guard endpoint.hasPrefix("http://") else { return endpoint }
    let body = try get("/json/version", from: endpoint)
    guard let json = try? JSONValue.parse(Data(body)), let address = json["webSocketDebuggerUrl"]?.string
    else {
      throw .launchFailed(
        "\(endpoint)/json/version gave no webSocketDebuggerUrl: \(String(decoding: body.prefix(200), as: UTF8.self))"
      )
    }
    return address
  }

  /// The body of what a browser's HTTP endpoint answers at `path`.
  ///
  /// - Parameters:
  ///   - path: Such as `/json/version`, or `/json/protocol` (the
  ///     protocol's schema, about 1.6 MB).
  ///   - endpoint: `http://host:port`.
  ///   - limit: The most bytes read.
  /// - Returns: The body, the answer's head left out.
  /// - Throws: ``BrowserError/invalidArgument`` for an address that is not
  ///   `http://host:port`; ``BrowserError/launchFailed`` when nothing
  ///   answers there or it takes no request.
  static func get(_ path: String, from endpoint: String, limit: Int = 1 << 20) throws(BrowserError) -> [UInt8]
  {
    let base = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
    guard base.hasPrefix("http://"), let (host, port, _) = parts(of: base + path, defaultPort: 80) else {
      throw .invalidArgument("\(endpoint) is not an address of a DevTools endpoint")
    }
    let socket = try connect(host: host, port: port, endpoint: endpoint)
    defer { close(socket) }
    let request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
    guard write(Array(request.utf8), to: socket) else {
      throw .launchFailed("\(endpoint) took no request")
    }
    // Until the body is whole: Chromium keeps the connection open.
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var bodyStart: Int?
    while answer.count < limit {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      answer += chunk[0..<count]
      if let headEnd = bodyStart ?? answer.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
        bodyStart = headEnd
        let head = String(decoding: answer[..<headEnd], as: UTF8.self).lowercased()
        let length = head.firstMatch(of: /content-length:\s*(\d+)/).flatMap { Int($0.1) }
        if let length, answer.count - headEnd >= length { break }
      }
    }
    guard let headEnd = bodyStart ?? answer.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else {
      return []
    }
    return Array(answer[headEnd...])
  }

  /// Connects to `address` (`ws://host:port/devtools/browser/…`), shakes
  /// hands, and starts the two threads that carry messages.
  ///
  /// - Returns: Our ends, for ``DevToolsConnection``.
  /// - Throws: ``BrowserError/invalidArgument`` for an address that is not
  ///   `ws://`; ``BrowserError/launchFailed`` when nothing answers there or
  ///   the handshake fails.
  static func open(_ address: String) throws(BrowserError) -> Ends {
    guard address.hasPrefix("ws://"), let (host, port, path) = parts(of: address, defaultPort: 80) else {
      throw .invalidArgument("\(address) is not a ws:// address (wss:// is not supported)")
    }
    let socket = try connect(host: host, port: port, endpoint: address)
    var key = [UInt8](repeating: 0, count: 16)
    for index in key.indices { key[index] = UInt8.random(in: 0...255) }
    let handshake =
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(Data(key).base64EncodedString())\r\nSec-WebSocket-Version: 13\r\n\r\n"
    guard write(Array(handshake.utf8), to: socket) else {
      close(socket)
      throw .launchFailed("\(address) took no handshake")
    }
    // The answer's head, and what came after it: the first frames.
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var headEnd: Int?
    while headEnd == nil, received.count < 65_536 {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      received += chunk[0..<count]
      headEnd = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
    }
    let head = String(decoding: received.prefix(headEnd ?? received.count), as: UTF8.self)
    guard let headEnd, head.hasPrefix("HTTP/1.1 101") else {
      close(socket)
      throw .launchFailed(
        "\(address) refused the WebSocket handshake: \(head.split(separator: "\r\n").first ?? "no answer")")
    }
    // From here on, a quiet browser is a browser with nothing to say; one
    // that takes nothing for 30 seconds is gone, and the writes fail.
    setReceiveTimeout(socket, seconds: 0)
    var sendLimit = timeval()
    sendLimit.tv_sec = 30
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &sendLimit, socklen_t(MemoryLayout<timeval>.size))
    guard let commands = SocketPair.make(), let messages = SocketPair.make() else {
      close(socket)
      throw .launchFailed("no socket pair could be made: \(String(cString: strerror(errno)))")
    }
    let writer = Locked(socket)
    // Each thread, as it ends, wakes the other with a shutdown of a
    // descriptor that is still open; the last to end closes all three, so
    // that no number is shut down after the system gave it to another file.
    let running = Locked(2)
    let finish: @Sendable () -> Void = {
      let last = running.withLock { count in
        count -= 1
        return count == 0
      }
      if last {
        close(socket)
        close(commands.theirs)
        close(messages.theirs)
      }
    }
    let outgoing = Thread {
      carryCommands(from: commands.theirs, to: writer)
      shutdown(socket, Int32(SHUT_RDWR))
      finish()
    }
    outgoing.name = "DevTools WebSocket out"
    let leftover = Array(received[headEnd...])
    let incoming = Thread {
      carryMessages(from: socket, initial: leftover, to: messages.theirs, replying: writer)
      // The browser's end: our reader reads end of file, our writes fail.
      shutdown(messages.theirs, Int32(SHUT_RDWR))
      shutdown(commands.theirs, Int32(SHUT_RDWR))
      finish()
    }
    incoming.name = "DevTools WebSocket in"
    outgoing.start()
    incoming.start()
    return Ends(commands: commands.ours, messages: messages.ours)
  }

  /// Host, port and path (with its query) of `address`.
  private static func parts(of address: String, defaultPort: Int) -> (String, Int, String)? {
    guard let url = URL(string: address), let host = url.host else { return nil }
    var path = url.path.isEmpty ? "/" : url.path
    if let query = url.query { path += "?" + query }
    return (host, url.port ?? defaultPort, path)
  }

  /// A blocking TCP connection to `host`'s `port`.
  private static func connect(host: String, port: Int, endpoint: String) throws(BrowserError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      throw .launchFailed("\(endpoint): \(host) has no address")
    }
    defer { freeaddrinfo(first) }
    var next: UnsafeMutablePointer<addrinfo>? = first
    var reason = "no address answered"
    while let info = next {
      next = info.pointee.ai_next
      let socket = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard socket >= 0 else { continue }
      _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      // At most 10 seconds to connect, where a host that drops packets
      // would hold a blocking connect for minutes.
      if HTTPProbe.connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen, within: 10_000) {
        // No read of the setup waits longer than this for the other end.
        setReceiveTimeout(socket, seconds: 10)
        return socket
      }
      reason = "refused, or no connection in 10 seconds"
      close(socket)
    }
    throw .launchFailed("\(endpoint) could not be reached: \(reason)")
  }

  /// Sets how long a read waits for data before it fails; 0 for ever.
  private static func setReceiveTimeout(_ socket: Int32, seconds: Int) {
    var limit = timeval()
    limit.tv_sec = seconds
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes all of `bytes`; `false` when the other end has gone.
  private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          send(socket, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
          send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if sent < 0 && errno == EINTR { continue }
      if sent <= 0 { return false }
      offset += sent
    }
    return true
  }

  /// A client's frame: final, of `opcode`, masked, as RFC 6455 asks of a
  /// client.
  static func frame(_ payload: [UInt8], opcode: UInt8) -> [UInt8] {
    var frame: [UInt8] = [0x80 | opcode]
    switch payload.count {
    case ..<126:
      frame.append(0x80 | UInt8(payload.count))
    case ..<65_536:
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
    default:
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) {
        frame.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xff))
      }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame.reserveCapacity(frame.count + payload.count)
    for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
    return frame
  }

  /// Reads NUL-terminated commands from ``DevToolsConnection`` and sends
  /// each as a text frame, until either end closes.
  private static func carryCommands(from source: Int32, to writer: Locked<Int32>) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      pending += chunk[0..<count]
      while let end = pending.firstIndex(of: 0) {
        let message = Array(pending[..<end])
        pending.removeSubrange(...end)
        let sent = writer.withLock { socket in write(frame(message, opcode: 0x1), to: socket) }
        if !sent { return }
      }
    }
  }

  /// Reads frames from the browser and hands each message, NUL-terminated,
  /// to ``DevToolsConnection``; answers pings; ends at a close frame, the
  /// end of the connection or a malformed frame.
  private static func carryMessages(
    from socket: Int32, initial: [UInt8], to destination: Int32, replying writer: Locked<Int32>
  ) {
    var buffer = initial
    var message: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      // Every whole frame in the buffer.
      while let (opcode, isFinal, payload, length) = parseFrame(buffer) {
        buffer.removeFirst(length)
        switch opcode {
        case 0x0, 0x1, 0x2:
          message += payload
          if isFinal {
            guard write(message + [0], to: destination) else { return }
            message = []
          }
        case 0x8:
          _ = writer.withLock { write(frame(Array(payload.prefix(2)), opcode: 0x8), to: $0) }
          return
        case 0x9:
          _ = writer.withLock { write(frame(payload, opcode: 0xA), to: $0) }
        default:
          break
        }
      }
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
      buffer += chunk[0..<count]
    }
  }

  /// The first frame of `bytes`: its opcode, whether it is final, its
  /// payload, and its length in bytes; `nil` until it has all come.
  static func parseFrame(_ bytes: [UInt8]) -> (UInt8, Bool, [UInt8], Int)? {
    guard bytes.count >= 2 else { return nil }
    let isFinal = bytes[0] & 0x80 != 0
    let opcode = bytes[0] & 0x0f
    let isMasked = bytes[1] & 0x80 != 0
    var length = Int(bytes[1] & 0x7f)
    var offset = 2
    if length == 126 {
      guard bytes.count >= 4 else { return nil }
      length = Int(bytes[2]) << 8 | Int(bytes[3])
      offset = 4
    } else if length == 127 {
      guard bytes.count >= 10 else { return nil }
      var wide: UInt64 = 0
      for index in 2..<10 { wide = wide << 8 | UInt64(bytes[index]) }
      guard wide < UInt64(Int.max / 2) else { return nil }
      length = Int(wide)
      offset = 10
    }
    let mask = isMasked ? Array(bytes[offset..<min(offset + 4, bytes.count)]) : []
    if isMasked { offset += 4 }
    guard bytes.count >= offset + length else { return nil }
    var payload = Array(bytes[offset..<(offset + length)])
    if isMasked, mask.count == 4 {
      for index in payload.indices { payload[index] ^= mask[index & 3] }
    }
    return (opcode, isFinal, payload, offset + length)
  }
}
