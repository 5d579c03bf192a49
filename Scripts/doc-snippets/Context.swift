// The names the documentation's code blocks use, declared just enough for the
// blocks to compile. Scripts/check-doc-snippets.py copies this file beside the
// blocks it extracts; nothing here runs.

import AsyncWaitBrowser
import AsyncWaitTesting
import Foundation
import Observation

enum Phase: Sendable { case loading, loaded }
enum Banner: Sendable { case hidden, saved }
enum Health: Sendable { case starting, ready, ok }

struct Receipt: Sendable { var total: Int }
struct Order: Sendable { var status: Status }
enum Status: Sendable { case pending, shipped }

final class Store: Sendable {
  let changed = WaitTrigger()
  func receipt(for order: Int) -> Receipt? { nil }
  func order(_ id: Int) -> Order? { nil }
}

@MainActor @Observable final class AppModel {
  var items: [String] = []
  var phase = Phase.loading
  let tree = NodeTree()
}

final class Log: Sendable { var containsError: Bool { false } }
struct Inbox: Sendable { var isLoaded: Bool }
actor ChatApp {
  var session: String?
  var inbox = Inbox(isLoaded: false)
}
let checkout = Checkout()
final class Checkout: Sendable { var receipt: Receipt? { get async { nil } } }
final class Spinner: Sendable { var isSpinnerVisible: Bool { false } }
struct Export: Sendable { var finished: Bool }
final class API: Sendable { func export(_ id: Int) async throws -> Export { Export(finished: true) } }
final class Search: Sendable { var isIndexed: Bool { get async throws { true } } }
final class Server: Sendable {
  var isReady: Bool { get async { true } }
  func health() async throws -> Health { .ready }
}
final class Jobs: Sendable { var count: Int { get async { 1 } } }
final class Client: Sendable {
  func health() async throws -> Health { .ok }
  func health(timeout: Duration) async throws -> Health { .ok }
}
final class Downloads: Sendable {
  let changed = WaitTrigger()
  func isFinished(_ id: Int) -> Bool { true }
}
struct Counter: WaitableElement { var exists: Bool { true }; var text: String { "3 items" } }

@MainActor final class Feed {
  var isLoaded = false
  func refresh() { isLoaded = true }
}
@MainActor final class ProfileModel {
  var banner = Banner.hidden
  func save() { banner = .saved }
}
@MainActor final class ScreenModel {
  var isLoaded = false
  func load() { isLoaded = true }
}

/// The stand-in for the package's test fixture `ItemListApp`, a simulated app.
@MainActor final class ItemListApp {
  let tree = NodeTree()
  func launch() {}
  func tap(_ element: TreeElement<ElementNode>) async throws {}
  func type(_ text: String, into element: TreeElement<ElementNode>) async throws {}
}

final class TodoList: Sendable {
  var titles: [String] { [] }
  func detail(for title: String) -> String? { nil }
}
@MainActor final class EditorScreen {
  init(toast: some WaitableElement) {}
  func save() {}
}
final class WebDriverSession: Sendable {
  func findElements(css: String) async throws -> [String] { [] }
}

let store = Store()
let order = 7
let id = 1
let log = Log()
let screen = Spinner()
let api = API()
let search = Search()
let server = Server()
let jobs = Jobs()
let client = Client()
let downloads = Downloads()
let list = TodoList()
let counter = Counter()
@MainActor let model = AppModel()
let saveButton = NodeTree().rootElement().buttons["Save"]
let spinner = NodeTree().rootElement().descendants(matching: .any)["spinner"]
/// Where a test serves the page it drives (the browser articles).
let siteURL = "http://127.0.0.1:8080/"
/// A page the browser articles act on; never opened, since nothing here runs.
let page: BrowserPage = { fatalError("the docs' code blocks are compiled, not run") }()
/// The browser of the browser module's examples.
let browser: Browser = { fatalError("the docs' code blocks are compiled, not run") }()
/// The site a browser example opens: `site.url`.
struct DocSite { let url = "http://127.0.0.1:8080/" }
let site = DocSite()
/// Elements of a page that browser examples act on.
let editor = page.descendants(identifiedBy: "editor").element
let link = page.descendants(matching: "link", named: "Home")
/// Where a browser example saves a storage state.
let statePath = "/tmp/state.json"
/// The context of ``page``, for the articles' context-wide calls.
let context: BrowserContext = { fatalError("the docs' code blocks are compiled, not run") }()

/// The cache of "Controlling time in tests", for its second block: the
/// first block declares the same type, nested in a block of its own.
final class TTLCache<C: Clock<Duration>>: @unchecked Sendable {
  // @unchecked: every access to `entries` holds `lock`.
  private let lock = NSLock()
  private var entries: [String: (value: Int, expires: C.Instant)] = [:]
  let timeToLive: Duration
  let clock: C

  init(timeToLive: Duration, clock: C) {
    self.timeToLive = timeToLive
    self.clock = clock
  }

  subscript(key: String) -> Int? {
    get {
      lock.withLock {
        guard let entry = entries[key], clock.now < entry.expires else { return nil }
        return entry.value
      }
    }
    set {
      lock.withLock {
        let expires = clock.now.advanced(by: timeToLive)
        entries[key] = newValue.map { ($0, expires) }
      }
    }
  }
}
