#!/usr/bin/env python3
"""Runs DatasetteTests' Playwright forms in Playwright, to show they are Playwright tests that pass.

Each test of DatasetteTests.swift has its Playwright form in its doc
comment, in JavaScript; these are the same tests in Playwright's Python
API, line for line, against the same Datasette, library and Chromium. A
line that Playwright itself rejects (a locator that matches two elements,
say) fails here, so the Swift suite cannot mirror a test that Playwright
would not pass.

Starts Datasette on the library fixture (Fixtures/Datasette) on a port of
its own, runs the tests one after another in one browser, stops Datasette,
and exits non-zero when a test failed, naming it.

  python datasette.py --datasette PATH [--chromium /usr/bin/chromium]

Run it with the Python of Scripts/install-playwright.sh; PATH is the
`datasette` of Scripts/install-datasette.sh.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import subprocess
import tempfile

from playwright.sync_api import Page, expect

import twins

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "Datasette")


def the_table_lists_its_rows(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    expect(page).to_have_title("library: books: 30 rows")
    expect(page.get_by_role("heading", name="books", exact=True)).to_be_visible()
    expect(page.locator("table.rows-and-columns tbody tr")).to_have_count(30)
    expect(page.locator("td.col-title").first).to_have_text("A Wizard of Earthsea")


def a_column_sorts_the_rows(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    page.locator("th.col-year a").click()
    expect(page).to_have_url(re.compile(r"_sort=year"))
    expect(page.locator("td.col-year").first).to_have_text("1944")
    page.locator("th.col-year a").click()
    expect(page).to_have_url(re.compile(r"_sort_desc=year"))
    expect(page.locator("td.col-year").first).to_have_text("2021")


def the_filter_form_narrows_the_rows(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    page.locator('select[name="_filter_column"]').select_option("genre")
    page.locator('input[name="_filter_value"]').fill("Fantasy")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_role("heading", name=re.compile(r'^3 rows where genre = "Fantasy"'))).to_be_visible()
    expect(page.locator("td.col-title")).to_have_text(["A Wizard of Earthsea", "The Buried Giant", "Tehanu"])


def a_search_finds_titles(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    page.get_by_label("Search:").fill("sun")
    page.get_by_label("Search:").press("Enter")
    expect(page.locator("td.col-title")).to_have_text(["Half of a Yellow Sun", "Klara and the Sun"])


def a_facet_counts_and_narrows(page: Page, base: str) -> None:
    page.goto(base + "/library/books?_facet=genre")
    expect(page.locator(".facet-info li")).to_have_text(
        ["Science fiction 12", "Literary fiction 9", "Fantasy 3", "Historical fiction 3", "Short stories 3"])
    page.get_by_role("link", name="Short stories").click()
    expect(page.locator("td.col-title")).to_have_text(["Ficciones", "The Aleph", "Labyrinths"])


def a_row_links_to_its_author(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    page.get_by_role("row").filter(has_text="Solaris").get_by_role("link", name="Stanisław Lem").click()
    expect(page).to_have_url(re.compile(r"/library/authors/3$"))
    expect(page.get_by_role("heading", name="authors: 3")).to_be_visible()
    expect(page.locator("td.col-country")).to_have_text("Poland")


def a_columns_menu_facets_by_it(page: Page, base: str) -> None:
    page.goto(base + "/library/books")
    page.locator("th.col-genre .dropdown-menu-icon").click()
    page.get_by_role("link", name="Facet by this").click()
    expect(page).to_have_url(re.compile(r"_facet=genre"))
    expect(page.locator(".facet-info li")).to_have_count(5)


TESTS = [
    the_table_lists_its_rows,
    a_column_sorts_the_rows,
    the_filter_form_narrows_the_rows,
    a_search_finds_titles,
    a_facet_counts_and_narrows,
    a_row_links_to_its_author,
    a_columns_menu_facets_by_it,
]


def start_datasette(datasette: str, directory: str) -> tuple[subprocess.Popen, str]:
    """Starts Datasette on a fresh copy of the library; returns it and its base URL."""
    database = os.path.join(directory, "library.db")
    connection = sqlite3.connect(database)
    with open(os.path.join(FIXTURES, "library.sql")) as script:
        connection.executescript(script.read())
    connection.commit()
    connection.close()
    return twins.start_server(
        "datasette-playwright",
        [datasette, "serve", database, "--metadata", os.path.join(FIXTURES, "metadata.json"),
         "--host", "127.0.0.1", "-p", "0"],
        r"Uvicorn running on (http://127\.0\.0\.1:\d+)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--datasette", required=True, help="the datasette command")
    parser.add_argument("--chromium", help="Chromium's path; by default ASYNCWAIT_CHROMIUM, then PATH")
    arguments = parser.parse_args()
    chromium = twins.chromium(arguments.chromium, "datasette-playwright")
    with tempfile.TemporaryDirectory(prefix="asyncwait-datasette-playwright-") as directory:
        server, base = start_datasette(arguments.datasette, directory)
        try:
            # As DatasetteTests' waits default to 10 seconds.
            twins.run("datasette-playwright", TESTS, chromium, base)
        finally:
            server.kill()
            server.wait()

if __name__ == "__main__":
    main()
