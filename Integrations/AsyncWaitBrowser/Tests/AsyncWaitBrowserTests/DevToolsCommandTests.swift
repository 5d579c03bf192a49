import Foundation
import Testing

@testable import AsyncWaitBrowser

/// The typed DevTools commands (`DevTools`): each is a command of the
/// protocol Chromium serves, with the parameters it declares, and each
/// answer is read as the protocol gives it.
@Suite(.timeLimit(.minutes(2)))
struct DevToolsCommandTests {
  /// One of every command type, with every optional parameter given.
  static let samples: [any DevToolsCommand] = [
    DevTools.Accessibility.Enable(),
    DevTools.Accessibility.GetFullAXTree(frameID: "F"),
    DevTools.Accessibility.QueryAXTree(backendNodeID: 1, objectID: "O", accessibleName: "N", role: "button"),
    DevTools.Accessibility.GetPartialAXTree(backendNodeID: 1),
    DevTools.Accessibility.GetChildAXNodes(id: "A", frameID: "F"),
    DevTools.Browser.GetVersion(),
    DevTools.Browser.GrantPermissions(permissions: ["geolocation"], browserContextID: "C"),
    DevTools.Browser.SetDownloadBehavior(downloadPath: "/tmp", browserContextID: "C"),
    DevTools.DOM.Focus(backendNodeID: 1),
    DevTools.DOM.ResolveNode(backendNodeID: 1, objectGroup: "G"),
    DevTools.DOM.DescribeNode(objectID: "O", backendNodeID: 1),
    DevTools.DOM.ScrollIntoViewIfNeeded(backendNodeID: 1),
    DevTools.DOM.GetContentQuads(backendNodeID: 1),
    DevTools.DOM.GetFrameOwner(frameID: "F"),
    DevTools.DOM.GetBoxModel(backendNodeID: 1),
    DevTools.DOM.SetFileInputFiles(files: ["/tmp/a"], backendNodeID: 1),
    DevTools.DOMSnapshot.CaptureSnapshot(computedStyles: ["visibility"]),
    DevTools.Emulation.SetDeviceMetricsOverride(width: 800, height: 600, deviceScaleFactor: 2),
    DevTools.Emulation.SetUserAgentOverride(userAgent: "U", acceptLanguage: "de-DE"),
    DevTools.Emulation.SetLocaleOverride(locale: "de-DE"),
    DevTools.Emulation.SetTimezoneOverride(timezoneID: "Europe/Paris"),
    DevTools.Emulation.SetEmulatedMedia(feature: "prefers-color-scheme", value: "dark"),
    DevTools.Fetch.Enable(),
    DevTools.Fetch.Disable(),
    DevTools.Fetch.FulfillRequest(
      requestID: "R", responseCode: 200, responseHeaders: ["A": "1"], body: Data("b".utf8)),
    DevTools.Fetch.FailRequest(requestID: "R", errorReason: "Failed"),
    DevTools.Fetch.ContinueRequest(
      requestID: "R", url: "http://x/", httpMethod: "POST", headers: ["A": "1"], postData: Data("p".utf8)),
    DevTools.Input.DispatchMouseEvent(type: "mousePressed", x: 1, y: 2, clickCount: 1),
    DevTools.Input.DispatchKeyEvent(
      type: "keyDown", key: "a", code: "KeyA", windowsVirtualKeyCode: 65, modifiers: 0, text: "a"),
    DevTools.Input.InsertText(text: "t"),
    DevTools.Network.Enable(),
    DevTools.Network.SetExtraHTTPHeaders(headers: ["A": "1"]),
    DevTools.Network.EmulateNetworkConditions(offline: true),
    DevTools.Network.GetResponseBody(requestID: "R"),
    DevTools.Page.Enable(),
    DevTools.Page.SetLifecycleEventsEnabled(enabled: true),
    DevTools.Page.AddScriptToEvaluateOnNewDocument(source: "1"),
    DevTools.Page.Navigate(url: "about:blank"),
    DevTools.Page.Reload(),
    DevTools.Page.GetNavigationHistory(),
    DevTools.Page.NavigateToHistoryEntry(entryID: 1),
    DevTools.Page.HandleJavaScriptDialog(accept: true, promptText: "p"),
    DevTools.Page.SetInterceptFileChooserDialog(enabled: true),
    DevTools.Page.GetLayoutMetrics(),
    DevTools.Page.CaptureScreenshot(clip: BrowserNode.Box(x: 0, y: 0, width: 10, height: 10)),
    DevTools.Runtime.Enable(),
    DevTools.Runtime.AddBinding(name: "b"),
    DevTools.Runtime.RunIfWaitingForDebugger(),
    DevTools.Runtime.Evaluate(expression: "1", returned: .deep, awaitPromise: true, objectGroup: "G"),
    DevTools.Runtime.CallFunctionOn(
      functionDeclaration: "function() {}", objectID: "O", arguments: [1], returned: .value, objectGroup: "G"),
    DevTools.Runtime.GetProperties(objectID: "O"),
    DevTools.Runtime.ReleaseObject(objectID: "O"),
    DevTools.Runtime.ReleaseObjectGroup(objectGroup: "G"),
    DevTools.Storage.GetCookies(browserContextID: "C"),
    DevTools.Storage.SetCookies(cookies: [["name": "n", "value": "v"]], browserContextID: "C"),
    DevTools.Storage.ClearCookies(browserContextID: "C"),
    DevTools.Target.SetDiscoverTargets(),
    DevTools.Target.GetBrowserContexts(),
    DevTools.Target.CreateBrowserContext(),
    DevTools.Target.DisposeBrowserContext(browserContextID: "C"),
    DevTools.Target.CreateTarget(url: "about:blank", browserContextID: "C"),
    DevTools.Target.AttachToTarget(targetID: "T"),
    DevTools.Target.SetAutoAttach(),
    DevTools.Target.CloseTarget(targetID: "T"),
  ]

  /// The methods the command types declare, read from their sources, so
  /// that a type added without a sample fails here.
  static func declaredMethods() throws -> Set<String> {
    let directory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/AsyncWaitBrowser/Internal/DevTools")
    var methods: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where file.hasSuffix(".swift") {
      let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for match in source.matches(of: /static let method = "([A-Za-z]+\.[A-Za-z]+)"/) {
        methods.insert(String(match.1))
      }
    }
    return methods
  }

  @Test func everyCommandTypeHasASample() throws {
    let declared = try Self.declaredMethods()
    let sampled = Set(Self.samples.map { type(of: $0).method })
    #expect(declared.count >= 60)
    #expect(declared.subtracting(sampled).sorted() == [], "command types without a sample")
    #expect(sampled.count == Self.samples.count, "two samples of one command")
  }

  /// Every command and every parameter it sends is one the protocol that
  /// Chromium serves declares, and every parameter it requires is sent.
  @Test func everyCommandIsTheProtocolsOwn() async throws {
    let (server, webSocket, profile) = try await RemoteBrowserTests.remoteChromium()
    defer { try? FileManager.default.removeItem(atPath: profile) }
    let port = try #require(webSocket.firstMatch(of: /127\.0\.0\.1:(\d+)\//)?.1)
    let body = try WebSocketBridge.get("/json/protocol", from: "http://127.0.0.1:\(port)", limit: 1 << 25)
    await server.stop()
    let schema = try JSONValue.parse(Data(body))

    var commands: [String: [(name: String, optional: Bool)]] = [:]
    for domain in schema["domains"]?.array ?? [] {
      let name = domain["domain"]?.string ?? ""
      for command in domain["commands"]?.array ?? [] {
        commands[name + "." + (command["name"]?.string ?? "")] = (command["parameters"]?.array ?? []).map {
          ($0["name"]?.string ?? "", $0["optional"]?.bool ?? false)
        }
      }
    }
    #expect(commands.count > 300, "the protocol Chromium served")

    for sample in Self.samples {
      let method = type(of: sample).method
      guard let declared = commands[method] else {
        Issue.record("\(method) is not a command of the protocol")
        continue
      }
      guard case .object(let members) = sample.parameters else {
        Issue.record("\(method)'s parameters are not an object")
        continue
      }
      let sent = Set(members.keys)
      let names = Set(declared.map(\.name))
      #expect(sent.subtracting(names).sorted() == [], "\(method) sends parameters it does not declare")
      let required = Set(declared.filter { !$0.optional }.map(\.name))
      #expect(required.subtracting(sent).sorted() == [], "\(method) leaves out parameters it requires")
    }
  }

  // MARK: Parameters

  @Test func aFunctionCallSendsItsArgumentsAndHowItsResultComesBack() {
    let call = DevTools.Runtime.CallFunctionOn(
      functionDeclaration: "function(a) { return a }", objectID: "O", arguments: [1, "x"], returned: .deep,
      objectGroup: "G")
    #expect(
      call.parameters == [
        "functionDeclaration": "function(a) { return a }", "objectId": "O",
        "arguments": [["value": 1], ["value": "x"]], "objectGroup": "G",
        "serializationOptions": [
          "serialization": "deep", "maxDepth": 2,
          "additionalParameters": ["maxNodeDepth": 0, "includeShadowTree": "none"],
        ],
      ])
    let byValue = DevTools.Runtime.CallFunctionOn(functionDeclaration: "f", objectID: "O", returned: .value)
    #expect(byValue.parameters == ["functionDeclaration": "f", "objectId": "O", "returnByValue": true])
    let evaluate = DevTools.Runtime.Evaluate(expression: "document", returned: .object)
    #expect(evaluate.parameters == ["expression": "document", "returnByValue": false])
  }

  @Test func parametersLeftNilAreLeftOut() {
    #expect(DevTools.Fetch.ContinueRequest(requestID: "R").parameters == ["requestId": "R"])
    #expect(
      DevTools.Input.DispatchMouseEvent(type: "mouseMoved", x: 1.5, y: 2).parameters == [
        "type": "mouseMoved", "x": .number(1.5), "y": 2,
      ])
    #expect(
      DevTools.Input.DispatchMouseEvent(type: "mousePressed", x: 1, y: 2, clickCount: 2).parameters == [
        "type": "mousePressed", "x": 1, "y": 2, "button": "left", "clickCount": 2,
      ])
    #expect(DevTools.Target.CreateTarget(url: "about:blank").parameters == ["url": "about:blank"])
    #expect(DevTools.Page.HandleJavaScriptDialog(accept: false).parameters == ["accept": false])
  }

  @Test func aFulfilledRequestSendsItsBodyInBase64AndItsHeadersInOrder() {
    let fulfill = DevTools.Fetch.FulfillRequest(
      requestID: "R", responseCode: 404, responseHeaders: ["b": "2", "a": "1"], body: Data("hi".utf8))
    #expect(
      fulfill.parameters == [
        "requestId": "R", "responseCode": 404, "body": "aGk=",
        "responseHeaders": [["name": "a", "value": "1"], ["name": "b", "value": "2"]],
      ])
  }

  // MARK: Answers

  @Test func anAnswerWithoutWhatTheProtocolPromisesNamesTheCommandAndTheMember() {
    let error = #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Target.CreateTarget.answer(from: ["targetID": "wrong case"])
    }
    #expect(error?.detail == "Target.createTarget returned no targetId")
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Page.GetNavigationHistory.answer(from: ["entries": []])
    }
    // An entry without its id would shift the places `currentIndex` counts.
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Page.GetNavigationHistory.answer(
        from: ["currentIndex": 1, "entries": [["url": "a"], ["id": 9, "url": "b"]]])
    }
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Browser.GetVersion.answer(from: ["product": "Chrome/1"])
    }
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Page.CaptureScreenshot.answer(from: ["data": "not base64!"])
    }
  }

  @Test func aResponseBodyIsReadAsTextOrAsBase64() throws {
    #expect(try DevTools.Network.GetResponseBody.answer(from: ["body": "hé"]) == Data("hé".utf8))
    #expect(
      try DevTools.Network.GetResponseBody.answer(from: ["body": "aGk=", "base64Encoded": true])
        == Data("hi".utf8))
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.Network.GetResponseBody.answer(from: ["body": "%%", "base64Encoded": true])
    }
  }

  @Test func aScriptsAnswerIsItsResultOrWhatItThrew() {
    let returned = DevTools.Runtime.Evaluate.answer(
      from: ["result": ["type": "object", "objectId": "O", "value": ["a": 1]]])
    #expect(returned.exception == nil)
    #expect(returned.result.type == "object")
    #expect(returned.result.objectID == "O")
    #expect(returned.result.value == ["a": 1])
    let threw = DevTools.Runtime.Evaluate.answer(
      from: [
        "result": ["type": "object"],
        "exceptionDetails": ["text": "Uncaught", "exception": ["description": "Error: no"]],
      ])
    #expect(threw.exception == "Error: no")
    let bare = DevTools.Runtime.CallFunctionOn.answer(from: ["exceptionDetails": ["text": "Uncaught"]])
    #expect(bare.exception == "Uncaught")
    #expect(bare.result.type == "undefined")
  }

  @Test func answersReadTheirMembers() throws {
    let navigated = DevTools.Page.Navigate.answer(from: ["frameId": "F", "loaderId": "L", "errorText": ""])
    #expect(navigated.errorText == nil)
    #expect(navigated.loaderID == "L")
    #expect(
      DevTools.Page.Navigate.answer(from: ["errorText": "net::ERR_FAILED"]).errorText == "net::ERR_FAILED")
    let quads = try DevTools.DOM.GetContentQuads.answer(from: ["quads": [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2]]])
    #expect(quads == [[1, 2, 3, 4, 5, 6, 7, 8]])
    let history = try DevTools.Page.GetNavigationHistory.answer(
      from: ["currentIndex": 1, "entries": [["id": 7, "url": "a"], ["id": 9, "url": "b"]]])
    #expect(history.currentIndex == 1)
    #expect(history.entries.map(\.id) == [7, 9])
    let properties = try DevTools.Runtime.GetProperties.answer(
      from: ["result": [["name": "0", "value": ["type": "object", "objectId": "E"]], ["value": [:]]]])
    #expect(properties.map(\.name) == ["0"])
    #expect(properties.first?.value.objectID == "E")
    let corner = try DevTools.DOM.GetBoxModel.answer(
      from: ["model": ["content": [10, 20, 30, 20, 30, 40, 10, 40], "border": [0, 0, 1, 1, 2, 2, 3, 3]]])
    #expect(corner.x == 10 && corner.y == 20)
    #expect(throws: BrowserError.unexpectedResponse) {
      try DevTools.DOM.GetBoxModel.answer(from: ["model": ["content": [1, 2]]])
    }
    let described = DevTools.DOM.DescribeNode.answer(from: ["node": ["backendNodeId": 5, "frameId": "F"]])
    #expect(described.backendNodeID == 5 && described.frameID == "F")
  }

  /// A typed command goes out with its method and parameters on the
  /// session, and its answer comes back read.
  @Test func aTypedCommandTravelsAsItsMethodAndParameters() async throws {
    let fake = try FakeBrowser()
    let answer = Task {
      try await fake.connection.send(
        DevTools.Target.CreateTarget(url: "about:blank", browserContextID: "C"), session: "S")
    }
    let sent = await fake.nextCommand()
    #expect(sent["method"] == "Target.createTarget")
    #expect(sent["params"] == ["url": "about:blank", "browserContextId": "C"])
    #expect(sent["sessionId"] == "S")
    let id = try #require(sent["id"]?.int)
    fake.write(#"{"id":\#(id),"result":{"targetId":"T1"}}"#)
    #expect(try await answer.value == "T1")
  }
}
