#!/usr/bin/env python3
"""Draws the docs' pictures of waits on web pages of many rows, beside
Playwright, from the printed output of a full run of AsyncWaitBrowserBench:

    swift run -c release --package-path Integrations/AsyncWaitBrowser \\
        AsyncWaitBrowserBench > run.txt
    Scripts/make-web-pictures.py run.txt COMMIT DATE

or, for the committed run (Docs/browser-benchmark-results.md, whose first
line names its commit and day as `run: commit COMMIT, DATE`), which CI
redraws to check that the charts are that run's:

    Scripts/make-web-pictures.py Docs/browser-benchmark-results.md

It reads the table of page sizes that the bench prints last (each cell
"ours / Playwright (×ratio)", p50 ms) and writes one chart a column into
the site catalog's Resources/ (Docs/SwiftAsyncWait.docc/Resources/): a wait
on an element that is there by test id (web-page-wait-by-id.svg), by role
and name (web-page-wait-by-role.svg) and by text (web-page-wait-by-text.svg),
a click (web-page-click.svg), and a change seen by a waiting wait
(web-page-change.svg); each bar a p50, on a log scale, the run named under
the chart.
"""
import importlib.util
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_pictures", root / "Scripts" / "make-pictures.py")
pictures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pictures)

KINDS = ["by test id", "by role and name", "by text", "click", "change"]
pictures.COLORS.update({
    "this package": "#1f77b4", "Playwright": "#ff7f0e",
})


def parse(output):
    """The run's header facts and its rows: {rows: {kind: (ours, theirs)}}."""
    header = next((line for line in output.splitlines() if line.startswith("AsyncWaitBrowser bench:")), None)
    if header is None:
        sys.exit("make-web-pictures: no 'AsyncWaitBrowser bench:' line; is this a bench run's output?")
    if "--quick" in header:
        sys.exit("make-web-pictures: this is a --quick run; the docs' pictures come from a full run")
    playwright = re.search(r"this package / (Playwright [0-9.]+)", output)
    if playwright is None:
        sys.exit("make-web-pictures: the run has no Playwright figures (Scripts/install-playwright.sh)")
    rows = {}
    for line in output.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[0].isdigit():
            continue
        values = {}
        for kind, cell in zip(KINDS, cells[1:]):
            match = re.match(r"([0-9.]+) / ([0-9.]+)", cell)
            if match is None:
                sys.exit(f"make-web-pictures: cannot read '{cell}' ({kind}, {cells[0]} rows)")
            values[kind] = (float(match.group(1)), float(match.group(2)))
        rows[int(cells[0])] = values
    if not rows:
        sys.exit("make-web-pictures: no rows of page sizes in the output")
    chromium = header.split(":", 1)[1].strip()
    return {"chromium": chromium, "playwright": playwright.group(1)}, rows


CHARTS = [
    ("by test id", "web-page-wait-by-id", "A wait on an element that is there, by test id"),
    ("by role and name", "web-page-wait-by-role", "A wait on an element that is there, by role and name"),
    ("by text", "web-page-wait-by-text", "A wait on a text that is there"),
    ("click", "web-page-click", "A click on a button, with its checks"),
    ("change", "web-page-change", "A row added → the waiting wait returns"),
]


def chart(title, kind, facts, rows, run):
    groups = [f"{size:,} rows" for size in sorted(rows)]
    values = {}
    for size, group in zip(sorted(rows), groups):
        ours, theirs = rows[size][kind]
        values[(group, "this package")] = ours
        values[(group, "Playwright")] = theirs
    return pictures.bar_chart(
        title + ", by page size (p50)", "ms", groups, ["this package", "Playwright"], values, log=True,
        note=f"{facts['playwright']} on the same Chromium, one after the other in the same run", run=run)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 4):
        sys.exit(__doc__)
    output = pathlib.Path(sys.argv[1]).read_text()
    facts, rows = parse(output)
    if len(sys.argv) == 4:
        commit, date = sys.argv[2], sys.argv[3]
    else:
        named = re.match(r"run: commit (\S+), (\S+)", output)
        if named is None:
            sys.exit("make-web-pictures: the output's first line does not say 'run: commit COMMIT, DATE'")
        commit, date = named.group(1), named.group(2)
    run = {"commit": commit, "date": date, "machine": facts["chromium"]}
    out = root / "Docs" / "SwiftAsyncWait.docc" / "Resources"
    for kind, name, title in CHARTS:
        (out / f"{name}.svg").write_text(chart(title, kind, facts, rows, run))
    print("make-web-pictures: Docs/SwiftAsyncWait.docc/Resources/web-page-*.svg written")
