// Selects the options of a <select> (`this`) whose value or label is one of
// the arguments and fires `input` and `change`; returns what is unmet, or ""
// when done.
function (...wanted) {
  if (!(this instanceof HTMLSelectElement)) return "it is not a <select>";
  if (wanted.length > 1 && !this.multiple) return "it takes one option, and " + wanted.length + " were given";
  const options = Array.from(this.options);
  const chosen = [];
  for (const text of wanted) {
    const option = options.find(o => o.value === text) || options.find(o => o.label.trim() === text.trim());
    if (!option) return "it has no option " + JSON.stringify(text);
    if (option.disabled) return "its option " + JSON.stringify(text) + " is disabled";
    chosen.push(option);
  }
  for (const option of options) option.selected = chosen.includes(option);
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
  return "";
}
