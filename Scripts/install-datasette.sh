#!/usr/bin/env bash
# Installs Datasette, at a pinned version, into a virtual environment at
# .build/datasette: a real web application nobody here wrote (a Python
# server that renders SQLite tables as pages: sorting, filters, facets, row
# pages), which the browser integration's DatasetteTests drive the way a
# Playwright suite would. Skips what is already there; installs python3-venv
# from Debian when Python cannot make a virtual environment (as root).
# Prints the path of the `datasette` command last.
#
#   Scripts/install-datasette.sh
set -euo pipefail
cd "$(dirname "$0")/.."

version=0.65.5
venv=.build/datasette
python="$venv/bin/python"

installed_version() {
  "$python" -c 'import importlib.metadata as m; print(m.version("datasette"))' 2> /dev/null || true
}

if [ -x "$python" ] && [ "$(installed_version)" = "$version" ]; then
  echo "install-datasette: datasette $version is already installed" >&2
  echo "$PWD/$venv/bin/datasette"
  exit 0
fi

if ! python3 -c 'import venv, ensurepip' 2> /dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "install-datasette: python3 cannot make a virtual environment, and installing python3-venv needs root" >&2
    exit 1
  fi
  echo "install-datasette: installing python3-venv" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv > /dev/null
fi

if ! [ -x "$python" ] || ! "$python" -c 'pass' 2> /dev/null; then
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
echo "install-datasette: installing datasette==$version into $venv" >&2
# Two tries: one network hiccup should not fail a CI run.
"$python" -m pip install --quiet --disable-pip-version-check "datasette==$version" >&2 \
  || "$python" -m pip install --quiet --disable-pip-version-check "datasette==$version" >&2
if [ "$(installed_version)" != "$version" ]; then
  echo "install-datasette: datasette $version did not install (found '$(installed_version)')" >&2
  exit 1
fi
echo "$PWD/$venv/bin/datasette"
