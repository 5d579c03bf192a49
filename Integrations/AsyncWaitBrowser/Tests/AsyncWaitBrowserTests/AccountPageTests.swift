import AsyncWait
import AsyncWaitBrowser
import AsyncWaitElements
import Foundation
import Testing

/// The account page, a page nobody shaped for this package, driven only
/// through what a user reads on it: roles and names, labels, text and
/// placeholders; never a test id, an `id` or a CSS selector.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AccountPageTests {
  /// Short: each wait given it is meant to time out.
  let short = Duration.milliseconds(800)

  @Test func formIsFilledAndSubmittedWithEnter() async throws {
    try await withAccountPage { page in
      try await page.fill(page.descendants(labelled: "Email"), with: "ada@example.com", timeout: patience)
      try await page.fill(
        page.descendants(withPlaceholder: "Ada Lovelace"), with: "Ada King", timeout: patience)
      try await page.selectOption(
        "Blue", in: page.descendants(labelled: "Favourite colour"), timeout: patience)
      try await page.check(page.descendants(labelled: "Send me news"), timeout: patience)

      try await page.press("Enter", on: page.descendants(labelled: "Email"), timeout: patience)

      try await page.descendants(withText: "Saved ada@example.com, Ada King, blue, news")
        .requireExistence(timeout: patience)
      let colour = try await page.descendants(labelled: "Favourite colour").element.snapshot()
      #expect(colour?.value == "Blue")
      let options = try await page.descendants(labelled: "Favourite colour").cells.snapshots()
      #expect(options.map(\.label) == ["Choose one", "Red", "Blue", "Grey"])
      #expect(options.map(\.isSelected) == [false, false, true, false])
    }
  }

  @Test func aLabelIsANameALabelGave() async throws {
    try await withAccountPage { (page) async throws in
      // <label for>, a wrapping <label>, aria-label: labelled.
      for label in ["Email", "Full name", "Send me news", "Favourite colour", "New to-do", "Avatar"] {
        #expect(try await page.descendants(labelled: .exactly(label)).count == 1, "\(label)")
      }
      // Named by their contents: a button's text, a link's, an option's.
      for name in ["Save", "Delete", "Settings", "Red", "Account settings"] {
        #expect(try await page.descendants(matching: .any, named: .exactly(name)).count > 0, "\(name)")
        #expect(try await page.descendants(labelled: .exactly(name)).count == 0, "\(name)")
      }
    }
  }

  @Test func fillReplacesTheTextAndClearEmptiesIt() async throws {
    try await withAccountPage { page in
      let email = page.descendants(labelled: "Email")
      #expect(try await email.element.snapshot()?.value == "")

      try await page.type("first", into: email, timeout: patience)
      try await page.fill(email, with: "second", timeout: patience)
      try await email.require(.value("second"), timeout: patience)
      try await page.clear(email, timeout: patience)

      try await email.require(.value(""), timeout: patience)
    }
  }

  @Test func anActionOnOneOfTwoSameNamedButtonsFailsAndListsThem() async throws {
    try await withAccountPage { page in
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.click(page.descendants(matching: .button, named: "Delete"), timeout: short)
      }
      let observation = try #require(error?.lastObservation)
      let lines = observation.split(separator: "\n").prefix(4).map(String.init)
      #expect(
        lines.first
          == "last probe: it is not one element: "
          + #"page.descendants(matching: .button, named: "Delete").element matches 2 elements, "#
          + "and an action needs exactly one:")
      // Each candidate with its box, which tells the two apart.
      #expect(lines.dropFirst().prefix(2).allSatisfy { $0.hasPrefix(#"  button "Delete" at ("#) })
      #expect(Set(lines.dropFirst().prefix(2)).count == 2)
      #expect(
        lines.last == "Narrow the query, or say which one with .firstMatch, .lastMatch or .element(boundBy:)."
      )
      // The first line leads with it, as Playwright's strict mode violation.
      #expect(
        String(describing: try #require(error)).split(separator: "\n").first?.hasPrefix(
          #"page.descendants(matching: .button, named: "Delete").element matches 2 elements, "#
            + "and an action needs exactly one; timed out after ") == true)
      // Reading is not strict: the first of them exists.
      #expect(try await page.buttons["Delete"].exists)

      try await page.click(page.cells.containing(text: "Draft B").buttons["Delete"], timeout: patience)

      try await page.descendants(withText: "Draft B").requireNonExistence(timeout: patience)
      #expect(try await page.descendants(withText: "Draft A").count == 1)
    }
  }

  @Test func toDoIsAddedWithEnterEditedByDoubleClickAndDeletedOnHover() async throws {
    try await withAccountPage { page in
      let newToDo = page.descendants(withPlaceholder: "What needs to be done?")
      try await page.fill(newToDo, with: "Buy milk", timeout: patience)
      try await page.press("Enter", on: newToDo, timeout: patience)
      try await page.descendants(withText: "Buy milk").requireExistence(timeout: patience)
      #expect(try await newToDo.element.snapshot()?.value == "")

      try await page.doubleClick(page.descendants(withText: "Buy milk"), timeout: patience)
      let edit = page.descendants(labelled: "Edit to-do")
      try await edit.require(.focused, timeout: patience)
      try await page.fill(edit, with: "Buy oat milk", timeout: patience)
      try await page.press("Enter", on: edit, timeout: patience)
      let row = page.cells.containing(text: "Buy oat milk")
      try await row.requireExistence(timeout: patience)

      // The delete button is in the tree only while the pointer is over the
      // row, and the pointer stays where the double click left it.
      #expect(try await row.buttons["Delete"].exists)
      try await page.hover(
        page.descendants(matching: "heading", named: "Account settings"), timeout: patience)
      try await row.buttons["Delete"].requireNonExistence(timeout: patience)
      try await page.hover(row, timeout: patience)
      try await page.click(row.buttons["Delete"], timeout: patience)

      try await row.requireNonExistence(timeout: patience)
    }
  }

  @Test func checkingAToDoChangesItsClasses() async throws {
    try await withAccountPage { page in
      let newToDo = page.descendants(withPlaceholder: "What needs to be done?")
      try await page.fill(newToDo, with: "Walk", timeout: patience)
      try await page.press("Enter", on: newToDo, timeout: patience)
      let done = page.descendants(labelled: "Done: Walk")

      try await page.check(done, timeout: patience)
      try await page.check(done, timeout: patience)  // Checked already: no click.

      try await page.cells.containing(done).element.require(
        for: \.classes, toEqual: ["done"], timeout: patience)
      try await page.uncheck(done, timeout: patience)
      try await page.cells.containing(done).element.require(for: \.classes, toEqual: [], timeout: patience)
      #expect(try await done.element.snapshot()?.isChecked == false)
      try await done.require(.unchecked, timeout: .zero)
      try await page.cells.containing(done).require(.not(.cssClass("done")), timeout: .zero)

      // A radio button is not unchecked by a click: refused, not clicked.
      _ = try await page.evaluate(
        "document.querySelector('details').insertAdjacentHTML('beforebegin', "
          + "'<input type=radio name=size aria-label=Small checked>')")
      let refused = await #expect(throws: BrowserError.invalidArgument) {
        try await page.uncheck(page.descendants(labelled: "Small"), timeout: patience)
      }
      #expect(
        refused?.detail.hasSuffix(
          "is a radio button, which a click does not uncheck: check another of its group")
          == true)
      try await page.descendants(labelled: "Small").require(.checked, timeout: .zero)
    }
  }

  @Test func expandedPressedAndAttributesAreRead() async throws {
    try await withAccountPage { page in
      // A <summary>, as Chromium names its role.
      let more = page.descendants(matching: "DisclosureTriangle", named: "More options")
      #expect(try await more.element.snapshot()?.isExpanded == false)
      #expect(try await page.buttons["Bold"].exists == false)

      try await page.click(more, timeout: patience)
      try await more.element.require(for: \.isExpanded, toEqual: true, timeout: patience)
      let bold = page.descendants(matching: .button, named: "Bold")
      #expect(try await bold.element.snapshot()?.isPressed == false)
      try await page.click(bold, timeout: patience)
      try await bold.element.require(for: \.isPressed, toEqual: true, timeout: patience)

      let settings = page.descendants(matching: "link", named: "Settings")
      try await settings.require(.attribute("aria-current", "page"), timeout: .zero)
      try await settings.require(.attribute("href", .containing("settings")), timeout: .zero)
      try await settings.require(.not(.attribute("target", .containing(""))), timeout: .zero)
      #expect(
        try await page.descendants(matching: "link", named: "Home").element.snapshot()?.isChecked == nil)
    }
  }

  @Test func filesAreSetOnAFileInput() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-\(getpid()).txt")
    try Data("hello".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try await withAccountPage { page in
      let avatar = page.descendants(labelled: "Avatar")

      try await page.setInputFiles([file.path], on: avatar, timeout: patience)

      try await page.descendants(withText: "\(file.lastPathComponent) (5 bytes)").requireExistence(
        timeout: patience)
      let missing = await #expect(throws: BrowserError.invalidArgument) {
        try await page.setInputFiles(["/no/such/file.png"], on: avatar, timeout: patience)
      }
      #expect(missing?.detail == "there is no file at /no/such/file.png")
      await #expect(throws: BrowserError.commandFailed) {
        try await page.setInputFiles([file.path], on: page.descendants(labelled: "Email"), timeout: patience)
      }
    }
  }

  @Test func reloadLoadsTheDocumentAgain() async throws {
    try await withAccountPage { page in
      let newToDo = page.descendants(withPlaceholder: "What needs to be done?")
      try await page.fill(newToDo, with: "Forget me", timeout: patience)
      try await page.press("Enter", on: newToDo, timeout: patience)
      try await page.descendants(withText: "Forget me").requireExistence(timeout: patience)

      try await page.reload(timeout: patience)

      #expect(try await page.descendants(withText: "Forget me").exists == false)
      try await page.fill(newToDo, with: "Still works", timeout: patience)
      try await page.press("Enter", on: newToDo, timeout: patience)
      try await page.descendants(withText: "Still works").requireExistence(timeout: patience)
    }
  }

  @Test func eachActionNamesTheCheckItsElementFails() async throws {
    try await withAccountPage { page in
      let cases: [(String, @Sendable () async throws -> Void)] = [
        (
          "last probe: it does not take text (role button)",
          {
            try await page.fill(page.descendants(matching: .button, named: "Save"), with: "x", timeout: short)
          }
        ),
        (
          "last probe: it does not take text (role textbox)",
          { try await page.fill(page.descendants(labelled: "Nickname"), with: "x", timeout: short) }
        ),
        (
          #"last probe: it has no option "Green""#,
          {
            try await page.selectOption(
              "Green", in: page.descendants(labelled: "Favourite colour"), timeout: short)
          }
        ),
        (
          #"last probe: its option "Grey" is disabled"#,
          {
            try await page.selectOption(
              "Grey", in: page.descendants(labelled: "Favourite colour"), timeout: short)
          }
        ),
        (
          "last probe: it is not a <select>",
          { try await page.selectOption("Blue", in: page.descendants(labelled: "Email"), timeout: short) }
        ),
        (
          "last probe: it has no checked state (role button)",
          { try await page.check(page.descendants(matching: .button, named: "Save"), timeout: short) }
        ),
        (
          "last probe: it does not exist",
          { try await page.press("Enter", on: page.descendants(labelled: "Password"), timeout: short) }
        ),
      ]
      for (unmet, action) in cases {
        let error = await #expect(throws: WaitTimeoutError.self) { try await action() }
        #expect(error?.lastObservation?.hasPrefix(unmet) == true, "\(error?.lastObservation ?? "no error")")
      }
    }
  }

  @Test func eachActionsReadinessListsItsChecks() async throws {
    try await withAccountPage { page in
      let missing = page.descendants(labelled: "Password")
      let cases: [(String, @Sendable () async throws -> Void)] = [
        (
          "a double click: to exist, be enabled, be visible, hold still and receive the double click",
          { try await page.doubleClick(missing, timeout: .zero) }
        ),
        (
          "hovering: to exist, be visible, hold still and receive the pointer",
          { try await page.hover(missing, timeout: .zero) }
        ),
        (
          "unchecking: to exist, be enabled, be visible, hold still, have a checked state and receive the click",
          { try await page.uncheck(missing, timeout: .zero) }
        ),
        (
          "filling: to exist, be enabled, be visible and take text",
          { try await page.clear(missing, timeout: .zero) }
        ),
        (
          #"selecting an option: to exist, be enabled, be visible and have an option "a""#,
          { try await page.selectOption("a", in: missing, timeout: .zero) }
        ),
        (
          #"selecting an option: to exist, be enabled, be visible and have options "a", "b""#,
          { try await page.selectOption("a", "b", in: missing, timeout: .zero) }
        ),
        ("a key press: to exist", { try await page.press("a", on: missing, timeout: .zero) }),
        ("focusing: to exist", { try await page.focus(missing, timeout: .zero) }),
        ("setting its files: to exist", { try await page.setInputFiles([], on: missing, timeout: .zero) }),
      ]
      for (readiness, action) in cases {
        let error = await #expect(throws: WaitTimeoutError.self) { try await action() }
        #expect(
          error?.comment == "\(missing.elementDescription).element to be ready for \(readiness)",
          "\(error?.comment ?? "no error")")
      }
    }
  }

  @Test func focusMovesTheKeyboardFocusAndTabMovesItOn() async throws {
    try await withAccountPage { page in
      let name = page.descendants(labelled: "Full name")

      try await page.focus(name, timeout: patience)

      try await name.require(.focused, timeout: patience)
      try await page.press("Tab", on: name, timeout: patience)
      try await page.descendants(labelled: "Favourite colour").require(.focused, timeout: patience)
      try await page.press("Shift+Tab", on: page.descendants(labelled: "Favourite colour"), timeout: patience)
      try await name.require(.focused, timeout: patience)
      await #expect(throws: BrowserError.invalidArgument) {
        try await page.press("Hyper+x", on: name, timeout: patience)
      }
    }
  }

  @Test func assertionsWaitForTheStateAndSayWhatTheyLastSaw() async throws {
    try await withAccountPage { page in
      let status = page.descendants(matching: "status")
      try await status.require(.text(""), timeout: .zero)
      try await page.fill(page.descendants(labelled: "Email"), with: "grace@example.com", timeout: patience)
      try await page.press("Enter", on: page.descendants(labelled: "Email"), timeout: patience)
      try await status.require(.text(.containing("grace@example.com")), timeout: patience)
      try await page.descendants(labelled: "Nickname").require(.not(.editable), timeout: .zero)
      try await page.descendants(labelled: "Email").require(.editable, timeout: .zero)
      try await page.lists.containing(text: "Draft A").cells.require(count: 2, timeout: .zero)
      try await page.descendants(labelled: "Favourite colour").cells.require(count: 4, timeout: .zero)
      try await page.descendants(labelled: "Send me news").require(.unchecked, timeout: .zero)
      try await page.descendants(matching: .button, named: "Bold").require(.hidden, timeout: .zero)

    }
  }

  @Test func aFailedAssertionSaysWhatItLastSaw() async throws {
    try await withAccountPage { page in
      let email = page.descendants(labelled: "Email")
      try await page.fill(email, with: "grace@example.com", timeout: patience)
      try await page.press("Enter", on: email, timeout: patience)
      try await page.descendants(withText: .containing("grace@")).requireExistence(timeout: patience)

      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.descendants(matching: "status").require(
          .text(.containing("Saved ada")), timeout: .zero)
      }
      #expect(
        error?.comment == #"page.descendants(matching: "status") to have text .containing("Saved ada")"#)
      #expect(
        error?.lastObservation?.hasPrefix(#"its text was "Saved grace@example.com, , no colour, no news""#)
          == true,
        "\(error?.lastObservation ?? "")")
      let notChecked = await #expect(throws: WaitTimeoutError.self) {
        try await page.buttons["Save"].require(.checked, timeout: .zero)
      }
      #expect(notChecked?.lastObservation?.hasPrefix("it had no checked state (role button)") == true)
    }
  }

  @Test func visibilityIsABoxOfSomeSize() async throws {
    try await withItemListPage { page in
      try await page.buttons["add-item"].require(.visible, timeout: .zero)
      try await page.buttons["no-size"].require(.hidden, timeout: .zero)
      // Not in the tree at all: hidden too, and not visible.
      try await page.buttons["inside-hidden"].require(.hidden, timeout: .zero)
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.buttons["no-size"].require(.visible, timeout: .zero)
      }
      #expect(error?.lastObservation?.hasPrefix("its box was (") == true, "\(error?.lastObservation ?? "")")
    }
  }
}

/// A same-origin iframe's document is part of the page's tree, under its
/// frame element, and takes actions and assertions as the page does.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FrameTests {
  @Test func aFrameIsQueriedAndDrivenAsPartOfThePage() async throws {
    try await withAccountPage { page in
      let frame = page.descendants(matching: "Iframe", named: "Newsletter")
      let topic = frame.descendants(labelled: "Topic")

      try await page.fill(topic, with: "Concurrency", timeout: patience)
      try await page.click(frame.descendants(matching: .button, named: "Subscribe"), timeout: patience)

      try await frame.descendants(matching: "status").require(
        .text("Subscribed to Concurrency"), timeout: patience)
      let field = try #require(try await topic.element.snapshot()?.box)
      let owner = try #require(try await frame.element.snapshot()?.box)
      // The frame's boxes are placed on the page, inside its frame element.
      #expect(field.x > owner.x && field.y > owner.y)
      #expect(field.y + field.height < owner.y + owner.height)
    }
  }
}
