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
# first used, and builds without its development files. The packages an
# app under test needs besides (GTK, Qt, an interpreter) come from
# GUI_SESSION_PACKAGES, space-separated. Without Debian's package tool, the
# programs are looked for instead, and nothing is installed.
packages=(xvfb dbus at-spi2-core libatspi2.0-0)
read -r -a extra <<< "${GUI_SESSION_PACKAGES:-}"
packages+=(${extra[@]+"${extra[@]}"})
missing=()
if command -v dpkg-query > /dev/null; then
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
else
  for program in Xvfb dbus-run-session dbus-send; do
    if ! command -v "$program" > /dev/null; then
      echo "gui-session: $program is missing (Xvfb, D-Bus and AT-SPI are needed)" >&2
      exit 1
    fi
  done
fi
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
  # The command runs in a session of its own (setsid): kill every process
  # of it, the bus, the accessibility bus and registry it activated and any
  # app left, by session id, since a program in it (GNU timeout, a test
  # runner) may have moved to a process group of its own.
  if [ -n "$session_pid" ]; then
    pkill -KILL -s "$session_pid" 2>/dev/null || true
    kill -9 -- "-$session_pid" 2>/dev/null || true
  fi
  [ -n "$xvfb_pid" ] && kill -9 "$xvfb_pid" 2>/dev/null || true
  rm -rf "$workdir"
}
# Cleanup runs once, on exit; a signal exits with its status.
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
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
  if ! dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress > /dev/null
  then
    echo "gui-session: the accessibility bus did not start (is at-spi2-core installed?)" >&2
    exit 1
  fi
  exec "$@"' gui-session "$@" &
session_pid=$!
wait "$session_pid"
status=$?
exit "$status"
