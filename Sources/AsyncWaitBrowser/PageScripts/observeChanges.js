// Run first in every document of a page (BrowserPage.prepare): calls the
// binding __asyncWaitChanged (BrowserPage.bindingName) when the document
// changes, from inside the page, so that the page's waits probe at once.
//
// A mutation observer reports changes to the DOM (nodes, attributes, text),
// also inside shadow roots, which it is given as they are attached; events
// report what changes no node (input, focus, the end of a transition or an
// animation, a <details> toggled). Changes that come in one turn of the
// page's event loop make one call.
//
// While the document is parsed, nothing is observed: the records of every
// node the parser adds doubled or tripled the load of a page of 20,000
// rows. The waits are woken every 50 ms instead, and the document is
// observed once its parse ends (DOMContentLoaded, or the ready state
// leaving "loading"), which counts as a change.
//
// It also counts the document's changes: `__asyncWaitVersion` is a number
// that grows with every change to the DOM (and to nothing else: not focus,
// not what a field holds), read as a getter that first takes the records
// the observer has not yet been given, so that it is never behind the
// document; while the document is parsed, it grows at every read. find.js
// keeps what it found by name or text while the count stands.
//
// And it says whether the document has had shadow roots, which find.js
// searches when they are open and declines when a script attached a closed
// one: `__asyncWaitHasShadowRoots` is true once a script attached one
// (open or closed) or an open one the HTML declares was seen: in the whole
// document once it is parsed, and below the nodes added after; while the
// document is parsed it is `undefined` (not known) unless a script
// attached one;
// `__asyncWaitHasClosedShadowRoots` once a script attached a closed one. A
// closed root the HTML declares is not seen. Every root seen is observed too.
//
// And whether the document has had a frame element (`<iframe>`,
// `<frame>`), in its tree or in a shadow root, which `window.frames` does
// not count: `__asyncWaitHasFrames`, known as `__asyncWaitHasShadowRoots`
// is.
(() => {
  if (window.__asyncWaitObserving) return;
  window.__asyncWaitObserving = true;
  let pending = false;
  const changed = (what) => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      try { __asyncWaitChanged(what) } catch (_) {}
    });
  };
  let version = 0;
  let hasShadowRoots = false;
  let hasClosedShadowRoots = false;
  let hasFrames = false;
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  // The open roots at and below `nodes`, each subtree looked at once however
  // many of its nodes were added. A tree walker, not `querySelectorAll("*")`
  // spread into an array, which held the end of the parse of a page of
  // 20,000 rows back by 80-150 ms.
  // Taken before the page's scripts run, which could replace them or
  // declare a `NodeFilter` of their own; 1 is `NodeFilter.SHOW_ELEMENT`.
  const createTreeWalker = Document.prototype.createTreeWalker;
  const nextNode = TreeWalker.prototype.nextNode;
  const showElements = 1;
  const noteShadowRoots = (nodes) => {
    const scanned = new Set();
    for (const node of nodes) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      let inside = false;
      for (let above = node.parentNode; above && !inside; above = above.parentNode) inside = scanned.has(above);
      if (inside) continue;
      scanned.add(node);
      const walker = createTreeWalker.call(document, node, showElements);
      for (let element = node; element; element = nextNode.call(walker)) {
        if (element.localName === "iframe" || element.localName === "frame") hasFrames = true;
        const root = element.shadowRoot;
        if (!root) continue;
        hasShadowRoots = true;
        observer.observe(root, options);
        noteShadowRoots(root.children);
      }
    }
  };
  const noted = (records) => noteShadowRoots(records.flatMap((record) => Array.from(record.addedNodes)));
  const observer = new MutationObserver((records) => {
    noted(records);
    version += 1;
    changed("mutation");
  });
  // Records taken here are not given to the callback: they are counted,
  // and wake the waits, as the callback would have.
  const takePending = () => {
    const records = observer.takeRecords();
    if (records.length > 0) {
      noted(records);
      version += 1;
      changed("mutation");
    }
  };
  // What find.js reads, each after the pending records are taken.
  const defineReading = (name, read) => Object.defineProperty(window, name, {
    configurable: true,
    enumerable: false,
    get() {
      takePending();
      return read();
    },
  });
  let observing = false;
  defineReading("__asyncWaitVersion", () => (observing ? version : ++version));
  // While the document is parsed, a root its HTML declares has not been
  // looked for: unknown (`undefined`, which find.js declines and a
  // snapshot answers), unless a script attached one.
  defineReading("__asyncWaitHasShadowRoots", () => (observing || hasShadowRoots ? hasShadowRoots : undefined));
  defineReading("__asyncWaitHasClosedShadowRoots", () => hasClosedShadowRoots);
  defineReading("__asyncWaitHasFrames", () => (observing || hasFrames ? hasFrames : undefined));
  // The whole document is looked at once it is parsed (or now, when it
  // is): a root its HTML declares is attached after its host was added.
  const observeDocument = () => {
    observing = true;
    version += 1;
    observer.observe(document, options);
    if (document.documentElement) noteShadowRoots([document.documentElement]);
  };
  if (document.readyState === "loading") {
    // The parse ends with DOMContentLoaded, or, for a parse stopped
    // (`window.stop()`), with a change of the ready state alone; the
    // timer also looks, in case the page kept both from this script.
    let waking;
    const parsed = () => {
      if (observing || document.readyState === "loading") return;
      clearInterval(waking);
      observeDocument();
      changed("loaded");
    };
    waking = setInterval(() => {
      parsed();
      if (!observing) changed("loading");
    }, 50);
    document.addEventListener("DOMContentLoaded", parsed, { once: true });
    document.addEventListener("readystatechange", parsed);
  } else {
    observeDocument();
  }
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...parameters) {
    const root = attachShadow.apply(this, parameters);
    hasShadowRoots = true;
    if (root.mode === "closed") hasClosedShadowRoots = true;
    observer.observe(root, options);
    return root;
  };
  for (const type of ["input", "change", "focusin", "focusout", "transitionend", "animationend", "toggle"]) {
    addEventListener(type, () => changed(type), true);
  }
})();
