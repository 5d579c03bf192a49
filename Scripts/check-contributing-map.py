#!/usr/bin/env python3
"""Checks that the map of the house in CONTRIBUTING.md names what exists.

Two sections are read: "A map of the house" and "Where a test goes". Each
span in backticks is one of:

- a file or folder (it has a `/` or a file's extension): a path the
  repository tracks, given whole, by its last components (`Internal/
  Parking.swift`), by its name (`Sleeper.swift`), or, starting with `+`, by
  the end of its name (`+FormActions.swift`);
- a name, dotted or not (`CallSite`, `Wait.require`): in the map, every part
  declared by the libraries' sources (a type, a function, a case, a member
  property) or a module's folder; in the test section, a suite or type the
  tests declare;
- an environment variable (capitals): read by the libraries by name;
- an expression, an option or an attribute (it has a space, a bracket, a
  quote, or starts with `#`, `@`, `-`, `//`): not checked.

Anything else fails, as does a name or a file that does not exist, so a
rename or a deleted file that the map still names fails `.ci/run`.

Usage: Scripts/check-contributing-map.py [CONTRIBUTING.md]
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Names the map uses that are not declared by a type or function here: the
# standard library's and swift-testing's, and the parameter every wait
# takes for its caller's place.
ELSEWHERE = {"StaticString", "__checkValue", "callSite"}

TYPE = re.compile(r"\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_]\w*)")
FUNCTION = re.compile(r"\bfunc\s+([A-Za-z_]\w*)|\bcase\s+([a-z_]\w*)")
# A property of a type, not a local: declared with a modifier.
MEMBER = re.compile(
    r"\b(?:static|package|public|internal|private|fileprivate|@usableFromInline|@TaskLocal)\s+"
    r"(?:[\w@()]+\s+)*(?:var|let)\s+([A-Za-z_]\w*)")
EXPRESSION = re.compile(r"[\s()\[\]{}\"'…=]|^[#@-]|^//")


def section(text: str, title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.S | re.M)
    if not match:
        sys.exit(f"CONTRIBUTING.md: no section '## {title}'")
    return match.group(1)


def spans(text: str) -> list[str]:
    # A span may wrap across lines in the Markdown source.
    return [re.sub(r"\s+", " ", span) for span in re.findall(r"`([^`]+)`", text)]


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.split()


def names(paths: list[str]) -> tuple[set[str], set[str]]:
    """What the libraries declare and read by name, and what the rest
    (tests, fixtures, benchmarks) declares: each Swift file read once."""
    library, rest = set(), set()
    for path in paths:
        if not path.endswith(".swift"):
            continue
        parts = pathlib.PurePath(path).parts
        is_library = parts[0] == "Sources" or (parts[0] == "Integrations" and "Sources" in parts)
        text = (ROOT / path).read_text(errors="replace")
        found = library if is_library else rest
        found.update(TYPE.findall(text))
        found.update(name for pair in FUNCTION.findall(text) for name in pair if name)
        if is_library:
            found.update(MEMBER.findall(text))
            found.update(re.findall(r'"([A-Z][A-Z0-9_]+)"', text))
    return library, rest


def file_exists(span: str, paths: list[str], folders: set[str]) -> bool:
    target = span.rstrip("/")
    for path in paths:
        if path == target or path.endswith("/" + target):
            return True
        if span.startswith("+") and pathlib.PurePath(path).name.endswith(span):
            return True
    return target in folders or any(folder.endswith("/" + target) for folder in folders)


def main() -> int:
    contributing = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "CONTRIBUTING.md"
    text = contributing.read_text()
    paths = tracked()
    folders = {str(parent) for path in paths for parent in pathlib.PurePath(path).parents if str(parent) != "."}
    modules = {pathlib.PurePath(p).parts[1] for p in paths if p.startswith("Sources/") and p.count("/") >= 2}
    library, in_tests = names(paths)
    declared = library | modules | ELSEWHERE

    problems = []
    counts = {"files": 0, "names": 0, "variables": 0, "expressions": 0}
    for title, known in (("A map of the house", declared), ("Where a test goes", in_tests | declared)):
        for span in spans(section(text, title)):
            if EXPRESSION.search(span) or span == "+":
                counts["expressions"] += 1
            elif "/" in span or re.search(r"\.(swift|js|c|h|py|sh|md)$", span):
                counts["files"] += 1
                if not file_exists(span, paths, folders):
                    problems.append(f"{title}: no file {span}")
            elif re.fullmatch(r"[A-Z][A-Z0-9_]+", span):
                counts["variables"] += 1
                if span not in declared:
                    problems.append(f"{title}: no library reads {span}")
            elif re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", span):
                counts["names"] += 1
                missing = [part for part in span.split(".") if part not in known]
                if missing:
                    problems.append(f"{title}: nothing declared as {', '.join(missing)} (in {span})")
            else:
                problems.append(f"{title}: cannot tell what `{span}` names")
    if problems:
        print("CONTRIBUTING.md names what the code does not have:", *problems, sep="\n  ", file=sys.stderr)
        return 1
    print(
        f"CONTRIBUTING.md names {counts['files']} files, {counts['names']} declarations and "
        f"{counts['variables']} variables, all present ({counts['expressions']} expressions not checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
