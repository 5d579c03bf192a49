/// A page that calls the fixture server's API, opens popups, begins
/// downloads and takes files: `NetworkTests` and their Playwright twin
/// (`Playwright/network.py`) drive it.
public enum NetworkPage {
  /// The page's HTML.
  public static let html = """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Network</title></head>
    <body>
    <button onclick="load('/api/items')">Load items</button>
    <button onclick="load('/api/slow-items')">Load slowly</button>
    <button onclick="load('/api/moved')">Load moved</button>
    <button onclick="save()">Save</button>
    <ul id="items" aria-label="Items"></ul>
    <p role="status" id="status">ready</p>
    <a href="/other" target="_blank">Help</a>
    <button onclick="window.open('/other')">Open window</button>
    <a href="/download/items.csv">Export</a>
    <a href="/download/items.csv" target="_blank">Export in a tab</a>
    <a href="data:text/plain;charset=utf-8,Milk" download="note.txt">Save note</a>
    <label>Attachments <input type="file" id="attachments" multiple onchange="showFiles(this)"></label>
    <label>Resume <input type="file" id="resume" onchange="showFiles(this)"></label>
    <button onclick="document.getElementById('avatar').click()">Choose avatar</button>
    <input type="file" id="avatar" hidden onchange="showFiles(this)">
    <script>
      function say(text) { document.getElementById('status').textContent = text; }
      async function load(path) {
        try {
          const response = await fetch(path);
          const items = await response.json();
          document.getElementById('items').innerHTML = items.map((item) => '<li>' + item + '</li>').join('');
          say('loaded ' + items.length);
        } catch (error) {
          say('failed');
        }
      }
      async function save() {
        const response = await fetch('/api/items', {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Milk' })
        });
        await response.text();
        say('saved ' + response.status);
      }
      async function showFiles(input) {
        const files = await Promise.all([...input.files].map(async (file) =>
          file.name + ' (' + file.type + ', ' + (await file.text()) + ')'));
        say('files: ' + files.join(', '));
      }
    </script>
    </body>
    </html>
    """

  /// A page that fetches the slow items 100 ms after its load event: the
  /// network is idle only once they have come.
  public static let lateHTML = """
    <!doctype html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Late</title></head>
    <body>
    <p role="status" id="status">loading</p>
    <script>
      addEventListener('load', () => setTimeout(async () => {
        const items = await (await fetch('/api/slow-items')).json();
        document.getElementById('status').textContent = 'loaded ' + items.length;
      }, 100));
    </script>
    </body>
    </html>
    """
}
