public import AsyncWait
public import AsyncWaitElements
import CAtspi

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
public final class ATSPIApplication: ElementTypeQueryProvider, Sendable {
  /// The application's node type.
  public typealias Node = ATSPINode

  /// The application's name in the AT-SPI desktop (its program name).
  public let name: String
  /// Fires on every AT-SPI event of the session.
  public let trigger: WaitTrigger
  private let listener: ListenerHandle

  /// The AT-SPI events that fire ``trigger``.
  static let eventTypes = [
    "object:children-changed", "object:state-changed", "object:text-changed", "object:property-change",
    "window:create", "window:destroy",
  ]

  /// Starts watching for an application by name; it need not be running yet.
  ///
  /// - Parameter name: The application's name in the AT-SPI desktop.
  /// - Throws: ``ATSPIError`` when the event listener cannot be registered.
  public init(named name: String) async throws {
    let changes = WaitTrigger()
    self.name = name
    self.trigger = changes
    self.listener = try await ATSPIThread.shared.perform {
      try ListenerHandle(firing: changes, for: ATSPIApplication.eventTypes)
    }
  }

  /// The application's root, to query: a fresh snapshot of its tree on every
  /// read, `nil` while the application is not running.
  public var root: TreeElement<ATSPINode> {
    let name = name
    return TreeElement(name, triggers: [trigger]) {
      try await ATSPIThread.shared.perform { try ATSPIApplication.snapshot(named: name) }
    }
  }

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
  static func snapshot(named name: String) throws -> ATSPINode? {
    guard let desktop = atspi_get_desktop(0) else { return nil }
    let desktopHandle = AccessibleHandle(adopting: desktop)
    for application in try ATSPICall.children(of: desktopHandle.pointer) {
      let applicationName = try? ATSPICall.string { atspi_accessible_get_name(application.pointer, $0) }
      guard applicationName == name else { continue }
      var budget = ATSPINode.maximumNodes
      return try ATSPINode.read(application, budget: &budget)
    }
    return nil
  }

  /// Performs an element's default action, as a click does for a button.
  ///
  /// - Parameter element: The element, which must exist and be enabled.
  /// - Throws: ``ATSPIError`` when the element does not exist, is disabled, or
  ///   has no action.
  public func click(_ element: TreeElement<ATSPINode>) async throws {
    let node = try await target(element)
    let handle = node.handle
    try await ATSPIThread.shared.perform {
      guard let action = atspi_accessible_get_action_iface(handle.pointer) else {
        throw ATSPIError("\(node.elementType) \"\(node.label)\" has no action")
      }
      defer { g_object_unref(action) }
      var error: UnsafeMutablePointer<GError>?
      _ = atspi_action_do_action(action, 0, &error)
      try ATSPICall.check(error)
    }
  }

  /// Replaces the text of an editable element, as typing does.
  ///
  /// - Parameters:
  ///   - text: The new text.
  ///   - element: The element, which must exist, be enabled and editable.
  /// - Throws: ``ATSPIError`` when the element does not exist, is disabled or
  ///   is not editable.
  public func type(_ text: String, into element: TreeElement<ATSPINode>) async throws {
    let node = try await target(element)
    let handle = node.handle
    try await ATSPIThread.shared.perform {
      guard let editable = atspi_accessible_get_editable_text_iface(handle.pointer) else {
        throw ATSPIError("\(node.elementType) \"\(node.label)\" is not editable")
      }
      defer { g_object_unref(editable) }
      var error: UnsafeMutablePointer<GError>?
      _ = atspi_editable_text_set_text_contents(editable, text, &error)
      try ATSPICall.check(error)
    }
  }

  /// The node an action is aimed at: it must exist and be enabled.
  private func target(_ element: TreeElement<ATSPINode>) async throws -> ATSPINode {
    guard let node = try await element.snapshot() else {
      throw ATSPIError("\(element.elementDescription) does not exist")
    }
    guard node.isEnabled else { throw ATSPIError("\(element.elementDescription) is disabled") }
    return node
  }
}

/// A registered AT-SPI event listener that fires a trigger; deregistered on
/// the AT-SPI thread when released.
final class ListenerHandle: @unchecked Sendable {
  // Safe to share: `listener` is only used inside jobs on `ATSPIThread`
  // (registration in init, which runs there, and deregistration scheduled
  // there by deinit); other threads only hold the handle.
  private let listener: UnsafeMutablePointer<AtspiEventListener>
  private let eventTypes: [String]

  /// Registers a listener for `eventTypes`.
  ///
  /// Runs on the AT-SPI thread.
  init(firing trigger: WaitTrigger, for eventTypes: [String]) throws {
    let context = Unmanaged.passRetained(trigger).toOpaque()
    guard
      let listener = atspi_event_listener_new(
        { event, context in
          if let event { g_boxed_free(atspi_event_get_type(), event) }
          guard let context else { return }
          Unmanaged<WaitTrigger>.fromOpaque(context).takeUnretainedValue().fire()
        }, context,
        { context in
          guard let context else { return }
          Unmanaged<WaitTrigger>.fromOpaque(context).release()
        })
    else {
      Unmanaged<WaitTrigger>.fromOpaque(context).release()
      throw ATSPIError("the event listener could not be created")
    }
    self.listener = listener
    self.eventTypes = eventTypes
    for type in eventTypes {
      var error: UnsafeMutablePointer<GError>?
      _ = atspi_event_listener_register(listener, type, &error)
      try ATSPICall.check(error)
    }
  }

  deinit {
    let address = UInt(bitPattern: listener)
    let types = eventTypes
    ATSPIThread.shared.schedule {
      guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return }
      let listener = raw.assumingMemoryBound(to: AtspiEventListener.self)
      for type in types { _ = atspi_event_listener_deregister(listener, type, nil) }
      g_object_unref(raw)
    }
  }
}
