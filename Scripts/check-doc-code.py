#!/usr/bin/env python3
"""Checks the code blocks of the docs: every line of a ```swift or ```sh block
in README.md, Docs/*.md, the DocC catalogs and the doc comments of Sources
is at most 76 characters: what a DocC page shows without clipping in a
1280-pixel-wide window (checked with headless Chromium). Output transcripts (plain
``` blocks) are real output and are not checked.

    Scripts/check-doc-code.py
"""
import pathlib
import re
import sys

LIMIT = 76
root = pathlib.Path(__file__).resolve().parent.parent
files = [root / "README.md", *root.glob("Docs/*.docc/**/*.md"), *root.glob("Sources/*/*.docc/**/*.md"),
         *root.glob("Integrations/*/Sources/*/*.docc/**/*.md"),
         *root.glob("Sources/**/*.swift"), *root.glob("Integrations/*/Sources/**/*.swift")]
problems = []
for path in files:
    in_code = False
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw
        if path.suffix == ".swift":
            match = re.match(r"\s*/// ?(.*)$", raw)
            if not match:
                in_code = False
                continue
            line = match.group(1)
        fence = line.strip()
        if fence.startswith("```"):
            in_code = not in_code and fence[3:].strip() in ("swift", "sh", "bash")
            continue
        if in_code and len(line) > LIMIT:
            problems.append(f"{path.relative_to(root)}:{number}: {len(line)} characters")
for problem in problems:
    print(problem)
print(f"check-doc-code: {len(problems)} code line(s) over {LIMIT} characters")
sys.exit(1 if problems else 0)
