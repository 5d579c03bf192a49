#!/usr/bin/env bash
# Runs the AT-SPI integration's tests against a real GTK app in a virtual X
# session (Scripts/gui-session.sh: installs what it needs from Debian,
# starts Xvfb and a D-Bus session, stops everything it started on every exit
# path), then checks its public waits against the isolation matrix.
#
#   Scripts/test-atspi.sh [swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# The GUI session (Xvfb, D-Bus with the accessibility bus, and what it
# installs from Debian) is Scripts/gui-session.sh, the script users run
# their own AT-SPI tests with. A hang must not eat CI's time: the tests get
# ten minutes.
# The test app is a Python GTK 3 program.
GUI_SESSION_PACKAGES="libgtk-3-0 gir1.2-gtk-3.0 python3-gi" \
  Scripts/gui-session.sh timeout -s KILL 600 swift test --package-path Integrations/AsyncWaitATSPI "$@"

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT

# Every public wait of the integration is in the isolation matrix, or exempt
# with a reason (Scripts/check-isolation-matrix.py), read off its public
# symbols as DocC would.
bin=$(swift build --package-path Integrations/AsyncWaitATSPI --show-bin-path)
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
graphs="$workdir/symbol-graphs"
mkdir -p "$graphs"
swift symbolgraph-extract -module-name AsyncWaitATSPI -I "$bin/Modules" -target "$triple" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$graphs" \
  -I Sources/AsyncWaitATSPILoader/include
python3 Scripts/check-isolation-matrix.py "$graphs"

# The bench against pyatspi and dogtail runs, at 100 rows, so that it keeps
# working; its numbers are not checked here (Scripts/bench-atspi.sh runs
# every size, and the article's table comes from such a run).
Scripts/bench-atspi.sh 100
