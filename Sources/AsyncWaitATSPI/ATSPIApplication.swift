@_spi(Integrations) public import AsyncWait
internal import AsyncWaitATSPILoader
public import AsyncWaitElements

/// A running application, found by name in the AT-SPI desktop, to query,
/// wait on and act on.
///
/// ```swift
/// let app = try await ATSPIApplication(named: "item-list")
/// let remove = app.root.buttons["Remove Last"]
/// try await remove.requireExistence(timeout: .seconds(10))
/// try await app.click(remove)
/// try await remove.require(
///   for: \.isEnabled, toEqual: false, timeout: .seconds(5))
/// ```
///
/// Every probe of a wait on ``root`` reads the application's tree afresh
/// from AT-SPI, on the one thread that talks to libatspi. AT-SPI events
/// (children changed, state changed, text changed, a window created) fire
/// ``trigger``, which the root element carries, so waits probe again at once
/// when the application changes; polling stays as the safety net.
///
/// > Note: The integration links no system library: it opens libatspi and
/// > GLib (Debian's `libatspi2.0-0` and `libglib2.0-0`) when it is first
/// > used. Where they are missing, as on macOS, it still builds, and
/// > ``init(named:nodeBudget:callTimeout:)`` throws an ``ATSPIError`` that
/// > names the library.
public final class ATSPIApplication: ElementTypeQueryProvider, Sendable {
  /// The application's node type.
  public typealias Node = ATSPINode

  /// The application's name in the AT-SPI desktop (its program name).
  public let name: String
  /// The most nodes one probe reads whole of the application's tree.
  ///
  /// A probe that would read more throws `NodeBudgetExceededError` rather
  /// than read part of it. A search the application answers (by type, id,
  /// name or text) reads whole only what it returns.
  public let nodeBudget: Int
  /// How long one call to the application may take before libatspi gives
  /// up on it: a search of a large application takes seconds.
  public let callTimeout: Duration
  /// Fires on every AT-SPI event of the session.
  public let trigger: WaitTrigger
  private let listener: ListenerHandle
  /// The name libatspi gives each role, by the role's value, for queries
  /// the application evaluates.
  private let roleNames: [String]

  /// The AT-SPI events that fire ``trigger``.
  ///
  /// Of the property changes, only those a query reads (a name, a value, a
  /// description): a toolkit announces others by the thousand (a new row's
  /// parent, a table's headers) as it makes a large tree's accessible
  /// objects, and each event costs this process a dispatch.
  static let eventTypes = [
    "object:children-changed", "object:state-changed", "object:text-changed",
    "object:property-change:accessible-name", "object:property-change:accessible-value",
    "object:property-change:accessible-description", "window:create", "window:destroy",
  ]

  /// Starts watching for an application by name; it need not be running yet.
  ///
  /// - Parameters:
  ///   - name: The application's name in the AT-SPI desktop.
  ///   - nodeBudget: The most nodes one probe reads whole of the
  ///     application's tree, 2,000 by default: each is a few calls over
  ///     D-Bus. A probe that would read more throws
  ///     `NodeBudgetExceededError`, which names the budget, rather than
  ///     read part of it. A search by type, id, name or text counts only
  ///     the nodes it returns whole, however many the application checks.
  ///   - callTimeout: How long one call to the application may take, 30
  ///     seconds by default (libatspi's own is 0.8 s): the application's
  ///     search of 10,000 rows takes seconds, and a call that gives up
  ///     leaves it searching. A wait whose timeout is shorter still runs
  ///     the call it started to its end, and says so if it overran.
  /// - Throws: ``ATSPIError`` when libatspi or GLib cannot be loaded, or the
  ///   event listener cannot be registered.
  public init(named name: String, nodeBudget: Int = 2_000, callTimeout: Duration = .seconds(30)) async throws
  {
    self.nodeBudget = max(nodeBudget, 1)
    self.callTimeout = max(callTimeout, .milliseconds(1))
    let changes = WaitTrigger()
    self.name = name
    self.trigger = changes
    (self.listener, self.roleNames) = try await ATSPIThread.shared.perform(
      callTimeout: max(callTimeout, .milliseconds(1))
    ) { atspi in
      (
        try ListenerHandle(firing: changes, for: ATSPIApplication.eventTypes, using: atspi),
        CollectionQuery.roleNames(using: atspi)
      )
    }
  }

  /// The application's root, to query: `nil` while the application is not
  /// running.
  ///
  /// A query from it that searches by element type, accessible id and name
  /// is evaluated by the application (AT-SPI's Collection interface, where
  /// the application has it): a probe reads the nodes of the type's roles,
  /// not the whole tree. Any other query, and a failure's description, read
  /// a fresh snapshot of the tree.
  public var root: TreeElement<ATSPINode> {
    let (name, budget, roleNames, timeout) = (name, nodeBudget, roleNames, callTimeout)
    return TreeElement(
      name, nodeBudget: budget, triggers: [trigger],
      evaluator: { plan, request in
        try await ATSPIThread.shared.perform(callTimeout: timeout) { atspi in
          try CollectionQuery.evaluate(
            plan, request, application: name, roleNames: roleNames, using: atspi)
        }
      },
      root: {
        try await ATSPIThread.shared.perform(callTimeout: timeout) { atspi in
          try ATSPIApplication.snapshot(named: name, nodeBudget: budget, using: atspi)
        }
      }
    ).budgetSet(by: Self.budgetSetting)
  }

  /// The call that sets an application's node budget, which its budget
  /// error names.
  static let budgetSetting = "ATSPIApplication(named:nodeBudget:callTimeout:)"

  /// The nodes of the application's tree of a kind, at any depth:
  /// `app.buttons["Add"]`, as on ``root``.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those nodes, in depth-first order.
  public func descendants(matching type: ElementType) -> ElementQuery<ATSPINode> {
    root.descendants(matching: type)
  }

  /// The children of the application's root of a kind.
  ///
  /// - Parameter type: The kind to match; `.any` matches all.
  /// - Returns: A query for those children, in order.
  public func children(matching type: ElementType) -> ElementQuery<ATSPINode> {
    root.children(matching: type)
  }

  /// Reads the tree of the first application of the desktop called `name`.
  ///
  /// Runs on the AT-SPI thread.
  ///
  /// - Throws: `NodeBudgetExceededError` when the tree has more than
  ///   `nodeBudget` nodes; ``ATSPIError`` when a call fails.
  static func snapshot(named name: String, nodeBudget: Int, using atspi: ATSPIFunctions) throws -> ATSPINode?
  {
    var budget = nodeBudget
    let read = try withApplication(named: name, using: atspi) { application in
      budget = nodeBudget
      return try ATSPINode.read(application, budget: &budget, using: atspi)
    }
    guard let node = read else { return nil }
    // A read the budget cut short would answer queries from part of the
    // tree: it says so instead, as a tree in memory does.
    guard budget >= 0 else {
      throw NodeBudgetExceededError(
        query: "\(name) (its tree, read in one probe)", nodeBudget: nodeBudget, budgetSetting: budgetSetting)
    }
    return node
  }

  /// The applications found, by name: a probe uses the one found before,
  /// instead of asking the desktop for every application's name.
  ///
  /// Read and written on the AT-SPI thread only; locked so that the
  /// compiler can prove it.
  private static let found = Locked<[String: AccessibleHandle]>([:])

  /// Runs `body` with the application called `name`, found before or found
  /// now; `nil`, running nothing, when no application has the name.
  ///
  /// An application found before may have quit, or been replaced by another
  /// of the same name: when `body` fails for it with an error that is not
  /// a slow answer, the application is looked up afresh and `body` runs
  /// once more with what is found.
  ///
  /// Runs on the AT-SPI thread.
  ///
  /// - Throws: What `body` throws with an application found now;
  ///   ``ATSPIError`` when the desktop's children cannot be counted.
  static func withApplication<Result>(
    named name: String, using atspi: ATSPIFunctions, _ body: (AccessibleHandle) throws -> Result
  ) throws -> Result? {
    if let known = found.withLock({ $0[name] }) {
      do {
        return try body(known)
      } catch let error as ATSPIError where !error.isTransient {
        found.withLock { $0[name] = nil }
      }
    }
    guard let application = try find(named: name, using: atspi) else { return nil }
    found.withLock { $0[name] = application }
    return try body(application)
  }

  /// The first application of the desktop called `name`, or `nil`.
  ///
  /// Runs on the AT-SPI thread.
  ///
  /// - Throws: ``ATSPIError`` when the desktop's children cannot be counted.
  static func find(named name: String, using atspi: ATSPIFunctions) throws -> AccessibleHandle? {
    guard let desktop = atspi.atspi_get_desktop(0) else { return nil }
    let desktopHandle = AccessibleHandle(adopting: desktop)
    for application in try atspi.children(of: desktopHandle.pointer) {
      let applicationName = try? atspi.string { atspi.atspi_accessible_get_name(application.pointer, $0) }
      if applicationName == name { return application }
    }
    return nil
  }

  /// Performs an element's default action, as a click does for a button,
  /// once the element is ready for it.
  ///
  /// The action waits, as a browser page's do, until its query finds
  /// exactly one element that is showing, enabled, not busy and has an
  /// action, then performs its first action (a button's `click`). A click
  /// right after the app starts waits for the button to appear.
  ///
  /// ```swift
  /// try await app.click(app.buttons["ItemListScreen.button.add"])
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: `WaitTimeoutError` when the element is not ready in time,
  ///   its first line leading with the check it failed last (`… is not
  ///   enabled`); ``ATSPIError`` when the action itself fails;
  ///   `CancellationError`.
  public func click(
    _ element: TreeElement<ATSPINode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    try await act(
      on: element,
      readiness: "ready for a click: to exist, be showing, be enabled, not be busy and have an action",
      timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      interface: { atspi, handle in atspi.atspi_accessible_get_action_iface(handle.pointer) },
      lacking: "has no action",
      perform: { atspi, action, error in _ = atspi.atspi_action_do_action(action, 0, &error) })
  }

  /// Replaces the text of an editable element, as typing does, once the
  /// element is ready for it.
  ///
  /// The action waits, as ``click(_:timeout:callSite:fileID:filePath:line:column:)``
  /// does, until its query finds exactly one element that is showing,
  /// enabled, not busy and takes text (AT-SPI's `EditableText`).
  ///
  /// - Parameters:
  ///   - text: The new text.
  ///   - element: The element.
  ///   - timeout: How long to wait for it to be ready; `nil` takes the
  ///     scope's action timeout (`WaitDefaults.actionTimeout`).
  ///   - callSite: Where to report a failure in place of the four literals
  ///     below, for a helper that waits for its caller; `nil` for here.
  ///   - fileID: The file ID of the caller, for a timeout's location.
  ///   - filePath: The file path of the caller, for a timeout's location.
  ///   - line: The line of the caller, for a timeout's location.
  ///   - column: The column of the caller, for a timeout's location.
  /// - Throws: As ``click(_:timeout:callSite:fileID:filePath:line:column:)``
  ///   does.
  public func type(
    _ text: String,
    into element: TreeElement<ATSPINode>,
    timeout: Duration? = nil,
    callSite: CallSite? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: Int = #line,
    column: Int = #column
  ) async throws {
    try await act(
      on: element, readiness: "ready for typing: to exist, be showing, be enabled, not be busy and take text",
      timeout: timeout,
      at: CallSite(callSite, fileID: fileID, filePath: filePath, line: line, column: column),
      interface: { atspi, handle in atspi.atspi_accessible_get_editable_text_iface(handle.pointer) },
      lacking: "does not take text",
      perform: { atspi, editable, error in
        _ = atspi.atspi_editable_text_set_text_contents(editable, text, &error)
      })
  }

  /// Waits until `element` is one element that is showing, enabled and not
  /// busy and lacks nothing the action needs, then acts on it once.
  ///
  /// The action runs after the wait, never in a probe: an action whose
  /// call timed out may have been done, and is not done again. Its error
  /// is thrown as it is, never retried.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - readiness: What the element must be, for the failure: "ready for
  ///     a click: to exist, …".
  ///   - timeout: The action's timeout, or `nil` for the scope's.
  ///   - location: Where the action was called.
  ///   - interface: The live node's interface the action calls (a new
  ///     reference, released here), or `nil` when it has none; on the
  ///     AT-SPI thread.
  ///   - lacking: What an element without the interface lacks, said after
  ///     its subject: "has no action".
  ///   - perform: Acts through the interface, reporting a failure in the
  ///     error it is given, on the AT-SPI thread.
  /// - Throws: As the actions do.
  private func act(
    on element: TreeElement<ATSPINode>, readiness: String, timeout: Duration?, at location: CallSite,
    interface: @escaping @Sendable (ATSPIFunctions, AccessibleHandle) -> OpaquePointer?,
    lacking: String,
    perform: @escaping @Sendable (ATSPIFunctions, OpaquePointer, inout UnsafeMutablePointer<GError>?) -> Void
  ) async throws {
    // Runs `body` with the node's interface, released after; `nil`, having
    // run nothing, when the node has none.
    @Sendable func withInterface<Result>(
      of handle: AccessibleHandle, _ atspi: ATSPIFunctions, _ body: (OpaquePointer) throws -> Result
    ) rethrows -> Result? {
      guard let found = interface(atspi, handle) else { return nil }
      defer { atspi.g_object_unref(UnsafeMutableRawPointer(found)) }
      return try body(found)
    }
    let subject = element.elementDescription
    let callTimeout = callTimeout
    var unmet: String?
    var ambiguity: AmbiguousElementError?
    func probe() async throws -> AccessibleHandle? {
      unmet = nil
      ambiguity = nil
      let found: ATSPINode?
      do {
        found = try await element.uniqueSnapshot()
      } catch let error as AmbiguousElementError {
        ambiguity = error
        unmet = "it is not one element: \(error)"
        return nil
      }
      guard let node = found else {
        unmet = "it does not exist"
        return nil
      }
      if !node.isShowing {
        unmet = "it is not showing"
      } else if !node.isEnabled {
        unmet = "it is not enabled"
      } else if node.isBusy {
        unmet = "it is busy"
      } else {
        let handle = node.handle
        let hasInterface = try await ATSPIThread.shared.perform(callTimeout: callTimeout) { atspi in
          withInterface(of: handle, atspi) { _ in true } ?? false
        }
        if hasInterface { return handle }
        unmet = "it " + lacking
      }
      return nil
    }
    let handle = try await Wait(timeout: timeout ?? WaitDefaults.current.actionTimeout, triggers: [trigger])
      .requireValue(
        "\(subject) to be \(readiness)",
        observation: {
          let state = await element.failureDescription
          return "last probe: \(unmet ?? "it could not be read")" + (state.map { "\n\($0)" } ?? "")
        },
        cause: {
          if let ambiguity { return ambiguity.headline }
          return unmet.map { "\(subject) \($0.dropFirst(3))" }
        },
        causeSubject: subject, callSite: location, probe)
    do {
      try await ATSPIThread.shared.perform(callTimeout: callTimeout) { atspi in
        let done: Void? = try withInterface(of: handle, atspi) { found in
          var error: UnsafeMutablePointer<GError>?
          perform(atspi, found, &error)
          try atspi.check(error)
        }
        if done == nil { throw ATSPIError("\(subject) \(lacking)") }
      }
    } catch let error as ATSPIError {
      // Not retried: the action may have been done.
      throw ATSPIError(error.message, isTransient: false)
    }
  }
}

/// A registered AT-SPI event listener that fires a trigger; deregistered on
/// the AT-SPI thread when released.
final class ListenerHandle: @unchecked Sendable {
  // Safe to share: `listener` is only used inside jobs on `ATSPIThread`
  // (registration in init, which runs there, and deregistration scheduled
  // there by deinit); other threads only hold the handle.
  private let listener: OpaquePointer
  private let eventTypes: [String]

  /// Registers a listener for `eventTypes`.
  ///
  /// Runs on the AT-SPI thread.
  init(firing trigger: WaitTrigger, for eventTypes: [String], using atspi: ATSPIFunctions) throws {
    // The callback is a C function, which captures nothing: what it needs
    // comes in its context, retained here and released by libatspi.
    let context = Unmanaged.passRetained(ListenerContext(trigger: trigger, atspi: atspi)).toOpaque()
    guard
      let listener = atspi.atspi_event_listener_new(
        { event, context in
          guard let context else { return }
          let listenerContext = Unmanaged<ListenerContext>.fromOpaque(context).takeUnretainedValue()
          if let event {
            let atspi = listenerContext.atspi
            atspi.g_boxed_free(atspi.atspi_event_get_type(), UnsafeMutableRawPointer(event))
          }
          listenerContext.trigger.fire()
        }, context,
        { context in
          guard let context else { return }
          Unmanaged<ListenerContext>.fromOpaque(context).release()
        })
    else {
      Unmanaged<ListenerContext>.fromOpaque(context).release()
      throw ATSPIError("the event listener could not be created")
    }
    self.listener = listener
    self.eventTypes = eventTypes
    for type in eventTypes {
      var error: UnsafeMutablePointer<GError>?
      _ = atspi.atspi_event_listener_register(listener, type, &error)
      try atspi.check(error)
    }
  }

  deinit {
    let address = UInt(bitPattern: listener)
    let types = eventTypes
    ATSPIThread.shared.schedule { atspi in
      guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return }
      for type in types { _ = atspi.atspi_event_listener_deregister(OpaquePointer(raw), type, nil) }
      atspi.g_object_unref(raw)
    }
  }
}

/// What a listener's callback needs: the trigger to fire, and the functions
/// that free the event it is given.
private final class ListenerContext {
  /// The trigger each event fires.
  let trigger: WaitTrigger
  /// The functions of libatspi and GLib.
  let atspi: ATSPIFunctions

  /// Creates a context.
  init(trigger: WaitTrigger, atspi: ATSPIFunctions) {
    self.trigger = trigger
    self.atspi = atspi
  }
}
