#!/usr/bin/env bash
# Lists the source files a failing requireEventually runs code in, from the
# call to the failure the test framework records, with the functions run in
# each: the path the map in CONTRIBUTING.md describes, measured rather than
# read.
#
# It builds Tests/RecordingChild with coverage, runs its test whose wait
# sleeps between probes and times out (`aTimeoutIsRecordedAtItsLine`, in
# Swift Testing as the map's wait; with --xctest, the XCTest case of the
# same name), and reads which functions of Sources/ ran. What runs at load
# (the recorder's installer, XCTest's observer) is on the list too: a
# failure needs it. It fails if the wait's failure did not run.
#
# Usage: Scripts/failure-path.sh [--xctest] [scratch-directory]   (Linux)
set -euo pipefail
cd "$(dirname "$0")/.."
framework=swift-testing
if [ "${1:-}" = "--xctest" ]; then
  framework=xctest
  shift
fi
scratch="${1:-.build/failure-path}"
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"

swift build --scratch-path "$scratch" --product RecordingChild \
  -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping > /dev/null
rm -f "$scratch/path.profraw"
if [ "$framework" = xctest ]; then
  LLVM_PROFILE_FILE="$scratch/path.profraw" "$scratch/debug/RecordingChild" \
    RecordingChild.RecordedWaits/testATimeoutIsRecordedAtItsLine > /dev/null 2>&1 || true
else
  RECORDING_CHILD_FRAMEWORK=swift-testing LLVM_PROFILE_FILE="$scratch/path.profraw" \
    "$scratch/debug/RecordingChild" --filter aTimeoutIsRecordedAtItsLine > /dev/null 2>&1 || true
fi
"$toolchain/llvm-profdata" merge -o "$scratch/path.profdata" "$scratch/path.profraw"
"$toolchain/llvm-cov" export -format=text -instr-profile "$scratch/path.profdata" \
  "$scratch/debug/RecordingChild" > "$scratch/path.json"

python3 - "$scratch/path.json" "$PWD/Sources/" <<'PY'
import json, subprocess, sys
data = json.load(open(sys.argv[1]))
sources = sys.argv[2]
files = {}
for function in data["data"][0]["functions"]:
    if function["count"] > 0:
        for name in function["filenames"]:
            if name.startswith(sources):
                files.setdefault(name[len(sources):], []).append(function["name"])
if "AsyncWait/Engine/Poller+Failure.swift" not in files:
    sys.exit("the wait's failure did not run: the child did not run its test")
# One demangler for every name, a line in and a line out.
mangled = sorted({name for names in files.values() for name in names})
demangled = dict(zip(mangled, subprocess.run(
    ["swift", "demangle", "--simplified", "--compact"], input="\n".join(mangled),
    capture_output=True, text=True, check=True).stdout.split("\n")))
for path in sorted(files):
    print(f"{path} ({len(files[path])})")
    for name in sorted({demangled[n] for n in files[path]}):
        print(f"    {name}")
print(f"\n{len(files)} files of Sources/ ran code on the path")
PY
