@_spi(Integrations) import AsyncWait
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One DevTools protocol connection over Chromium's pipe: commands out,
/// answers and events in, as NUL-terminated JSON.
///
/// A thread of its own reads; it matches each answer to the command waiting
/// for it and hands each event to the handler of its session. Every command
/// ends one way or another: its answer, Chromium's error, the command
/// timeout, the task's cancellation, a malformed message (which may have
/// been its answer), or the end of the connection.
final class DevToolsConnection: Sendable {
  /// A message Chromium sent that is not an answer.
  struct Event: Sendable {
    var method: String
    var params: JSONValue
  }

  /// What a session hears: its events, and the end of the connection.
  enum Notification: Sendable {
    case event(Event)
    case disconnected(BrowserError)
  }

  typealias Handler = @Sendable (Notification) -> Void

  /// One command waiting for its answer.
  private enum Command {
    /// Sent or about to be; the task has not yet handed over its continuation.
    case awaitingContinuation(method: String)
    /// The task waits on `continuation`; `timer` fails it after the timeout.
    case waiting(
      method: String, continuation: CheckedContinuation<JSONValue, any Error>, timer: Task<Void, Never>)
    /// Ended before the task handed over its continuation.
    case ended(Result<JSONValue, any Error>)
  }

  private enum Phase {
    case open
    case closed(BrowserError)
  }

  private struct State {
    var phase = Phase.open
    var nextID = 0
    var commands: [Int: Command] = [:]
    var handlers: [String: Handler] = [:]
    /// Answers to no command we sent, and messages neither answer nor event;
    /// ignored, and counted for diagnostics.
    var ignoredMessages = 0
  }

  /// Protects everything above; no other lock is taken inside it, and no
  /// continuation is resumed or handler called while it is held.
  private let state = Locked(State())
  /// Serializes writes, so that messages never interleave; holds our
  /// command socket, -1 once closed.
  private let writer: Locked<Int32>
  /// Our message socket, read by the reading thread alone.
  private let reader: Int32
  /// Whether ``reader`` is still open.
  ///
  /// The reading thread closes it as it ends, and others shut it down only
  /// while it is open, so that a
  /// descriptor number the system has since given to another socket (the
  /// pipe of another browser) is never shut down. Protects nothing else;
  /// no other lock is taken inside it.
  private let readerOpen = Locked(true)
  let commandTimeout: Duration
  /// Says how the other end went away, once the connection reads its end.
  private let describeDisconnect: @Sendable () -> String

  init(
    commands: Int32, messages: Int32, commandTimeout: Duration,
    describeDisconnect: @escaping @Sendable () -> String
  ) {
    self.writer = Locked(commands)
    self.reader = messages
    self.commandTimeout = commandTimeout
    self.describeDisconnect = describeDisconnect
    // A Chromium that stops reading must not block a write, and the lock
    // held around it, forever: a write that blocks this long fails.
    let seconds = commandTimeout.components.seconds
    var limit = timeval()
    limit.tv_sec = .init(max(seconds, 1))
    setsockopt(commands, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let thread = Thread { [self] in readLoop() }
    thread.name = "AsyncWaitBrowser DevTools reader"
    thread.start()
  }

  /// The error the connection closed with; `nil` while it is open.
  var closedError: BrowserError? {
    state.withLock { if case .closed(let error) = $0.phase { error } else { nil } }
  }

  /// Whether the connection is still open.
  var isOpen: Bool {
    state.withLock { if case .open = $0.phase { true } else { false } }
  }

  /// How many messages were ignored: answers to no command, and messages
  /// that are neither answers nor events.
  var ignoredMessageCount: Int { state.withLock { $0.ignoredMessages } }

  /// Routes the events of `session` (the empty string for the browser's own)
  /// to `handler`, and tells it when the connection ends.
  func subscribe(session: String, _ handler: @escaping Handler) {
    let closed: BrowserError? = state.withLock { state in
      switch state.phase {
      case .open:
        state.handlers[session] = handler
        return nil
      case .closed(let error): return error
      }
    }
    if let closed { handler(.disconnected(closed)) }
  }

  /// Stops routing the events of `session`.
  func unsubscribe(session: String) {
    _ = state.withLock { $0.handlers.removeValue(forKey: session) }
  }

  /// Sends a command and waits for its answer.
  ///
  /// - Parameters:
  ///   - method: The command, such as `Page.navigate`.
  ///   - params: Its parameters, an object.
  ///   - session: The session of the target it is for; `nil` for the browser.
  ///   - timeout: How long it may go unanswered; the connection's command
  ///     timeout when `nil`.
  /// - Returns: The answer's `result`.
  /// - Throws: ``BrowserError`` when Chromium refuses it, does not answer in
  ///   time, sends a malformed message or goes away; `CancellationError`.
  func send(
    _ method: String, _ params: JSONValue = [:], session: String? = nil, timeout: Duration? = nil
  ) async throws -> JSONValue {
    try await answer(to: post(method, params, session: session), method: method, timeout: timeout)
  }

  /// Sends commands one after another without waiting for an answer in
  /// between, then waits for every answer.
  ///
  /// That makes one round trip for all, where ``send(_:_:session:)`` in a
  /// loop makes one each. Chromium runs a session's commands in the order
  /// they come.
  ///
  /// - Parameters:
  ///   - commands: Each command and its parameters, in order.
  ///   - session: The session of the target they are for; `nil` for the
  ///     browser.
  /// - Returns: Each command's answer or error, in order, once every one
  ///   has ended: each as ``send(_:_:session:)`` would return or throw it.
  func send(
    inOrder commands: [(method: String, params: JSONValue)], session: String? = nil
  ) async -> [Result<JSONValue, any Error>] {
    var posted: [Result<Int, any Error>] = []
    for (method, params) in commands {
      posted.append(Result { try post(method, params, session: session) })
    }
    // Every posted command is waited for, so that none is left behind.
    var results: [Result<JSONValue, any Error>] = []
    for (id, command) in zip(posted, commands) {
      switch id {
      case .success(let id):
        do {
          results.append(.success(try await answer(to: id, method: command.method)))
        } catch {
          results.append(.failure(error))
        }
      case .failure(let error):
        results.append(.failure(error))
      }
    }
    return results
  }

  /// Registers a command and writes it; returns its id, to wait for its
  /// answer with ``answer(to:method:)``, which every posted command must.
  ///
  /// - Throws: The connection's end, when it has ended.
  private func post(_ method: String, _ params: JSONValue, session: String?) throws -> Int {
    let id: Int = try state.withLock { state throws(BrowserError) in
      if case .closed(let error) = state.phase { throw error }
      state.nextID += 1
      state.commands[state.nextID] = .awaitingContinuation(method: method)
      return state.nextID
    }
    var message: JSONValue = ["id": .number(Double(id)), "method": .string(method), "params": params]
    if let session, case .object(var members) = message {
      members["sessionId"] = .string(session)
      message = .object(members)
    }
    if let error = write(message.serialized) {
      finish(id, with: .failure(error))
    }
    return id
  }

  /// Waits for the answer to a posted command.
  private func answer(to id: Int, method: String, timeout: Duration? = nil) async throws -> JSONValue {
    // A write that fails because Chromium went away leaves the command
    // waiting: the reading thread, woken, fails it with how Chromium ended.
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let timeout = timeout ?? commandTimeout
        let timer = Task { [weak self] in
          guard (try? await Task.sleep(for: timeout)) != nil else { return }
          self?.finish(
            id, with: .failure(BrowserError.commandTimedOut("\(method) got no answer in \(timeout)")))
        }
        let ended: Result<JSONValue, any Error>? = state.withLock { state in
          switch state.commands[id] {
          case .awaitingContinuation(let method):
            state.commands[id] = .waiting(method: method, continuation: continuation, timer: timer)
            return nil
          case .ended(let result):
            state.commands[id] = nil
            return result
          case .waiting, nil:
            preconditionFailure("Internal inconsistency: command \(id) handed over a continuation twice")
          }
        }
        if let ended {
          timer.cancel()
          continuation.resume(with: ended)
        }
      }
    } onCancel: {
      finish(id, with: .failure(CancellationError()))
    }
  }

  /// Ends command `id` with `result`, unless it has ended already.
  private func finish(_ id: Int, with result: Result<JSONValue, any Error>) {
    let waiting = state.withLock { state -> (CheckedContinuation<JSONValue, any Error>, Task<Void, Never>)? in
      switch state.commands[id] {
      case .awaitingContinuation:
        state.commands[id] = .ended(result)
        return nil
      case .waiting(_, let continuation, let timer):
        state.commands[id] = nil
        return (continuation, timer)
      case .ended, nil:
        return nil
      }
    }
    if let (continuation, timer) = waiting {
      timer.cancel()
      continuation.resume(with: result)
    }
  }

  /// Ends every command that has not ended with `error`; with `closing`, also
  /// closes the connection, so that later commands fail at once.
  private func failAll(with error: BrowserError, closing: Bool) {
    let (waiting, handlers) = state.withLock { state in
      var waiting: [(CheckedContinuation<JSONValue, any Error>, Task<Void, Never>)] = []
      for (id, command) in state.commands {
        switch command {
        case .awaitingContinuation: state.commands[id] = .ended(.failure(error))
        case .waiting(_, let continuation, let timer):
          state.commands[id] = nil
          waiting.append((continuation, timer))
        case .ended: break
        }
      }
      guard closing, case .open = state.phase else { return (waiting, [Handler]()) }
      state.phase = .closed(error)
      defer { state.handlers = [:] }
      return (waiting, Array(state.handlers.values))
    }
    for (continuation, timer) in waiting {
      timer.cancel()
      continuation.resume(throwing: error)
    }
    for handler in handlers { handler(.disconnected(error)) }
  }

  /// Closes the connection from our side: pending and later commands fail
  /// with `error`, and the reading thread ends.
  func close(_ error: BrowserError) {
    failAll(with: error, closing: true)
    writer.withLock { descriptor in
      guard descriptor >= 0 else { return }
      shutdown(descriptor, Int32(SHUT_RDWR))
      closeDescriptor(descriptor)
      descriptor = -1
    }
    // Wakes the reading thread, which closes its socket as it ends.
    wakeReader()
  }

  /// Shuts down the reading socket, if it is still open, so that the
  /// reading thread reads its end.
  private func wakeReader() {
    readerOpen.withLock { open in
      if open { shutdown(reader, Int32(SHUT_RDWR)) }
    }
  }

  /// Writes one message.
  ///
  /// - Returns: An error when the connection was closed from our side, or
  ///   when Chromium has not read for the command timeout; `nil` otherwise, also when the write fails because the other end went
  ///   away: then the reading socket is shut down, and the reading thread
  ///   ends every command with how Chromium ended.
  private func write(_ text: String) -> BrowserError? {
    var bytes = Array(text.utf8)
    bytes.append(0)
    return writer.withLock { descriptor -> BrowserError? in
      guard descriptor >= 0 else { return .disconnected("the connection is closed") }
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
          #if canImport(Darwin)
            Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
          #else
            Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          #endif
        }
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK {
            return .commandTimedOut("Chromium stopped reading: a command could not be written")
          }
          wakeReader()
          return nil
        }
        offset += written
      }
      return nil
    }
  }

  /// Reads messages until the other end goes away or ``close(_:)`` shuts
  /// the socket; then fails every command still waiting.
  private func readLoop() {
    var buffer: [UInt8] = []
    var scanned = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      buffer.append(contentsOf: chunk[0..<count])
      // The bytes before `scanned` hold no NUL: search only the new ones.
      var start = 0
      var searchFrom = scanned
      while let end = buffer[searchFrom...].firstIndex(of: 0) {
        handle(Data(buffer[start..<end]))
        start = end + 1
        searchFrom = start
      }
      buffer.removeFirst(start)
      scanned = buffer.count
    }
    readerOpen.withLock { open in
      closeDescriptor(reader)
      open = false
    }
    if isOpen {
      failAll(with: .disconnected(describeDisconnect()), closing: true)
    }
  }

  /// Handles one message: an answer, an event, or something to ignore.
  private func handle(_ bytes: Data) {
    let message: JSONValue
    do {
      message = try JSONValue.parse(bytes)
    } catch {
      let prefix = String(decoding: bytes.prefix(80), as: UTF8.self)
      failAll(
        with: .malformedMessage("\(error) in \(bytes.count) bytes beginning \(String(reflecting: prefix))"),
        closing: false)
      return
    }
    if let id = message["id"]?.int {
      let method = state.withLock { state -> String? in
        switch state.commands[id] {
        case .awaitingContinuation(let method), .waiting(let method, _, _): return method
        case .ended, nil:
          state.ignoredMessages += 1
          return nil
        }
      }
      guard let method else { return }
      if let error = message["error"] {
        let text = error["message"]?.string ?? error.serialized
        finish(id, with: .failure(BrowserError.commandFailed("\(method): \(text)")))
      } else if let result = message["result"] {
        finish(id, with: .success(result))
      } else {
        finish(
          id,
          with: .failure(
            BrowserError.unexpectedResponse("\(method) was answered with neither a result nor an error")))
      }
    } else if let method = message["method"]?.string {
      let session = message["sessionId"]?.string ?? ""
      let handler = state.withLock { $0.handlers[session] }
      handler?(.event(Event(method: method, params: message["params"] ?? [:])))
    } else {
      state.withLock { $0.ignoredMessages += 1 }
    }
  }
}

/// Closes a descriptor; a function of its own because `close` is also a
/// method of the connection.
private func closeDescriptor(_ descriptor: Int32) {
  #if canImport(Darwin)
    _ = Darwin.close(descriptor)
  #else
    _ = Glibc.close(descriptor)
  #endif
}
