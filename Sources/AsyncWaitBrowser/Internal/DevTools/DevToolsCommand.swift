/// A command of the DevTools protocol: its method, its parameters and the
/// type of its answer, as the protocol declares them.
///
/// Each command the package sends is a type of ``DevTools``, named as the
/// protocol names it (`DevTools.Runtime.CallFunctionOn` is
/// `Runtime.callFunctionOn`), with a stored property for each parameter it
/// sends and an ``Answer`` read from the command's `result`. A command is
/// sent with ``DevToolsConnection/send(_:session:timeout:)`` or a page's
/// `send(_:timeout:)`, which return its answer.
protocol DevToolsCommand: Sendable {
  /// What the command answers; `Void` for a command whose answer says
  /// nothing the package reads.
  associatedtype Answer: Sendable = Void

  /// The protocol's name of the command, such as `Page.navigate`.
  static var method: String { get }

  /// The command's parameters, an object, named as the protocol names them;
  /// a parameter left `nil` is left out.
  var parameters: JSONValue { get }

  /// The answer, read from the command's `result`.
  ///
  /// - Throws: ``BrowserError/unexpectedResponse(_:)`` when the result
  ///   lacks what the protocol promises.
  static func answer(from result: JSONValue) throws(BrowserError) -> Answer
}

extension DevToolsCommand where Answer == Void {
  static func answer(from result: JSONValue) {}
}

extension JSONValue {
  /// An object of `members`, leaving out each member whose value is `nil`:
  /// a command's optional parameters.
  static func parameters(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
    var object: [String: JSONValue] = [:]
    for case (let name, let value?) in members { object[name] = value }
    return .object(object)
  }

  /// `number` as a protocol integer.
  static func integer(_ number: Int) -> JSONValue { .number(Double(number)) }

  /// A member of a command's result that the protocol promises.
  ///
  /// - Parameters:
  ///   - name: The member.
  ///   - read: How it is read, `\.string` for a string.
  ///   - method: The command, for the error.
  /// - Returns: The member, read.
  /// - Throws: ``BrowserError/unexpectedResponse(_:)`` naming the command
  ///   and the member when it is missing or of another type.
  func required<Value>(
    _ name: String, _ read: (JSONValue) -> Value?, of method: String
  ) throws(BrowserError) -> Value {
    guard let value = self[name].flatMap(read) else {
      throw BrowserError.unexpectedResponse("\(method) returned no \(name)")
    }
    return value
  }
}

extension DevToolsConnection {
  /// Sends a typed command and waits for its answer.
  ///
  /// - Parameters:
  ///   - command: The command.
  ///   - session: The session of the target it is for; `nil` for the browser.
  ///   - timeout: How long it may go unanswered; the connection's command
  ///     timeout when `nil`.
  /// - Returns: The command's answer.
  /// - Throws: ``BrowserError`` when Chromium refuses it, does not answer in
  ///   time, answers without what the protocol promises or goes away;
  ///   `CancellationError`.
  func send<Command: DevToolsCommand>(
    _ command: Command, session: String? = nil, timeout: Duration? = nil
  ) async throws -> Command.Answer {
    let result = try await send(Command.method, command.parameters, session: session, timeout: timeout)
    return try Command.answer(from: result)
  }

  /// Sends typed commands one after another without waiting for an answer
  /// in between, then waits for every answer (``send(inOrder:session:)``).
  ///
  /// - Parameters:
  ///   - commands: The commands, in order; their answers are not read.
  ///   - session: The session of the target they are for; `nil` for the
  ///     browser.
  /// - Returns: Each command's success or error, in order, once every one
  ///   has ended.
  func send(
    inOrder commands: [any DevToolsCommand], session: String? = nil
  ) async -> [Result<Void, any Error>] {
    let untyped = commands.map { (method: type(of: $0).method, params: $0.parameters) }
    return await send(inOrder: untyped, session: session).map { $0.map { _ in () } }
  }
}
