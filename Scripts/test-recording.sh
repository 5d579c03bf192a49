#!/usr/bin/env bash
# Proves that failing waits are reported where the test wrote them, in a
# consumer package whose test targets depend on AsyncWaitTesting
# (Tests/Fixtures/TestRecording):
#  - its passing Swift Testing tests check, with withKnownIssue, that a failing
#    wait records exactly one issue at its line and column, with its message;
#  - its failing fixtures fail on purpose, in XCTest and in Swift Testing:
#    each failure must be printed once, at the line of the wait, and none at
#    a @Test line or at XCTest's <EXPR>:0.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/TestRecording"

swift test --filter SwiftTestingRecordingTests

# The fixtures fail on purpose: their whole output goes to a log, and only
# the failure lines checked below are shown, so that no reader of this run
# takes the fixtures' failing summaries for a failure of the project.
log=.build/failing-fixtures.log
mkdir -p .build
swift test --filter FailingFixtures > "$log" 2>&1 || true
output=$(cat "$log")
echo "The deliberately failing fixtures reported (full output in Tests/Fixtures/TestRecording/$log):"
printf '%s\n' "$output" | grep -E "Fixture\.swift:[0-9]+(: error:|:[0-9]+: Expectation failed)|recorded an issue at" || true
fail=0
expect_count() {  # expect_count COUNT PATTERN DESCRIPTION
  local count
  count=$(printf '%s\n' "$output" | grep -c -- "$2" || true)
  if [ "$count" -ne "$1" ]; then
    echo "expected $1 of $3, found $count" >&2
    fail=1
  fi
}
for line in 16 21 28; do
  expect_count 1 "XCTestFixture.swift:$line: error:" "XCTest failures at XCTestFixture.swift:$line"
done
expect_count 3 ": error: XCTestFixture\." "XCTest failures in all"
expect_count 0 "<EXPR>" "failures at <EXPR>:0"
if ! printf '%s\n' "$output" | grep -q "Executed 4 tests, with 3 failures (0 unexpected)"; then
  echo "expected XCTest to report 4 tests with 3 expected failures" >&2
  fail=1
fi
expect_count 1 "recorded an issue at SwiftTestingFixture.swift:16:" "Swift Testing issues at line 16"
expect_count 1 "recorded an issue at SwiftTestingFixture.swift:22:" "Swift Testing issues at line 22"
expect_count 2 "recorded an issue at SwiftTestingFixture.swift" "Swift Testing issues in all"
expect_count 1 "Test run with 3 tests in 1 suite failed after .* with 2 issues" "Swift Testing summaries with 2 issues"
[ "$fail" -eq 0 ] && echo "test-recording: every failure is reported once, at the line that waited"
exit "$fail"
