import Foundation

extension DevTools.Fetch {
  /// `Fetch.enable`: every request waits, before it goes out, for one of
  /// the other commands here (`Fetch.requestPaused`).
  struct Enable: DevToolsCommand {
    static let method = "Fetch.enable"
    var parameters: JSONValue { ["patterns": [["urlPattern": "*", "requestStage": "Request"]]] }
  }

  /// `Fetch.disable`: requests go out unstopped again.
  struct Disable: DevToolsCommand {
    static let method = "Fetch.disable"
    var parameters: JSONValue { [:] }
  }

  /// `Fetch.fulfillRequest`: answers a request without the network.
  struct FulfillRequest: DevToolsCommand {
    static let method = "Fetch.fulfillRequest"
    var requestID: String
    var responseCode: Int
    var responseHeaders: [String: String]
    var body: Data
    var parameters: JSONValue {
      [
        "requestId": .string(requestID), "responseCode": .integer(responseCode),
        "responseHeaders": .headerList(responseHeaders), "body": .string(body.base64EncodedString()),
      ]
    }
  }

  /// `Fetch.failRequest`: fails a request as the network would.
  struct FailRequest: DevToolsCommand {
    static let method = "Fetch.failRequest"
    var requestID: String
    /// The protocol's `ErrorReason`, such as `Failed` or `Aborted`.
    var errorReason: String
    var parameters: JSONValue { ["requestId": .string(requestID), "errorReason": .string(errorReason)] }
  }

  /// `Fetch.continueRequest`: lets a request go out, changed or not.
  struct ContinueRequest: DevToolsCommand {
    static let method = "Fetch.continueRequest"
    var requestID: String
    var url: String?
    var httpMethod: String?
    var headers: [String: String]?
    var postData: Data?
    var parameters: JSONValue {
      .parameters([
        "requestId": .string(requestID), "url": url.map(JSONValue.string),
        "method": httpMethod.map(JSONValue.string), "headers": headers.map(JSONValue.headerList),
        "postData": postData.map { .string($0.base64EncodedString()) },
      ])
    }
  }
}

extension JSONValue {
  /// Headers as the fetch domain takes them: a list of names and values,
  /// in the names' order.
  static func headerList(_ headers: [String: String]) -> JSONValue {
    .array(headers.sorted { $0.key < $1.key }.map { ["name": .string($0.key), "value": .string($0.value)] })
  }
}
