/// The selectors in a tree's own language, such as CSS, that the query
/// being resolved uses, while its root is read: the root provider of a tree
/// that has such selectors reads them and marks the nodes each selects, and
/// the query's filter finds the marks (a web page's `locator(css:)`).
package enum TreeSelectors {
  /// The selectors of the query whose root is being read.
  @TaskLocal package static var current: [String] = []
}
