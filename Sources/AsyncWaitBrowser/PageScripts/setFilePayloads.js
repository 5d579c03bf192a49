// Gives a file input (`this`) files made in memory, each `{ name, mimeType,
// data }` with its bytes in base64, as a user's choice would: the input's
// `files` are replaced and it fires `input` and `change`. An input without
// `multiple` takes at most one file.
function (files) {
  if (!(this instanceof HTMLInputElement) || this.type !== "file") {
    throw new Error("the element is not an <input type=\"file\">");
  }
  if (files.length > 1 && !this.multiple) {
    throw new Error("the input takes one file, and " + files.length + " were given");
  }
  const transfer = new DataTransfer();
  for (const file of files) {
    const text = atob(file.data);
    const bytes = new Uint8Array(text.length);
    for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
    transfer.items.add(new File([bytes], file.name, { type: file.mimeType, lastModified: Date.now() }));
  }
  this.files = transfer.files;
  this.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  this.dispatchEvent(new Event("change", { bubbles: true }));
}
