#!/usr/bin/env bash
# Builds the DocC documentation of every library target (the browser
# integration's among them) and of the site's own pages (Docs/SwiftAsyncWait.docc:
# the landing page, the benchmarks, the reliability checks, the AT-SPI guide),
# without the DocC plugin, treating every warning as an error, and merges the
# archives into one static site whose root opens the landing page.
#
#   Scripts/build-docs.sh [OUTPUT_DIR] [--hosting-base-path BASE] [--scratch-path DIR]
#       (default: .build/docs; BASE: the path the site is served under, such
#       as swift-async-wait for https://owner.github.io/swift-async-wait/;
#       DIR: where the modules are built, .build unless given: CI gives an
#       empty one, so that nothing an earlier step built can stand in for a
#       module this script fails to build)
#   python3 -m http.server --directory .build/docs/site 8000   # then open http://localhost:8000
#
# The articles link across modules with paths from the site's root
# (`/documentation/asyncwait/...`); DocC's renderer puts the base path in
# front of them, so the same sources serve a site at a domain's root or under
# a path (Scripts/check-docs-site.py walks one under a path in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
base=""
scratch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --hosting-base-path) base=${2#/}; base=${base%/}; shift 2 ;;
    --scratch-path) scratch=(--scratch-path "$2"); shift 2 ;;
    *) out=$1; shift ;;
  esac
done

targets=(AsyncWait AsyncWaitElements AsyncWaitTesting AsyncWaitBrowser AsyncWaitBrowserTesting AsyncWaitATSPI)
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

# One target a build: given several --target options, swift build builds
# only the last, which a fresh clone's first docs build found out.
for target in "${targets[@]}"; do swift build ${scratch[@]+"${scratch[@]}"} --target "$target"; done
bin=$(swift build ${scratch[@]+"${scratch[@]}"} --show-bin-path)
modules="$bin/Modules"

for target in "${targets[@]}"; do
  graphs="$out/symbol-graphs/$target"
  rm -rf "$graphs" "$out/$target.doccarchive"
  mkdir -p "$graphs"
  # AsyncWaitATSPI imports its loader, a C module of declarations only.
  swift symbolgraph-extract -module-name "$target" -I "$modules" -target "$triple" \
    -I Sources/AsyncWaitATSPILoader/include \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
  docc convert "Sources/$target/$target.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$out/$target.doccarchive" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
    --warnings-as-errors
  echo "docs: $out/$target.doccarchive"
done

# The site's own pages: the landing page and the articles that belong to no
# one module.
rm -rf "$out/SwiftAsyncWait.doccarchive"
docc convert Docs/SwiftAsyncWait.docc \
  --output-path "$out/SwiftAsyncWait.doccarchive" \
  --fallback-display-name swift-async-wait --fallback-bundle-identifier swift-async-wait \
  --warnings-as-errors
echo "docs: $out/SwiftAsyncWait.doccarchive"

# One site: the archives merged, made ready for static hosting (under the
# base path), with the root sending a browser to the landing page.
rm -rf "$out/swift-async-wait.doccarchive" "$out/site"
docc merge $(printf -- "$out/%s.doccarchive " SwiftAsyncWait "${targets[@]}") \
  --synthesized-landing-page-name swift-async-wait \
  --synthesized-landing-page-kind Package \
  --output-path "$out/swift-async-wait.doccarchive"
docc process-archive transform-for-static-hosting "$out/swift-async-wait.doccarchive" --output-path "$out/site" \
  ${base:+--hosting-base-path "$base"}
# DocC's renderer asks for a theme file; an empty one keeps its defaults.
echo '{}' > "$out/site/theme-settings.json"
cat > "$out/site/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>swift-async-wait</title>
  <link rel="icon" href="favicon.ico">
  <meta http-equiv="refresh" content="0; url=documentation/swift-async-wait">
</head>
<body><p><a href="documentation/swift-async-wait">swift-async-wait documentation</a></p></body>
</html>
HTML
echo "site: $out/site${base:+, to be served under /$base/} (open its index.html through a web server,"
echo "      for example python3 -m http.server --directory $out/site 8000)"
