#!/usr/bin/env bash
# Runs a command in a GUI session of its own, as AT-SPI tests need one on a
# machine without a desktop (CI, a container, ssh): a virtual X display
# (Xvfb, on a free display number), a D-Bus session with the accessibility
# bus started, and the environment GTK apps need to expose their tree
# (DISPLAY, NO_AT_BRIDGE=0, GTK_A11Y=atspi). Installs what it needs from
# Debian when it is missing (as root), and stops everything it started
# (the display, the bus, the accessibility bus and registry, any app left
# running) when the command ends, fails or is interrupted. Exits with the
# command's status.
#
#   Scripts/gui-session.sh COMMAND [ARGUMENTS...]
#   Scripts/gui-session.sh swift test --package-path MyAppTests
set -euo pipefail
if [ $# = 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENTS...]" >&2
  exit 2
fi
# Run time only: AsyncWaitATSPI opens libatspi (libatspi2.0-0) when it is
# first used, and builds without its development files; GTK 3 and PyGObject
# are what the package's own test app needs.
packages=(xvfb dbus at-spi2-core libatspi2.0-0 libgtk-3-0 gir1.2-gtk-3.0 python3-gi)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "gui-session: these packages are missing and installing them needs root: ${missing[*]}" >&2
    exit 1
  fi
  echo "gui-session: installing ${missing[*]}" >&2
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
  echo "gui-session: Xvfb did not start" >&2
  cat "$workdir/xvfb.log" >&2
  exit 1
fi
export DISPLAY=":$(head -n 1 "$workdir/display")"
export NO_AT_BRIDGE=0 GTK_A11Y=atspi
echo "gui-session: Xvfb on $DISPLAY" >&2
set +e
# Inside the session, start the accessibility bus before the command does.
setsid dbus-run-session -- bash -c '
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress > /dev/null
  exec "$@"' gui-session "$@" &
session_pid=$!
wait "$session_pid"
status=$?
exit "$status"
