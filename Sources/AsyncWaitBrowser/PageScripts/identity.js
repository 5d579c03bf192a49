// Reads what a snapshot's DOM gives an element (`this`): its attributes,
// its text content as PageSnapshot.textContents reads it (none for a
// document), its box in the
// page's document (for a text node, its range's box; in a same-origin
// frame, offset by the content box of each frame element it is in), and
// whether its `visibility` hides it. It may run in the element's own
// frame or in the page's: it reads the window of the element's document.
function () {
  const attributes = {};
  for (const attribute of this.attributes || []) attributes[attribute.name] = attribute.value;
  const isDocument = this.nodeType === Node.DOCUMENT_NODE;
  const ownDocument = isDocument ? this : this.ownerDocument ?? document;
  const ownView = ownDocument.defaultView ?? window;
  let rect, rendered;
  if (isDocument) {
    // A frame's document: its box is its frame's viewport.
    rect = { x: 0, y: 0, width: ownView.innerWidth, height: ownView.innerHeight };
    rendered = true;
  } else {
    let target = this;
    if (!this.getBoundingClientRect) {
      // A text node: its box is its range's.
      target = ownDocument.createRange();
      target.selectNodeContents(this);
    }
    rect = target.getBoundingClientRect();
    rendered = target.getClientRects().length > 0;
  }
  // From the frame's viewport to the page's, then into the page's document.
  let x = rect.x, y = rect.y, top = ownView;
  for (let frame = top.frameElement; frame; frame = top.frameElement) {
    const box = frame.getBoundingClientRect();
    const style = frame.ownerDocument.defaultView.getComputedStyle(frame);
    x += box.x + frame.clientLeft + parseFloat(style.paddingLeft);
    y += box.y + frame.clientTop + parseFloat(style.paddingTop);
    top = frame.ownerDocument.defaultView;
  }
  // Into the page's document; a frame from another origin's own top is
  // its viewport's, as a same-origin frame's is.
  if (top.parent === top) {
    x += top.scrollX;
    y += top.scrollY;
  }
  // The text content as a snapshot reads it (PageSnapshot.textContents).
  const textless = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]);
  const shown = (element) => element.localName === "input"
    && ["submit", "button", "reset"].includes((element.getAttribute("type") ?? "").toLowerCase())
    ? element.getAttribute("value") ?? "" : "";
  let text = "";
  if (this.nodeType === Node.DOCUMENT_NODE) {
    // A frame's document, which a snapshot gives no text content: its
    // node reads the texts below it.
    text = null;
  } else if (this.nodeType === Node.TEXT_NODE || this.nodeType === Node.CDATA_SECTION_NODE) {
    text = this.data;
  } else if (!textless.has(this.nodeName) && ownView.__asyncWaitHasShadowRoots) {
    // Through shadow roots, the text as the page renders it: a host's
    // shadow root in place of its children, a slot's assigned nodes in
    // place of its own.
    const pending = [this];
    while (pending.length > 0) {
      const node = pending.pop();
      if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
        text += node.data;
        continue;
      }
      if (node.nodeType !== Node.ELEMENT_NODE || textless.has(node.nodeName)) continue;
      text += shown(node);
      const assigned = node.localName === "slot" ? node.assignedNodes() : [];
      const children = assigned.length > 0 ? assigned : (node.shadowRoot ?? node).childNodes;
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
    }
  } else if (!textless.has(this.nodeName)) {
    text = shown(this);
    const walker = ownDocument.createTreeWalker(
      this, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION,
      (node) => textless.has(node.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      text += node.nodeType === Node.ELEMENT_NODE ? shown(node) : node.data;
    }
  }
  const visibility = this.nodeType === Node.ELEMENT_NODE ? ownView.getComputedStyle(this).visibility : "visible";
  return { attributes, text, box: rendered ? [x, y, rect.width, rect.height] : null,
    invisible: visibility === "hidden" || visibility === "collapse" };
}
