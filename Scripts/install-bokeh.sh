#!/usr/bin/env bash
# Installs Bokeh, at a pinned version, into a virtual environment at
# .build/bokeh: a real web application framework nobody here wrote, whose
# pages are built of open shadow roots (every layout and widget is a host
# with a shadow root, nested three deep, and the inputs, buttons, selects
# and table exist only inside them), filled over a WebSocket after the page
# loads. The browser integration's BokehTests drive an app of it the way a
# Playwright suite would. Prints the path of the `bokeh` command last.
#
#   Scripts/install-bokeh.sh
set -euo pipefail
cd "$(dirname "$0")/.."

python=$(Scripts/install-pypi.sh bokeh 3.9.2 .build/bokeh)
echo "$(dirname "$python")/bokeh"
