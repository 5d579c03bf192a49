#!/usr/bin/env bash
# Installs Playwright for Python, at a pinned version, into a virtual
# environment at .build/playwright, for the browser integration's comparison
# with Playwright (Integrations/AsyncWaitBrowser/Playwright/bench.py). Skips
# what is already there; installs python3-venv from Debian when Python cannot
# make a virtual environment (as root). Downloads no browser: the comparison
# runs the system's Chromium through Playwright's `executable_path`.
# Prints the environment's python last.
#
#   Scripts/install-playwright.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The newest 1.x on PyPI when this was written; the issue measured 1.65.
version=1.65.2
venv=.build/playwright
python="$venv/bin/python"

installed_version() {
  "$python" -c 'import importlib.metadata as m; print(m.version("playwright"))' 2> /dev/null || true
}

if [ -x "$python" ] && [ "$(installed_version)" = "$version" ]; then
  echo "install-playwright: playwright $version is already installed" >&2
  echo "$PWD/$python"
  exit 0
fi

# Debian splits venv and ensurepip off python3 into python3-venv.
if ! python3 -c 'import venv, ensurepip' 2> /dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "install-playwright: python3 cannot make a virtual environment, and installing python3-venv needs root" >&2
    exit 1
  fi
  echo "install-playwright: installing python3-venv" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv > /dev/null
fi

# A half-made environment (no python, or one that cannot run) is made again.
if ! [ -x "$python" ] || ! "$python" -c 'pass' 2> /dev/null; then
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
echo "install-playwright: installing playwright==$version into $venv" >&2
"$python" -m pip install --quiet --disable-pip-version-check "playwright==$version" >&2
if [ "$(installed_version)" != "$version" ]; then
  echo "install-playwright: playwright $version did not install (found '$(installed_version)')" >&2
  exit 1
fi
echo "$PWD/$python"
