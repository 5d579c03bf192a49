// Selects all the text of a text field, text area or content-editable
// (`this`), so that the text typed next replaces it.
function () {
  if (this instanceof HTMLInputElement || this instanceof HTMLTextAreaElement) {
    this.select();
  } else {
    const range = document.createRange();
    range.selectNodeContents(this);
    const selection = this.ownerDocument.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  return "";
}
