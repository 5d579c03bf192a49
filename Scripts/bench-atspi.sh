#!/usr/bin/env bash
# The AT-SPI bench: the waits a test writes, against hand-written pyatspi
# and dogtail (Debian's python3-pyatspi and python3-dogtail), on a GTK app
# of 100, 1,000, 5,000 and 10,000 rows, in one GUI session
# (Scripts/gui-session.sh), p50 in milliseconds. Prints a Markdown table.
#
#   Scripts/bench-atspi.sh [ROWS ...]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Integrations/AsyncWaitATSPI --product AsyncWaitATSPIBench
bin=$(swift build -c release --package-path Integrations/AsyncWaitATSPI --show-bin-path)
GUI_SESSION_PACKAGES="libgtk-3-0 gir1.2-gtk-3.0 python3-gi python3-pyatspi python3-dogtail" \
  Scripts/gui-session.sh "$bin/AsyncWaitATSPIBench" "$@"
