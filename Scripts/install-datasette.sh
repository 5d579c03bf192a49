#!/usr/bin/env bash
# Installs Datasette, at a pinned version, into a virtual environment at
# .build/datasette: a real web application nobody here wrote (a Python
# server that renders SQLite tables as pages: sorting, filters, facets, row
# pages), which the browser integration's DatasetteTests drive the way a
# Playwright suite would. Prints the path of the `datasette` command last.
#
#   Scripts/install-datasette.sh
set -euo pipefail
cd "$(dirname "$0")/.."

python=$(Scripts/install-pypi.sh datasette 0.65.5 .build/datasette)
echo "$(dirname "$python")/datasette"
