#!/usr/bin/env bash
# Installs one package from PyPI, at a pinned version, into a virtual
# environment of its own under .build: the one way the repository's scripts
# install Python tools (install-playwright.sh, install-datasette.sh). Skips
# what is already there; installs python3-venv from Debian when Python cannot
# make a virtual environment (as root); tries pip twice, so that one network
# hiccup does not fail a CI run. Prints the environment's python last.
#
#   Scripts/install-pypi.sh PACKAGE VERSION VENV
set -euo pipefail
cd "$(dirname "$0")/.."

package=$1
version=$2
venv=$3
python="$venv/bin/python"
me="install-pypi ($package)"

installed_version() {
  "$python" -c "import importlib.metadata as m; print(m.version('$package'))" 2> /dev/null || true
}

if [ -x "$python" ] && [ "$(installed_version)" = "$version" ]; then
  echo "$me: $package $version is already installed" >&2
  echo "$PWD/$python"
  exit 0
fi

# Debian splits venv and ensurepip off python3 into python3-venv.
if ! python3 -c 'import venv, ensurepip' 2> /dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "$me: python3 cannot make a virtual environment, and installing python3-venv needs root" >&2
    exit 1
  fi
  echo "$me: installing python3-venv" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv > /dev/null
fi

# A half-made environment (no python, or one that cannot run) is made again.
if ! [ -x "$python" ] || ! "$python" -c 'pass' 2> /dev/null; then
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
echo "$me: installing $package==$version into $venv" >&2
"$python" -m pip install --quiet --disable-pip-version-check "$package==$version" >&2 \
  || "$python" -m pip install --quiet --disable-pip-version-check "$package==$version" >&2
if [ "$(installed_version)" != "$version" ]; then
  echo "$me: $package $version did not install (found '$(installed_version)')" >&2
  exit 1
fi
echo "$PWD/$python"
