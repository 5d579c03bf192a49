#!/usr/bin/env python3
"""Runs NetworkTests' and OpeningsTests' twins in Playwright, on the same pages.

Each function below is a test of Tests/AsyncWaitBrowserTests/NetworkTests.swift
or OpeningsTests.swift as a Playwright user writes it, with Python's sync
API, against the pages of Sources/BrowserFixtures/NetworkPage.swift (read
from that file) and a server that answers as LoopbackServer.swift does.
Tests of the Swift API alone (URL matching, a timeout's words, a route
handler that throws, isolation) have no twin.

  python network.py [--chromium /usr/bin/chromium]

Run it with the Python of Scripts/install-playwright.sh. Exits non-zero
when a test failed, naming it.
"""

from __future__ import annotations

import argparse
import http.server
import re
import tempfile
import threading
import time

from playwright.sync_api import Page, expect

import twins


def the_wait_for_a_response_returns_its_status_headers_and_body(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_response("**/api/items") as info:
        page.get_by_role("button", name="Load items").click()
    response = info.value
    assert response.status == 200 and response.ok
    assert response.headers["content-type"] == "application/json"
    assert response.request.method == "GET" and response.request.resource_type == "fetch"
    assert response.text() == '["Milk","Eggs"]'
    assert response.json() == ["Milk", "Eggs"]
    expect(page.get_by_role("status")).to_have_text("loaded 2")


def the_wait_for_a_request_returns_its_method_headers_and_body(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_request(lambda request: request.method == "POST") as info:
        page.get_by_role("button", name="Save").click()
    assert info.value.url == base + "/api/items"
    assert info.value.headers["content-type"] == "application/json"
    assert info.value.post_data == '{"name":"Milk"}'
    expect(page.get_by_role("status")).to_have_text("saved 201")


def a_predicate_takes_the_response_it_wants(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_response(lambda r: r.request.method == "POST" and r.status == 201) as info:
        page.get_by_role("button", name="Load items").click()
        page.get_by_role("button", name="Save").click()
    assert info.value.text() == '{"created":{"name":"Milk"}}'


def a_redirect_ends_in_the_response_of_its_target(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_response(base + "/api/moved") as info:
        page.get_by_role("button", name="Load moved").click()
    assert info.value.status == 302 and info.value.headers["location"] == "/api/items"
    expect(page.get_by_role("status")).to_have_text("loaded 2")


def a_request_sent_before_the_wait_began_is_not_taken(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_response("**/api/items"):
        page.get_by_role("button", name="Load items").click()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("saved 201")
    try:
        with page.expect_request(lambda request: request.method == "POST", timeout=300):
            pass
    except Exception as error:  # Playwright's TimeoutError
        assert "Timeout 300ms exceeded" in str(error), str(error)
    else:
        raise AssertionError("the wait for a response did not time out")


def a_route_fulfils_a_request_with_json(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.route("**/api/items", lambda route: route.fulfill(json=["Tea", "Bread", "Jam"]))
    with page.expect_response("**/api/items") as info:
        page.get_by_role("button", name="Load items").click()
    assert info.value.headers["content-type"] == "application/json"
    expect(page.get_by_role("status")).to_have_text("loaded 3")


def a_route_aborts_a_request(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.route("**/api/*", lambda route: route.abort())
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("failed")


def a_route_continues_a_request_changed(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.route("**/api/items", lambda route: route.continue_(
        url=route.request.url.replace("/api/items", "/echo-headers")))
    page.route("**/echo-headers", lambda route: route.fulfill(json=["Changed"]))
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("failed")
    page.unroute_all()
    page.route("**/echo-headers", lambda route: route.continue_(
        headers={**route.request.headers, "x-test": "routed"}))
    page.goto(base + "/echo-headers")
    expect(page.locator("#headers")).to_contain_text("x-test: routed")


def the_latest_route_runs_first_and_falls_back_to_earlier_ones(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.route("**/api/items", lambda route: route.fulfill(json=["From the first"]))
    page.route("**/api/items", lambda route: route.fallback())
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("loaded 1")
    page.unroute("**/api/items")
    page.get_by_role("button", name="Load slowly").click()
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("loaded 2")


def a_context_route_takes_every_page_of_the_context(page: Page, base: str) -> None:
    page.context.route("**/api/items", lambda route: route.fulfill(json=["Context"]))
    # A page the context opens after the route, as the Swift test's.
    page = page.context.new_page()
    page.goto(base + "/network")
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("loaded 1")
    page.route("**/api/items", lambda route: route.fulfill(json=["Page", "Own"]))
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("loaded 2")
    page.context.route("**/api/slow-items", lambda route: route.fulfill(json=["A", "B", "C"]))
    page.get_by_role("button", name="Load slowly").click()
    expect(page.get_by_role("status")).to_have_text("loaded 3")


def network_idle_waits_for_the_requests_after_the_load(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.goto(base + "/network-late")
    page.wait_for_load_state("networkidle")
    assert page.get_by_role("status").text_content() == "loaded 2"
    page.wait_for_load_state("load", timeout=1)
    page.wait_for_load_state("domcontentloaded", timeout=1)


def a_page_never_navigated_has_reached_every_load_state(page: Page, base: str) -> None:
    page.wait_for_load_state("domcontentloaded", timeout=1)
    page.wait_for_load_state("load", timeout=1)
    # Playwright's own idle timer runs 500 ms from the page's start; the
    # Swift wait returns at once for a page that has made no request.
    page.wait_for_load_state("networkidle", timeout=1000)


def a_link_to_a_new_tab_opens_a_popup_returned_loaded(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_popup() as info:
        page.get_by_role("link", name="Help").click()
    popup = info.value
    popup.wait_for_load_state()
    assert popup.url == base + "/other"
    assert popup.context == page.context and popup in page.context.pages
    popup.close()


def the_contexts_page_wait_takes_a_popup_of_any_of_its_pages_or_a_new_page(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.context.expect_page() as help:
        page.get_by_role("link", name="Help").click()
    help.value.wait_for_load_state()
    assert help.value.url == base + "/other" and help.value in page.context.pages
    with page.context.expect_page() as blank:
        opened = page.context.new_page()
    assert blank.value == opened
    try:
        with page.context.expect_page(timeout=300):
            pass
    except Exception as error:  # Playwright's TimeoutError
        assert "Timeout 300ms exceeded" in str(error), str(error)
    else:
        raise AssertionError("the wait for a page did not time out")


def window_open_opens_a_popup_too(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_popup() as info:
        page.get_by_role("button", name="Open window").click()
    info.value.wait_for_load_state()
    assert info.value.url == base + "/other"


def a_download_is_saved(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_download() as info:
        page.get_by_role("link", name="Export", exact=True).click()
    download = info.value
    assert download.suggested_filename == "items.csv"
    assert download.url == base + "/download/items.csv"
    assert download.failure() is None
    assert open(download.path(), encoding="utf-8").read() == "name\nMilk\nEggs\n"
    with tempfile.TemporaryDirectory() as directory:
        download.save_as(directory + "/items.csv")
        assert open(directory + "/items.csv", encoding="utf-8").read() == "name\nMilk\nEggs\n"


def a_download_a_new_tab_begins_is_the_openers_own(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_download() as info:
        page.get_by_role("link", name="Export in a tab").click()
    assert info.value.suggested_filename == "items.csv"
    assert open(info.value.path(), encoding="utf-8").read() == "name\nMilk\nEggs\n"


def a_link_with_a_download_attribute_downloads_its_data(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_download() as info:
        page.get_by_role("link", name="Save note").click()
    assert info.value.suggested_filename == "note.txt"
    assert open(info.value.path(), encoding="utf-8").read() == "Milk"


def files_made_in_memory_reach_the_input_with_their_names_and_types(page: Page, base: str) -> None:
    page.goto(base + "/network")
    page.locator("#attachments").set_input_files([
        {"name": "a.txt", "mimeType": "text/plain", "buffer": b"Milk"},
        {"name": "b.csv", "mimeType": "text/csv", "buffer": b"Eggs"},
    ])
    expect(page.get_by_role("status")).to_have_text("files: a.txt (text/plain, Milk), b.csv (text/csv, Eggs)")


def an_input_of_one_file_refuses_two(page: Page, base: str) -> None:
    page.goto(base + "/network")
    try:
        page.locator("#resume").set_input_files([
            {"name": "a.txt", "mimeType": "text/plain", "buffer": b"a"},
            {"name": "b.txt", "mimeType": "text/plain", "buffer": b"b"},
        ])
    except Exception as error:
        assert "Non-multiple file input can only accept single file" in str(error), str(error)
    else:
        raise AssertionError("two files went into an input of one")


def the_file_chooser_a_button_opens_takes_files(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_file_chooser() as info:
        page.get_by_role("button", name="Choose avatar").click()
    assert not info.value.is_multiple()
    info.value.set_files([{"name": "me.png", "mimeType": "image/png", "buffer": b"png"}])
    expect(page.get_by_role("status")).to_have_text("files: me.png (image/png, png)")
    with tempfile.TemporaryDirectory() as directory:
        path = directory + "/notes.txt"
        open(path, "w", encoding="utf-8").write("Eggs")
        with page.expect_file_chooser() as again:
            page.get_by_role("button", name="Choose avatar").click()
        again.value.set_files([path])
        expect(page.get_by_role("status")).to_have_text("files: notes.txt (text/plain, Eggs)")


def a_chooser_no_wait_takes_never_blocks_the_page(page: Page, base: str) -> None:
    page.goto(base + "/network")
    with page.expect_file_chooser():
        page.get_by_role("button", name="Choose avatar").click()
    page.get_by_role("button", name="Choose avatar").click()
    page.get_by_role("button", name="Load items").click()
    expect(page.get_by_role("status")).to_have_text("loaded 2")


def screenshots_of_the_viewport_the_page_and_an_element_are_pngs(page: Page, base: str) -> None:
    page.goto(base + "/network")
    button = page.get_by_role("button", name="Save")
    images = [page.screenshot(), page.screenshot(full_page=True), button.screenshot()]
    assert all(image[:8] == b"\x89PNG\r\n\x1a\n" for image in images)
    width = int.from_bytes(images[2][16:20], "big")
    # The box's edges rounded outward, as whole pixels.
    assert abs(width - button.bounding_box()["width"]) <= 2


TESTS = [
    the_wait_for_a_response_returns_its_status_headers_and_body,
    the_wait_for_a_request_returns_its_method_headers_and_body,
    a_predicate_takes_the_response_it_wants,
    a_redirect_ends_in_the_response_of_its_target,
    a_request_sent_before_the_wait_began_is_not_taken,
    a_route_fulfils_a_request_with_json,
    a_route_aborts_a_request,
    a_route_continues_a_request_changed,
    the_latest_route_runs_first_and_falls_back_to_earlier_ones,
    a_context_route_takes_every_page_of_the_context,
    network_idle_waits_for_the_requests_after_the_load,
    a_page_never_navigated_has_reached_every_load_state,
    a_link_to_a_new_tab_opens_a_popup_returned_loaded,
    the_contexts_page_wait_takes_a_popup_of_any_of_its_pages_or_a_new_page,
    window_open_opens_a_popup_too,
    a_download_is_saved,
    a_download_a_new_tab_begins_is_the_openers_own,
    a_link_with_a_download_attribute_downloads_its_data,
    files_made_in_memory_reach_the_input_with_their_names_and_types,
    an_input_of_one_file_refuses_two,
    the_file_chooser_a_button_opens_takes_files,
    a_chooser_no_wait_takes_never_blocks_the_page,
    screenshots_of_the_viewport_the_page_and_an_element_are_pngs,
]


class Handler(http.server.BaseHTTPRequestHandler):
    """Answers as LoopbackServer.swift does for the paths these tests use."""

    pages: dict[str, str] = {}

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        self.answer(b"")

    def do_POST(self) -> None:  # noqa: N802 (the base class's name)
        self.answer(self.rfile.read(int(self.headers.get("Content-Length", "0"))))

    def answer(self, body: bytes) -> None:
        status, kind, headers = 200, "text/html; charset=utf-8", {}
        text = self.pages.get(self.path)
        if self.path == "/echo-headers":
            head = f"{self.requestline}\r\n{self.headers}".replace("&", "&amp;").replace("<", "&lt;")
            text = f'<!doctype html><title>headers</title><pre id="headers">{head}</pre>'
        elif self.path in ("/api/items", "/api/slow-items"):
            if self.path == "/api/slow-items":
                time.sleep(0.3)
            kind = "application/json"
            if self.command == "POST":
                status, text = 201, '{"created":' + body.decode() + "}"
            else:
                text = '["Milk","Eggs"]'
        elif self.path == "/api/moved":
            status, text, headers = 302, "", {"Location": "/api/items"}
        elif self.path == "/download/items.csv":
            kind, text = "text/csv", "name\nMilk\nEggs\n"
            headers = {"Content-Disposition": 'attachment; filename="items.csv"'}
        if text is None:
            status, text = 404, "not found"
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # A request a route aborted closes its connection early.


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--chromium", help="Chromium's path; by default ASYNCWAIT_CHROMIUM, then PATH")
    arguments = parser.parse_args()
    chromium = twins.chromium(arguments.chromium, "network-playwright")
    Handler.pages = {
        "/network": twins.fixture_html("NetworkPage.swift"),
        "/network-late": twins.fixture_html("NetworkPage.swift", "lateHTML"),
        "/other": twins.fixture_html("ItemListPage.swift", "otherHTML"),
    }
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        twins.run("network-playwright", TESTS, chromium, f"http://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
