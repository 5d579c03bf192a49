// Run first in every document of a page, after observeChanges.js
// (BrowserPage.prepare): defines `__asyncWaitFind`, the function of
// find.js, which a probe then calls by name (PageQuery.callFind) rather
// than sending its source, which the page would parse on every probe. The
// placeholder it is set to is replaced, when this is loaded, by that
// function. Neither the page nor a second run can replace it.
(() => {
  if (Object.hasOwn(window, "__asyncWaitFind")) return;
  Object.defineProperty(window, "__asyncWaitFind", {
    value: FIND_FUNCTION,
    enumerable: false,
    configurable: false,
    writable: false,
  });
})();
