#!/usr/bin/env python3
"""Measures Playwright's waits on the rows pages, for comparison with AsyncWaitBrowser.

What a Playwright user writes, with Playwright's defaults (web-first
assertions and their polling), on the rows pages of BrowserFixtures
(RowsPage.swift, served at BASE/rows/N by `LoopbackServer.rows`), in the
system's Chromium. For each page size N, after the page has loaded:

- waitByID, waitByRole, waitByText: `expect(...).to_be_visible()` on the
  last row, by test id, by role and name, and by text; from call to return.
- click: `page.get_by_test_id(f"remove-{N}").click()`; from call to return.
- change: `window.addRowLater(50)`, then at once
  `expect(page.get_by_test_id("row-new")).to_be_visible(timeout=...)`; the
  time the expect returned (milliseconds since the epoch) less the page's
  `window.appendedAt`. The row is removed between samples.
- changeFromDue: the same samples, less the time the row was due (just before
  `addRowLater` was called, plus its 50 ms) instead of when it was appended.
  The two differ when the page's timer fires late because its main thread is
  busy, as it is while Playwright describes a failed poll: on every poll that
  finds nothing, Playwright 1.65 takes an ARIA snapshot of the page's body
  for the error message it might give, which on a page of thousands of rows
  takes seconds. A change sample that times out (--change-timeout) is `null`
  in both.

Then, with --shadow-rows N,…, the waits and the click (no change) on
pages whose list is inside a web component's open shadow root, served at
BASE/shadow-rows/N, reported under "shadowRows"; and with --frame-rows
N,…, on pages that show the page of N rows in a frame from another origin
(BASE/frame-rows/N), through `page.frame_locator("iframe[title=Rows]")`,
reported under "frameRows".

With --open-samples K, for each page size N, K pages opened as a test
opens one: `browser.new_context()`, `context.new_page()` and
`page.goto(BASE/rows/N)`, from the first call to the load; the context is
closed after, untimed. Reported under "open", by size.

With --suite-tests T, a suite of T tests, each the flow below in a fresh
context (`browser.new_context()` + `new_page()`, closed after), one after
the other: pytest-playwright's default pattern. The wall time of the whole
suite, in milliseconds, is reported under "suite"; --suite-runs R runs it R
times.

With --serve, once the rest is measured, it takes samples on request, one
request a line of standard input, so that AsyncWaitBrowserBench can take
its own samples of the same kind in turn with these, and the machine's
drift over a run falls on both alike: `open N` opens a page of N rows as
--open-samples does, `suite T` runs a suite of T tests as --suite-tests
does, and each answers the milliseconds it took on a line of its own on
standard output. The end of standard input ends the serving, and then the
JSON object below is printed, without these samples. It says `ready` on
a line of its own first, once the rest is measured.

Then, with --flow-samples K, a test end to end on the account page
(BASE/account, AccountPage.swift), as a Playwright user writes it, K times
after one not kept (the steps of `flow` below, which AsyncWaitBrowserBench
takes in Swift): from `goto` to the last assertion, in milliseconds.

Each kind of sample is preceded by --warmup samples that are not kept.
Prints one JSON object on stdout, in milliseconds:

  {"playwright": "1.65.2", "chromium": "156.0...", "rows": {"100": {"waitByID": [...],
   "waitByRole": [...], "waitByText": [...], "click": [...], "change": [...],
   "changeFromDue": [...]}, ...}, "flow": [...]}

and progress and a table of medians on stderr.

  python bench.py --url http://127.0.0.1:PORT [--rows 100,1000,5000,20000]
      [--samples 20 | --samples 30,30,10,10] [--flow-samples 10] [--serve] [--chromium /usr/bin/chromium]

Run it with the Python of Scripts/install-playwright.sh, which installs no
browser of Playwright's: Chromium is the system's, found as AsyncWaitBrowser
finds it (the variable ASYNCWAIT_CHROMIUM, then chromium and its other names
in PATH) unless --chromium names it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from importlib.metadata import version as package_version

from playwright.sync_api import Browser, Page, expect, sync_playwright

# As AsyncWaitBrowser's ChromiumLocator searches PATH.
CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome"]
KINDS = ["waitByID", "waitByRole", "waitByText", "click", "change", "changeFromDue"]


def log(message: str) -> None:
    print(f"playwright-bench: {message}", file=sys.stderr, flush=True)


def locate_chromium(explicit: str | None) -> str:
    """Returns the path of Chromium: the one given, ASYNCWAIT_CHROMIUM, or the first in PATH."""
    path = explicit or os.environ.get("ASYNCWAIT_CHROMIUM") or None
    if path is None:
        path = next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)
    if path is None or not os.access(path, os.X_OK):
        sys.exit(f"playwright-bench: no Chromium found (given: {explicit!r}); pass --chromium PATH")
    return path


def epoch_milliseconds() -> float:
    """Milliseconds since the epoch, as the page's `performance.timeOrigin + performance.now()` counts."""
    return time.time() * 1000


def clock_offset(page: Page, tries: int = 20) -> tuple[float, float]:
    """The page's epoch clock less this process's, and half the round trip it was read in, in milliseconds.

    The change samples subtract one from the other; the offset is within the
    half round trip of zero when they agree. Of `tries` readings, the one of
    the shortest round trip is returned.
    """
    readings = []
    for _ in range(tries):
        before = epoch_milliseconds()
        in_page = page.evaluate("performance.timeOrigin + performance.now()")
        after = epoch_milliseconds()
        readings.append((after - before, in_page - (before + after) / 2))
    round_trip, offset = min(readings)
    return offset, round_trip / 2


def timed(action) -> float:
    """Runs `action` and returns how long it took, in milliseconds."""
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(
    page: Page,
    count: int,
    samples: int,
    warmup: int,
    change_delay: int,
    change_timeout: float,
    changes: bool = True,
    frame: bool = False,
) -> dict[str, list[float | None]]:
    """Takes every kind of sample on the loaded page of `count` rows.

    With `frame`, the rows are in the page's frame, found through `frame_locator`.
    """
    last = count
    root = page.frame_locator("iframe[title=Rows]") if frame else page
    # Where the page's script keeps its counts: the frame's document, or the page's.
    scripts = page.main_frame.child_frames[0] if frame else page
    waits = {
        "waitByID": lambda: expect(root.get_by_test_id(f"row-{last}")).to_be_visible(),
        "waitByRole": lambda: expect(root.get_by_role("button", name=f"Remove Item {last}")).to_be_visible(),
        "waitByText": lambda: expect(root.get_by_text(f"Item {last}", exact=True)).to_be_visible(),
    }
    results: dict[str, list[float | None]] = {}
    for kind, wait in waits.items():
        for _ in range(warmup):
            wait()
        results[kind] = [timed(wait) for _ in range(samples)]

    button = root.get_by_test_id(f"remove-{last}")
    clicks: list[float] = []
    for index in range(warmup + samples):
        before = scripts.evaluate("window.clicks")
        elapsed = timed(lambda: button.click())
        # The click reached the page's handler, on the right button.
        clicked = scripts.evaluate("[window.clicks, window.clickedRow]")
        if clicked != [before + 1, f"remove-{last}"]:
            raise RuntimeError(f"click {index} on remove-{last} did not reach the page: {clicked}")
        if index >= warmup:
            clicks.append(elapsed)
    results["click"] = clicks
    if not changes:
        return results

    new_row = page.get_by_test_id("row-new")
    changes: list[float | None] = []
    changes_from_due: list[float | None] = []
    for index in range(warmup + samples):
        page.evaluate("window.removeNewRows(); window.appendedAt = null")
        due = epoch_milliseconds() + change_delay
        page.evaluate(f"window.addRowLater({change_delay})")
        try:
            expect(new_row).to_be_visible(timeout=change_timeout)
        except AssertionError as error:
            # Its message holds the whole page's ARIA snapshot: the first line is enough.
            log(f"{count} rows: change {index} timed out: {str(error).splitlines()[0]}")
            if index >= warmup:
                changes.append(None)
                changes_from_due.append(None)
            continue
        returned = epoch_milliseconds()
        appended_at = page.evaluate("window.appendedAt")
        if appended_at is None:
            raise RuntimeError(f"change {index}: the expect returned before the row was appended")
        if index >= warmup:
            changes.append(returned - appended_at)
            changes_from_due.append(returned - due)
    page.evaluate("window.removeNewRows()")
    results["change"] = changes
    results["changeFromDue"] = changes_from_due
    return results


def flow(page: Page, base: str) -> None:
    """A test end to end on the account page, as a Playwright user writes it."""
    page.goto(f"{base}/account")
    page.get_by_label("Email", exact=True).fill("ada@example.com")
    page.get_by_label("Full name", exact=True).fill("Ada Lovelace")
    page.get_by_label("Favourite colour", exact=True).select_option("blue")
    page.get_by_label("Send me news", exact=True).check()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Saved ada@example.com, Ada Lovelace, blue, news")
    draft_a = page.get_by_role("listitem").filter(has_text="Draft A")
    draft_a.get_by_role("button", name="Delete", exact=True).click()
    expect(page.locator(".drafts li")).to_have_count(1)
    new_todo = page.get_by_placeholder("What needs to be done?", exact=True)
    new_todo.fill("Buy milk")
    new_todo.press("Enter")
    done = page.get_by_label("Done: Buy milk", exact=True)
    expect(done).not_to_be_checked()
    done.check()
    expect(page.locator(".todos li")).to_have_class(["done"])


def open_page(browser: Browser, base: str, count: int, navigation_timeout: float) -> float:
    """Opens a page of `count` rows as a test opens one, and returns the milliseconds to its load.

    A fresh context, a page in it, `goto` to the load; the context is closed after, untimed.
    """
    start = time.perf_counter()
    fresh = browser.new_context()
    page = fresh.new_page()
    page.set_default_navigation_timeout(navigation_timeout)
    page.goto(f"{base}/rows/{count}", wait_until="load")
    elapsed = (time.perf_counter() - start) * 1000
    fresh.close()
    return elapsed


def run_suite(browser: Browser, base: str, tests: int) -> float:
    """Runs `tests` tests, each the flow in a fresh context, one after another; returns the milliseconds."""
    start = time.perf_counter()
    for _ in range(tests):
        fresh = browser.new_context()
        flow(fresh.new_page(), base)
        fresh.close()
    return (time.perf_counter() - start) * 1000


def serve(browser: Browser, base: str, navigation_timeout: float) -> None:
    """Says `ready`, then takes a sample for each request on standard input (`open N`, `suite T`) and prints its
    milliseconds."""
    log("serving: open N, suite T")
    print("ready", flush=True)
    for line in sys.stdin:
        request = line.split()
        if len(request) == 2 and request[0] == "open" and request[1].isdigit():
            elapsed = open_page(browser, base, int(request[1]), navigation_timeout)
        elif len(request) == 2 and request[0] == "suite" and request[1].isdigit():
            elapsed = run_suite(browser, base, int(request[1]))
        else:
            sys.exit(f"playwright-bench: not a request: {line.strip()!r} (open N, suite T)")
        print(f"{elapsed:.3f}", flush=True)
        log(f"{line.strip()}: {elapsed:.1f} ms")


def percentile(values: list[float | None], fraction: float) -> float:
    """The value at `fraction` of the sorted values, nearest rank, as the Swift bench computes it.

    A sample that timed out (`None`) counts as longer than any other; all of them timed out is infinity.
    """
    ordered = sorted(value if value is not None else float("inf") for value in values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * fraction))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--url", required=True, help="the loopback server's base URL; pages at BASE/rows/N")
    parser.add_argument("--rows", default="100,1000,5000,20000", help="page sizes, comma-separated")
    parser.add_argument(
        "--samples",
        default="20",
        help="samples of each kind: one count for every page size, or one a size, comma-separated",
    )
    parser.add_argument("--warmup", type=int, default=1, help="samples of each kind taken first and not kept")
    parser.add_argument("--flow-samples", type=int, default=0, help="runs of the end-to-end flow; 0 for none")
    parser.add_argument(
        "--shadow-rows", default="", help="sizes of the pages whose list is in a shadow root (BASE/shadow-rows/N)"
    )
    parser.add_argument(
        "--frame-rows", default="", help="sizes of the pages shown in a frame from another origin (BASE/frame-rows/N)"
    )
    parser.add_argument("--open-samples", type=int, default=0, help="pages opened at each size; 0 for none")
    parser.add_argument("--suite-tests", type=int, default=0, help="tests of the suite; 0 for no suite")
    parser.add_argument("--suite-runs", type=int, default=1, help="runs of the suite")
    parser.add_argument(
        "--response-samples", type=int, default=0, help="network waits for a fetch's response; 0 for none"
    )
    parser.add_argument(
        "--serve", action="store_true", help="then take samples on request on standard input: open N, suite T"
    )
    parser.add_argument("--chromium", help="Chromium's path; found as AsyncWaitBrowser finds it when not given")
    parser.add_argument("--change-delay", type=int, default=50, help="milliseconds before the page adds a row")
    parser.add_argument(
        "--navigation-timeout", type=float, default=120_000, help="milliseconds a page may take to load"
    )
    parser.add_argument(
        "--change-timeout",
        type=float,
        default=180_000,
        help="the change expect's timeout in milliseconds (on 20,000 rows it takes about a minute)",
    )
    arguments = parser.parse_args()
    counts = [int(count) for count in arguments.rows.split(",") if count.strip()]
    samples = [int(count) for count in arguments.samples.split(",") if count.strip()]
    if len(samples) == 1:
        samples = samples * len(counts)
    if not counts or min(counts) < 1 or len(samples) != len(counts) or min(samples) < 1 or arguments.warmup < 0:
        parser.error(
            "--rows needs positive counts, --samples at least 1 (one count, or one a size), --warmup at least 0"
        )
    chromium = locate_chromium(arguments.chromium)
    base = arguments.url.rstrip("/")

    output: dict = {"playwright": package_version("playwright"), "chromium": None, "rows": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        try:
            output["chromium"] = browser.version
            log(f"Playwright {output['playwright']}, Chromium {browser.version} at {chromium}")
            context = browser.new_context()
            for count, taken in zip(counts, samples):
                page = context.new_page()
                page.set_default_navigation_timeout(arguments.navigation_timeout)
                start = time.perf_counter()
                page.goto(f"{base}/rows/{count}", wait_until="load")
                loaded = (time.perf_counter() - start) * 1000
                offset, uncertainty = clock_offset(page)
                log(
                    f"{count} rows: loaded in {loaded:.0f} ms; "
                    f"page clock - ours = {offset:+.2f} ± {uncertainty:.2f} ms"
                )
                results = measure(
                    page,
                    count,
                    taken,
                    arguments.warmup,
                    arguments.change_delay,
                    arguments.change_timeout,
                )
                output["rows"][str(count)] = {
                    kind: [None if value is None else round(value, 3) for value in results[kind]]
                    for kind in KINDS
                }
                page.close()
            # The waits and the click (no change) on the pages of the same
            # rows inside a shadow root and inside a frame from another site.
            for key, path, where, sizes, frame in [
                ("shadowRows", "shadow-rows", "in a shadow root", arguments.shadow_rows, False),
                ("frameRows", "frame-rows", "in a frame", arguments.frame_rows, True),
            ]:
                output[key] = {}
                for count in [int(count) for count in sizes.split(",") if count.strip()]:
                    page = context.new_page()
                    page.set_default_navigation_timeout(arguments.navigation_timeout)
                    page.goto(f"{base}/{path}/{count}", wait_until="load")
                    taken = samples[counts.index(count)] if count in counts else samples[-1]
                    results = measure(
                        page, count, taken, arguments.warmup, arguments.change_delay, arguments.change_timeout,
                        changes=False, frame=frame,
                    )
                    output[key][str(count)] = {
                        kind: [round(value, 3) for value in values] for kind, values in results.items()
                    }
                    log(f"{count} rows {where}: " + ", ".join(
                        f"{kind} p50 {percentile(values, 0.5):.1f} ms" for kind, values in results.items()))
                    page.close()
            context.close()
            if arguments.open_samples > 0:
                output["open"] = {}
                for count in counts:
                    opened = []
                    for index in range(arguments.warmup + arguments.open_samples):
                        elapsed = open_page(browser, base, count, arguments.navigation_timeout)
                        if index >= arguments.warmup:
                            opened.append(round(elapsed, 3))
                    output["open"][str(count)] = opened
                    log(f"{count} rows: opened in p50 {percentile(opened, 0.5):.1f} ms")
            if arguments.suite_tests > 0:
                output["suite"] = [
                    round(run_suite(browser, base, arguments.suite_tests), 3) for _ in range(arguments.suite_runs)
                ]
                log(f"suite of {arguments.suite_tests} tests: {output['suite']} ms")
            if arguments.response_samples > 0:
                fresh = browser.new_context()
                page = fresh.new_page()
                page.goto(f"{base}/account", wait_until="load")
                waits = []
                for index in range(arguments.warmup + arguments.response_samples):
                    start = time.perf_counter()
                    with page.expect_response("**/api/items") as response:
                        page.evaluate("void fetch('/api/items')")
                    assert response.value.status == 200
                    if index >= arguments.warmup:
                        waits.append(round((time.perf_counter() - start) * 1000, 3))
                output["responses"] = waits
                log(f"response waits: p50 {percentile(waits, 0.5):.1f} ms of {len(waits)}")
                fresh.close()
            context = browser.new_context()
            if arguments.flow_samples > 0:
                page = context.new_page()
                flow(page, base)
                output["flow"] = [round(timed(lambda: flow(page, base)), 3) for _ in range(arguments.flow_samples)]
                log(f"flow: p50 {percentile(output['flow'], 0.5):.1f} ms of {arguments.flow_samples}")
                page.close()
            context.close()
            if arguments.serve:
                serve(browser, base, arguments.navigation_timeout)
        finally:
            browser.close()

    log(f"p50 ms ({', '.join(map(str, samples))} samples of each kind, by page size)")
    log("rows   " + " ".join(f"{kind:>13}" for kind in KINDS))
    for count, results in output["rows"].items():
        log(f"{count:<6} " + " ".join(f"{percentile(results[kind], 0.5):>13.1f}" for kind in KINDS))
    json.dump(output, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    try:
        main()
    except Exception as error:
        # Playwright's messages can hold a whole page's ARIA snapshot: megabytes on a large page.
        message = str(error)
        if len(message) > 4000:
            message = message[:4000] + f"\n… ({len(message) - 4000} more characters)"
        sys.exit(f"playwright-bench: {type(error).__name__}: {message}")
