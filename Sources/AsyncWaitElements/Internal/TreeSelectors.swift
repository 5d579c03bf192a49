/// The selectors in a tree's own language, such as CSS, that the query
/// being resolved uses, while its root is read: the root provider of a tree
/// that has such selectors reads them and marks the nodes each selects, and
/// the query's filter finds the marks (a web page's `locator(css:)`).
package enum TreeSelectors {
  /// The selectors of the query whose root is being read.
  @TaskLocal package static var current: [String] = []

  /// Whether the query whose root is being read searches by text
  /// (`matching(text:)`, `containing(text:)`): a tree whose elements hold
  /// text that its reading leaves out (a web page's `<span>` around a text)
  /// reads them too.
  @TaskLocal package static var searchesText = false
}
