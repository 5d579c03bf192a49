public import AsyncWaitElements

/// The states of a web page's elements that Playwright's assertions check,
/// as expectations: `try await page.buttons["Save"].require(.visible)`.
extension ElementExpectation where Node == BrowserNode {
  /// Has a box of non-zero size: Playwright's `toBeVisible`.
  public static var visible: ElementExpectation {
    ElementExpectation("to be visible") { node in
      node.box.map { "its box was \($0)" } ?? "it had no box"
    } isMet: { node in
      node.isVisible
    }
  }

  /// Is not visible, or is not on the page at all: Playwright's
  /// `toBeHidden`, `.not(.visible)`.
  public static var hidden: ElementExpectation {
    .not(.visible)
  }

  /// A checkbox, radio button or switch that is checked: Playwright's `toBeChecked`.
  ///
  /// An element with no checked state does not meet it; its negation
  /// `.not(.checked)` does, so to expect a checkbox unchecked, use `unchecked`.
  public static var checked: ElementExpectation {
    ElementExpectation("to be checked", observed: checkedState) { $0.isChecked == true }
  }

  /// A checkbox, radio button or switch that is not checked: Playwright's
  /// `toBeChecked({ checked: false })`.
  public static var unchecked: ElementExpectation {
    ElementExpectation("to be unchecked", observed: checkedState) { $0.isChecked == false }
  }

  private static func checkedState(_ node: BrowserNode) -> String {
    switch node.isChecked {
    case true?: "it was checked"
    case false?: "it was unchecked"
    case nil: "it had no checked state (role \(node.role))"
    }
  }

  /// Has the keyboard focus: Playwright's `toBeFocused`.
  public static var focused: ElementExpectation {
    ElementExpectation("to be focused") { node in
      node.isFocused ? "it was focused" : "it was not focused"
    } isMet: { node in
      node.isFocused
    }
  }

  /// Takes typed text, and is not read-only: Playwright's `toBeEditable`.
  public static var editable: ElementExpectation {
    ElementExpectation("to be editable") { node in
      node.isEditable ? "it was editable" : "it was not editable (role \(node.role))"
    } isMet: { node in
      node.isEditable
    }
  }

  /// Is expanded, such as an open `<details>`: what Playwright checks with
  /// `toHaveAttribute("aria-expanded", "true")`.
  public static var expanded: ElementExpectation {
    ElementExpectation("to be expanded") { node in
      node.isExpanded.map { $0 ? "it was expanded" : "it was collapsed" } ?? "it does not expand"
    } isMet: { node in
      node.isExpanded == true
    }
  }

  /// Has an HTML attribute whose value matches: Playwright's
  /// `toHaveAttribute`.
  ///
  /// ```swift
  /// try await link.require(.attribute("aria-current", "page"))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The attribute's name, such as `href`.
  ///   - value: The value to expect; `.containing("")` for any value.
  /// - Returns: The expectation.
  public static func attribute(_ name: String, _ value: TextMatch) -> ElementExpectation {
    ElementExpectation("to have attribute \(name) \(value)") { node in
      node.attributes[name].map { "its \(name) was \(String(reflecting: $0))" } ?? "it had no \(name)"
    } isMet: { node in
      node.attributes[name].map(value.matches) ?? false
    }
  }

  /// Has a class among those of its `class` attribute: Playwright's
  /// `toHaveClass` for one class.
  ///
  /// - Parameter name: The class.
  /// - Returns: The expectation.
  public static func cssClass(_ name: String) -> ElementExpectation {
    ElementExpectation("to have class \(String(reflecting: name))") { node in
      "its classes were \(node.classes)"
    } isMet: { node in
      node.classes.contains(name)
    }
  }
}
