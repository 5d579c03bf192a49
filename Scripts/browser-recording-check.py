#!/usr/bin/env python3
"""Checks the deliberately failing browser fixtures' output.

Usage: browser-recording-check.py LOG FIXTURE.swift

Each line marked `// fails here` must have exactly one failure: in Swift
Testing, an issue at that line whose test has the page's screenshot and
tree attached (`⎙ Attached 'page-N.png'`); in XCTest, a failure at that line
whose text names the screenshot's path, a PNG file that exists.
"""
import os
import re
import sys

log_path, fixture_path = sys.argv[1], sys.argv[2]
log = open(log_path, encoding="utf-8", errors="replace").read()
fixture = os.path.basename(fixture_path)
marked = [
    number
    for number, line in enumerate(open(fixture_path, encoding="utf-8"), start=1)
    if line.rstrip().endswith("// fails here")
]
problems = []
if len(marked) != 2:
    problems.append(f"expected 2 marked lines in {fixture}, found {len(marked)}")

# Swift Testing: one issue at the first marked line, and two attachments.
swift_testing = re.findall(rf"recorded an issue at {re.escape(fixture)}:(\d+):\d+", log)
if swift_testing != [str(marked[0])]:
    problems.append(f"Swift Testing issues at lines {swift_testing}, expected [{marked[0]}]")
attached = re.findall(r"⎙ Attached '(page-\d+(?:-tree\.txt|\.png))' to saveStaysDisabled\(\)", log)
if sorted(name.endswith(".png") for name in attached) != [False, True]:
    problems.append(f"Swift Testing attachments {attached}, expected a page PNG and its tree")
if "artifacts: page-" not in log or "attached to the test" not in log:
    problems.append("the Swift Testing failure does not say its artifacts were attached")

# XCTest: one failure at the second marked line, naming a PNG that exists.
xctest = re.findall(rf"{re.escape(fixture)}:(\d+): error: BrowserXCTestFixture", log)
if xctest != [str(marked[1])]:
    problems.append(f"XCTest failures at lines {xctest}, expected [{marked[1]}]")
paths = re.findall(r"artifacts: (/\S+\.png), (/\S+-tree\.txt)", log)
if len(paths) != 1:
    problems.append(f"the XCTest failure names {len(paths)} screenshot paths, expected 1")
for png, tree in paths:
    with open(png, "rb") as image:
        if image.read(8) != b"\x89PNG\r\n\x1a\n":
            problems.append(f"{png} is not a PNG")
    if not os.path.getsize(tree):
        problems.append(f"{tree} is empty")
    os.remove(png)
    os.remove(tree)

if problems:
    print("browser-recording-check: " + "\n  ".join(["problems:"] + problems), file=sys.stderr)
    sys.exit(1)
print(
    f"browser-recording-check: one failure at each marked line of {fixture}; "
    "screenshot and tree attached in Swift Testing, their paths in XCTest's failure"
)
