#!/usr/bin/env bash
# Runs the browser integration against a real headless Chromium: installs
# Chromium from Debian when it is missing (as root), runs `swift test` in
# Integrations/AsyncWaitBrowser and Integrations/AsyncWaitBrowserTesting (both
# also against a remote Chromium), checks that Chromium never outlives its owner
# (a process that exits without closing it, and one killed with SIGKILL), runs
# the bench, and fails if any Chromium it started is still running. Also runs
# a consumer's deliberately failing web tests and checks what they record.
# Installs Datasette and Bokeh from PyPI for the tests that drive them, and runs those
# tests' Playwright forms in Playwright.
#
#   Scripts/test-browser.sh [--no-bench] [swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

bench=1
if [ "${1:-}" = "--no-bench" ]; then
  bench=0
  shift
fi

if ! command -v chromium > /dev/null && [ -z "${ASYNCWAIT_CHROMIUM:-}" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "test-browser: Chromium is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
  fi
  echo "test-browser: installing chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium > /dev/null
fi

package=Integrations/AsyncWaitBrowser
# Every Chromium the integration starts has a profile under this prefix.
profiles="asyncwait-browser-"
living_chromium() {
  # Processes whose command line names one of our profiles and that have not
  # ended (a zombie waits only for init, which reaps here now and then).
  ps -eo stat=,args= | awk -v p="$profiles" '$1 !~ /^Z/ && index($0, p) && !index($0, "awk")'
}
if [ -n "$(living_chromium)" ]; then
  echo "test-browser: a Chromium of an earlier run is still running; it does not count against this run:" >&2
  living_chromium >&2
fi
before=$(living_chromium | wc -l)

# Datasette from PyPI: a real web application nobody here wrote, which
# DatasetteTests drives as a Playwright suite would (the suite skips itself
# without it, so a run here must have it).
if ! datasette=$(Scripts/install-datasette.sh); then
  echo "test-browser: Datasette did not install, and DatasetteTests needs it" >&2
  exit 1
fi

# Bokeh from PyPI: a web framework nobody here wrote whose pages are built
# of open shadow roots, which BokehTests drives as a Playwright suite would
# (the suite skips itself without it, so a run here must have it).
if ! bokeh=$(Scripts/install-bokeh.sh); then
  echo "test-browser: Bokeh did not install, and BokehTests needs it" >&2
  exit 1
fi

# A hang must not eat CI's time: each step gets a bound.
timeout -s KILL 900 swift test --package-path "$package" "$@"
# A test's own context (AsyncWaitBrowserTesting), in a test binary of its
# own: it links the recorder, which the suite above must not.
testing_package=Integrations/AsyncWaitBrowserTesting
timeout -s KILL 600 swift test --package-path "$testing_package"

# A remote browser: Chromium started apart with a DevTools port on the
# loopback address, and suites run unchanged against it through
# ASYNCWAIT_BROWSER_ENDPOINT, which makes Browser.shared connect to it.
chromium_path="${ASYNCWAIT_CHROMIUM:-$(command -v chromium)}"
remote_profile=$(mktemp -d "${TMPDIR:-/tmp}/asyncwait-remote-XXXXXX")
remote_log="$remote_profile.log"
sandbox=""
[ "$(id -u)" = 0 ] && sandbox="--no-sandbox"
# The features it starts without are ChromiumProcess.disabledFeatures, as a
# launched Chromium's are.
"$chromium_path" --headless $sandbox --remote-debugging-port=0 --remote-debugging-address=127.0.0.1 \
  --user-data-dir="$remote_profile" --no-first-run --disable-gpu --disable-dev-shm-usage \
  --disable-back-forward-cache \
  --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess \
  about:blank > "$remote_log" 2>&1 &
remote_pid=$!
# Whatever ends this script, the remote Chromium (a launcher script and
# every process it started, each naming the profile) ends with it.
stop_remote() {
  pkill -KILL -f "user-data-dir=$remote_profile" 2> /dev/null || true
  kill -KILL "$remote_pid" 2> /dev/null || true
  wait "$remote_pid" 2> /dev/null || true
  rm -rf "$remote_profile" "$remote_log"
}
trap stop_remote EXIT
endpoint=""
for _ in $(seq 200); do
  endpoint=$(grep -o 'ws://127\.0\.0\.1:[0-9]*/devtools/browser/[^ ]*' "$remote_log" | head -1 || true)
  [ -n "$endpoint" ] && break
  sleep 0.1
done
if [ -z "$endpoint" ]; then
  echo "test-browser: the remote Chromium did not say where it listens:" >&2
  cat "$remote_log" >&2
  exit 1
fi
echo "test-browser: suites against a remote browser at $endpoint"
status=0
ASYNCWAIT_BROWSER_ENDPOINT="$endpoint" timeout -s KILL 600 swift test --package-path "$package" --skip-build \
  --filter 'BrowserContextTests|ItemListFlowTests|AccountPageTests|DatasetteTests|BokehTests' || status=$?
ASYNCWAIT_BROWSER_ENDPOINT="$endpoint" timeout -s KILL 300 swift test --package-path "$testing_package" \
  --skip-build || status=$?
stop_remote
trap - EXIT
if [ "$status" != 0 ]; then
  echo "test-browser: the suites failed against a remote browser" >&2
  exit 1
fi

# DatasetteTests' and BokehTests' Playwright forms, and DialogTests' twins, run in
# Playwright itself: the Swift suites mirror tests that Playwright passes. Without Playwright (no
# network) they are not run, and this says so.
if playwright_python=$(Scripts/install-playwright.sh 2> /dev/null); then
  timeout -s KILL 300 "$playwright_python" "$package/Playwright/datasette.py" --datasette "$datasette"
  # BokehTests' twins, on the same Bokeh app.
  timeout -s KILL 300 "$playwright_python" "$package/Playwright/bokeh.py" --bokeh "$bokeh"
  # DialogTests' twins, on the same page of dialogs.
  timeout -s KILL 300 "$playwright_python" "$package/Playwright/dialogs.py"
  # NetworkTests' and OpeningsTests' twins, on the same pages.
  timeout -s KILL 300 "$playwright_python" "$package/Playwright/network.py"
else
  echo "test-browser: Playwright not installed; DatasetteTests' Playwright forms were not run in Playwright"
fi

# A consumer's failing web tests: each failure once at its line, with the
# page's screenshot attached (Swift Testing) or its path given (XCTest). The
# fixtures fail on purpose; their output goes to a log the check reads.
fixture="$package/Fixtures/BrowserRecording"
mkdir -p "$fixture/.build"
timeout -s KILL 900 swift test --package-path "$fixture" > "$fixture/.build/failing-fixtures.log" 2>&1 || true
echo "test-browser: the deliberately failing browser fixtures' output: $fixture/.build/failing-fixtures.log"
python3 Scripts/browser-recording-check.py "$fixture/.build/failing-fixtures.log" \
  "$fixture/Tests/BrowserFailingFixtures/BrowserFixtures.swift"

swift build --package-path "$package" --product BrowserOrphanCheck
bin=$(swift build --package-path "$package" --show-bin-path)
for mode in exit crash; do
  groups=$(timeout -s KILL 120 "$bin/BrowserOrphanCheck" "$mode" || true)
  if [ -z "$groups" ]; then
    echo "test-browser: BrowserOrphanCheck $mode did not start Chromium and its web server" >&2
    exit 1
  fi
  # Each group's processes end within seconds (SIGKILL from the exit
  # handlers; or Chromium's own exit when its pipe closes, and the server's
  # watcher's SIGTERM and then SIGKILL when its own pipe closes).
  for group in $groups; do
    for _ in $(seq 100); do
      alive=$(ps -eo stat=,pgid= | awk -v g="$group" '$1 !~ /^Z/ && $2 == g' | wc -l)
      [ "$alive" = 0 ] && break
      sleep 0.1
    done
    if [ "$alive" != 0 ]; then
      echo "test-browser: process group $group (of: Chromium, web server) outlived a process that ended by $mode" >&2
      ps -eo stat=,pgid=,args= | awk -v g="$group" '$2 == g' >&2
      exit 1
    fi
  done
  echo "test-browser: Chromium and the web server ended with their owner ($mode)"
done

if [ "$bench" = 1 ]; then
  # Playwright from PyPI, for the bench's rows of page sizes; without it (no
  # network) the bench says so and measures this package alone.
  Scripts/install-playwright.sh > /dev/null || echo "test-browser: Playwright not installed; the bench runs without it"
  # --quick: pages of 100, 1,000 and 20,000 rows; the docs' figures come from a
  # full run (swift run -c release --package-path "$package" AsyncWaitBrowserBench).
  timeout -s KILL 900 swift run -c release --package-path "$package" AsyncWaitBrowserBench --quick
fi

after=$(living_chromium | wc -l)
if [ "$after" -gt "$before" ]; then
  echo "test-browser: Chromium processes were left running:" >&2
  living_chromium >&2
  exit 1
fi
echo "test-browser: no Chromium left running"
