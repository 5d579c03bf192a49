"""What the Playwright twins of the Swift suites share: finding Chromium,
reading a fixture page's HTML from its Swift source, starting a real
application's server, and running the tests
one after another, each in a fresh context of one browser (pytest-playwright's
pattern), with a summary that names each test that failed.

Imported by datasette.py, bokeh.py, dialogs.py and network.py, beside it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
import traceback
from typing import Callable

from playwright.sync_api import Page, expect, sync_playwright

FIXTURE_SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "BrowserFixtures")
CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome"]


def chromium(given: str | None, name: str) -> str:
    """Chromium's path: `given`, then ASYNCWAIT_CHROMIUM, then PATH; exits when there is none."""
    found = given or os.environ.get("ASYNCWAIT_CHROMIUM") or next(
        (path for candidate in CHROMIUM_NAMES if (path := shutil.which(candidate))), None)
    if found is None:
        sys.exit(f"{name}: no Chromium found; pass --chromium PATH")
    return found


def fixture_html(file: str, constant: str = "html") -> str:
    """The multi-line string `constant` of a Swift file of BrowserFixtures, unindented."""
    source = open(os.path.join(FIXTURE_SOURCES, file), encoding="utf-8").read()
    body = re.search(rf'let {constant} = """\n(.*?)\n\s*"""', source, re.S).group(1)
    return "\n".join(line[4:] for line in body.split("\n"))


def start_server(name: str, command: list[str], address: str, cwd: str | None = None) -> tuple[subprocess.Popen, str]:
    """Starts `command`; returns it and the address its output names, the first group of the
    pattern `address`, within 30 s. Exits naming what it printed when it names none."""
    server = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    printed = ""
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        printed += line
        found = re.search(address, line)
        if found:
            # The rest of its log is read, and dropped, so that the pipe never fills.
            threading.Thread(target=server.stdout.read, daemon=True).start()
            return server, found.group(1)
    server.kill()
    sys.exit(f"{name}: the server did not say where it listens:\n{printed}")


def run(name: str, tests: list[Callable[[Page, str], None]], chromium_path: str, base: str,
        timeout_ms: int = 10_000) -> None:
    """Runs each test with a page of a fresh context and `base`; exits non-zero naming those that failed."""
    failed = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, headless=True)
        try:
            started = time.perf_counter()
            for test in tests:
                test_started = time.perf_counter()
                context = browser.new_context(accept_downloads=True)
                page = context.new_page()
                expect.set_options(timeout=timeout_ms)
                page.set_default_timeout(timeout_ms)
                try:
                    test(page, base)
                    elapsed = (time.perf_counter() - test_started) * 1000
                    print(f"{name}: passed {test.__name__} ({elapsed:.0f} ms)", file=sys.stderr)
                except Exception:
                    failed.append(test.__name__)
                    print(f"{name}: FAILED {test.__name__}", file=sys.stderr)
                    traceback.print_exc()
                finally:
                    context.close()
            elapsed = (time.perf_counter() - started) * 1000
            print(f"{name}: the tests took {elapsed:.0f} ms, each in a context of its own", file=sys.stderr)
        finally:
            browser.close()
    if failed:
        sys.exit(f"{name}: {len(failed)} of {len(tests)} failed: {', '.join(failed)}")
    print(f"{name}: all {len(tests)} passed in Playwright", file=sys.stderr)
