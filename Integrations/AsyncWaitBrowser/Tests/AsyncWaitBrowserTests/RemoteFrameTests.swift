@_spi(Integrations) import AsyncWait
import AsyncWaitElements
import Foundation
import Testing

@testable import AsyncWaitBrowser

/// A frame from another origin runs in a process of its own, reached through
/// a session of its own; its document is part of the page's tree all the
/// same, under its frame element, and takes actions and assertions.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RemoteFrameTests {
  /// The newsletter form, served from `localhost` into a page of
  /// `127.0.0.1`: another site, so another process.
  static let elsewhere = site.url("/account/newsletter").replacingOccurrences(
    of: "127.0.0.1", with: "localhost")

  /// Adds the newsletter from another origin (or `url`) at the top of the
  /// page, in a frame with a border and padding, and waits for it to load.
  static func addFrame(to page: BrowserPage, title: String = "Elsewhere", url: String = elsewhere)
    async throws
  {
    try await page.evaluate(
      """
      new Promise((loaded) => {
        const frame = Object.assign(document.createElement("iframe"), { title: "\(title)", src: "\(url)" });
        frame.style.cssText = "width: 400px; height: 160px; border: 5px solid; padding: 3px 9px";
        frame.onload = () => loaded(1);
        document.body.prepend(frame);
      })
      """)
  }

  /// The value of `expression` in the page's frame from another origin
  /// attached last, evaluated in its own session.
  static func evaluateInFrame(of page: BrowserPage, _ expression: String) async throws -> JSONValue? {
    let session = try #require(
      page.remoteFrames.withLock { $0.bySession.values.max { $0.number < $1.number }?.sessionID })
    return try await page.browser.connection.send(
      DevTools.Runtime.Evaluate(expression: expression, returned: .value), session: session
    ).result.value
  }

  @Test func aFrameFromAnotherOriginIsQueriedAndDrivenAsPartOfThePage() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      let frame = page.descendants(matching: "Iframe", named: "Elsewhere")
      let topic = frame.descendants(labelled: "Topic")

      try await page.fill(topic, with: "Actors", timeout: patience)
      try await page.click(frame.buttons["Subscribe"], timeout: patience)

      try await frame.descendants(matching: "status").require(
        .text("Subscribed to Actors"), timeout: patience)
      #expect(page.remoteFrames.withLock { $0.bySession.count } == 1)
      let field = try #require(try await topic.element.snapshot()?.box)
      let owner = try #require(try await frame.element.snapshot()?.box)
      // The frame's boxes are placed on the page, inside its frame element.
      #expect(field.x > owner.x && field.y > owner.y)
      #expect(field.y + field.height < owner.y + owner.height)
      // A frame that goes takes its tree and its session with it.
      try await page.evaluate("document.querySelector('iframe').remove()")
      try await topic.requireNonExistence(timeout: patience)
      try await requireEventually("the frame's session is forgotten", timeout: patience) {
        page.remoteFrames.withLock { $0.bySession.isEmpty }
      }
    }
  }
}

extension RemoteFrameTests {
  /// The page's own search reaches a frame from another origin by running
  /// in its process, from its document, and finds there what a snapshot
  /// finds: the same nodes, in the page's order (a frame's matches where
  /// its frame element is), with their boxes placed on the page.
  @Test func aFrameFromAnotherOriginIsSearchedInItsProcessAsASnapshotFindsIt() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      try await page.evaluate(
        """
        document.body.insertAdjacentHTML("afterbegin", '<button data-testid="before">Subscribe</button>');
        document.body.insertAdjacentHTML("beforeend", '<button data-testid="after">Subscribe</button>');
        1
        """)
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      func search(_ type: ElementType, _ filters: [QueryPlan.Filter]) -> QueryPlan.Step {
        .search(.descendants, type, filters)
      }
      func pattern(_ text: String) throws -> TextMatch.Pattern {
        try #require(TextMatch.exactly(text).pattern)
      }
      let frame = snapshotRoot.descendants(matching: "Iframe").matching(named: "Elsewhere")
      let cases: [(QueryPlan, ElementQuery<BrowserNode>)] = try [
        (
          QueryPlan(steps: [search(.button, [.named(pattern("Subscribe"))])]),
          snapshotRoot.buttons.matching(named: "Subscribe")
        ),
        (
          QueryPlan(steps: [search(.textField, [.labelled(pattern("Topic"))])]),
          snapshotRoot.textFields.matching(labelled: "Topic")
        ),
        (
          QueryPlan(steps: [search(.any, [.text(pattern("Subscribe"))])]),
          snapshotRoot.descendants(withText: "Subscribe")
        ),
        (
          QueryPlan(steps: [
            search("Iframe", [.named(pattern("Elsewhere"))]), .select(index: 0, isImplicit: true),
            search(.button, [.identifierOrLabel("Subscribe")]),
          ]),
          frame.buttons.matching(named: "Subscribe")
        ),
        // The frame's document, named by its title, as a snapshot has it.
        (
          QueryPlan(steps: [search(.any, [.named(pattern("Newsletter"))])]),
          snapshotRoot.descendants(matching: .any).matching(named: "Newsletter")
        ),
        // A selector runs in the frame's document too, in its process.
        (
          QueryPlan(steps: [search(.any, [.selector("form button, body > p")])]),
          snapshotRoot.locator(css: "form button, body > p")
        ),
        (
          QueryPlan(steps: [
            search("Iframe", [.selector("iframe[title=Elsewhere]")]), .select(index: 0, isImplicit: true),
            search(.any, [.selector("label")]),
          ]),
          snapshotRoot.frameLocator(css: "iframe[title=Elsewhere]").locator(css: "label")
        ),
      ]
      for (plan, reference) in cases {
        let evaluated = try #require(try await page.evaluateQuery(plan, request), "declined: \(plan)")
        let expected = try await reference.snapshots()
        #expect(!expected.isEmpty, "\(plan)")
        #expect(
          evaluated.nodes.map(PageQueryTests.Reading.init) == expected.map(PageQueryTests.Reading.init),
          "\(plan)")
      }
      // Before the frame, in it, after it.
      let buttons = try #require(
        try await page.evaluateQuery(
          QueryPlan(steps: [search(.button, [.named(pattern("Subscribe"))])]), request))
      #expect(buttons.nodes.map(\.identifier) == ["before", "", "after"])
      // Its box is on the page: inside its frame element's content box,
      // past a border of 5 and a padding of 3 by 9.
      let owner = try #require(try await frame.element.snapshot()?.box)
      let inside = try #require(buttons.nodes[1].box)
      #expect(inside.x >= owner.x + 5 + 9 && inside.y >= owner.y + 5 + 3)
      #expect(
        inside.x + inside.width <= owner.x + owner.width && inside.y + inside.height <= owner.y + owner.height
      )
    }
  }

  /// A frame from another origin is prepared as the page is.
  ///
  /// Its documents define the search and wake the page's waits when they
  /// change. The wait
  /// polls once an hour and has an hour: only the frame's report of the
  /// change can end it before the suite's time limit.
  @Test func aChangeInAFrameFromAnotherOriginWakesThePagesWaits() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      let prepared = try await Self.evaluateInFrame(
        of: page, "[typeof __asyncWaitChanged, typeof __asyncWaitFind, typeof __asyncWaitVersion]")
      #expect(prepared == ["function", "function", "number"])
      // The first probe runs before the change, which is a second away:
      // one that ran after it would find the button without a wake-up.
      _ = try await Self.evaluateInFrame(
        of: page,
        """
        setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<button>Added in the frame</button>"), 1000)
        """)
      try await page.buttons.matching(named: "Added in the frame").firstMatch.requireExistence(
        timeout: BrowserPageTests.hour, pollingInterval: BrowserPageTests.hour)
    }
  }
}

extension RemoteFrameTests {
  /// Frames from another origin come and go: five at once, each attached
  /// with a session of its own and searched in order; one that navigates
  /// to the page's own origin leaves its session and is searched in the
  /// page's process from then on.
  @Test func framesFromAnotherOriginComeAndGo() async throws {
    try await withItemListPage { page in
      for index in 1...5 { try await Self.addFrame(to: page, title: "Elsewhere \(index)") }
      try await requireEventually("five frames are attached", timeout: patience) {
        page.remoteFrames.withLock { $0.bySession.count } == 5
      }
      let plan = QueryPlan(steps: [
        .search(.descendants, .button, [.named(try #require(TextMatch.exactly("Subscribe").pattern))])
      ])
      let request = QueryRequest(limit: nil, isStrict: false, countsAll: true, nodeBudget: 1_000_000)
      let found = try #require(try await page.evaluateQuery(plan, request))
      let snapshotRoot = TreeElement<BrowserNode>("page") { try await page.snapshot() }
      let expected = try await snapshotRoot.buttons.matching(named: "Subscribe").snapshots()
      #expect(found.nodes.count == 5)
      #expect(found.nodes.map(PageQueryTests.Reading.init) == expected.map(PageQueryTests.Reading.init))
      // Each in its own frame, in the page's order: the frame added last
      // is at the top.
      let last = page.frameLocator(css: "iframe[title='Elsewhere 5']").buttons["Subscribe"]
      let first = page.frameLocator(css: "iframe[title='Elsewhere 1']").buttons["Subscribe"]
      let top = try #require(try await last.element.snapshot()?.box)
      let bottom = try #require(try await first.element.snapshot()?.box)
      #expect(top.y < bottom.y)
      // The last frame comes home: from then on it is the page's own.
      try await page.evaluate(
        """
        new Promise((loaded) => {
          const frame = document.querySelector("iframe[title='Elsewhere 5']");
          frame.onload = () => loaded(1);
          frame.src = "\(site.url("/account/newsletter"))";
        })
        """)
      try await requireEventually("four frames are attached", timeout: patience) {
        page.remoteFrames.withLock { $0.bySession.count } == 4
      }
      let home = page.frameLocator(css: "iframe[title='Elsewhere 5']")
      try await page.fill(home.descendants(labelled: "Topic"), with: "Home")
      try await page.click(home.buttons["Subscribe"])
      try await home.descendants(matching: "status").require(.text("Subscribed to Home"), timeout: patience)
      #expect(try await page.evaluateQuery(plan, request)?.nodes.count == 5)
    }
  }
}

extension RemoteFrameTests {
  /// A frame from another origin, a process of its own, gets the context's
  /// options that Chromium applies by process: its locale and time zone.
  @Test func aFrameFromAnotherOriginHasItsContextsOptions() async throws {
    let context = try await Browser.shared.newContext(locale: "de-DE", timeZone: "Asia/Tokyo")
    do {
      let page = try await context.newPage(url: site.url("/"), timeout: patience)
      try await Self.addFrame(to: page)
      let answer = try await Self.evaluateInFrame(
        of: page, "[navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]")
      #expect(answer == ["de-DE", "Asia/Tokyo"])
    } catch {
      try? await context.close()
      throw error
    }
    try await context.close()
  }

  /// A click in a frame from another origin lands where the frame element
  /// is on the page: an element of the page on top of it there is named,
  /// as on top of any element.
  @Test func anElementOfThePageOverAFrameFromAnotherOriginTakesItsClick() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      try await page.evaluate(
        """
        const box = document.querySelector("iframe").getBoundingClientRect();
        const cover = document.createElement("div");
        cover.id = "cover";
        cover.style.cssText = `position: absolute; left: ${box.left}px; top: ${box.top}px; `
          + `width: ${box.width}px; height: ${box.height}px; background: white`;
        document.body.append(cover);
        1
        """)
      let frame = page.frameLocator(css: "iframe[title=Elsewhere]")
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.click(frame.buttons["Subscribe"], timeout: .milliseconds(800))
      }
      let headline = String(describing: try #require(error)).split(separator: "\n").first ?? ""
      #expect(headline.contains("another element is on top, <div id=\"cover\""), "\(headline)")
      try await page.evaluate("document.getElementById('cover').remove()")
      try await page.fill(frame.descendants(labelled: "Topic"), with: "Uncovered")
      try await page.click(frame.buttons["Subscribe"], timeout: patience)
      try await frame.descendants(matching: "status").require(
        .text("Subscribed to Uncovered"), timeout: patience)
    }
  }
}

extension RemoteFrameTests {
  /// A frame from another site inside a frame from another site: attached
  /// in its parent frame's session, searched where it stands, its boxes
  /// placed on the page through both frames, and driven; the outer frame
  /// that goes takes both sessions with it.
  @Test func aFrameFromAnotherSiteInsideAnotherIsQueriedAndDriven() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      // `inner.localhost` is a site of its own, which Chromium resolves to
      // the loopback address as it does `localhost`.
      let inner = Self.elsewhere.replacingOccurrences(of: "//localhost", with: "//inner.localhost")
      _ = try await Self.evaluateInFrame(
        of: page,
        """
        const frame = Object.assign(document.createElement("iframe"), { title: "Inner", src: "\(inner)" });
        frame.style.cssText = "width: 360px; height: 100px; border: 4px solid; padding: 2px 6px";
        document.body.prepend(frame);
        1
        """)
      let outer = page.frameLocator(css: "iframe[title=Elsewhere]")
      let nested = outer.frameLocator(css: "iframe[title=Inner]")
      let topic = nested.descendants(labelled: "Topic")
      try await topic.requireExistence(timeout: patience)

      let sessions = page.remoteFrames.withLock { Array($0.bySession.values) }
      #expect(sessions.count == 2)
      let outerSession = try #require(sessions.first { $0.parentSessionID == page.sessionID })
      #expect(sessions.contains { $0.parentSessionID == outerSession.sessionID })
      // Both forms by role, the nested one's after the outer one's own.
      #expect(try await outer.buttons.matching(named: "Subscribe").count == 2)
      let field = try #require(try await topic.element.snapshot()?.box)
      let innerBox = try #require(
        try await outer.descendants(matching: "Iframe", named: "Inner").element.snapshot()?.box)
      let outerBox = try #require(
        try await page.descendants(matching: "Iframe", named: "Elsewhere").element.snapshot()?.box)
      #expect(
        field.x > innerBox.x && field.y > innerBox.y && innerBox.x > outerBox.x && innerBox.y > outerBox.y)

      try await page.fill(topic, with: "Nesting", timeout: patience)
      try await page.click(nested.buttons["Subscribe"], timeout: patience)
      try await nested.descendants(matching: "status").require(
        .text("Subscribed to Nesting"), timeout: patience)
      // The outer frame's own form, after the nested frame in its
      // document, saw nothing.
      let statuses = try await outer.descendants(matching: "status").snapshots().map(\.textContent)
      #expect(statuses == ["Subscribed to Nesting", ""])

      try await page.evaluate("document.querySelector('iframe').remove()")
      try await topic.requireNonExistence(timeout: patience)
      try await requireEventually("both frames' sessions are forgotten", timeout: patience) {
        page.remoteFrames.withLock { $0.bySession.isEmpty }
      }
    }
  }

  /// `page.includingHidden` reads the hidden elements of a frame from
  /// another site, in that frame's process, where they stand in it: found
  /// there and not through `page`, until they show.
  @Test func theHiddenElementsOfAFrameFromAnotherSiteAreFoundIncludingHidden() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      _ = try await Self.evaluateInFrame(
        of: page,
        """
        document.body.insertAdjacentHTML("beforeend",
          '<div hidden><button>Unsubscribe</button></div>'
          + '<input type="checkbox" aria-label="Weekly" checked style="display: none">');
        1
        """)
      let frame = page.descendants(matching: "Iframe", named: "Elsewhere")
      let hiddenFrame = page.includingHidden.descendants(matching: "Iframe", named: "Elsewhere")
      try await hiddenFrame.buttons["Unsubscribe"].requireExistence(timeout: patience)
      #expect(try await frame.buttons["Unsubscribe"].exists == false)
      #expect(try await frame.buttons["Subscribe"].exists)
      #expect(
        try await hiddenFrame.descendants(matching: "checkbox", named: "Weekly").matching(checked: true)
          .exists)
      #expect(try await page.descendants(matching: "checkbox", named: "Weekly").exists == false)
      // In the frame's order: the form's button, then the hidden one.
      let buttons = try await hiddenFrame.buttons.snapshots().map(\.label)
      #expect(buttons == ["Subscribe", "Unsubscribe"])
      try await hiddenFrame.buttons["Unsubscribe"].require(.hidden, timeout: patience)

      _ = try await Self.evaluateInFrame(of: page, "document.querySelector('div[hidden]').hidden = false; 1")
      try await frame.buttons["Unsubscribe"].require(.visible, timeout: patience)
    }
  }
}

extension RemoteFrameTests {
  /// The requests a frame from another site makes in its own process take
  /// the page's routes, and the network waits see them, bodies and all:
  /// in a frame there before the routes and the waits, which turn both on
  /// in it, and in a frame that comes while both are on, from the first
  /// request of its document's parse; its document, asked for in the
  /// page's session and received in the frame's, is seen and read whole.
  @Test func theRequestsOfAFrameFromAnotherSiteAreRoutedAndSeen() async throws {
    try await withItemListPage { page in
      try await Self.addFrame(to: page)
      try await page.route("**/api/frame-items") { _ in try .fulfill(json: ["Routed"]) }
      let fetchInFrame = """
        fetch("/api/frame-items").then((answer) => answer.text()).then((text) => {
          document.body.dataset.items = text;
        });
        1
        """
      let routed = try await page.waitForResponse("**/api/frame-items", timeout: patience) {
        _ = try await Self.evaluateInFrame(of: page, fetchInFrame)
      }
      #expect(routed.status == 200)
      #expect(
        routed.url == Self.elsewhere.replacingOccurrences(of: "/account/newsletter", with: "/api/frame-items")
      )
      #expect(try await routed.text(timeout: patience) == #"["Routed"]"#)
      try await requireEventually("the frame reads the routed answer", timeout: patience) {
        try await Self.evaluateInFrame(of: page, "document.body.dataset.items ?? null") == #"["Routed"]"#
      }

      // Without routes, the frame's request goes to the server, which has
      // no such address.
      try await page.unrouteAll()
      let served = try await page.waitForResponse("**/api/frame-items", timeout: patience) {
        _ = try await Self.evaluateInFrame(of: page, fetchInFrame)
      }
      #expect(served.status == 404)

      // A frame that comes while the page routes and waits: its document
      // is the page's to see, and the script its parse asks for at once
      // is routed.
      try await page.route("**/*.js") { _ in
        .fulfill(headers: ["Content-Type": "text/javascript"], body: "document.title = 'Routed script ran'")
      }
      let later = Self.elsewhere.replacingOccurrences(of: "/account/newsletter", with: "/later")
      try await page.route("**/later") { _ in
        .fulfill(
          headers: ["Content-Type": "text/html"],
          body: #"<title>Later</title><script src="/later.js"></script>"#)
      }
      let document = try await page.waitForResponse(.exact(later), timeout: patience) {
        try await Self.addFrame(to: page, title: "Later", url: later)
      }
      #expect(try await document.text(timeout: patience).hasSuffix(#"<script src="/later.js"></script>"#))
      #expect(try await Self.evaluateInFrame(of: page, "document.title") == "Routed script ran")
      let script = try await page.waitForResponse("**/again.js", timeout: patience) {
        _ = try await Self.evaluateInFrame(
          of: page,
          "document.head.append(Object.assign(document.createElement('script'), { src: '/again.js' })); 1"
        )
      }
      #expect(try await script.text(timeout: patience) == "document.title = 'Routed script ran'")

      // The newsletter's own document, asked for in the page's session,
      // comes in the frame's, which holds its body.
      let newsletter = try await page.waitForResponse(.exact(Self.elsewhere), timeout: patience) {
        try await Self.addFrame(to: page, title: "Again")
      }
      #expect(try await newsletter.text(timeout: patience).contains("<title>Newsletter</title>"))
    }
  }

  /// A context's routes take a frame from another site's requests, as the
  /// page's do.
  @Test func theContextsRoutesTakeTheRequestsOfAFrameFromAnotherSite() async throws {
    let context = try await Browser.shared.newContext()
    do {
      try await context.route("**/api/frame-items") { _ in .fulfill(body: "From the context") }
      let page = try await context.newPage(url: site.url("/"), timeout: patience)
      try await Self.addFrame(to: page)
      let answer = try await page.waitForResponse("**/api/frame-items", timeout: patience) {
        _ = try await Self.evaluateInFrame(of: page, "fetch('/api/frame-items'); 1")
      }
      #expect(try await answer.text(timeout: patience) == "From the context")
    } catch {
      try? await context.close()
      throw error
    }
    try await context.close()
  }

  /// A request of a frame from another site still in flight when the
  /// frame goes ends with it, failed, where no event of its own comes.
  @Test func theRequestsInFlightOfAFrameThatGoesEndWithIt() async throws {
    let (released, release) = AsyncStream<Void>.makeStream()
    try await withItemListPage { page in
      // A handler that holds the request until the test ends.
      try await page.route("**/api/held") { _ in
        for await _ in released {}
        return .abort()
      }
      try await Self.addFrame(to: page)
      try await page.waitForRequest("**/api/held", timeout: patience) {
        _ = try await Self.evaluateInFrame(of: page, "fetch('/api/held'); 1")
      }
      try await page.evaluate("document.querySelector('iframe').remove()")
      let error = await #expect(throws: WaitTimeoutError.self) {
        try await page.waitForResponse("**/api/held", timeout: .milliseconds(300)) {}
      }
      let said = String(describing: try #require(error))
      #expect(said.contains("/api/held → failed: its frame from another site went away"), "\(said)")
    }
    release.finish()
  }
}
