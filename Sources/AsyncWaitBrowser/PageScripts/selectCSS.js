// Runs CSS selectors in the main document: one array of every element each
// selects, in turn, with `counts` (how many each selected, joined by commas),
// or `invalid` and `reason` for the first selector the page cannot parse.
function (selectors) {
  const found = [];
  found.counts = [];
  for (const selector of selectors) {
    let elements;
    try {
      elements = document.querySelectorAll(selector);
    } catch (error) {
      found.invalid = selector;
      found.reason = String(error.message);
      return found;
    }
    found.counts.push(elements.length);
    for (const element of elements) found.push(element);
  }
  found.counts = found.counts.join(",");
  return found;
}
