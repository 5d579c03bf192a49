#!/usr/bin/env python3
"""Runs BokehTests' Playwright forms in Playwright, to show they are Playwright tests that pass.

Each test of BokehTests.swift has its Playwright form in its doc comment,
in JavaScript; these are the same tests in Playwright's Python API, line
for line, against the same Bokeh app, server and Chromium.

Bokeh (PyPI `bokeh==3.9.2`) renders every layout and widget as a host with
an open shadow root, nested up to three deep here (Column > Row >
TextInput); the inputs, the button, the select and the SlickGrid table
exist only inside those roots, and the page is filled over a WebSocket
after it loads.

The last test runs the app inside a frame from another origin (the page
`framed` at 127.0.0.1 frames the app from localhost), through
`frame_locator`.

Starts `bokeh serve shelf framed` (Fixtures/Bokeh) on a port of its own, runs the
tests one after another in one browser, stops the server, and exits
non-zero when a test failed, naming it.

  python bokeh.py --bokeh PATH [--chromium /usr/bin/chromium]

Run it with the Python of Scripts/install-playwright.sh; PATH is the
`bokeh` of Scripts/install-bokeh.sh.
"""

from __future__ import annotations

import argparse
import os
import subprocess

from playwright.sync_api import Page, expect

import twins

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "Bokeh")


def the_page_shows_its_widgets(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    expect(page).to_have_title("Shelf")
    expect(page.get_by_role("textbox", name="Your name")).to_be_visible()
    expect(page.get_by_role("button", name="Count")).to_be_visible()
    expect(page.get_by_role("combobox", name="Genre")).to_have_value("All")
    expect(page.get_by_text("Hello, nobody")).to_be_visible()


def typing_a_name_updates_the_greeting(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    page.get_by_label("Your name").fill("Ursula")
    expect(page.get_by_test_id("greeting")).to_have_text("Hello, Ursula")
    page.get_by_placeholder("Type a name").fill("")
    expect(page.get_by_test_id("greeting")).to_have_text("Hello, nobody")


def the_button_counts_its_clicks(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    button = page.get_by_role("button", name="Count")
    button.click()
    expect(page.get_by_text("Clicked 1 time", exact=True)).to_be_visible()
    button.click()
    button.click()
    expect(page.get_by_test_id("clicks")).to_have_text("Clicked 3 times")


def picking_a_genre_narrows_the_table(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    page.get_by_role("combobox", name="Genre").select_option("Fantasy")
    expect(page.get_by_test_id("shown")).to_have_text("2 books")
    expect(page.locator(".books .slick-row")).to_have_count(2)
    expect(page.locator(".books .slick-row .slick-cell.l1")).to_have_text(["A Wizard of Earthsea", "The Buried Giant"])


def a_row_is_found_by_its_text(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    row = page.locator(".books .slick-row").filter(has_text="Solaris")
    expect(row).to_have_count(1)
    expect(row.locator(".slick-cell")).to_have_text(["1", "Solaris", "Stanisław Lem", "Science fiction", "1961"])


def the_shelf_works_inside_a_frame_from_another_origin(page: Page, base: str) -> None:
    page.goto(base + "/framed")
    shelf = page.frame_locator("iframe[title=Shelf]")
    shelf.get_by_label("Your name").fill("Ursula")
    expect(shelf.get_by_test_id("greeting")).to_have_text("Hello, Ursula")
    shelf.get_by_role("button", name="Count").click()
    expect(shelf.get_by_text("Clicked 1 time", exact=True)).to_be_visible()
    shelf.get_by_role("combobox", name="Genre").select_option("Fantasy")
    expect(shelf.locator(".books .slick-row")).to_have_count(2)


def a_column_header_sorts_the_rows(page: Page, base: str) -> None:
    page.goto(base + "/shelf")
    year = page.locator(".books .slick-header-column").filter(has_text="Year")
    year.click()
    expect(page.locator(".books .slick-row .slick-cell.l4").first).to_have_text("1944")
    year.click()
    expect(page.locator(".books .slick-row .slick-cell.l1").first).to_have_text("Klara and the Sun")


TESTS = [
    the_page_shows_its_widgets,
    typing_a_name_updates_the_greeting,
    the_button_counts_its_clicks,
    picking_a_genre_narrows_the_table,
    a_row_is_found_by_its_text,
    a_column_header_sorts_the_rows,
    the_shelf_works_inside_a_frame_from_another_origin,
]


def start_bokeh(bokeh: str) -> tuple[subprocess.Popen, str]:
    """Starts `bokeh serve shelf framed` on a free loopback port; returns it and its base URL."""
    return twins.start_server(
        "bokeh-playwright",
        [os.path.abspath(bokeh), "serve", "shelf", "framed", "--address", "127.0.0.1", "--port", "0",
         "--allow-websocket-origin", "*"],
        r"Bokeh app running at: (http://127\.0\.0\.1:\d+)/shelf", cwd=FIXTURES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--bokeh", required=True, help="the bokeh command")
    parser.add_argument("--chromium", help="Chromium's path; by default ASYNCWAIT_CHROMIUM, then PATH")
    arguments = parser.parse_args()
    chromium = twins.chromium(arguments.chromium, "bokeh-playwright")
    server, base = start_bokeh(arguments.bokeh)
    try:
        # As BokehTests' waits default to 10 seconds.
        twins.run("bokeh-playwright", TESTS, chromium, base)
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
