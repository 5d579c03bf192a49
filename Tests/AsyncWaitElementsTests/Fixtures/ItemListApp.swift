import AsyncWaitElements

/// A simulated version of the classic SwiftUI item-list tutorial app.
///
/// Its state renders into a ``NodeTree`` after every change, the way a
/// SwiftUI view re-renders. Like a real app it is slow on purpose: the list
/// loads, a new item saves, and a removal animates after short real delays,
/// so every step of a test has to wait for the state to arrive.
@MainActor
final class ItemListApp {
  let tree = NodeTree()
  private(set) var items: [String] = []
  private var isLoaded = false
  private var isSheetPresented = false
  private var draft = ""
  private let delay: Duration

  init(delay: Duration = .milliseconds(20)) {
    self.delay = delay
  }

  /// Starts the app: the window appears at once, the list after a delay.
  func launch(items: [String] = ["Milk", "Eggs", "Bread", "Butter"]) {
    render()
    later {
      self.items = items
      self.isLoaded = true
    }
  }

  /// Taps an element, as a user would.
  func tap(_ element: TreeElement<ElementNode>) async throws {
    switch try await target(element).identifier {
    case "ItemListScreen.button.add":
      isSheetPresented = true
      draft = ""
    case "ItemListScreen.button.delete":
      later { _ = self.items.popLast() }
    case "AddItemSheet.button.confirm":
      let newItem = draft
      isSheetPresented = false
      later { self.items.append(newItem) }
    case "AddItemSheet.button.cancel":
      isSheetPresented = false
    case let other:
      throw InteractionError(description: "nothing happens on a tap of \(other)")
    }
    render()
  }

  /// Types text into a text field, as a user would.
  func type(_ text: String, into element: TreeElement<ElementNode>) async throws {
    guard try await target(element).identifier == "AddItemSheet.textField.name" else {
      throw InteractionError(description: "\(element.elementDescription) does not take text")
    }
    draft += text
    render()
  }

  private func later(_ change: @escaping @MainActor () -> Void) {
    Task { @MainActor in
      try await ContinuousClock().sleep(for: delay)
      change()
      render()
    }
  }

  private func render() {
    var window = ElementNode(.window, identifier: "ItemListScreen.window.main")
    window.children.append(ElementNode(.staticText, identifier: "ItemListScreen.text.title", label: "Items"))
    if isLoaded {
      let cells = items.enumerated().map { index, item in
        ElementNode(
          .cell, identifier: "ItemListScreen.cell.\(index)", label: item,
          children: [ElementNode(.staticText, label: item)])
      }
      window.children.append(ElementNode(.list, identifier: "ItemListScreen.list.items", children: cells))
    } else {
      window.children.append(
        ElementNode(.other, identifier: "ItemListScreen.progress.loading", label: "Loading"))
    }
    window.children.append(ElementNode(.button, identifier: "ItemListScreen.button.add", label: "Add Item"))
    window.children.append(
      ElementNode(
        .button, identifier: "ItemListScreen.button.delete", label: "Remove Last", isEnabled: !items.isEmpty))
    var app = ElementNode(.application, label: "Items", children: [window])
    if isSheetPresented {
      app.children.append(
        ElementNode(
          .sheet, identifier: "AddItemSheet.sheet.main",
          children: [
            ElementNode(.textField, identifier: "AddItemSheet.textField.name", label: "Name", value: draft),
            ElementNode(
              .button, identifier: "AddItemSheet.button.confirm", label: "Add", isEnabled: !draft.isEmpty),
            ElementNode(.button, identifier: "AddItemSheet.button.cancel", label: "Cancel"),
          ]))
    }
    tree.update { $0 = app }
  }
}
