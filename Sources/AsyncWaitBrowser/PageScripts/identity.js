// Reads what a snapshot's DOM gives an element (`this`): its attributes,
// its text content as PageSnapshot.textContents reads it, its box in the
// document (for a text node, its range's box), and whether its
// `visibility` hides it.
function () {
  const attributes = {};
  for (const attribute of this.attributes || []) attributes[attribute.name] = attribute.value;
  let target = this;
  if (!this.getBoundingClientRect) {
    // A text node: its box is its range's.
    target = document.createRange();
    target.selectNodeContents(this);
  }
  const rect = target.getBoundingClientRect();
  const rendered = target.getClientRects().length > 0;
  // The text content as a snapshot reads it (PageSnapshot.textContents).
  const textless = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]);
  const shown = (element) => element.localName === "input"
    && ["submit", "button", "reset"].includes((element.getAttribute("type") ?? "").toLowerCase())
    ? element.getAttribute("value") ?? "" : "";
  let text = "";
  if (this.nodeType === Node.TEXT_NODE || this.nodeType === Node.CDATA_SECTION_NODE) {
    text = this.data;
  } else if (!textless.has(this.nodeName) && window.__asyncWaitHasShadowRoots) {
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
    const walker = (this.ownerDocument ?? document).createTreeWalker(
      this, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION,
      (node) => textless.has(node.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      text += node.nodeType === Node.ELEMENT_NODE ? shown(node) : node.data;
    }
  }
  const visibility = this.nodeType === Node.ELEMENT_NODE ? getComputedStyle(this).visibility : "visible";
  return { attributes, text, box: rendered
    ? [rect.x + scrollX, rect.y + scrollY, rect.width, rect.height] : null,
    invisible: visibility === "hidden" || visibility === "collapse" };
}
