/// The DevTools protocol's commands that the package sends, one type each,
/// in an enum for each of the protocol's domains (``DevToolsCommand``).
enum DevTools {
  /// The `Accessibility` domain: the page's accessibility tree.
  enum Accessibility {}
  /// The `Browser` domain: the browser's version, permissions, downloads.
  enum Browser {}
  /// The `DOM` domain: nodes by their backend id.
  enum DOM {}
  /// The `DOMSnapshot` domain: the document's nodes and layout at once.
  enum DOMSnapshot {}
  /// The `Emulation` domain: a context's viewport, locale and media.
  enum Emulation {}
  /// The `Fetch` domain: requests intercepted for routes.
  enum Fetch {}
  /// The `Input` domain: the pointer and the keyboard.
  enum Input {}
  /// The `Network` domain: requests, responses and network conditions.
  enum Network {}
  /// The `Page` domain: navigation, dialogs, screenshots, scripts.
  enum Page {}
  /// The `Runtime` domain: scripts and their objects.
  enum Runtime {}
  /// The `Storage` domain: a context's cookies.
  enum Storage {}
  /// The `Target` domain: pages and browser contexts.
  enum Target {}
}
