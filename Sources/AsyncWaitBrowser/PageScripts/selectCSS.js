// Runs CSS selectors in each document of the page (the main document and
// its same-origin frames', each matched alone), through open shadow roots
// as Playwright's CSS engine does: one array of every element each
// selects, in turn, with `counts` (how many each selected, joined by
// commas), or `invalid` and `reason` for the first selector the page
// cannot parse.
//
// A document's own `querySelectorAll` answers for its light tree. Inside
// an open shadow root, a selector is matched compound by compound from the
// right, with a shadow root's host as the parent of its top elements, so
// that a descendant (` `) or child (`>`) combinator crosses into a web
// component (`my-list li`); a sibling combinator (`+`, `~`) does not leave
// its tree. Closed shadow roots are not reached, nor is a shadow root by a
// selector with `:scope`. find.js runs it too, on one document
// (`knownDocument`) with its open shadow roots, which it has found already
// (`knownShadowRoots`).
function (selectors, knownShadowRoots, knownDocument) {
  const found = [];
  found.counts = [];
  const documents = knownDocument ? [knownDocument] : documentsOfPage();
  // Each document's open shadow roots, looked for only when it has had one
  // (observeChanges.js notes them as they come).
  const shadowRootsOf = new Map(documents.map((root) => [root, knownShadowRoots ?? openShadowRoots(root)]));
  for (const selector of selectors) {
    const elements = [];
    for (const root of documents) {
      try {
        elements.push(...selectIn(root, selector));
      } catch (error) {
        found.invalid = selector;
        found.reason = String(error.message);
        return found;
      }
    }
    found.counts.push(elements.length);
    for (const element of elements) found.push(element);
  }
  found.counts = found.counts.join(",");
  return found;

  // The main document and the documents of its same-origin frames, at any
  // depth, through open shadow roots.
  function documentsOfPage() {
    const all = [document];
    for (let index = 0; index < all.length; index++) {
      const root = all[index];
      const view = root.defaultView;
      if ((view?.frames.length ?? 0) === 0 && view?.__asyncWaitHasFrames === false) continue;
      const owners = [root, ...openShadowRoots(root)].flatMap(
        (tree) => Array.from(tree.querySelectorAll("iframe, frame")));
      for (const owner of owners) if (owner.contentDocument) all.push(owner.contentDocument);
    }
    return all;
  }

  // The open shadow roots of a document, at any depth.
  function openShadowRoots(root) {
    const roots = [];
    if (root.defaultView?.__asyncWaitHasShadowRoots === false) return roots;
    const pending = [root];
    while (pending.length > 0) {
      for (const element of pending.pop().querySelectorAll("*")) {
        if (element.shadowRoot) {
          roots.push(element.shadowRoot);
          pending.push(element.shadowRoot);
        }
      }
    }
    return roots;
  }

  // What `selector` selects in a document and its open shadow roots.
  function selectIn(root, selector) {
    const elements = Array.from(root.querySelectorAll(selector));
    const shadowRoots = shadowRootsOf.get(root);
    // `:scope` is the document's root element, which no shadow root holds.
    if (shadowRoots.length > 0 && !/:scope\b/i.test(selector)) {
      const seen = new Set(elements);
      for (const complex of parse(selector)) {
        const last = complex[complex.length - 1];
        if (!last) continue;
        for (const root of shadowRoots) {
          let candidates;
          try {
            candidates = root.querySelectorAll(last.compound);
          } catch (_) {
            continue;
          }
          for (const element of candidates) {
            if (!seen.has(element) && matchesBefore(element, complex, complex.length - 1)) {
              seen.add(element);
              elements.push(element);
            }
          }
        }
      }
    }
    return elements;
  }

  // An element's parent, or the host of the shadow root it is at the top of.
  function parentOf(element) {
    if (element.parentElement) return element.parentElement;
    const parent = element.parentNode;
    return parent?.nodeType === Node.DOCUMENT_FRAGMENT_NODE && parent.host ? parent.host : null;
  }

  function matches(element, compound) {
    try {
      return element.matches(compound);
    } catch (_) {
      return false;
    }
  }

  // Whether the compounds before `index` of `complex` match as their
  // combinators say, for an element that matches the one at `index`.
  function matchesBefore(element, complex, index) {
    if (index === 0) return true;
    const previous = complex[index - 1].compound;
    switch (complex[index].combinator) {
      case ">": {
        const parent = parentOf(element);
        return parent !== null && matches(parent, previous) && matchesBefore(parent, complex, index - 1);
      }
      case "+": {
        const sibling = element.previousElementSibling;
        return sibling !== null && matches(sibling, previous) && matchesBefore(sibling, complex, index - 1);
      }
      case "~":
        for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
          if (matches(sibling, previous) && matchesBefore(sibling, complex, index - 1)) return true;
        }
        return false;
      default:
        for (let above = parentOf(element); above; above = parentOf(above)) {
          if (matches(above, previous) && matchesBefore(above, complex, index - 1)) return true;
        }
        return false;
    }
  }

  // A selector list as its complex selectors, each a list of compounds
  // with the combinator that joins each to the one before it (`null` for
  // the first); what is inside brackets, parentheses and quotes stays in
  // its compound.
  function parse(list) {
    const parsed = [];
    let complex = [];
    let compound = "";
    let combinator = null;
    let depth = 0;
    let quote = null;
    const endCompound = () => {
      if (compound.trim().length > 0) {
        complex.push({ combinator: complex.length === 0 ? null : combinator ?? " ", compound: compound.trim() });
        combinator = null;
      }
      compound = "";
    };
    for (let index = 0; index < list.length; index++) {
      const character = list[index];
      if (character === "\\") {
        // An escape: a character, or up to six hex digits and the one
        // white space that may end them.
        const hex = /^[0-9a-fA-F]{1,6}[ \t\n\r\f]?/.exec(list.slice(index + 1));
        const length = hex ? hex[0].length : 1;
        compound += list.slice(index, index + 1 + length);
        index += length;
      } else if (quote !== null) {
        compound += character;
        if (character === quote) quote = null;
      } else if (character === '"' || character === "'") {
        quote = character;
        compound += character;
      } else if (character === "(" || character === "[") {
        depth += 1;
        compound += character;
      } else if (character === ")" || character === "]") {
        depth -= 1;
        compound += character;
      } else if (depth > 0) {
        compound += character;
      } else if (character === ",") {
        endCompound();
        parsed.push(complex);
        complex = [];
        combinator = null;
      } else if (/[ \t\n\r\f]/.test(character)) {
        if (compound.trim().length > 0) {
          endCompound();
          combinator = " ";
        }
      } else if (character === ">" || character === "+" || character === "~") {
        endCompound();
        combinator = character;
      } else {
        compound += character;
      }
    }
    endCompound();
    parsed.push(complex);
    return parsed;
  }
}
