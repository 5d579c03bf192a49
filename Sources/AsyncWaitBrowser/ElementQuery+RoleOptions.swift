public import AsyncWaitElements

// The options of Playwright's `getByRole` as filters of a query:
// `getByRole("checkbox", { name: "Done", checked: true })` is
// `page.descendants(matching: "checkbox", named: "Done").matching(checked: true)`.
// Each compares one state of the element's accessibility node, in the page
// when the page evaluates the query and in a snapshot otherwise, by the
// same rule (`BrowserNode.state(_:)`). An element that does not have the
// state matches neither `true` nor `false`.
extension ElementQuery where Node == BrowserNode {
  /// The matches whose checked state is `checked`, as `getByRole`'s
  /// `checked` option matches: checkboxes, radio buttons, switches and
  /// checkable menu items; an indeterminate (`mixed`) one matches neither.
  ///
  /// ```swift
  /// let done = page.descendants(matching: "checkbox").matching(checked: true)
  /// try await done.require(count: 2)
  /// ```
  ///
  /// - Parameter checked: Whether the matches are checked.
  /// - Returns: The narrowed query.
  public func matching(checked: Bool) -> ElementQuery<BrowserNode> {
    matching(state: "checked", checked, describedAs: ".matching(checked: \(checked))")
  }

  /// The matches that are disabled, or enabled, as `getByRole`'s
  /// `disabled` option matches: `disabled`, or `aria-disabled` on the
  /// element or an element around it.
  ///
  /// - Parameter disabled: Whether the matches are disabled.
  /// - Returns: The narrowed query.
  public func matching(disabled: Bool) -> ElementQuery<BrowserNode> {
    matching(state: "disabled", disabled, describedAs: ".matching(disabled: \(disabled))")
  }

  /// The matches that are expanded, or collapsed, as `getByRole`'s
  /// `expanded` option matches: a `<details>`'s summary, an
  /// `aria-expanded` button or combo box; an element that does not expand
  /// matches neither.
  ///
  /// - Parameter expanded: Whether the matches are expanded.
  /// - Returns: The narrowed query.
  public func matching(expanded: Bool) -> ElementQuery<BrowserNode> {
    matching(state: "expanded", expanded, describedAs: ".matching(expanded: \(expanded))")
  }

  /// The matches whose level is `level`, as `getByRole`'s `level` option
  /// matches: a heading's (`<h2>` is 2, or its `aria-level`), a list
  /// item's, row's or tree item's (``BrowserNode/level``), as Chromium
  /// computes it: an `aria-level` wins over `<h2>`'s own level, where
  /// Playwright reads `<h2>`'s, and a `role="heading"` without one is 2.
  ///
  /// ```swift
  /// let sections = page.descendants(matching: "heading").matching(level: 2)
  /// try await sections.require(count: 3)
  /// ```
  ///
  /// - Parameter level: The level.
  /// - Returns: The narrowed query.
  public func matching(level: Int) -> ElementQuery<BrowserNode> {
    filtered(byState: "level", equals: String(level), describedAs: ".matching(level: \(level))") {
      $0.state("level") == String(level)
    }
  }

  /// The matches that are pressed, or not, as `getByRole`'s `pressed`
  /// option matches: toggle buttons (`aria-pressed`), and any other button
  /// as not pressed; a `mixed` one matches neither.
  ///
  /// - Parameter pressed: Whether the matches are pressed.
  /// - Returns: The narrowed query.
  public func matching(pressed: Bool) -> ElementQuery<BrowserNode> {
    matching(state: "pressed", pressed, describedAs: ".matching(pressed: \(pressed))")
  }

  /// The matches that are selected, or not, as `getByRole`'s `selected`
  /// option matches: options, tabs, rows, cells and tree items
  /// (`aria-selected`, a `<select>`'s chosen option).
  ///
  /// - Parameter selected: Whether the matches are selected.
  /// - Returns: The narrowed query.
  public func matching(selected: Bool) -> ElementQuery<BrowserNode> {
    matching(state: "selected", selected, describedAs: ".matching(selected: \(selected))")
  }

  /// A filter on a state that reads `"true"` or `"false"`.
  private func matching(state name: String, _ value: Bool, describedAs description: String)
    -> ElementQuery<BrowserNode>
  {
    filtered(byState: name, equals: String(value), describedAs: description) {
      $0.state(name) == String(value)
    }
  }
}
