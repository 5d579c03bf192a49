// Finds, below `this`, the elements a query's search could match, for
// PageQuery (Sources/AsyncWaitBrowser/Internal/PageQuery.swift, `find`,
// which documents its arguments and its answer). The placeholders that
// `identityOf` and `selectCSS` are set to are replaced, when this is
// loaded, by the functions of identity.js and selectCSS.js.
function(identifier, name, checksPage, most, kinds, describes, enough, text, css, namesDocument) {
  // What identity.js reads of an element (its function is put here).
  const identityOf = IDENTITY;
  // selectCSS.js's function (put here): CSS through open shadow roots.
  const selectCSS = SELECT_CSS;
  const scope = this;
  const doc = scope.nodeType === Node.DOCUMENT_NODE ? scope : scope.ownerDocument;
  const result = {
    elements: [], flags: "", framed: "", identities: "[]", declined: false, shortened: false, overflowed: false,
    remote: [], remoteAt: "[]", remoteOrigins: "[]",
  };
  // Closed shadow roots hold elements this search does not reach.
  // observeChanges.js notes shadow roots and frame elements as they come (a
  // document it did not run in may have some, and it cannot see a closed
  // root the HTML declares).
  const view = doc.defaultView;
  const hasShadowRoots = view?.__asyncWaitHasShadowRoots;
  if (checksPage && (hasShadowRoots === undefined || view?.__asyncWaitHasClosedShadowRoots !== false)) {
    result.declined = true;
    return result;
  }
  // The documents of the same-origin frames below the scope, each searched
  // as the scope is, and placed in the page under its frame element; and
  // the frame elements of frames from another origin below it, whose
  // documents are searched in their own processes (PageQuery.find).
  const remote = [];
  const frames = mayHaveFrames(view) ? framesBelow() : [];
  if (frames === null) {
    result.declined = true;
    return result;
  }
  // No search stops early at enough matches here: a frame from another
  // origin may hold more.
  if (remote.length > 0) enough = 0;
  // The document at the top of this process's frames, whose accessibility
  // nodes are named without a frame.
  let processTop = doc;
  while (processTop.defaultView?.frameElement) processTop = processTop.defaultView.frameElement.ownerDocument;
  const frameHasShadowRoots = frames.some((frame) => frame.defaultView.__asyncWaitHasShadowRoots);
  // The open shadow roots below the scope and in its frames, each searched
  // as the scope is; none on a page that never had one.
  const shadowRoots = hasShadowRoots || frameHasShadowRoots ? kept("shadow roots", openShadowRoots) : [];
  const searched = [scope, ...frames, ...shadowRoots];
  const found = new Map();
  if (text) {
    const key = `text ${text.innermost} ${text.substring} ${text.ignoreCase} ${text.text}`;
    const texts = kept(key, () => findTexts(text));
    // More matches than Chromium should name one by one, or an element
    // that holds a match in a frame (a snapshot's frame element and its
    // document), which a frame from another origin may hold too: a
    // snapshot answers.
    if (texts === null || (texts.length ?? texts.size) > most || (remote.length > 0 && !text.innermost)) {
      result.declined = true;
      return result;
    }
    for (const element of texts) found.set(element, "t");
  }
  if (css !== null && css !== undefined) {
    // Through open shadow roots, as Playwright's CSS engine and a
    // snapshot's (selectCSS.js) go, and in each same-origin frame's
    // document, matched alone (a frame from another origin runs it in its
    // own). `:scope` is the scope in a search below an element, and a
    // document's root element through shadow roots and frames: a snapshot
    // answers.
    let selected;
    if (shadowRoots.length > 0 || frames.length > 0) {
      if (/:scope\b/i.test(css) && scope !== doc) {
        result.declined = true;
        return result;
      }
      const all = [];
      for (const root of [doc, ...frames]) {
        const own = selectCSS.call(null, [css], shadowRoots.filter((shadow) => shadow.ownerDocument === root), root);
        if (own.invalid !== undefined) {
          result.invalid = own.reason;
          return result;
        }
        all.push(...own);
      }
      selected = scope === doc ? all : all.filter((element) => element !== scope && isBelowScope(element));
    } else {
      try {
        selected = scope.querySelectorAll(css);
      } catch (error) {
        result.invalid = String(error.message);
        return result;
      }
    }
    if (selected.length > most) {
      result.declined = true;
      return result;
    }
    for (const element of selected) found.set(element, "i");
  }
  if (identifier !== null) {
    const quoted = CSS.escape(identifier);
    // Apart: an id alone is looked up in the document's index of ids,
    // which a list of selectors that includes it does not use.
    for (const root of searched) {
      for (const selector of [`[data-testid="${quoted}"]`, `#${quoted}`]) {
        for (const element of root.querySelectorAll(selector)) {
          const own = element.getAttribute("data-testid") ?? element.getAttribute("id");
          if (own === identifier) found.set(element, "i");
        }
      }
    }
  }
  // Enough elements by identifier answer the search without its
  // names, whose scan costs the page's size.
  if (name !== null && enough > 0 && found.size >= enough) {
    result.shortened = true;
  } else if (name !== null) {
    const candidates = findNamed(name);
    if (candidates === null) {
      result.overflowed = true;
    } else {
      for (const element of candidates) if (!found.has(element)) found.set(element, "n");
    }
  }
  // In the document's order; through shadow roots, in the order the page
  // is rendered in, each slot in place of what it shows, as the
  // accessibility tree orders it.
  const flat = shadowRoots.length > 0 || frames.length > 0 || remote.length > 0
    ? kept("flat order", flatOrder) : null;
  // A frame element the page does not render (a host's child no slot
  // shows) shows no frame: a snapshot has none.
  if (remote.length > 0) remote.splice(0, remote.length, ...remote.filter((owner) => flat.has(owner)));
  const ordered = Array.from(found.keys()).sort(flat !== null
    ? (a, b) => (flat.get(a) ?? Infinity) - (flat.get(b) ?? Infinity)
    : (a, b) => a === b ? 0 : (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ? -1 : 1);
  // A snapshot puts a frame's tree under its frame element: the elements
  // that hold a frame, whose texts are the frame's too.
  const holders = new Set();
  if (describes) {
    for (const owner of [...frames.map(parentNodeOf), ...remote]) {
      for (let above = owner; above && !holders.has(above); above = parentNodeOf(above)) {
        holders.add(above);
      }
    }
  }
  if (describes) result.identities = JSON.stringify(ordered.map((element) => identityOf.call(element)));
  for (const element of ordered) {
    result.elements.push(element);
    const flag = found.get(element);
    // A field's texts are in its own shadow tree, which no search here
    // walks: "I"/"N" ask for them.
    const field = element.localName === "input" || element.localName === "textarea";
    result.flags += field ? flag.toUpperCase() : flag;
    // "f" for an element in a frame's document, whose accessibility
    // node's children are asked for with the frame's id; "h" for one that
    // holds a frame, "b" for both.
    if (frames.length > 0 || remote.length > 0) {
      const framed = element.ownerDocument !== processTop;
      result.framed += holders.has(element) ? (framed ? "b" : "h") : framed ? "f" : "-";
    }
  }
  // Each frame from another origin, in the page's order, with where its
  // matches go among these (after every element before its frame element,
  // and those that hold it) and where its document is on the page (its
  // frame element's content box, as identity.js places a box).
  if (remote.length > 0) {
    const owners = remote.sort((a, b) => flat.get(a) - flat.get(b));
    result.remote = owners;
    result.remoteAt = JSON.stringify(owners.map(
      (owner) => ordered.filter((element) => flat.get(element) <= flat.get(owner)).length));
    result.remoteOrigins = JSON.stringify(owners.map((owner) => {
      const box = identityOf.call(owner).box ?? [0, 0];
      const style = owner.ownerDocument.defaultView.getComputedStyle(owner);
      return [box[0] + owner.clientLeft + parseFloat(style.paddingLeft),
        box[1] + owner.clientTop + parseFloat(style.paddingTop)];
    }));
  }
  return result;

  // The elements whose text matches `text` ({ text, substring, ignoreCase,
  // innermost }), as Playwright's getByText finds them: an element's text
  // is every text below it in document order, with a button `<input>`'s
  // value, and none of scripts, styles and the head (identity.js reads the
  // same); compared with runs of white space made one space and none at
  // either end. With `innermost`, only those none of whose element children
  // matches. In document order; through shadow roots, as the page is
  // rendered (`flatChildren`), as Playwright reads a web component's text.
  function findTexts(text) {
    const top = scope.nodeType === Node.DOCUMENT_NODE ? scope.documentElement : scope;
    // Each frame's document is walked on its own: an element's text is
    // the text of its own document, as a snapshot reads it.
    const roots = [top, ...frames.map((frame) => frame.documentElement)].filter((root) => root);
    const textless = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD"]);
    const expected = text.ignoreCase ? text.text.toLowerCase() : text.text;
    // One pass: the documents' text in one string, and where each
    // element's begins and ends in it.
    const elements = [];
    const starts = new Map();
    const ends = new Map();
    let all = "";
    const open = [];
    const shown = (element) => element.localName === "input"
      && ["submit", "button", "reset"].includes((element.getAttribute("type") ?? "").toLowerCase())
      ? element.getAttribute("value") ?? "" : "";
    const close = () => ends.set(open.pop(), all.length);
    for (const root of roots) walkTexts(root);
    function walkTexts(root) {
      if (shadowRoots.length === 0) {
        const walker = root.ownerDocument.createTreeWalker(
          root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION,
          (node) => textless.has(node.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
        for (let node = root === scope ? walker.nextNode() : walker.currentNode; node; node = walker.nextNode()) {
          while (open.length > 0 && open[open.length - 1] !== node.parentNode) close();
          if (node.nodeType === Node.ELEMENT_NODE) {
            elements.push(node);
            starts.set(node, all.length);
            open.push(node);
            all += shown(node);
          } else {
            all += node.data;
          }
        }
        while (open.length > 0) close();
      } else {
        // Through shadow roots, the page as it is rendered: a host's shadow
        // root in place of its children, a slot's assigned nodes in place of
        // its own; an element is closed when the walk comes back to it.
        const pending = root === scope ? Array.from(flatChildren(root)).reverse() : [root];
        while (pending.length > 0) {
          const node = pending.pop();
          if (node === close) {
            ends.set(open.pop(), all.length);
          } else if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.CDATA_SECTION_NODE) {
            all += node.data;
          } else if (node.nodeType === Node.ELEMENT_NODE && !textless.has(node.nodeName)) {
            elements.push(node);
            starts.set(node, all.length);
            open.push(node);
            all += shown(node);
            pending.push(close);
            const children = flatChildren(node);
            for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
          }
        }
      }
    }
    const matches = (element) => {
      const whole = all.slice(starts.get(element), ends.get(element));
      // White space only shortens a text: one shorter than the text sought
      // cannot be it (lowercasing may lengthen one).
      if (!text.substring && !text.ignoreCase && whole.length < expected.length) return false;
      let normalized = whole.replace(/\s+/g, " ").trim();
      if (text.ignoreCase) normalized = normalized.toLowerCase();
      return text.substring ? normalized.includes(expected) : normalized === expected;
    };
    const matched = new Set();
    // A text an element does not contain, nothing inside it contains.
    let unmatched = null;
    for (const element of elements) {
      if (text.substring && unmatched !== null && unmatched.contains(element)) continue;
      if (matches(element)) matched.add(element);
      else unmatched = element;
    }
    // Elements that contain one that matches match too, up to the top of
    // its document; a match in a frame is contained by its frame element.
    if (!text.innermost) {
      if (frames.length > 0 && Array.from(matched).some((element) => element.ownerDocument !== doc)) return null;
      const containing = new Set();
      for (const element of matched) {
        for (let above = element; above && above !== scope && !containing.has(above); above = parentOf(above)) {
          containing.add(above);
        }
      }
      // In the order of the walk.
      return elements.filter((element) => containing.has(element));
    }
    // A child that is hidden from everyone is in no tree of the page's:
    // the element around it is the innermost one shown.
    const isShown = (element) => {
      if (element.closest('[aria-hidden="true"]') !== null) return false;
      if (element.checkVisibility({ visibilityProperty: true })) return true;
      // `display: contents` has no box of its own: shown as its parent is.
      const style = element.ownerDocument.defaultView.getComputedStyle(element);
      return style.display === "contents" && style.visibility === "visible"
        && element.parentElement !== null && isShown(element.parentElement);
    };
    const innermost = [];
    for (const element of matched) {
      let inner = false;
      const children = shadowRoots.length === 0 ? element.children : flatChildren(element);
      for (const child of children) {
        if (child.nodeType === Node.ELEMENT_NODE && matched.has(child) && isShown(child)) {
          inner = true;
          break;
        }
      }
      if (!inner) innermost.push(element);
    }
    return innermost;
  }

  // Whether a document's window may have frames: in its tree, which
  // `frames` counts, or in a shadow root, which observeChanges.js notes.
  function mayHaveFrames(documentView) {
    return (documentView?.frames.length ?? 0) > 0 || documentView?.__asyncWaitHasFrames !== false;
  }

  // The documents of the same-origin frames whose frame elements are
  // below the scope, at any depth, each after the one that holds it, with
  // the frame elements of those from another origin put in `remote`; null
  // when a frame's document is one whose shadow roots are not known
  // (observeChanges.js has not run in it, or a script attached a closed
  // one).
  function framesBelow() {
    const documents = [];
    const pending = [doc];
    while (pending.length > 0) {
      const parent = pending.pop();
      if (parent !== doc && !mayHaveFrames(parent.defaultView)) continue;
      for (const owner of frameElementsOf(parent)) {
        if (!isBelowScope(owner)) continue;
        // A frame from another origin shows no document here.
        const childDocument = owner.contentDocument;
        if (!childDocument) {
          if (owner.contentWindow) remote.push(owner);
          continue;
        }
        const childView = childDocument.defaultView;
        if (!childView) continue;
        if (childView.__asyncWaitHasShadowRoots === undefined
            || childView.__asyncWaitHasClosedShadowRoots !== false) return null;
        documents.push(childDocument);
        pending.push(childDocument);
      }
    }
    return documents;
  }

  // The frame elements of a document, through its open shadow roots; kept
  // while the document has not changed (observeChanges.js counts its
  // changes).
  function frameElementsOf(document) {
    const documentView = document.defaultView;
    const version = documentView?.__asyncWaitVersion;
    const known = documentView?.__asyncWaitFrameElements;
    if (version !== undefined && known?.version === version) return known.elements;
    const elements = Array.from(document.querySelectorAll("iframe, frame"));
    if (documentView?.__asyncWaitHasShadowRoots !== false) {
      const pending = [document];
      while (pending.length > 0) {
        for (const element of pending.pop().querySelectorAll("*")) {
          if (!element.shadowRoot) continue;
          elements.push(...element.shadowRoot.querySelectorAll("iframe, frame"));
          pending.push(element.shadowRoot);
        }
      }
    }
    if (version !== undefined) {
      Object.defineProperty(documentView, "__asyncWaitFrameElements", {
        value: { version, elements }, configurable: true, writable: true, enumerable: false,
      });
    }
    return elements;
  }

  // Whether a node is the scope or below it: through shadow roots to their
  // hosts, and from a frame's document to its frame element.
  function isBelowScope(node) {
    for (let above = node; above; above = parentNodeOf(above)) {
      if (above === scope) return true;
    }
    return false;
  }

  // The node a node is below in the page: its parent, a shadow root's
  // host, a document's frame element.
  function parentNodeOf(node) {
    if (node.nodeType === Node.DOCUMENT_NODE) return node.defaultView?.frameElement ?? null;
    const parent = node.parentNode;
    return parent?.nodeType === Node.DOCUMENT_FRAGMENT_NODE && parent.host ? parent.host : parent;
  }

  // The element an element is rendered in: the slot it is shown in, its
  // parent, or the host of the root it is at the top of; not a frame's
  // element, whose text and name are not its document's.
  function parentOf(element) {
    const parent = element.parentNode;
    return element.assignedSlot ?? element.parentElement
      ?? (parent?.nodeType === Node.DOCUMENT_FRAGMENT_NODE && parent.host ? parent.host : null);
  }

  // The open shadow roots at and below the scope, and in its frames, at
  // any depth.
  function openShadowRoots() {
    const roots = [];
    const pending = [scope, ...frames];
    while (pending.length > 0) {
      const root = pending.pop();
      if (root.shadowRoot) {
        roots.push(root.shadowRoot);
        pending.push(root.shadowRoot);
      }
      for (const element of root.querySelectorAll("*")) {
        if (element.shadowRoot) {
          roots.push(element.shadowRoot);
          pending.push(element.shadowRoot);
        }
      }
    }
    return roots;
  }

  // Each element's place in the page as it is rendered: a host's shadow
  // root in place of its children, a slot's assigned nodes in place of its
  // own.
  function flatOrder() {
    const order = new Map();
    const pending = [doc.documentElement];
    while (pending.length > 0) {
      const node = pending.pop();
      if (!node) continue;
      order.set(node, order.size);
      // A same-origin frame's document in place of its element's children.
      const frameDocument = (node.localName === "iframe" || node.localName === "frame")
        ? node.contentDocument : null;
      const children = frameDocument ? [frameDocument] : flatChildren(node);
      for (let index = children.length - 1; index >= 0; index--) {
        const type = children[index].nodeType;
        if (type === Node.ELEMENT_NODE || type === Node.DOCUMENT_NODE) pending.push(children[index]);
      }
    }
    return order;
  }

  // A node's children as the page renders them.
  function flatChildren(node) {
    if (node.localName === "slot") {
      const assigned = node.assignedNodes();
      if (assigned.length > 0) return assigned;
    }
    return (node.shadowRoot ?? node).childNodes;
  }

  // What `compute` finds for `key` below this scope, kept while the
  // document has not changed since (observeChanges.js counts its changes):
  // a scan of the page's texts, for a name or a text. A document keeps at
  // most 256 between two changes.
  function kept(key, compute) {
    let version = doc.defaultView?.__asyncWaitVersion;
    if (version === undefined) return compute();
    // With frames, the count of each frame's document too, and which
    // documents the frames hold: a frame that navigates holds another.
    for (const frame of frames) version += `,${frame.defaultView.__asyncWaitVersion}`;
    let all = doc.defaultView.__asyncWaitKept;
    const documents = frames;
    if (all === undefined || all.version !== version || all.documents.length !== documents.length
        || all.documents.some((document, index) => document !== documents[index])) {
      all = { version, documents, scopes: new WeakMap(), size: 0 };
      Object.defineProperty(doc.defaultView, "__asyncWaitKept", {
        value: all, configurable: true, writable: true, enumerable: false,
      });
    }
    const keptForScope = all.scopes.get(scope);
    let found = keptForScope?.get(key);
    if (found === undefined) {
      found = compute();
      if (all.size < 256) {
        if (keptForScope === undefined) all.scopes.set(scope, new Map([[key, found]]));
        else keptForScope.set(key, found);
        all.size += 1;
      }
    }
    return found;
  }

  // What the scan of texts and naming attributes found is kept (`kept`);
  // what fields hold is read every time, since typing changes no node.
  function findNamed(name) {
    const scanned = kept(`name ${kinds} ${most} ${name}`, () => scanNamed(name));
    if (scanned === null) return null;
    const named = new Set(scanned.named);
    for (const field of scanned.fields) {
      const unnamed = (field.type === "submit" || field.type === "reset") && !field.hasAttribute("value");
      if (!unnamed && !scanned.pattern.test(field.value) && !scanned.pattern.test(field.placeholder)) continue;
      const extra = `${field.value} ${field.placeholder} ${unnamed ? "submit reset" : ""}`.toLowerCase();
      if (!scanned.climb(field, extra, named)) return null;
    }
    return named;
  }

  // The scan of texts and naming attributes: what they name, and the
  // fields whose values findNamed reads; null when more than `most`
  // elements are named.
  function scanNamed(name) {
    const squeezed = (text) => text.replace(/\s+/g, "");
    const words = name.toLowerCase().split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")).filter((word) => word.length > 0);
    if (words.length === 0) return null;
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const bound = 2 * squeezed(name).length + 64;
    const skipped = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
    const root = scope.nodeType === Node.DOCUMENT_NODE ? scope.documentElement : scope;
    if (!root) return { named: new Set(), fields: [], pattern: null, climb: null };
    const roots = [root, ...frames.map((frame) => frame.documentElement).filter((top) => top), ...shadowRoots];
    // Through shadow roots, an element's text is what it renders, and its
    // parent is the slot it is shown in, or the host of the root it is at
    // the top of.
    const flatText = (element) => {
      let value = "";
      // A walk, not a recursion: a page may nest deeper than a stack.
      const pending = [element];
      while (pending.length > 0) {
        const node = pending.pop();
        if (node.nodeType === Node.TEXT_NODE) {
          value += node.data;
        } else if (node.nodeType === Node.ELEMENT_NODE && !skipped.has(node.nodeName)) {
          const children = flatChildren(node);
          for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
        }
      }
      return value;
    };
    const contentOf = shadowRoots.length > 0 ? flatText : (element) => element.textContent;
    const isInScope = (node) => {
      if (scope.nodeType === Node.DOCUMENT_NODE) {
        return node.isConnected && (node.ownerDocument === doc || frames.includes(node.ownerDocument));
      }
      return isBelowScope(node);
    };
    const lengths = new Map();
    const lowered = new Map();
    const squeezedLength = (element) => {
      let length = lengths.get(element);
      if (length === undefined) {
        length = squeezed(contentOf(element)).length;
        lengths.set(element, length);
      }
      return length;
    };
    const text = (element) => {
      let value = lowered.get(element);
      if (value === undefined) {
        value = contentOf(element).toLowerCase();
        lowered.set(element, value);
      }
      return value;
    };
    const holdsWords = (value) => words.every((word) => value.includes(word));
    const add = (node, named) => {
      if (!node || node === scope || !isInScope(node)) return;
      const isText = node.nodeType === Node.TEXT_NODE;
      const isField = node.localName === "input" || node.localName === "textarea";
      if (kinds === "all" || (kinds === "texts") === isText || (kinds === "texts" && isField)) named.add(node);
    };
    const climb = (seed, extra, named) => {
      for (let element = seed; element && element !== scope; element = parentOf(element)) {
        // An element an attribute names may hold any text; the elements
        // around a seed can take their names from their text only.
        if (!(element === seed && extra !== "") && squeezedLength(element) > bound) break;
        if (holdsWords(text(element) + " " + extra)) {
          add(element, named);
          if (element.localName === "label" && element.control) add(element.control, named);
          if (element.id) {
            const tree = element.getRootNode();
            for (const labelled of tree.querySelectorAll(`[aria-labelledby~="${CSS.escape(element.id)}"]`)) {
              add(labelled, named);
            }
          }
        }
        if (["caption", "legend", "figcaption"].includes(element.localName)) add(parentOf(element), named);
        if (named.size > most) return false;
      }
      return true;
    };
    // One read of all the text rules out most pages before a walk.
    const named = new Set();
    const pattern = new RegExp(longest.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
    for (const searchedRoot of roots) {
      if (!pattern.test(searchedRoot.textContent)) continue;
      const walker = (searchedRoot.ownerDocument ?? searchedRoot).createTreeWalker(searchedRoot, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!pattern.test(node.data) || skipped.has(node.parentNode.nodeName)) continue;
        if (holdsWords(node.data.toLowerCase())) add(node, named);
        if (!climb(parentOf(node), "", named)) return null;
      }
    }
    // Attributes that name: on any element, and on images. A field's
    // placeholder and value are read by findNamed; a value in the
    // attribute names nothing else.
    const quoted = CSS.escape(longest);
    const attributed = roots.flatMap((searchedRoot) => Array.from(searchedRoot.querySelectorAll(
      `[aria-label*="${quoted}" i], [title*="${quoted}" i], img[alt*="${quoted}" i], `
      + `area[alt*="${quoted}" i], input[alt*="${quoted}" i]`)));
    for (const element of attributed) {
      const extra = ["aria-label", "title", "alt"]
        .map((attribute) => element.getAttribute(attribute) ?? "").join(" ").toLowerCase();
      if (!climb(element, extra, named)) return null;
    }
    // A frame's document is named by its title, as the page's is: the
    // same-origin frames', and the scope's when it is the document of a
    // frame from another origin (`namesDocument`).
    if (kinds !== "texts") {
      for (const frame of frames) if (holdsWords(frame.title.toLowerCase())) named.add(frame);
      if (namesDocument && scope === doc && holdsWords(doc.title.toLowerCase())) named.add(doc);
    }
    // The fields, whose value and placeholder name them; a submit or
    // reset button without a value is named by the browser's word for it.
    const fields = roots.flatMap((searchedRoot) => Array.from(searchedRoot.querySelectorAll(
      'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="range"], [type="color"]), textarea')));
    return { named, fields, pattern, climb };
  }
}
