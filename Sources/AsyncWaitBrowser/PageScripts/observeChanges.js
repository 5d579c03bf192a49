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
// It also counts the document's changes: `__asyncWaitVersion` is a number
// that grows with every change to the DOM (and to nothing else: not focus,
// not what a field holds), read as a getter that first takes the records
// the observer has not yet been given, so that it is never behind the
// document. find.js keeps what it found by name while the count stands.
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
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  const observer = new MutationObserver(() => {
    version += 1;
    changed("mutation");
  });
  Object.defineProperty(window, "__asyncWaitVersion", {
    configurable: true,
    enumerable: false,
    get() {
      // Records taken here are not given to the callback: count them,
      // and wake the waits as the callback would have.
      if (observer.takeRecords().length > 0) {
        version += 1;
        changed("mutation");
      }
      return version;
    },
  });
  observer.observe(document, options);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...parameters) {
    const root = attachShadow.apply(this, parameters);
    observer.observe(root, options);
    return root;
  };
  for (const type of ["input", "change", "focusin", "focusout", "transitionend", "animationend", "toggle"]) {
    addEventListener(type, () => changed(type), true);
  }
})();
