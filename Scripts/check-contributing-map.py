#!/usr/bin/env python3
"""Checks that the map of the house in CONTRIBUTING.md names what exists.

Every file the map names in backticks (a path, a file name, or the tail of
one such as `+FormActions.swift`) must be a file or folder of the
repository, and every type or function it names must be declared in the
libraries' Swift sources (or read by them by name, as an environment
variable is). A rename or a deleted file that the map still
names fails this check, so the map cannot drift from the code unnoticed.

Usage: Scripts/check-contributing-map.py [CONTRIBUTING.md]
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE_ROOTS = ["Sources", "Tests", "Integrations"]
SKIPPED_PARTS = {".build", "Fixtures"}

# What the map names that is neither a file nor a declaration: Swift
# attributes, the test marker, and the example wait it follows.
NOT_NAMES = {"@section", "// fails here", "page.click(…)"}
# Names the map uses that other modules declare: the standard library's
# and swift-testing's.
OTHER_MODULES = {"StaticString", "__checkValue"}


def map_section(text: str) -> str:
    match = re.search(r"^## A map of the house\n(.*?)(?=^## )", text, re.S | re.M)
    if not match:
        sys.exit("CONTRIBUTING.md: no section '## A map of the house'")
    return match.group(1)


def repository_files() -> list[pathlib.Path]:
    files = []
    for root in SOURCE_ROOTS:
        for path in (ROOT / root).rglob("*"):
            relative = path.relative_to(ROOT)
            if SKIPPED_PARTS.isdisjoint(relative.parts[:-1]) or root == "Tests":
                if ".build" not in relative.parts:
                    files.append(relative)
    return files


def declared_names(files: list[pathlib.Path]) -> set[str]:
    """What the libraries declare (not their tests), and the names they
    read by string, such as an environment variable's."""
    names = set()
    declaration = re.compile(
        r"\b(?:func|struct|enum|class|actor|protocol|typealias|var|let|case)\s+([A-Za-z_]\w*)")
    for path in files:
        if path.suffix == ".swift" and "Sources" in path.parts:
            text = (ROOT / path).read_text(errors="replace")
            names.update(declaration.findall(text))
            names.update(re.findall(r'"([A-Z][A-Z0-9_]+)"', text))
    return names


def main() -> int:
    contributing = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "CONTRIBUTING.md"
    section = map_section(contributing.read_text())
    # Backticked spans may wrap across lines in the Markdown source.
    spans = [re.sub(r"\s+", " ", span) for span in re.findall(r"`([^`]+)`", section)]
    files = repository_files()
    paths = {str(path) for path in files} | {str(path) + "/" for path in files if (ROOT / path).is_dir()}
    names = declared_names(files) | OTHER_MODULES
    # A module is named by its folder of sources.
    names |= {path.parts[-2] for path in files if len(path.parts) >= 3 and path.parts[-3] == "Sources"}
    missing = []
    checked_files = checked_names = 0
    for span in spans:
        if span in NOT_NAMES or " " in span or "(" in span or span.startswith("#"):
            continue  # an expression or an attribute, not a name
        if re.search(r"\.(swift|js|c|h)$", span) or span.endswith("/"):
            checked_files += 1
            if "/" in span.rstrip("/") and span.split("/")[0] in SOURCE_ROOTS:
                found = span in paths
            else:
                found = any(p == span or p.endswith("/" + span) or p.endswith(span) for p in paths)
            if not found:
                missing.append(f"no file {span}")
        elif re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", span):
            checked_names += 1
            if span.split(".")[-1] not in names:
                missing.append(f"nothing declared as {span}")
    if missing:
        print("CONTRIBUTING.md's map names what the code does not have:", *missing, sep="\n  ", file=sys.stderr)
        return 1
    print(f"the map names {checked_files} files and {checked_names} declarations, all present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
