#!/usr/bin/env python3
"""Checks the deliberately failing fixtures' output, and keeps the docs'
transcripts of it true.

Usage: recording-transcripts.py LOG FIXTURES_DIR ARTICLE... [--write]

LOG is the output of `swift test --filter FailingFixtures` in
Tests/Fixtures/TestRecording. For every line of the fixtures marked
`// fails here`, exactly one failure must be printed at that line, in each
framework, and its first line must be the wait's own words: no name of the
package's internals, nothing of XCTUnwrap. No XCTest failure may be printed
at `<EXPR>:0`. For every line marked `// warns here`, exactly one
near-timeout warning must be printed at that line, in each framework, by a
test that passes; no warning may be printed anywhere else (the fixtures'
holds last their window and must stay silent). Then every transcript block of each ARTICLE
(`<!-- transcript: NAME -->` before a code fence) is compared with the run,
durations, the probe counts of waits on the real clock, and a line the
run adds that says a wait that ended late ran late aside; with --write the blocks are rewritten from the run. A line
longer than WIDTH is wrapped at a space, the break marked with ` \\`, so
that the page shows all of it without scrolling; the comparison joins the
wrapped lines first.
"""
import pathlib
import re
import sys

FORBIDDEN = ["waitSucceeded", "AsyncWaitFailure", "XCTUnwrap", "ExpectationFailedError"]
WIDTH = 76
DURATION = re.compile(r"\d+(\.\d+)? ?(ms|µs|ns|s|seconds)\b")
# The probe count of a wait on the real clock, which a loaded machine
# changes; a test clock's count is the test's.
PROBES = re.compile(r"\b\d+ probes?(?= over .* on (ContinuousClock|SuspendingClock)\)$)")
# Lines a timeout adds when its machine ran it late: the wait woke past
# its deadline, or its last probe ended past it.
LATE = re.compile(r"^ +(the wait woke |the last probe .*ended .* after the deadline|a condition that takes the time left)")
UNITS = {"ns": 1e-6, "µs": 1e-3, "ms": 1.0, "s": 1000.0}


def milliseconds(text):
    """A duration as the package prints it (`2.5 s`, `100 ms`), in milliseconds."""
    number, unit = text.split()
    return float(number) * UNITS[unit]


def ran_late(text):
    """Whether a timeout's own lines say it ended past its deadline by more
    than the least overrun worth a line (a tenth of the timeout, and at
    least 50 ms), which is when the package adds a line that says so."""
    timeout = re.search(r"[Tt]imed out after (-?[\d.]+ (?:ns|µs|ms|s))\b", text)
    elapsed = re.search(r"\bprobes? over (-?[\d.]+ (?:ns|µs|ms|s)),", text)
    if not timeout or not elapsed:
        return False
    limit = milliseconds(timeout.group(1))
    return milliseconds(elapsed.group(1)) - limit > max(50.0, limit / 10)


def normalized(text):
    """The printed lines, wrapped lines joined, with what a loaded machine
    changes in them, durations and real-clock probe counts, left out."""
    return [DURATION.sub("D", PROBES.sub("N probes", line)) for line in unwrap(text).splitlines()]


def matches(fresh, documented):
    """Whether the run printed the documented transcript: line for line,
    durations and real-clock probe counts aside, and aside from a line
    about lateness that the transcript does not have, which the run added
    because it ended late (a loaded machine woke the wait late, or ran its
    last probe late)."""
    expected = normalized(documented)
    late = ran_late(unwrap(fresh))
    printed = [line for line in normalized(fresh) if line in expected or not (late and LATE.match(line))]
    return printed == expected


def wrap(text):
    """Each line longer than WIDTH broken at spaces; a broken line ends with
    ` \\` and its continuation is indented by four spaces."""
    out = []
    for line in text.splitlines():
        while len(line) > WIDTH:
            cut = line.rfind(" ", 0, WIDTH - 1)
            if cut <= 4:
                break
            out.append(line[:cut] + " \\")
            line = "    " + line[cut + 1:]
        out.append(line)
    return "\n".join(out) + "\n"


def unwrap(text):
    """The lines as printed, wrapped lines joined."""
    return re.sub(r" \\\n    ", " ", text)


def markers(path, word="fails"):
    """The lines marked `// fails here` (or `// warns here`), each with how
    many it must print: one, or two where the marker says `twice` (a wait
    inside `#expect(throws:)`)."""
    marked = {}
    for i, line in enumerate(path.read_text().splitlines()):
        if line.rstrip().endswith(f"// {word} here"):
            marked[i + 1] = 1
        elif line.rstrip().endswith(f"// {word} here, twice"):
            marked[i + 1] = 2
    return marked


def parse_swift_testing(lines, kind="an issue", mark="✘"):
    """Issues (or, with kind "a warning", warnings) as (test, line, [text
    lines]); text's first line is the headline."""
    issues = []
    head = re.compile(
        "^" + re.escape(mark) + r" Test (\w+)\(\) recorded " + kind + r" at SwiftTestingFixture\.swift:(\d+):\d+: (.*)$")
    current = None
    for line in lines:
        match = head.match(line)
        if match:
            current = (match.group(1), int(match.group(2)), [match.group(3)])
            issues.append(current)
        elif current and (line.startswith("↳") or line.startswith("  ")):
            current[2].append(line)
        else:
            current = None
    return issues


def parse_xctest(lines, kind="error"):
    """Failures (or, with kind "warning", warnings) as (test, line, [text
    lines]), and the lines at <EXPR>."""
    failures, expr = [], []
    head = re.compile(r"^\S*XCTestFixture\.swift:(\d+): " + kind + r": XCTestFixture\.(\w+) : (.*)$")
    current = None
    for line in lines:
        match = head.match(line)
        if match:
            current = (match.group(2), int(match.group(1)), [match.group(3)])
            failures.append(current)
        elif line.startswith("<EXPR>"):
            expr.append(line)
            current = None
        elif current and line.startswith("  "):
            current[2].append(line)
        else:
            current = None
    return failures, expr


def check(name, records, marked):
    problems = []
    at = {}
    for test, line, text in records:
        at.setdefault(line, []).append((test, text))
    for line in sorted(marked):
        found = at.get(line, [])
        if len(found) != marked[line]:
            problems.append(f"{name}: expected {marked[line]} failures at line {line}, found {len(found)}")
            continue
        headline = found[0][1][0]
        for word in FORBIDDEN:
            if word in headline:
                problems.append(f"{name}: the headline at line {line} names {word}: {headline}")
    return problems


def main():
    arguments = [a for a in sys.argv[1:] if a != "--write"]
    log, fixtures = arguments[0], pathlib.Path(arguments[1])
    articles = [pathlib.Path(a) for a in arguments[2:]]
    write = "--write" in sys.argv
    lines = pathlib.Path(log).read_text().splitlines()
    st_issues = parse_swift_testing(lines)
    xc_failures, expr = parse_xctest(lines)
    problems = []
    st_marked = markers(fixtures / "SwiftTestingFixture.swift")
    xc_marked = markers(fixtures / "XCTestFixture.swift")
    problems += check("Swift Testing", st_issues, st_marked)
    problems += check("XCTest", xc_failures, xc_marked)
    problems += [f"XCTest: a failure at <EXPR>:0: {line}" for line in expr]
    # Near-timeout warnings: one at each line marked `// warns here`, by a
    # test that passed; none anywhere else.
    st_warnings = parse_swift_testing(lines, kind="a warning", mark="⚠︎")
    xc_warnings, _ = parse_xctest(lines, kind="warning")
    log_text = "\n".join(lines)
    for name, records, file in [("Swift Testing", st_warnings, "SwiftTestingFixture.swift"),
                                ("XCTest", xc_warnings, "XCTestFixture.swift")]:
        marked = markers(fixtures / file, word="warns")
        problems += [p.replace("failures", "warnings") for p in check(name + " warnings", records, marked)]
        for test, line, text in records:
            if line not in marked:
                problems.append(f"{name}: a warning at an unmarked line {line}: {text[0]}")
            passed = (f"✔ Test {test}() passed" if name == "Swift Testing"
                      else f"Test Case 'XCTestFixture.{test}' passed")
            if passed not in log_text:
                problems.append(f"{name}: {test} warned but did not pass")
        if not marked:
            problems.append(f"{name}: no line of {file} is marked `// warns here`")
    # Every failure is at a marked line.
    for name, records, marked in [("Swift Testing", st_issues, st_marked), ("XCTest", xc_failures, xc_marked)]:
        for test, line, text in records:
            if line not in marked:
                problems.append(f"{name}: a failure at an unmarked line {line}: {text[0]}")
    if any("RecordsNothing" in t for t, _, _ in st_issues + xc_failures):
        problems.append("a passing wait recorded a failure")
    # XCTest reports every test with a failure as failed, and every other
    # one as passed; on Linux none as skipped (the wait stops the test with
    # the error XCTUnwrap throws, not XCTSkip).
    failing = {t for t, _, _ in xc_failures}
    for test in sorted(failing):
        if f"Test Case 'XCTestFixture.{test}' failed" not in log_text:
            problems.append(f"XCTest: {test} recorded a failure but was not reported as failed")
    for test in re.findall(r"Test Case 'XCTestFixture\.(\w+)' passed", log_text):
        if test in failing:
            problems.append(f"XCTest: {test} was reported as passed")
    if not re.search(r"Test Case 'XCTestFixture\.\w+RecordsNothing' passed", log_text):
        problems.append("XCTest: no passing test case was reported as passed")
    if re.search(r"Executed \d+ tests?, with \d+ tests? skipped", log_text):
        problems.append("XCTest: the summary counts tests as skipped")

    # Transcripts: a block is named FRAMEWORK-TEST, such as st-timeout or xc-testTimeout.
    block = re.compile(r"(<!-- transcript: ([\w-]+) -->\n```\n)(.*?)(```)", re.S)

    def render(name):
        framework, test = name.split("-", 1)
        if framework == "st":
            rows = [
                f"✘ Test {t}() recorded an issue at SwiftTestingFixture.swift:{line}: {body[0]}"
                for t, line, body in st_issues if t == test
            ]
            bodies = [body[1:] for t, _, body in st_issues if t == test]
            rows += [
                f"⚠︎ Test {t}() recorded a warning at SwiftTestingFixture.swift:{line}: {body[0]}"
                for t, line, body in st_warnings if t == test
            ]
            bodies += [body[1:] for t, _, body in st_warnings if t == test]
            out = []
            for row, rest in zip(rows, bodies):
                out.append(row)
                out.extend(rest)
            caught = [l for l in lines if l.startswith("caught: ")] if test == "caughtError" else []
            return "\n".join(caught + out) + "\n"
        rows = []
        for t, line, body in xc_failures:
            if t == test:
                rows.append(f"XCTestFixture.swift:{line}: error: XCTestFixture.{t} : {body[0]}")
                rows.extend(body[1:])
        for t, line, body in xc_warnings:
            if t == test:
                rows.append(f"XCTestFixture.swift:{line}: warning: XCTestFixture.{t} : {body[0]}")
                rows.extend(body[1:])
        skip = re.compile(r"^\S*XCTestFixture\.swift:(\d+): XCTestFixture\." + re.escape(test) + r" : (.*)$")
        for l in lines:
            m = skip.match(l)
            if m:
                rows.append(f"XCTestFixture.swift:{m.group(1)}: XCTestFixture.{test} : {m.group(2)}")
        return "\n".join(rows) + "\n"

    for article in articles:
        def replace(match):
            fresh = wrap(render(match.group(2)))
            old = match.group(3)
            if not matches(fresh, old):
                if not write:
                    problems.append(f"transcript {match.group(2)} in {article.name} differs from the run:\n{fresh}")
            return match.group(1) + (fresh if write else old) + match.group(4)

        text = article.read_text()
        new = block.sub(replace, text)
        if write:
            article.write_text(new)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"recording: {len(st_issues)} Swift Testing issues and {len(xc_failures)} XCTest failures, "
          f"{len(st_warnings)} and {len(xc_warnings)} near-timeout warnings, each once, at the line that "
          "waited; the transcripts match the run")


main()
