#!/usr/bin/env bash
# Regenerates every picture of the docs from real runs, in one command:
#   - a full release run of the benchmark, whose JSON also becomes
#     Docs/benchmark-results.json (the table of the article "Measuring what a
#     wait costs" comes from
#     the same run's printed output, saved as Docs/benchmark-results.md);
#   - the timelines of waits, run by the engine in virtual time;
#   - the SVG charts and timelines, drawn by Scripts/make-pictures.py.
#
#   Scripts/make-pictures.sh [--quick]    (--quick: a quick benchmark run)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Benchmarks -c release --product AsyncWaitBenchmarks
Benchmarks/.build/release/AsyncWaitBenchmarks "$@" --json Docs/benchmark-results.json | tee Docs/benchmark-results.md
# The charts name the run: the commit measured (with "+" when the tree had
# changes) and the day.
commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Benchmarks || echo +)
python3 - "$commit" "$(date -u +%F)" <<'PY'
import json, sys
path = "Docs/benchmark-results.json"
results = json.load(open(path))
results = {"run": {"commit": sys.argv[1], "date": sys.argv[2]}, **results}
json.dump(results, open(path, "w"), indent=2, ensure_ascii=False)
PY
mkdir -p .build
swift run --package-path Benchmarks AsyncWaitTimelines > .build/timelines.json
python3 Scripts/make-pictures.py Docs/benchmark-results.json .build/timelines.json
