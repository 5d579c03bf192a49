import AsyncWaitElements

/// A calendar date, enough for an age check without Foundation.
struct Day: Comparable, Sendable, CustomStringConvertible {
  var year: Int
  var month: Int
  var day: Int

  static func < (lhs: Day, rhs: Day) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Whole years from `self` to `today`.
  func age(on today: Day) -> Int {
    let hadBirthday = (today.month, today.day) >= (month, day)
    return today.year - year - (hadBirthday ? 0 : 1)
  }

  var description: String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(pad(month))-\(pad(day))"
  }
}

/// A simulated version of the classic SwiftUI profile-form tutorial app.
///
/// Save is enabled only when the name is not blank, the email contains `@`
/// and the person is at least 13 on `today`. Validation runs a short real
/// delay after each edit, as a debounced form does, and saving takes a moment.
@MainActor
final class ProfileFormApp {
  let tree = NodeTree()
  private var name = ""
  private var email = ""
  private var birthday: Day?
  private var country = "United Kingdom"
  private var newsletter = false
  private var canSave = false
  private var status = ""
  private var edits = 0
  private let today: Day
  private let delay: Duration

  init(today: Day, delay: Duration = .milliseconds(15)) {
    self.today = today
    self.delay = delay
    render()
  }

  func type(_ text: String, into element: TreeElement<ElementNode>) async throws {
    switch try await target(element).identifier {
    case "ProfileScreen.textField.name": name = text
    case "ProfileScreen.textField.email": email = text
    case let other: throw InteractionError(description: "\(other) does not take text")
    }
    edited()
  }

  func pick(_ day: Day, in element: TreeElement<ElementNode>) async throws {
    guard try await target(element).identifier == "ProfileScreen.datePicker.birthday" else {
      throw InteractionError(description: "\(element.elementDescription) is not the birthday picker")
    }
    birthday = day
    edited()
  }

  func pick(country: String, in element: TreeElement<ElementNode>) async throws {
    guard try await target(element).identifier == "ProfileScreen.picker.country" else {
      throw InteractionError(description: "\(element.elementDescription) is not the country picker")
    }
    self.country = country
    edited()
  }

  func tap(_ element: TreeElement<ElementNode>) async throws {
    switch try await target(element).identifier {
    case "ProfileScreen.toggle.newsletter":
      newsletter.toggle()
      render()
    case "ProfileScreen.button.save":
      status = "Saving…"
      render()
      Task { @MainActor in
        try await ContinuousClock().sleep(for: delay)
        status = "Saved"
        render()
      }
    case let other:
      throw InteractionError(description: "nothing happens on a tap of \(other)")
    }
  }

  /// Re-validates after a delay; only the latest edit's validation applies.
  private func edited() {
    edits += 1
    let edit = edits
    status = ""
    render()
    Task { @MainActor in
      try await ContinuousClock().sleep(for: delay)
      guard edit == edits else { return }
      let nameIsValid = !name.allSatisfy(\.isWhitespace)
      let emailIsValid = email.contains("@")
      let isOldEnough = birthday.map { $0.age(on: today) >= 13 } ?? false
      canSave = nameIsValid && emailIsValid && isOldEnough
      render()
    }
  }

  private func render() {
    let form = ElementNode(
      .other, identifier: "ProfileScreen.form.main",
      children: [
        ElementNode(.textField, identifier: "ProfileScreen.textField.name", label: "Name", value: name),
        ElementNode(.textField, identifier: "ProfileScreen.textField.email", label: "Email", value: email),
        ElementNode(
          .datePicker, identifier: "ProfileScreen.datePicker.birthday", label: "Date of birth",
          value: birthday?.description),
        ElementNode(.picker, identifier: "ProfileScreen.picker.country", label: "Country", value: country),
        ElementNode(
          .toggle, identifier: "ProfileScreen.toggle.newsletter", label: "Newsletter",
          value: newsletter ? "1" : "0"),
        ElementNode(.button, identifier: "ProfileScreen.button.save", label: "Save", isEnabled: canSave),
        ElementNode(.staticText, identifier: "ProfileScreen.text.status", label: status),
      ])
    tree.update { $0 = ElementNode(.application, label: "Profile", children: [form]) }
  }
}
