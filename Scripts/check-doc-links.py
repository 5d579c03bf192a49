#!/usr/bin/env python3
"""Fails on a page of the docs site that names another module, one of its
symbols or one of its articles without linking it.

The site merges seven catalogs: the site's own pages (Docs/SwiftAsyncWait.docc)
and the modules AsyncWait, AsyncWaitElements, AsyncWaitTesting,
AsyncWaitBrowser, AsyncWaitBrowserTesting and AsyncWaitATSPI. DocC resolves ``Symbol`` and <doc:article> links only
inside one catalog, so a page that names something of another module must
link it by path (`[Wait](/documentation/asyncwait/wait)`); a reader who
starts on that page otherwise meets a dead end. This check reads every page,
leaves out code blocks, link texts and the page's abstract (which takes no
links), and reports each mention, before the page has linked it, of:

- another module's name, in prose or in backticks;
- the title of another catalog's article, in prose or in italics;
- a top-level symbol of another module, in backticks (`WaitTimeoutError`,
  `requireEventually(...)`, `Wait.until`), from the symbol graphs that
  Scripts/build-docs.sh writes.

It also fails on a link by path whose page the built site does not have.

    Scripts/check-doc-links.py [DOCS_DIR]    (default: .build/docs, after Scripts/build-docs.sh)
"""
import json
import pathlib
import re
import sys

from doc_catalogs import MODULE_CATALOGS, SITE_CATALOG

root = pathlib.Path(__file__).resolve().parent.parent
docs = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / ".build" / "docs"
MODULES = list(MODULE_CATALOGS)
catalogs = {"site": SITE_CATALOG, **MODULE_CATALOGS}


def symbols(module):
    """The top-level names a module declares: types, functions, variables."""
    names = set()
    for graph in (docs / "symbol-graphs" / module).glob("*.symbols.json"):
        for symbol in json.loads(graph.read_text())["symbols"]:
            path = symbol["pathComponents"]
            if len(path) == 1 and not graph.name.count("@"):
                names.add(path[0].split("(")[0])
    return names


owned = {module: symbols(module) for module in MODULES}
missing = [module for module in MODULES if not owned[module]]
if missing:
    sys.exit(f"check-doc-links: no symbol graphs for {', '.join(missing)} under {docs}; "
             "run Scripts/build-docs.sh first")
# A name two modules declare (none today) is nobody's to demand a link for.
shared = {name for a in MODULES for b in MODULES if a < b for name in owned[a] & owned[b]}
titles = {}
for name, catalog in catalogs.items():
    for page in catalog.rglob("*.md"):
        first = page.read_text().splitlines()[0]
        if first.startswith("# ") and "``" not in first:
            titles[first[2:].strip()] = name


# A link's target and closing parenthesis; a target may hold balanced
# parentheses, as a function's path does.
TARGET = r"(?:[^()\s]|\([^()]*\))*\)"


def prose(text):
    """The page without its title, abstract and code blocks, with link texts
    and targets blanked; and, per line, the names the page has linked by then."""
    text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    lines = text.splitlines()
    # The title, then (past a blank line and any directive) the abstract.
    index = 1
    while index < len(lines) and not lines[index].strip():
        index += 1
    while index < len(lines) and lines[index].strip():
        lines[index] = ""
        index += 1
    lines[0] = ""
    linked, seen = [], set()
    for number, line in enumerate(lines):
        for label in re.findall(r"\[([^\]]*)\]\(/documentation/" + TARGET, line):
            seen.add(label.strip("`*_").split("(")[0].split(".")[0])
        lines[number] = re.sub(r"\[([^\]]*)\]\(" + TARGET, lambda m: " " * len(m.group(0)), line)
        lines[number] = re.sub(r"``[^`]+``|<doc:[^>]+>", lambda m: " " * len(m.group(0)), lines[number])
        linked.append(set(seen))
    return lines, linked


site = docs / "site" / "data"
problems = []
for owner, catalog in catalogs.items():
    foreign_modules = [m for m in MODULES if m != owner]
    foreign_symbols = {name for m in foreign_modules for name in owned[m]} - shared - (
        owned.get(owner, set()))
    foreign_titles = [title for title, where in titles.items() if where != owner]
    for page in sorted(catalog.rglob("*.md")):
        source = page.read_text()
        for target in re.findall(r"\]\(/documentation/((?:[^()#\s]|\([^()]*\))*)", source):
            if not (site / "documentation" / f"{target.lower().rstrip('/')}.json").exists():
                problems.append(f"{page.relative_to(root)}: the link to /documentation/{target} has no page")
        lines, linked = prose(source)
        for number, line in enumerate(lines, 1):
            if line.lstrip().startswith("#"):
                continue  # a section's heading, not a mention
            found = []
            for module in foreign_modules:
                if re.search(rf"(?<![\w/.]){module}(?![\w])", line):
                    found.append((module, module))
            for title in foreign_titles:
                if title in line:
                    found.append((title, f"the article “{title}”"))
            for code in re.findall(r"`([^`]+)`", line):
                head = re.match(r"\.?([A-Za-z_]\w*)", code)
                if head and head.group(1) in foreign_symbols:
                    found.append((head.group(1), f"`{code}`"))
            for name, what in found:
                if name not in linked[number - 1]:
                    problems.append(f"{page.relative_to(root)}:{number}: {what} is named before the page links it")

for problem in problems:
    print(problem)
print(f"check-doc-links: {sum(1 for c in catalogs.values() for _ in c.rglob('*.md'))} pages read, "
      f"{len(problems)} problem(s)")
sys.exit(1 if problems else 0)
