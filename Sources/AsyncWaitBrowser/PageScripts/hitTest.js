// Says what element a click at (x, y), in the page's viewport, would hit
// instead of `this` (the parent element, for a text node): empty when it hits
// it or an element inside it (across shadow roots), in whatever same-origin
// frame it is. An action's last actionability check.
function (x, y) {
  const target = this.nodeType === Node.TEXT_NODE ? this.parentElement : this;
  if (!target) return "nothing: the node is not in the document";
  // From the page's viewport to the viewport of the frame it is in.
  for (let view = target.ownerDocument.defaultView; view && view.frameElement; view = view.parent) {
    const frame = view.frameElement, box = frame.getBoundingClientRect();
    x -= box.left + frame.clientLeft;
    y -= box.top + frame.clientTop;
  }
  const root = target.getRootNode();
  const hit = (root.elementFromPoint ? root : document).elementFromPoint(x, y);
  for (let node = hit; node; node = node.parentNode || node.host) {
    if (node === target) return "";
  }
  return hit ? hit.outerHTML.slice(0, 120) : "nothing";
}
