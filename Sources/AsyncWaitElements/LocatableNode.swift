/// A node that can say where it is, so that an ambiguity error tells apart
/// candidates that read alike, such as two "Delete" buttons.
///
/// ``AmbiguousElementError`` lists each candidate with its kind, name and
/// identifier, as a dump of the tree does; a node type that conforms adds
/// its place: `button "Delete" at (109.453125, 416.6875, 59.796875×21.0)`.
public protocol LocatableNode: QueryableNode {
  /// Where the node is, such as its box on screen; `nil` when it has none.
  var locationDescription: String? { get }
}
