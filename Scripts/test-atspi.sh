#!/usr/bin/env bash
# Runs the AT-SPI integration's tests against a real GTK app in a virtual X
# session: installs what it needs from Debian (skipping what is present),
# starts Xvfb and a D-Bus session, runs `swift test` in
# Integrations/AsyncWaitATSPI, and stops everything it started on every exit path.
#
#   Scripts/test-atspi.sh [swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Run time only: the integration opens libatspi (libatspi2.0-0) when it is
# first used, and builds without its development files.
packages=(xvfb dbus at-spi2-core libatspi2.0-0 libgtk-3-0 gir1.2-gtk-3.0 python3-gi)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "test-atspi: these packages are missing and installing them needs root: ${missing[*]}" >&2
    exit 1
  fi
  echo "test-atspi: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

workdir=$(mktemp -d)
xvfb_pid=""
session_pid=""
cleanup() {
  # The session runs in a process group of its own: kill all of it (the bus,
  # the accessibility bus and registry it activated, any app a test left).
  [ -n "$session_pid" ] && kill -9 -- "-$session_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill -9 "$xvfb_pid" 2>/dev/null || true
  rm -rf "$workdir"
}
trap cleanup EXIT INT TERM

# Xvfb picks a free display and writes its number to the descriptor given.
exec {display_fd}>"$workdir/display"
Xvfb -displayfd "$display_fd" -screen 0 1024x768x24 -nolisten tcp > "$workdir/xvfb.log" 2>&1 &
xvfb_pid=$!
exec {display_fd}>&-
for _ in $(seq 200); do
  [ -s "$workdir/display" ] && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.05
done
if [ ! -s "$workdir/display" ]; then
  echo "test-atspi: Xvfb did not start" >&2
  cat "$workdir/xvfb.log" >&2
  exit 1
fi
export DISPLAY=":$(head -n 1 "$workdir/display")"
export NO_AT_BRIDGE=0 GTK_A11Y=atspi
echo "test-atspi: Xvfb on $DISPLAY"

set +e
# A hang must not eat CI's time: the whole run gets ten minutes.
# Inside the session, start the accessibility bus before the tests do.
setsid timeout -s KILL 600 dbus-run-session -- bash -c '
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress > /dev/null
  exec swift test --package-path Integrations/AsyncWaitATSPI "$@"' test-atspi "$@" &
session_pid=$!
wait "$session_pid"
status=$?
set -e
[ "$status" = 0 ] || exit "$status"

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
