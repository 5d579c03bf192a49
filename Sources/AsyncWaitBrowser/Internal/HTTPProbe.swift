import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether an address answers, as Playwright's `webServer.url` asks: one
/// `GET` over a fresh connection.
enum HTTPProbe {
  /// How long one connection may take to connect and answer.
  static let patience: Int32 = 1000

  /// Whether `url` answers with a status of 200 to 403 (Playwright's
  /// rule: a server that says "not found" is not yet the app); for an
  /// `https` address, whether it takes a connection.
  static func answers(_ url: String) -> Bool {
    guard let address = URL(string: url), let host = address.host, let scheme = address.scheme else {
      return false
    }
    let port = address.port ?? (scheme == "https" ? 443 : 80)
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return false }
    defer { freeaddrinfo(first) }
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let info = next {
      next = info.pointee.ai_next
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen, within: patience) else {
        continue
      }
      if scheme == "https" { return true }
      var path = address.path.isEmpty ? "/" : address.path
      if let query = address.query { path += "?" + query }
      let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
      guard send(request, on: descriptor), let status = statusCode(on: descriptor) else { continue }
      return (200...403).contains(status)
    }
    return false
  }

  /// Connects without blocking for longer than `milliseconds`.
  static func connect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t,
    within milliseconds: Int32
  ) -> Bool {
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    #if canImport(Darwin)
      let started = Darwin.connect(descriptor, address, length)
    #else
      let started = Glibc.connect(descriptor, address, length)
    #endif
    if started == 0 { return true }
    guard errno == EINPROGRESS, wait(for: Int16(POLLOUT), on: descriptor, milliseconds) else { return false }
    var failure: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 && failure == 0
  }

  private static func wait(for events: Int16, on descriptor: Int32, _ milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      let ready = poll(&entry, 1, milliseconds)
      if ready < 0 && errno == EINTR { continue }
      return ready == 1
    }
  }

  private static func send(_ bytes: [UInt8], on descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard wait(for: Int16(POLLOUT), on: descriptor, patience) else { return false }
      let sent = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
          Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if sent <= 0 { return false }
      offset += sent
    }
    return true
  }

  /// The status of the answer's first line, `HTTP/1.1 200 OK`.
  private static func statusCode(on descriptor: Int32) -> Int? {
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 512)
    while !answer.contains(10), answer.count < 4096 {
      guard wait(for: Int16(POLLIN), on: descriptor, patience) else { return nil }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      answer += chunk[0..<count]
    }
    let line = String(decoding: answer.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
    let fields = line.split(separator: " ")
    guard fields.count >= 2, fields[0].hasPrefix("HTTP/") else { return nil }
    return Int(fields[1])
  }
}
