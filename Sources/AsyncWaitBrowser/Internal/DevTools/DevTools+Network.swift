import Foundation

extension DevTools.Network {
  /// `Network.enable`: the network's events from now on.
  struct Enable: DevToolsCommand {
    static let method = "Network.enable"
    var parameters: JSONValue { [:] }
  }

  /// `Network.setExtraHTTPHeaders`: headers every request of the page
  /// sends.
  struct SetExtraHTTPHeaders: DevToolsCommand {
    static let method = "Network.setExtraHTTPHeaders"
    var headers: [String: String]
    var parameters: JSONValue { ["headers": .object(headers.mapValues(JSONValue.string))] }
  }

  /// `Network.emulateNetworkConditions`: online at full speed, or offline.
  struct EmulateNetworkConditions: DevToolsCommand {
    static let method = "Network.emulateNetworkConditions"
    var offline: Bool
    var parameters: JSONValue {
      ["offline": .bool(offline), "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1]
    }
  }

  /// `Network.getResponseBody`: the body of a response that has all come.
  struct GetResponseBody: DevToolsCommand {
    static let method = "Network.getResponseBody"
    var requestID: String
    var parameters: JSONValue { ["requestId": .string(requestID)] }
    /// The body's bytes.
    static func answer(from result: JSONValue) throws(BrowserError) -> Data {
      let body = try result.required("body", \.string, of: method)
      guard result["base64Encoded"]?.bool == true else { return Data(body.utf8) }
      guard let data = Data(base64Encoded: body) else {
        throw BrowserError.unexpectedResponse("\(method) returned a body that is not base64")
      }
      return data
    }
  }
}
