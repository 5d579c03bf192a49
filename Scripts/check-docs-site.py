#!/usr/bin/env python3
"""Walks the built docs site in headless Chromium, served under a base path,
as a reader would: opens the root, follows links to the landing page, every
module page and every article, and fails on

- a page of those that no link from the root leads to;
- a request the server answers with 404, for a page or for anything a page
  loads (scripts, styles, images, the JSON DocC renders from);
- a module page or site article without a link back to the landing page,
  or a module's article without a link to its module's page.

    Scripts/build-docs.sh .build/docs-hosted --hosting-base-path swift-async-wait
    Scripts/check-docs-site.py .build/docs-hosted/site swift-async-wait

Needs Chromium (`chromium`, or the path in ASYNCWAIT_CHROMIUM);
Scripts/test-browser.sh installs it.
"""
import functools
import html.parser
import http.server
import os
import pathlib
import shutil
import subprocess
import sys
import threading
import urllib.parse

from doc_catalogs import LANDING, MODULE_CATALOGS, SITE_CATALOG

root = pathlib.Path(__file__).resolve().parent.parent
if len(sys.argv) != 3:
    sys.exit(__doc__)
site, base = pathlib.Path(sys.argv[1]).resolve(), sys.argv[2].strip("/")
chromium = os.environ.get("ASYNCWAIT_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    sys.exit("check-docs-site: no Chromium (install it, or run Scripts/test-browser.sh first)")

# The pages a reader must reach: the landing page, its articles, the module
# pages and their articles, by the catalogs that make them.
catalogs = {LANDING: SITE_CATALOG, **{name.lower(): path for name, path in MODULE_CATALOGS.items()}}
expected = {}
for module, catalog in catalogs.items():
    expected[f"/{base}/documentation/{module}"] = module
    for article in catalog.glob("*.md"):
        if article.stem.lower() not in (module, LANDING) and "``" not in article.read_text().splitlines()[0]:
            expected[f"/{base}/documentation/{module}/{article.stem.lower()}"] = module


class Recorder(http.server.SimpleHTTPRequestHandler):
    """Serves the site under /BASE/ and records every request's status."""
    requests = []

    def translate_path(self, path):
        parsed = urllib.parse.urlparse(path).path
        prefix = f"/{base}"
        if parsed != prefix and not parsed.startswith(prefix + "/"):
            return str(site / "__outside_the_base_path__")
        return super().translate_path(parsed[len(prefix):] or "/")

    def send_response(self, code, message=None):
        Recorder.requests.append((self.path, code))
        super().send_response(code, message)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recorder, directory=str(site)))
threading.Thread(target=server.serve_forever, daemon=True).start()
origin = f"http://127.0.0.1:{server.server_address[1]}"


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs += [value for name, value in attrs if name == "href" and value]


def render(path):
    """The page's DOM once DocC has rendered it, and the links in it."""
    profile = pathlib.Path(f"/tmp/asyncwait-docs-walk-{os.getpid()}")
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
         "--virtual-time-budget=20000", "--dump-dom", origin + path],
        capture_output=True, text=True, timeout=120)
    parser = Links()
    parser.feed(result.stdout)
    links = set()
    for href in parser.hrefs:
        target = urllib.parse.urljoin(origin + path, href)
        if target.startswith(origin):
            links.add(urllib.parse.urlparse(target).path.rstrip("/").lower() or "/")
    return result.stdout, links


def normal(path):
    return path.rstrip("/").lower()


problems = []
reachable = {normal(page) for page in expected}
visited, queue = {}, [f"/{base}/"]
while queue:
    path = queue.pop(0)
    if normal(path) in visited:
        continue
    dom, links = render(path)
    visited[normal(path)] = links
    if "documentation" not in dom and path == f"/{base}/":
        problems.append(f"the root {path} rendered nothing")
    # The root redirects with a meta refresh, which --dump-dom does not
    # follow: take its target as a link.
    if path == f"/{base}/":
        links.add(f"/{base}/documentation/{LANDING}")
    for link in sorted(links):
        if link in reachable and link not in visited and link not in queue:
            queue.append(link)

for page, module in sorted(expected.items()):
    links = visited.get(normal(page))
    if links is None:
        problems.append(f"{page}: no link from the root leads here")
        continue
    is_module_page = normal(page) == normal(f"/{base}/documentation/{module}")
    home = f"/{base}/documentation/{LANDING}" if is_module_page or module == LANDING else \
        f"/{base}/documentation/{module}"
    if normal(page) != normal(home) and normal(home) not in links:
        problems.append(f"{page}: no link back to {home}")

for path, status in Recorder.requests:
    if status == 404:
        problems.append(f"404: {path}")
server.shutdown()

for problem in problems:
    print(problem)
print(f"check-docs-site: {len(visited)} pages opened in Chromium under /{base}/, "
      f"{len(Recorder.requests)} requests served, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
