extension DevTools.DOM {
  /// `DOM.focus`: focuses a node.
  struct Focus: DevToolsCommand {
    static let method = "DOM.focus"
    var backendNodeID: Int
    var parameters: JSONValue { ["backendNodeId": .integer(backendNodeID)] }
  }

  /// `DOM.resolveNode`: a node's script object.
  struct ResolveNode: DevToolsCommand {
    static let method = "DOM.resolveNode"
    var backendNodeID: Int
    /// The object group the object is released with; none when `nil`.
    var objectGroup: String?
    var parameters: JSONValue {
      .parameters([
        "backendNodeId": .integer(backendNodeID), "objectGroup": objectGroup.map(JSONValue.string),
      ])
    }
    /// The object's id, `nil` when the node has no object (Chromium may
    /// answer so for a node of a document going away).
    static func answer(from result: JSONValue) -> String? {
      result["object"]?["objectId"]?.string
    }
  }

  /// `DOM.describeNode`: what node a script object is.
  struct DescribeNode: DevToolsCommand {
    static let method = "DOM.describeNode"
    /// The node's script object, when it is named by one.
    var objectID: String? = nil
    /// The node's backend id, when it is named by one.
    var backendNodeID: Int? = nil
    var parameters: JSONValue {
      .parameters([
        "objectId": objectID.map(JSONValue.string), "backendNodeId": backendNodeID.map(JSONValue.integer),
      ])
    }
    /// The node's backend id, `nil` when Chromium gives none, and, for a
    /// frame's element, the id of the frame it holds.
    static func answer(from result: JSONValue) -> (backendNodeID: Int?, frameID: String?) {
      (result["node"]?["backendNodeId"]?.int, result["node"]?["frameId"]?.string)
    }
  }

  /// `DOM.scrollIntoViewIfNeeded`: scrolls a node into view, when it is
  /// not.
  struct ScrollIntoViewIfNeeded: DevToolsCommand {
    static let method = "DOM.scrollIntoViewIfNeeded"
    var backendNodeID: Int
    var parameters: JSONValue { ["backendNodeId": .integer(backendNodeID)] }
  }

  /// `DOM.getContentQuads`: a node's boxes on the screen.
  struct GetContentQuads: DevToolsCommand {
    static let method = "DOM.getContentQuads"
    var backendNodeID: Int
    var parameters: JSONValue { ["backendNodeId": .integer(backendNodeID)] }
    /// Each quad's corners, x and y in turn, clockwise from the top left;
    /// a quad that is not 8 numbers is left out.
    static func answer(from result: JSONValue) throws(BrowserError) -> [[Double]] {
      try result.required("quads", \.array, of: method).compactMap { quad in
        guard let numbers = quad.array?.compactMap(\.double), numbers.count == 8 else { return nil }
        return numbers
      }
    }
  }

  /// `DOM.getFrameOwner`: the element that holds a frame, in the
  /// process of the document that holds it.
  struct GetFrameOwner: DevToolsCommand {
    static let method = "DOM.getFrameOwner"
    var frameID: String
    var parameters: JSONValue { ["frameId": .string(frameID)] }
    /// The element's backend node id.
    static func answer(from result: JSONValue) throws(BrowserError) -> Int {
      try result.required("backendNodeId", \.int, of: method)
    }
  }

  /// `DOM.getBoxModel`: a node's boxes in its process's viewport.
  struct GetBoxModel: DevToolsCommand {
    static let method = "DOM.getBoxModel"
    var backendNodeID: Int
    var parameters: JSONValue { ["backendNodeId": .integer(backendNodeID)] }
    /// The top left corner of its content box.
    static func answer(from result: JSONValue) throws(BrowserError) -> (x: Double, y: Double) {
      let content = try result.required("model", { $0["content"]?.array?.compactMap(\.double) }, of: method)
      guard content.count == 8 else {
        throw BrowserError.unexpectedResponse("\(method) returned a content quad of \(content.count) numbers")
      }
      return (content[0], content[1])
    }
  }

  /// `DOM.setFileInputFiles`: a file input's files, by path.
  struct SetFileInputFiles: DevToolsCommand {
    static let method = "DOM.setFileInputFiles"
    var files: [String]
    var backendNodeID: Int
    var parameters: JSONValue {
      ["files": .array(files.map(JSONValue.string)), "backendNodeId": .integer(backendNodeID)]
    }
  }
}

extension DevTools.DOMSnapshot {
  /// `DOMSnapshot.captureSnapshot`: every document's nodes, with their
  /// layout, in tables of indexes into one list of strings.
  struct CaptureSnapshot: DevToolsCommand {
    static let method = "DOMSnapshot.captureSnapshot"
    /// The computed styles to read for each node with a layout.
    var computedStyles: [String]
    var parameters: JSONValue { ["computedStyles": .array(computedStyles.map(JSONValue.string))] }
    /// The snapshot's `documents` and `strings`, which ``PageSnapshot``
    /// reads table by table.
    static func answer(from result: JSONValue) throws(BrowserError) -> JSONValue {
      _ = try result.required("documents", \.array, of: method)
      _ = try result.required("strings", \.array, of: method)
      return result
    }
  }
}
