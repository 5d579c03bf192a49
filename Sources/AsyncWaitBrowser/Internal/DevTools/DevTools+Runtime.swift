extension DevTools.Runtime {
  /// `Runtime.enable`: the runtime's events (bindings called) from now on.
  struct Enable: DevToolsCommand {
    static let method = "Runtime.enable"
    var parameters: JSONValue { [:] }
  }

  /// `Runtime.runIfWaitingForDebugger`: lets a target attached paused
  /// (``DevTools/Target/SetAutoAttach``) run.
  struct RunIfWaitingForDebugger: DevToolsCommand {
    static let method = "Runtime.runIfWaitingForDebugger"
    var parameters: JSONValue { [:] }
  }

  /// `Runtime.addBinding`: a global function that sends
  /// `Runtime.bindingCalled` with its argument.
  struct AddBinding: DevToolsCommand {
    static let method = "Runtime.addBinding"
    var name: String
    var parameters: JSONValue { ["name": .string(name)] }
  }

  /// How a script's result comes back.
  enum Returned: Sendable {
    /// As JSON (`returnByValue`).
    case value
    /// As a script object, kept in the command's object group.
    case object
    /// Serialized deeply (`serializationOptions`): objects and arrays two
    /// levels down, and each element as its backend node id, without its
    /// children or shadow tree.
    case deep

    /// The command's parameters that ask for it.
    var parameters: [(String, JSONValue)] {
      switch self {
      case .value: [("returnByValue", true)]
      case .object: [("returnByValue", false)]
      case .deep:
        [
          (
            "serializationOptions",
            [
              "serialization": "deep", "maxDepth": 2,
              "additionalParameters": ["maxNodeDepth": 0, "includeShadowTree": "none"],
            ]
          )
        ]
      }
    }
  }

  /// A value of the page's scripts, as the protocol's `RemoteObject` gives
  /// it.
  struct RemoteObject: Sendable {
    /// `object`, `function`, `undefined`, `string`, and so on.
    var type: String
    /// The value as JSON, when it was returned by value.
    var value: JSONValue?
    /// The value's script object, when it was returned as one.
    var objectID: String?
    /// The value serialized deeply (``Returned/deep``).
    var deepSerializedValue: JSONValue?

    init(_ object: JSONValue?) {
      type = object?["type"]?.string ?? "undefined"
      value = object?["value"]
      objectID = object?["objectId"]?.string
      deepSerializedValue = object?["deepSerializedValue"]
    }
  }

  /// What running a script answers: its result, or what it threw.
  struct Evaluation: Sendable {
    var result: RemoteObject
    /// What the exception's `exceptionDetails` say, when the script threw:
    /// its description, or Chromium's text.
    var exception: String?

    init(_ answer: JSONValue) {
      result = RemoteObject(answer["result"])
      exception = answer["exceptionDetails"].map { details in
        details["exception"]?["description"]?.string ?? details["text"]?.string ?? "an exception"
      }
    }
  }

  /// `Runtime.evaluate`: runs an expression in the main frame's document.
  struct Evaluate: DevToolsCommand {
    static let method = "Runtime.evaluate"
    var expression: String
    var returned: Returned
    /// Whether a promise it evaluates to is awaited.
    var awaitPromise = false
    /// The group its objects are released with.
    var objectGroup: String?
    var parameters: JSONValue {
      var members: [String: JSONValue] = ["expression": .string(expression)]
      for (name, value) in returned.parameters { members[name] = value }
      if awaitPromise { members["awaitPromise"] = true }
      if let objectGroup { members["objectGroup"] = .string(objectGroup) }
      return .object(members)
    }
    static func answer(from result: JSONValue) -> Evaluation { Evaluation(result) }
  }

  /// `Runtime.callFunctionOn`: calls a function with a script object as
  /// `this`.
  struct CallFunctionOn: DevToolsCommand {
    static let method = "Runtime.callFunctionOn"
    /// The function's source.
    var functionDeclaration: String
    /// The object, `this` in the function.
    var objectID: String
    /// Its arguments, as JSON values.
    var arguments: [JSONValue] = []
    var returned: Returned
    /// The group its objects are released with.
    var objectGroup: String?
    var parameters: JSONValue {
      var members: [String: JSONValue] = [
        "functionDeclaration": .string(functionDeclaration), "objectId": .string(objectID),
      ]
      if !arguments.isEmpty { members["arguments"] = .array(arguments.map { ["value": $0] }) }
      for (name, value) in returned.parameters { members[name] = value }
      if let objectGroup { members["objectGroup"] = .string(objectGroup) }
      return .object(members)
    }
    static func answer(from result: JSONValue) -> Evaluation { Evaluation(result) }
  }

  /// `Runtime.getProperties`: an object's own properties.
  struct GetProperties: DevToolsCommand {
    static let method = "Runtime.getProperties"
    var objectID: String
    var parameters: JSONValue { ["objectId": .string(objectID), "ownProperties": true] }
    /// Each property's name and value.
    static func answer(from result: JSONValue) throws(BrowserError) -> [(name: String, value: RemoteObject)] {
      try result.required("result", \.array, of: method).compactMap { property in
        guard let name = property["name"]?.string else { return nil }
        return (name, RemoteObject(property["value"]))
      }
    }
  }

  /// `Runtime.releaseObject`: lets an object go.
  struct ReleaseObject: DevToolsCommand {
    static let method = "Runtime.releaseObject"
    var objectID: String
    var parameters: JSONValue { ["objectId": .string(objectID)] }
  }

  /// `Runtime.releaseObjectGroup`: lets every object of a group go.
  struct ReleaseObjectGroup: DevToolsCommand {
    static let method = "Runtime.releaseObjectGroup"
    var objectGroup: String
    var parameters: JSONValue { ["objectGroup": .string(objectGroup)] }
  }
}
