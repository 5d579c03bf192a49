#!/usr/bin/env bash
# Builds Scripts/tsan-continuation-repro with ThreadSanitizer and runs it twice:
# without the suppression (TSan reports a data race in withUnsafeContinuation)
# and with .ci/tsan-suppressions.txt (no report). See the article "Trying to break the waits"
# (Docs/SwiftAsyncWait.docc/trying-to-break-the-waits.md).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
swiftc -sanitize=thread -g Scripts/tsan-continuation-repro/main.swift -o "$out/repro"
echo "== without the suppression"
TSAN_OPTIONS=halt_on_error=0 "$out/repro" 2>&1 | grep -E "WARNING: ThreadSanitizer|SUMMARY|resumed" || true
echo "== with .ci/tsan-suppressions.txt"
TSAN_OPTIONS="halt_on_error=1 suppressions=$PWD/.ci/tsan-suppressions.txt" "$out/repro"
rm -rf "$out"
