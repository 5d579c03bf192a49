"""The AT-SPI bench's peers, on the same app in the same session: pyatspi,
written by hand as its users write a fast lookup (the application's
Collection interface, then the filter in Python), and dogtail, with the
calls its docs teach.

Usage: python3 peers.py APP-NAME, then commands on standard input (see
main).

Both get libatspi's call timeout raised to 30 s, as the Swift side's
default: with libatspi's own 0.8 s, a search of 5,000 rows times out.
"""

import json
import statistics
import sys
import time
import warnings

# libatspi 2.46 names the Collection getter get_collection_iface, deprecated
# in later versions for get_collection.
warnings.filterwarnings("ignore", category=DeprecationWarning)

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

import pyatspi  # noqa: E402

Atspi.set_timeout(30000, 30000)


def find_app(name, wait_s=60):
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            child = desktop.get_child_at_index(index)
            if child is not None and child.get_name() == name:
                return child
        time.sleep(0.1)
    raise SystemExit(f"peers: {name} never appeared")


def matches(app, roles):
    collection = app.get_collection_iface()
    rule = Atspi.MatchRule.new(
        Atspi.StateSet.new([]), Atspi.CollectionMatchType.ALL, {}, Atspi.CollectionMatchType.ALL,
        roles, Atspi.CollectionMatchType.ANY, [], Atspi.CollectionMatchType.ALL, False)
    return collection.get_matches(rule, Atspi.CollectionSortOrder.CANONICAL, 0, True)


def by_id(app, identifier):
    return [node for node in matches(app, [Atspi.Role.PUSH_BUTTON]) if node.get_accessible_id() == identifier]


def count(app):
    return len(matches(app, [Atspi.Role.PUSH_BUTTON]))


def subscript(app, key):
    # XCUITest's subscript: the id, or else the name.
    return [node for node in matches(app, [Atspi.Role.PUSH_BUTTON])
            if node.get_accessible_id() == key or node.get_name() == key]


def by_text(app, text):
    return [node for node in matches(app, [Atspi.Role.LABEL]) if node.get_name() == text]


def timed(body, expect, label):
    start = time.perf_counter()
    result = body()
    elapsed = (time.perf_counter() - start) * 1000
    if result != expect:
        raise SystemExit(f"peers: {label} gave {result!r}, not {expect!r}")
    return elapsed


def pyatspi_sample(app, metric, rows):
    last = rows - 1
    if metric == "id":
        return timed(lambda: len(by_id(app, f"open-{last}")), 1, metric)
    if metric == "count":
        return timed(lambda: count(app), rows + 1, metric)
    if metric == "subscript":
        return timed(lambda: len(subscript(app, f"open-{last}")), 1, metric)
    if metric == "text":
        return timed(lambda: len(by_text(app, f"Row {last}")), 1, metric)
    raise SystemExit(f"peers: no metric {metric}")


def dogtail_samples(name, rows, samples):
    from dogtail.config import config
    # The session's accessibility is on (NO_AT_BRIDGE=0, GTK_A11Y=atspi);
    # dogtail's check reads a desktop setting this session has not.
    config.checkForA11y = False
    from dogtail import tree
    config.searchShowingOnly = False
    config.defaultDelay = 0
    config.searchCutoffCount = 1
    application = tree.root.application(name)
    last = rows - 1
    text = [timed(lambda: application.child(name=f"Row {last}", roleName="label") is not None, True, "text")
            for _ in range(samples)]
    buttons = [timed(lambda: len(application.findChildren(
        lambda node: node.roleName == "push button", isLambda=True, showingOnly=False)), rows + 1, "count")
        for _ in range(samples)]
    return {"text": statistics.median(text), "count": statistics.median(buttons)}


def main():
    """Answers the bench one line at a time, so that its samples and the
    Swift side's alternate: `METRIC ROWS` times one pyatspi sample and
    prints its milliseconds; `dogtail ROWS SAMPLES` prints dogtail's p50s
    as JSON."""
    app = find_app(sys.argv[1])
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "dogtail":
            print(json.dumps(dogtail_samples(sys.argv[1], int(words[1]), int(words[2]))), flush=True)
        else:
            print(pyatspi_sample(app, words[0], int(words[1])), flush=True)


main()
