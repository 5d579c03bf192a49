#!/usr/bin/env python3
"""Checks the wait report the matrices wrote: every throwing wait appends its
line, with the outcome it ended with, and no `Bool` form appends one.

    Scripts/check-wait-report.py REPORT MATRIX_SOURCE LOG

REPORT is the file `ASYNCWAIT_WAIT_REPORT` named while the TestRecording
fixture ran its isolation and promise matrices in XCTest and in Swift Testing
(Scripts/test-recording.sh); MATRIX_SOURCE is
Tests/IsolationMatrix/IsolationMatrix.swift, whose `Entry.run(_:)` calls each
public wait on a line of its own; LOG is what the run printed.

An entry reports when its symbol's name begins with `require` (the waits
that take a call site); the check reads which entry a line is from by the
line of its call. It fails unless:

  - every line is valid JSON with every field, and names its test;
  - in the isolation matrix (its probes decide at the fourth), every
    reporting entry has lines, each from 4 probes, woken by its timer or a
    trigger; each passed, except the holds, which failed (broken at that
    probe); holds have kind `hold`, stable-for and not-before `minimum`;
  - in the promise matrix, every reporting entry has a `cancelled` line (its
    task cancelled while it slept, or its probe threw `CancellationError`);
  - every reporting entry wrote one line for each time the isolation matrix
    called it (the matrix prints its calls at exit), never two;
  - no other entry has a line;
  - each process printed its summary: one for XCTest, one for Swift Testing.
"""

import json
import re
import sys

FIELDS = {
    "test", "file", "line", "column", "wait", "kind", "outcome", "elapsedMs", "timeoutMs", "share",
    "scale", "probes", "woke", "clock",
}
HOLDS = {"requireNever", "requireAlways", "requireAlwaysPassing", "elementRequireNever", "elementRequireAlways"}
MINIMUM = {"requireStable", "requireNotBefore"}


def entries(source):
    """The entries' symbols, and the entry each line of `Entry.run` calls."""
    text = open(source, encoding="utf-8").read()
    symbols = {
        name: re.sub(r"\s+", "", value)
        for name, value in re.findall(r'^\s*case (\w+)\s*=\s*((?:"[^"]*"\s*)+)$', text, re.M)
    }
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == "switch self {" and i > 0
                 and any("func run<C" in l for l in lines[max(0, i - 30):i]))
    by_line = {}
    current = None
    for number, line in enumerate(lines[start + 1:], start=start + 2):
        match = re.match(r"^    case \.(\w+):", line)
        if match:
            current = match.group(1)
        elif line.startswith("    }"):
            break
        if current:
            by_line[number] = current
    return symbols, by_line


def main(report, source, log):
    symbols, by_line = entries(source)
    reporting = {name for name, symbol in symbols.items()
                 if name in set(by_line.values())
                 and symbol.strip('"').split("(")[0].split(".")[-1].startswith("require")}
    problems = []
    seen = {"isolation": {}, "promise": {}}
    for number, text in enumerate(open(report, encoding="utf-8"), start=1):
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:
            problems.append(f"line {number} is not JSON ({error}): {text.strip()}")
            continue
        if set(line) != FIELDS:
            problems.append(f"line {number} has fields {sorted(line)}")
            continue
        if not line["file"].endswith("/IsolationMatrix.swift"):
            continue
        if not line["test"]:
            problems.append(f"line {number} names no test")
        entry = by_line.get(line["line"])
        if entry is None:
            problems.append(f"line {number} is from line {line['line']}, in no entry")
            continue
        if entry not in reporting:
            problems.append(f"{entry}, a form without a call site, wrote line {number}")
            continue
        matrix = "promise" if "Promise" in line["test"] else "isolation"
        seen[matrix].setdefault(entry, []).append(line)

    for entry in sorted(reporting):
        kind = "hold" if entry in HOLDS else "minimum" if entry in MINIMUM else "eventually"
        outcome = "failed" if entry in HOLDS else "passed"
        lines = seen["isolation"].get(entry, [])
        if not lines:
            problems.append(f"{entry} ({symbols[entry]}) wrote no line in the isolation matrix")
        for line in lines:
            wrong = [
                f"{key} {line[key]!r}, not {wanted!r}"
                for key, wanted in (("kind", kind), ("outcome", outcome), ("probes", 4))
                if line[key] != wanted
            ]
            if line["woke"] not in ("timer", "trigger"):
                wrong.append(f"woke {line['woke']!r}")
            if wrong:
                problems.append(f"{entry} in {line['test']}: " + ", ".join(wrong))
        outcomes = {line["outcome"] for line in seen["promise"].get(entry, [])}
        if "cancelled" not in outcomes:
            problems.append(f"{entry} wrote no cancelled line in the promise matrix (it wrote {sorted(outcomes)})")
    woken = {line["woke"] for lines in seen["isolation"].values() for line in lines}
    if woken != {"timer", "trigger"}:
        problems.append(f"the isolation matrix's deciding probes were woken by {sorted(woken)}, not by both")

    # One line a call: the matrix prints how often it called each entry.
    log_text = open(log, encoding="utf-8", errors="replace").read()
    # `symbols` holds each symbol without its white space.
    by_symbol = {symbol.replace('""', "").strip('"'): name for name, symbol in symbols.items()}
    calls = {}
    # Unanchored: the line goes to standard error, and may land inside a
    # line of standard output's.
    printed = re.findall(r"Isolation matrix calls: (\{[^\n]*?\})", log_text)
    for counts in printed:
        for symbol, count in json.loads(counts).items():
            entry = by_symbol.get(re.sub(r"\s+", "", symbol), symbol)
            calls[entry] = calls.get(entry, 0) + count
    if len(printed) < 2:
        problems.append(f"the log has {len(printed)} call counts of the isolation matrix, not one a framework")
    for entry in sorted(reporting):
        written = len(seen["isolation"].get(entry, []))
        if written != calls.get(entry, 0):
            problems.append(f"{entry} wrote {written} lines in the isolation matrix for {calls.get(entry, 0)} calls")

    summaries = log_text.count("Wait report: ")
    if summaries < 2:
        problems.append(f"the log has {summaries} summaries, not one for each framework's process")

    if problems:
        print(f"check-wait-report: {len(problems)} problems in {report}:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    total = sum(len(lines) for matrix in seen.values() for lines in matrix.values())
    print(f"check-wait-report: {len(reporting)} reporting waits, {total} lines from the matrices, "
          f"each as its wait ended; no Bool form wrote one")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
