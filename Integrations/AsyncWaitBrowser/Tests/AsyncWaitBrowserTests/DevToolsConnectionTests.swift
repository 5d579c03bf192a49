@_spi(Tests) import AsyncWait
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// The connection against a fake browser that says exactly what each test
/// needs: answers out of order, errors, silence, garbage, the end.
@Suite(.timeLimit(.minutes(1)))
struct DevToolsConnectionTests {
  @Test func answersReachTheirCommandsInAnyOrder() async throws {
    let fake = try FakeBrowser()
    let first = Task { try await fake.connection.send("First.command") }
    let second = Task { try await fake.connection.send("Second.command", ["x": 1], session: "S") }
    let sent = [await fake.nextCommand(), await fake.nextCommand()]
    let byMethod = Dictionary(uniqueKeysWithValues: sent.map { ($0["method"]?.string ?? "", $0) })
    let firstID = try #require(byMethod["First.command"]?["id"]?.int)
    let secondID = try #require(byMethod["Second.command"]?["id"]?.int)
    #expect(byMethod["Second.command"]?["sessionId"] == "S")
    #expect(byMethod["Second.command"]?["params"]?["x"] == 1)

    fake.write(#"{"id":\#(secondID),"result":{"n":2}}"#)
    fake.write(#"{"id":\#(firstID),"result":{"n":1}}"#)

    #expect(try await first.value["n"] == 1)
    #expect(try await second.value["n"] == 2)
  }

  @Test func errorAnswerFailsTheCommandWithChromiumsMessage() async throws {
    let fake = try FakeBrowser()
    let answer = Task { try await fake.connection.send("DOM.focus") }
    let id = try #require(await fake.nextCommand()["id"]?.int)

    fake.write(#"{"id":\#(id),"error":{"code":-32000,"message":"No node with given id found"}}"#)

    let error = await #expect(throws: BrowserError.commandFailed) { try await answer.value }
    #expect(error?.description == "Chromium refused a command: DOM.focus: No node with given id found")
  }

  @Test func unansweredCommandTimesOut() async throws {
    let fake = try FakeBrowser(commandTimeout: .milliseconds(300))

    let error = await #expect(throws: BrowserError.commandTimedOut) {
      try await fake.connection.send("Never.answered")
    }

    #expect(error?.detail == "Never.answered got no answer in 0.3 seconds")
    #expect(fake.connection.isOpen)
  }

  @Test func malformedMessageFailsWaitingCommandsAndTheConnectionGoesOn() async throws {
    let fake = try FakeBrowser()
    let lost = Task { try await fake.connection.send("Lost.answer") }
    _ = await fake.nextCommand()

    fake.write(#"{"id": 1, "result": {"truncated"#)

    let error = await #expect(throws: BrowserError.malformedMessage) { try await lost.value }
    #expect(error?.description.contains("beginning \"{\\\"id\\\": 1") == true, "\(String(describing: error))")
    let next = Task { try await fake.connection.send("Next.command") }
    let id = try #require(await fake.nextCommand()["id"]?.int)
    fake.write(#"{"id":\#(id),"result":{}}"#)
    #expect(try await next.value == [:])
  }

  @Test func unexpectedMessagesAreIgnoredAndCounted() async throws {
    let fake = try FakeBrowser()
    let answer = Task { try await fake.connection.send("Some.command") }
    let id = try #require(await fake.nextCommand()["id"]?.int)

    fake.write(#"{"id":9999,"result":{}}"#)
    fake.write(#"{"error":{"code":-32700,"message":"JSON: string literal expected"}}"#)
    fake.write("[1, 2, 3]")
    fake.write("42")
    fake.write(#"{"id":\#(id),"result":{"ok":true}}"#)

    #expect(try await answer.value["ok"] == true)
    #expect(fake.connection.ignoredMessageCount == 4)
  }

  @Test func answerWithNeitherResultNorErrorIsUnexpected() async throws {
    let fake = try FakeBrowser()
    let answer = Task { try await fake.connection.send("Odd.command") }
    let id = try #require(await fake.nextCommand()["id"]?.int)

    fake.write(#"{"id":\#(id)}"#)

    await #expect(throws: BrowserError.unexpectedResponse) { try await answer.value }
  }

  @Test func deeplyNestedMessageIsMalformedNotACrash() async throws {
    let fake = try FakeBrowser()
    let answer = Task { try await fake.connection.send("Deep.command") }
    _ = await fake.nextCommand()

    fake.write(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))

    let error = await #expect(throws: BrowserError.malformedMessage) { try await answer.value }
    #expect(error?.detail.contains("nested deeper than 256") == true)
  }

  @Test func messagesSplitAcrossWritesAndJoinedInOneAreEachHandled() async throws {
    let fake = try FakeBrowser()
    let first = Task { try await fake.connection.send("A") }
    let second = Task { try await fake.connection.send("B") }
    let ids = [await fake.nextCommand(), await fake.nextCommand()].compactMap { $0["id"]?.int }
    try #require(ids.count == 2)
    let both = #"{"id":\#(ids[0]),"result":{"v":"a"}}"# + "\0" + #"{"id":\#(ids[1]),"result":{"v":"b"}}"#

    fake.writeRaw(Array(both.utf8.prefix(10)))
    fake.writeRaw(Array(both.utf8.dropFirst(10)) + [0])

    let answers = try await [first.value["v"], second.value["v"]]
    #expect(Set(answers.compactMap { $0?.string }) == ["a", "b"])
  }

  @Test func endOfTheConnectionFailsWaitingAndLaterCommands() async throws {
    let fake = try FakeBrowser()
    let heard = Heard()
    fake.connection.subscribe(session: "S") { heard.append($0) }
    let waiting = Task { try await fake.connection.send("Waiting.command") }
    _ = await fake.nextCommand()

    fake.hangUp()

    let error = await #expect(throws: BrowserError.disconnected) { try await waiting.value }
    #expect(error?.detail == "the fake hung up")
    await #expect(throws: BrowserError.disconnected) { try await fake.connection.send("Later.command") }
    #expect(fake.connection.isOpen == false)
    #expect(heard.disconnections == 1)
  }

  @Test func cancellingACommandEndsItWithCancellationError() async throws {
    let fake = try FakeBrowser()
    let task = Task { try await fake.connection.send("Slow.command") }
    let id = try #require(await fake.nextCommand()["id"]?.int)

    task.cancel()

    await #expect(throws: CancellationError.self) { try await task.value }
    // A late answer to the cancelled command is ignored.
    fake.write(#"{"id":\#(id),"result":{}}"#)
    let next = Task { try await fake.connection.send("Next.command") }
    let nextID = try #require(await fake.nextCommand()["id"]?.int)
    fake.write(#"{"id":\#(nextID),"result":{}}"#)
    _ = try await next.value
    #expect(fake.connection.ignoredMessageCount == 1)
  }

  @Test func eventsReachOnlyTheirSessionsHandler() async throws {
    let fake = try FakeBrowser()
    let heard = Heard()
    fake.connection.subscribe(session: "S") { heard.append($0) }

    fake.write(#"{"method":"DOM.childNodeInserted","params":{"parentNodeId":4},"sessionId":"S"}"#)
    fake.write(#"{"method":"DOM.childNodeRemoved","params":{},"sessionId":"other"}"#)
    fake.write(#"{"method":"Target.targetCreated","params":{}}"#)
    // An answer after the events: once it arrives, the events have been handled.
    let answer = Task { try await fake.connection.send("Barrier") }
    let id = try #require(await fake.nextCommand()["id"]?.int)
    fake.write(#"{"id":\#(id),"result":{}}"#)
    _ = try await answer.value

    #expect(heard.methods == ["DOM.childNodeInserted"])
  }
}

/// What a subscribed handler heard.
final class Heard: Sendable {
  private let notifications = Locked<[DevToolsConnection.Notification]>([])

  func append(_ notification: DevToolsConnection.Notification) {
    notifications.withLock { $0.append(notification) }
  }

  var methods: [String] {
    notifications.withLock {
      $0.compactMap { if case .event(let event) = $0 { event.method } else { nil } }
    }
  }

  var disconnections: Int {
    notifications.withLock {
      $0.filter { if case .disconnected = $0 { true } else { false } }.count
    }
  }
}

/// The other end of a connection: reads its commands, writes what a test says.
final class FakeBrowser: Sendable {
  let connection: DevToolsConnection
  private let commands: Int32
  private let messages: Int32
  private let pending = Locked<[UInt8]>([])

  init(commandTimeout: Duration = .seconds(10)) throws {
    var commandPair: [Int32] = [-1, -1]
    var messagePair: [Int32] = [-1, -1]
    #if canImport(Glibc)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    try #require(socketpair(AF_UNIX, stream, 0, &commandPair) == 0)
    try #require(socketpair(AF_UNIX, stream, 0, &messagePair) == 0)
    #if canImport(Darwin)
      // The connection's end writes with plain send(): no SIGPIPE after a hang-up.
      var on: Int32 = 1
      setsockopt(commandPair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    commands = commandPair[1]
    messages = messagePair[1]
    connection = DevToolsConnection(
      commands: commandPair[0], messages: messagePair[0], commandTimeout: commandTimeout,
      describeDisconnect: { "the fake hung up" })
  }

  deinit {
    connection.close(.disconnected("the test ended"))
    close(commands)
    close(messages)
  }

  /// The next command the connection sent, read on a thread of its own.
  func nextCommand() async -> JSONValue {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in continuation.resume(returning: readCommand()) }
    }
  }

  private func readCommand() -> JSONValue {
    while true {
      let message = pending.withLock { buffer -> [UInt8]? in
        guard let end = buffer.firstIndex(of: 0) else { return nil }
        defer { buffer.removeFirst(end + 1) }
        return Array(buffer[..<end])
      }
      if let message {
        return (try? JSONValue.parse(Data(message))) ?? .null
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(commands, $0.baseAddress, $0.count) }
      guard count > 0 else { return .null }
      pending.withLock { $0 += chunk[0..<count] }
    }
  }

  /// Writes one message and its NUL.
  func write(_ text: String) {
    writeRaw(Array(text.utf8) + [0])
  }

  /// Writes bytes as they are.
  func writeRaw(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(messages, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(messages, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Closes the fake's end, as a browser that dies does.
  func hangUp() {
    shutdown(messages, Int32(SHUT_RDWR))
    shutdown(commands, Int32(SHUT_RDWR))
  }
}
