/// The item-list page of the tests and the bench: the flow of the package's
/// tutorial as a web page.
///
/// A list of four items, each with a remove button; an "add" button that
/// opens a dialog with a name field and a confirm button that is disabled
/// while the name is empty; a "remove last" button that is disabled while the
/// list is empty; a button that adds an item after a delay; and, for the
/// actionability tests, elements that are not ready for a click: disabled,
/// of no size, moving, covered by another element, or not a text field; and
/// elements hidden from everyone, with `aria-hidden` or `visibility: hidden`.
public enum ItemListPage {
  /// The page's HTML.
  public static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Items</title>
    <style>
      body { font: 16px sans-serif; }
      .no-size { width: 0; height: 0; padding: 0; border: 0; overflow: hidden; }
      .moving { position: relative; animation: slide 0.5s linear infinite alternate; }
      @keyframes slide { from { left: 0; } to { left: 300px; } }
    </style>
    </head>
    <body>
    <h1>Items</h1>
    <ul data-testid="items" aria-label="Items">
      <li data-testid="item-1">Item 1 <button aria-label="Remove Item 1">Remove</button></li>
      <li data-testid="item-2">Item 2 <button aria-label="Remove Item 2">Remove</button></li>
      <li data-testid="item-3">Item 3 <button aria-label="Remove Item 3">Remove</button></li>
      <li data-testid="item-4">Item 4 <button aria-label="Remove Item 4">Remove</button></li>
    </ul>
    <button data-testid="add-item">Add item</button>
    <button data-testid="remove-last">Remove last</button>
    <button data-testid="add-later">Add an item in a moment</button>
    <dialog data-testid="add-dialog" aria-label="Add an item">
      <form method="dialog">
        <label for="name">Name</label> <input id="name" autocomplete="off">
        <button data-testid="confirm" disabled>Add</button>
        <button data-testid="cancel" type="button">Cancel</button>
      </form>
    </dialog>
    <section aria-label="Not ready">
      <button data-testid="never-enabled" disabled>Never enabled</button>
      <button data-testid="no-size" class="no-size">No size</button>
      <button data-testid="enable-soon">Enable the next button soon</button>
      <button data-testid="enabled-soon" disabled>Enabled soon</button>
      <span data-testid="not-a-field" tabindex="0">Not a field</span>
      <div style="position: relative; width: max-content;">
        <button data-testid="covered">Covered</button>
        <div data-testid="cover" style="position: absolute; inset: 0; background: white;">Wait</div>
      </div>
      <button data-testid="uncover-soon">Uncover soon</button>
      <div><button data-testid="moving" class="moving">Moving</button></div>
    </section>
    <div data-testid="hidden-by-aria" aria-hidden="true"><button data-testid="inside-hidden">Hidden</button></div>
    <span data-testid="invisible" style="visibility: hidden">Invisible</span>
    <a href="/other" data-testid="to-other">Another page</a>
    <script>
      const byTestID = (id) => document.querySelector(`[data-testid="${id}"]`);
      const list = byTestID("items");
      const dialog = byTestID("add-dialog");
      const name = document.getElementById("name");
      const confirmButton = byTestID("confirm");
      const removeLast = byTestID("remove-last");
      let next = 5;
      function update() { removeLast.disabled = list.children.length === 0; }
      function addItem(text) {
        const item = document.createElement("li");
        item.dataset.testid = `item-${next++}`;
        item.append(`${text} `);
        const remove = document.createElement("button");
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", `Remove ${text}`);
        item.append(remove);
        list.append(item);
        // When the change happened, for the bench's latency.
        window.changedAt = performance.timeOrigin + performance.now();
        update();
      }
      window.addItem = addItem;
      window.addItemLater = (text, milliseconds) => setTimeout(() => addItem(text), milliseconds);
      list.addEventListener("click", (event) => {
        if (event.target.matches("button")) { event.target.closest("li").remove(); update(); }
      });
      byTestID("add-item").addEventListener("click", () => {
        name.value = "";
        confirmButton.disabled = true;
        dialog.showModal();
      });
      name.addEventListener("input", () => { confirmButton.disabled = name.value.trim() === ""; });
      confirmButton.addEventListener("click", () => addItem(name.value.trim()));
      byTestID("cancel").addEventListener("click", () => dialog.close());
      removeLast.addEventListener("click", () => { list.lastElementChild?.remove(); update(); });
      byTestID("add-later").addEventListener("click", () => setTimeout(() => addItem("Delivered later"), 600));
      byTestID("enable-soon").addEventListener("click", () => {
        setTimeout(() => { byTestID("enabled-soon").disabled = false; }, 400);
      });
      byTestID("enabled-soon").addEventListener("click", () => addItem("Clicked when enabled"));
      byTestID("uncover-soon").addEventListener("click", () => {
        setTimeout(() => byTestID("cover").remove(), 400);
      });
      byTestID("covered").addEventListener("click", () => addItem("Clicked when uncovered"));
    </script>
    </body>
    </html>
    """

  /// A page that sends the browser on to `/other` once it has loaded.
  public static let redirectOnLoadHTML = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Moving on</title></head>
    <body><script>addEventListener("load", () => location.replace("/other"));</script></body>
    </html>
    """

  /// A page that sends the browser on to `/other` before it loads.
  public static let redirectAtOnceHTML = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Gone</title>
    <script>location.replace("/other");</script></head><body></body>
    </html>
    """

  /// A second page, to navigate to.
  public static let otherHTML = """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Other</title></head>
    <body><h1>Another page</h1><button data-testid="back" onclick="history.back()">Back</button></body>
    </html>
    """
}
