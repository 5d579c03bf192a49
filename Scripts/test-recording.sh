#!/usr/bin/env bash
# Proves that failing waits are reported where the test wrote them, in a
# consumer package whose test targets depend on AsyncWaitTesting
# (Tests/Fixtures/TestRecording):
#  - its Swift Testing tests pass: each checks, with withKnownIssue, that a
#    failing wait records exactly one issue at its line and column;
#  - its XCTest tests fail on purpose: each failure must be printed once, at
#    the line of the wait, and none at <EXPR>:0.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/TestRecording"

swift test --filter SwiftTestingRecordingTests

output=$(swift test --filter XCTestRecordingFixture 2>&1 || true)
printf '%s\n' "$output"
fixture="XCTestRecordingFixture.swift"
fail=0
for line in 16 21 28; do
  count=$(printf '%s\n' "$output" | grep -c "$fixture:$line: error:" || true)
  if [ "$count" -ne 1 ]; then
    echo "expected one failure at $fixture:$line, found $count" >&2
    fail=1
  fi
done
total=$(printf '%s\n' "$output" | grep -c ": error: XCTestRecordingFixture\." || true)
if [ "$total" -ne 3 ]; then
  echo "expected 3 failures in all, found $total" >&2
  fail=1
fi
if printf '%s\n' "$output" | grep -q "<EXPR>"; then
  echo "a failure was reported at <EXPR>:0" >&2
  fail=1
fi
if ! printf '%s\n' "$output" | grep -q "Executed 4 tests, with 3 failures (0 unexpected)"; then
  echo "expected 4 tests with 3 expected failures" >&2
  fail=1
fi
[ "$fail" -eq 0 ] && echo "test-recording: every failure is reported once, at the line that waited"
exit "$fail"
