import AsyncWait
import AsyncWaitElements
import Testing

/// The profile-form tutorial's UI test, run against the simulated app.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ProfileFormFlowTests {
  /// Thirty seconds, probing every 5 ms: the timeout bounds a hang, not a speed.
  ///
  /// The form validates on a task of its own, which the million-node walk
  /// of `HostileTreeTests` can keep off the cooperative pool for 8 to 14 s
  /// under ThreadSanitizer on two cores, as `ItemListFlowTests` found.
  let patient = Wait(timeout: .seconds(30), schedule: .fixed(.milliseconds(5)))
  static let today = Day(year: 2026, month: 11, day: 29)

  /// Fills the form with valid values and waits for Save to enable.
  func fillValidForm(_ app: ProfileFormApp) async throws -> TreeElement<ElementNode> {
    let screen = app.tree.rootElement()
    try await app.type("Ada Lovelace", into: screen.textFields["ProfileScreen.textField.name"])
    try await app.type("ada@example.com", into: screen.textFields["ProfileScreen.textField.email"])
    try await app.pick(
      Day(year: 1990, month: 12, day: 10), in: screen.descendants(matching: .datePicker).firstMatch)
    let save = screen.buttons["ProfileScreen.button.save"]
    try await save.require(for: \.isEnabled, toEqual: true, using: patient)
    return screen
  }

  @Test func saveStartsDisabledAndEnablesForAValidForm() async throws {
    let app = ProfileFormApp(today: Self.today)
    let save = app.tree.rootElement().buttons["Save"]
    #expect(try await save.snapshot()?.isEnabled == false)

    _ = try await fillValidForm(app)

    #expect(try await save.snapshot()?.isEnabled == true)
  }

  @Test(arguments: [
    ("   ", "ada@example.com", Day(year: 1990, month: 1, day: 1)),
    ("Ada", "ada.example.com", Day(year: 1990, month: 1, day: 1)),
    ("Ada", "ada@example.com", Day(year: 2013, month: 11, day: 30)),
  ])
  func saveDisablesForAnInvalidField(name: String, email: String, birthday: Day) async throws {
    let app = ProfileFormApp(today: Self.today)
    let screen = try await fillValidForm(app)

    try await app.type(name, into: screen.textFields["Name"])
    try await app.type(email, into: screen.textFields["Email"])
    try await app.pick(birthday, in: screen.descendants(matching: .datePicker)["Date of birth"])

    try await screen.buttons["Save"].require(
      for: \.isEnabled, toEqual: false, using: patient)
  }

  @Test func thirteenthBirthdayTodayIsOldEnough() async throws {
    let app = ProfileFormApp(today: Self.today)
    let screen = try await fillValidForm(app)
    let birthday = screen.descendants(matching: .datePicker).firstMatch
    let save = screen.buttons["Save"]

    try await app.pick(Day(year: 2013, month: 11, day: 30), in: birthday)
    try await save.require(for: \.isEnabled, toEqual: false, using: patient)
    try await app.pick(Day(year: 2013, month: 11, day: 29), in: birthday)
    try await save.require(for: \.isEnabled, toEqual: true, using: patient)
    #expect(try await screen.descendants(matching: .datePicker).firstMatch.snapshot()?.value == "2013-11-29")
  }

  @Test func countryAndNewsletterAreRecordedAndSavingReportsSaved() async throws {
    let app = ProfileFormApp(today: Self.today)
    let screen = try await fillValidForm(app)
    let newsletter = screen.toggles["Newsletter"]

    try await app.pick(country: "Canada", in: screen.descendants(matching: .picker)["Country"])
    try await app.tap(newsletter)
    try await screen.descendants(matching: .picker)["Country"].require(
      for: \.value, toEqual: "Canada", timeout: .zero)
    try await newsletter.require(for: \.value, toEqual: "1", timeout: .zero)
    try await screen.buttons["Save"].require(
      for: \.isEnabled, toEqual: true, using: patient)
    try await app.tap(screen.buttons["Save"])

    try await screen.staticTexts["ProfileScreen.text.status"].require(
      for: \.label, toEqual: "Saved", using: patient)
  }
}
