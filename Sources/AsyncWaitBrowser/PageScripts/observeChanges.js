// Run first in every document of a page (BrowserPage.prepare): calls the
// binding __asyncWaitChanged (BrowserPage.bindingName) when the document
// changes, from inside the page, so that the page's waits probe at once.
//
// A mutation observer reports changes to the DOM (nodes, attributes, text),
// also inside shadow roots, which it is given as they are attached; events
// report what changes no node (input, focus, the end of a transition or an
// animation, a <details> toggled). Changes that come in one turn of the
// page's event loop make one call.
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
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  const observer = new MutationObserver(() => changed("mutation"));
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
