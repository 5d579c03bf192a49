/// A settings page written the way sites are written, not shaped for this
/// package: no test ids, labels on the fields, two buttons with the same
/// text, a select, a checkbox, a file input, a form submitted with Enter,
/// a to-do list added to with Enter and edited with a double click, and a
/// delete button that appears only on hover.
public enum AccountPage {
  /// The page's HTML.
  public static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Account</title>
    <style>
      body { font: 16px sans-serif; }
      .todos li button.destroy { display: none; }
      .todos li:hover button.destroy { display: inline; }
      .todos li.editing label { display: none; }
      .todos li.done label { text-decoration: line-through; }
    </style>
    </head>
    <body>
    <nav><a href="/">Home</a> <a href="#settings" aria-current="page">Settings</a></nav>
    <h1>Account settings</h1>
    <form class="settings">
      <p><label for="email">Email</label> <input id="email" type="email" placeholder="you@example.com"></p>
      <p><label>Full name <input name="full-name" placeholder="Ada Lovelace"></label></p>
      <p><label for="colour">Favourite colour</label>
        <select id="colour">
          <option value="">Choose one</option>
          <option value="red">Red</option>
          <option value="blue">Blue</option>
          <option value="grey" disabled>Grey</option>
        </select></p>
      <p><label><input type="checkbox" name="news"> Send me news</label></p>
      <p><label for="avatar">Avatar</label> <input id="avatar" type="file"> <span class="avatar-name"></span></p>
      <p><label for="nickname">Nickname</label> <input id="nickname" value="ada" readonly></p>
      <button type="submit">Save</button>
    </form>
    <p role="status" class="saved"></p>
    <section aria-labelledby="drafts-title">
      <h2 id="drafts-title">Drafts</h2>
      <ul class="drafts">
        <li><span>Draft A</span> <button type="button">Delete</button></li>
        <li><span>Draft B</span> <button type="button">Delete</button></li>
      </ul>
    </section>
    <section aria-label="To do">
      <input class="new-todo" placeholder="What needs to be done?" aria-label="New to-do">
      <ul class="todos"></ul>
    </section>
    <iframe src="/account/newsletter" title="Newsletter" width="400" height="120"></iframe>
    <details><summary>More options</summary><button type="button" aria-pressed="false">Bold</button></details>
    <script>
      const form = document.querySelector("form.settings");
      const saved = document.querySelector(".saved");
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const news = form.elements.news.checked ? "news" : "no news";
        saved.textContent = `Saved ${form.elements.email.value}, ${form.elements["full-name"].value}, `
          + `${document.getElementById("colour").value || "no colour"}, ${news}`;
      });
      document.getElementById("avatar").addEventListener("change", (event) => {
        document.querySelector(".avatar-name").textContent =
          Array.from(event.target.files, (file) => `${file.name} (${file.size} bytes)`).join(", ");
      });
      document.querySelector(".drafts").addEventListener("click", (event) => {
        if (event.target.matches("button")) event.target.closest("li").remove();
      });
      const todos = document.querySelector(".todos");
      function addTodo(text) {
        const item = document.createElement("li");
        const toggle = document.createElement("input");
        toggle.type = "checkbox";
        toggle.setAttribute("aria-label", `Done: ${text}`);
        toggle.addEventListener("change", () => item.classList.toggle("done", toggle.checked));
        const label = document.createElement("label");
        label.textContent = text;
        const destroy = document.createElement("button");
        destroy.className = "destroy";
        destroy.textContent = "Delete";
        destroy.addEventListener("click", () => item.remove());
        label.addEventListener("dblclick", () => {
          item.classList.add("editing");
          const edit = document.createElement("input");
          edit.className = "edit";
          edit.value = label.textContent;
          edit.setAttribute("aria-label", "Edit to-do");
          edit.addEventListener("keydown", (event) => {
            if (event.key === "Enter" && edit.value.trim()) { label.textContent = edit.value.trim(); }
            if (event.key === "Enter" || event.key === "Escape") { edit.remove(); item.classList.remove("editing"); }
          });
          item.append(edit);
          edit.focus();
        });
        item.append(toggle, " ", label, " ", destroy);
        todos.append(item);
      }
      document.querySelector(".new-todo").addEventListener("keydown", (event) => {
        if (event.key !== "Enter" || !event.target.value.trim()) return;
        addTodo(event.target.value.trim());
        event.target.value = "";
      });
      document.querySelector("details button").addEventListener("click", (event) => {
        const pressed = event.target.getAttribute("aria-pressed") === "true";
        event.target.setAttribute("aria-pressed", String(!pressed));
      });
    </script>
    </body>
    </html>
    """

  /// The newsletter form the account page shows in a same-origin iframe.
  public static let newsletterHTML = """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Newsletter</title></head>
    <body>
    <form>
      <label>Topic <input name="topic" placeholder="Swift"></label>
      <button type="submit">Subscribe</button>
    </form>
    <p role="status"></p>
    <script>
      document.querySelector("form").addEventListener("submit", (event) => {
        event.preventDefault();
        document.querySelector("p").textContent = `Subscribed to ${event.target.elements.topic.value}`;
      });
    </script>
    </body>
    </html>
    """
}
