#!/usr/bin/env bash
# Proves that failing waits are reported where the test wrote them, in the
# test framework's own words, in a consumer package whose test targets
# depend on AsyncWaitTesting (Tests/Fixtures/TestRecording):
#  - its passing Swift Testing tests check, with withKnownIssue, that a failing
#    wait records exactly one issue at its line and column, with its message,
#    and that the documented negative-test forms pass;
#  - its failing fixtures fail on purpose, in XCTest and in Swift Testing:
#    Scripts/recording-transcripts.py checks that each failure is printed
#    once, at the line marked `// fails here`, with the wait's message as its
#    headline, none at XCTest's <EXPR>:0, and that the transcripts in the
#    article "Using the waits in Swift Testing and XCTest" are this output.
#    `Scripts/test-recording.sh --write` rewrites those transcripts;
#  - its IsolationMatrixTests run every public wait from the main actor, an
#    actor and nonisolated code, in both frameworks, and check the place of
#    every probe (Tests/IsolationMatrix); its PromiseMatrixTests throw each
#    kind of error on each wait's probes and cancel each wait while it
#    sleeps, against the documented outcome; both write a wait report,
#    checked line by line against the entries;
#  - its ClockAndScaleTests, a TTL cache on the shipped manual clock and a
#    hold on the real clock, pass with ASYNCWAIT_TIMEOUT_SCALE unset, at 3
#    and empty.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/Tests/Fixtures/TestRecording"

swift test --filter SwiftTestingRecordingTests

# The isolation and promise matrices with AsyncWaitTesting loaded (their
# assertion blocks run through the test framework), in Swift Testing and in
# XCTest; the filter takes both. They write a wait report: every throwing
# wait appends its line as it ends, no Bool form does, and each process
# prints its summary (Scripts/check-wait-report.py).
mkdir -p .build
report=.build/matrix-wait-report.jsonl
rm -f "$report"
ASYNCWAIT_WAIT_REPORT="$report" swift test --filter IsolationMatrix 2>&1 | tee .build/matrix-wait-report.log
python3 "$root/Scripts/check-wait-report.py" "$report" "$root/Tests/IsolationMatrix/IsolationMatrix.swift" \
  .build/matrix-wait-report.log

# A consumer's time-dependent tests on the shipped manual clock pass however
# the timeout scale is set: unset, at 3, and empty (which means unset).
swift test --filter ClockAndScaleTests
ASYNCWAIT_TIMEOUT_SCALE=3 swift test --filter ClockAndScaleTests
ASYNCWAIT_TIMEOUT_SCALE= swift test --filter ClockAndScaleTests

# The fixtures fail on purpose: their whole output goes to a log, and only
# what the check prints is shown, so that no reader of this run takes the
# fixtures' failing summaries for a failure of the project.
log=.build/failing-fixtures.log
mkdir -p .build
swift test --filter FailingFixtures > "$log" 2>&1 || true
echo "The deliberately failing fixtures' output: Tests/Fixtures/TestRecording/$log"
python3 "$root/Scripts/recording-transcripts.py" "$log" Tests/FailingFixtures \
  "$root/Sources/AsyncWait/AsyncWait.docc/using-the-waits-in-tests.md" \
  "$root/Sources/AsyncWait/AsyncWait.docc/controlling-time-in-tests.md" "$@"
