#!/usr/bin/env bash
# Installs Playwright for Python, at a pinned version, into a virtual
# environment at .build/playwright, for the browser integration's comparison
# with Playwright (Integrations/AsyncWaitBrowser/Playwright/bench.py) and the
# Playwright forms of DatasetteTests (Playwright/datasette.py). Downloads no
# browser: both run the system's Chromium through Playwright's
# `executable_path`. Prints the environment's python last.
#
#   Scripts/install-playwright.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The newest 1.x on PyPI when this was written; the issue measured 1.65.
exec Scripts/install-pypi.sh playwright 1.65.2 .build/playwright
