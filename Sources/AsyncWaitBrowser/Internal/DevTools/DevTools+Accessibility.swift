extension DevTools.Accessibility {
  /// `Accessibility.enable`: Chromium keeps the page's accessibility tree
  /// from now on.
  struct Enable: DevToolsCommand {
    static let method = "Accessibility.enable"
    var parameters: JSONValue { [:] }
  }

  /// `Accessibility.getFullAXTree`: every node of a frame's tree.
  struct GetFullAXTree: DevToolsCommand {
    static let method = "Accessibility.getFullAXTree"
    /// The frame; the page's main frame when `nil`.
    var frameID: String?
    var parameters: JSONValue { .parameters(["frameId": frameID.map(JSONValue.string)]) }
    /// The tree's nodes (`AXNode`s), as the snapshot walks them.
    static func answer(from result: JSONValue) throws(BrowserError) -> [JSONValue] {
      try result.required("nodes", \.array, of: method)
    }
  }

  /// `Accessibility.queryAXTree`: the nodes below a node with a name, a
  /// role, or both.
  struct QueryAXTree: DevToolsCommand {
    static let method = "Accessibility.queryAXTree"
    /// Where the search starts, by backend node id...
    var backendNodeID: Int?
    /// ...or by script object.
    var objectID: String?
    var accessibleName: String?
    var role: String?
    var parameters: JSONValue {
      .parameters([
        "backendNodeId": backendNodeID.map(JSONValue.integer), "objectId": objectID.map(JSONValue.string),
        "accessibleName": accessibleName.map(JSONValue.string), "role": role.map(JSONValue.string),
      ])
    }
    /// The nodes found, in the tree's order.
    static func answer(from result: JSONValue) throws(BrowserError) -> [JSONValue] {
      try result.required("nodes", \.array, of: method)
    }
  }

  /// `Accessibility.getPartialAXTree`: the node of a DOM node, alone.
  struct GetPartialAXTree: DevToolsCommand {
    static let method = "Accessibility.getPartialAXTree"
    var backendNodeID: Int
    var parameters: JSONValue { ["backendNodeId": .integer(backendNodeID), "fetchRelatives": false] }
    /// The node, first, and none when the DOM node has none.
    static func answer(from result: JSONValue) throws(BrowserError) -> [JSONValue] {
      try result.required("nodes", \.array, of: method)
    }
  }

  /// `Accessibility.getChildAXNodes`: a node's children.
  struct GetChildAXNodes: DevToolsCommand {
    static let method = "Accessibility.getChildAXNodes"
    /// The accessibility node's id (`AXNodeId`).
    var id: String
    /// The frame whose document the node is in, as the node names it
    /// (its `frameId`): a node's id is its frame's; `nil` for the page's.
    var frameID: String? = nil
    var parameters: JSONValue { .parameters(["id": .string(id), "frameId": frameID.map(JSONValue.string)]) }
    static func answer(from result: JSONValue) throws(BrowserError) -> [JSONValue] {
      try result.required("nodes", \.array, of: method)
    }
  }
}
