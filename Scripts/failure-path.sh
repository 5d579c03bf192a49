#!/usr/bin/env bash
# Lists the source files a failing requireEventually runs code in, from the
# call to the failure XCTest records, with the functions run in each: the
# path the map in CONTRIBUTING.md describes, measured rather than read.
#
# It builds Tests/RecordingChild with coverage, runs its test whose wait
# sleeps between probes and times out (`testATimeoutIsRecordedAtItsLine`),
# and reads which functions of Sources/ ran. What runs at load (the recorder's installer,
# XCTest's observer) is on the list too: a failure needs it.
#
# Usage: Scripts/failure-path.sh [scratch-directory]   (Linux)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build/failure-path}"
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")"

swift build --scratch-path "$scratch" --product RecordingChild \
  -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping > /dev/null
rm -f "$scratch/path.profraw"
LLVM_PROFILE_FILE="$scratch/path.profraw" "$scratch/debug/RecordingChild" \
  RecordingChild.RecordedWaits/testATimeoutIsRecordedAtItsLine > /dev/null 2>&1 || true
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
if not files:
    sys.exit("no function of Sources/ ran: the child did not run its test")
for path in sorted(files):
    names = subprocess.run(
        ["swift", "demangle", "--simplified", "--compact"], input="\n".join(files[path]),
        capture_output=True, text=True, check=True).stdout.split("\n")
    print(f"{path} ({len(files[path])})")
    for name in sorted({n for n in names if n}):
        print(f"    {name}")
print(f"\n{len(files)} files of Sources/ ran code on the path")
PY
