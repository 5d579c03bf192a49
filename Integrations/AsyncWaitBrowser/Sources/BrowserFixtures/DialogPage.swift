/// A page whose buttons open each kind of JavaScript dialog and show how it
/// was answered in a status line: `DialogTests` and their Playwright twin
/// (`Playwright/dialogs.py`) drive it.
public enum DialogPage {
  /// The page's HTML.
  public static let html = """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Dialogs</title></head>
    <body>
    <button onclick="alert('Saved'); say('alerted')">Save</button>
    <button onclick="say(confirm('Delete the draft?') ? 'deleted' : 'kept')">Delete</button>
    <button onclick="const name = prompt('New name?', 'Draft');
      say(name === null ? 'not renamed' : 'renamed to ' + name)">Rename</button>
    <button onclick="setTimeout(() => say(confirm('Later?') ? 'later: yes' : 'later: no'), 300)">Ask later</button>
    <button onclick="onbeforeunload = (event) => { event.preventDefault(); event.returnValue = ''; };
      location.href = '/other'">Leave</button>
    <p role="status" id="status">ready</p>
    <script>
      let count = 0;
      function say(text) { document.getElementById('status').textContent = text + ' ' + ++count; }
    </script>
    </body>
    </html>
    """
}
