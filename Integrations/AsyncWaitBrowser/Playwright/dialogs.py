#!/usr/bin/env python3
"""Runs DialogTests' twins in Playwright, on the same page of dialogs.

Each function below is a test of Tests/AsyncWaitBrowserTests/DialogTests.swift
as a Playwright user writes it, with Python's sync API, against the page of
Sources/BrowserFixtures/DialogPage.swift (read from that file and served
here). Two Swift tests have no twin: in Playwright a dialog listener that
raises leaves the dialog open, where the Swift side dismisses it and
reports the error at the next action.

  python dialogs.py [--chromium /usr/bin/chromium]

Run it with the Python of Scripts/install-playwright.sh. Exits non-zero
when a test failed, naming it.
"""

from __future__ import annotations

import argparse
import http.server
import re
import threading

from playwright.sync_api import Page, expect

import twins


def every_dialog_is_dismissed_by_default(page: Page, url: str) -> None:
    page.goto(url)
    # No listener: Playwright dismisses each dialog itself.
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("alerted 1")
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("kept 2")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("status")).to_have_text("not renamed 3")


def a_page_leaves_through_its_beforeunload_prompt(page: Page, url: str) -> None:
    page.goto(url)
    # No listener (one would have to answer it): Playwright accepts it.
    page.get_by_role("button", name="Leave").click()
    expect(page).to_have_url(re.compile(r"/other$"))


def the_wait_for_a_dialog_answers_it_and_returns_it(page: Page, url: str) -> None:
    page.goto(url)
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_event("dialog") as confirm:
        page.get_by_role("button", name="Delete").click()
    assert confirm.value.type == "confirm" and confirm.value.message == "Delete the draft?"
    expect(page.get_by_role("status")).to_have_text("deleted 1")

    page.once("dialog", lambda dialog: dialog.accept("Ada"))
    with page.expect_event("dialog"):
        page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("status")).to_have_text("renamed to Ada 2")

    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_event("dialog"):
        page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("status")).to_have_text("renamed to 3")

    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("kept 4")


def a_dialog_that_opens_after_the_step_returns_is_awaited(page: Page, url: str) -> None:
    page.goto(url)
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_event("dialog") as later:
        page.get_by_role("button", name="Ask later").click()
    assert later.value.message == "Later?"
    expect(page.get_by_role("status")).to_have_text("later: yes 1")


def a_handler_answers_every_dialog_until_it_is_removed(page: Page, url: str) -> None:
    page.goto(url)

    def handler(dialog):
        if dialog.type == "prompt":
            dialog.accept("Bo")
        else:
            dialog.accept()

    page.on("dialog", handler)
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("deleted 1")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("status")).to_have_text("renamed to Bo 2")
    with page.expect_event("dialog"):
        page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("deleted 3")
    page.remove_listener("dialog", handler)
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("kept 4")


def a_wait_for_a_dialog_that_never_opens_times_out(page: Page, url: str) -> None:
    page.goto(url)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("alerted 1")
    try:
        with page.expect_event("dialog", timeout=300):
            pass
    except Exception as error:  # Playwright's TimeoutError
        assert "Timeout 300ms exceeded" in str(error), str(error)
    else:
        raise AssertionError("the wait for a dialog did not time out")
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("kept 2")


def the_step_runs_on_the_callers_actor(page: Page, url: str) -> None:
    # Python has no actors; the step runs on the test's thread.
    page.goto(url)
    page.once("dialog", lambda dialog: dialog.dismiss())
    with page.expect_event("dialog") as dialog:
        assert threading.current_thread() is threading.main_thread()
        page.get_by_role("button", name="Delete").click()
    expect(page.get_by_role("status")).to_have_text("kept 1")
    assert dialog.value.type == "confirm"


TESTS = [
    every_dialog_is_dismissed_by_default,
    a_page_leaves_through_its_beforeunload_prompt,
    the_wait_for_a_dialog_answers_it_and_returns_it,
    a_dialog_that_opens_after_the_step_returns_is_awaited,
    a_handler_answers_every_dialog_until_it_is_removed,
    a_wait_for_a_dialog_that_never_opens_times_out,
    the_step_runs_on_the_callers_actor,
]


class Handler(http.server.BaseHTTPRequestHandler):
    html = b""

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.html)))
        self.end_headers()
        self.wfile.write(self.html)

    def log_message(self, *arguments) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--chromium", help="Chromium's path; by default ASYNCWAIT_CHROMIUM, then PATH")
    arguments = parser.parse_args()
    chromium = twins.chromium(arguments.chromium, "dialogs-playwright")
    Handler.html = twins.fixture_html("DialogPage.swift").encode()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        twins.run("dialogs-playwright", TESTS, chromium, f"http://127.0.0.1:{server.server_address[1]}/dialogs")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
