#!/usr/bin/env bash
# Builds the DocC documentation of every library target, and of the browser
# integration's library, without the DocC plugin,
# treating every warning as an error, and merges the archives into one static
# site that opens at its root.
#
#   Scripts/build-docs.sh [OUTPUT_DIR]    (default: .build/docs)
#   python3 -m http.server --directory .build/docs/site 8000   # then open http://localhost:8000
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs}
targets=(AsyncWait AsyncWaitElements AsyncWaitTesting)
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

swift build $(printf -- '--target %s ' "${targets[@]}")
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
# AsyncWaitTesting imports a C target; its module map is where SwiftPM wrote it.
loader_map="$bin/AsyncWaitTestingLoader.build/module.modulemap"

for target in "${targets[@]}"; do
  graphs="$out/symbol-graphs/$target"
  rm -rf "$graphs" "$out/$target.doccarchive"
  mkdir -p "$graphs"
  swift symbolgraph-extract -module-name "$target" -I "$modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$graphs" \
    -Xcc -fmodule-map-file="$loader_map" -Xcc -I -Xcc Sources/AsyncWaitTestingLoader/include
  docc convert "Sources/$target/$target.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$out/$target.doccarchive" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
    --warnings-as-errors
  echo "docs: $out/$target.doccarchive"
done

# The browser integration is a package of its own (it depends on this one by
# path); its module joins the site. Building it needs no Chromium.
browser_package=Integrations/AsyncWaitBrowser
swift build --package-path "$browser_package" --target AsyncWaitBrowser
browser_modules="$(swift build --package-path "$browser_package" --show-bin-path)/Modules"
graphs="$out/symbol-graphs/AsyncWaitBrowser"
rm -rf "$graphs" "$out/AsyncWaitBrowser.doccarchive"
mkdir -p "$graphs"
swift symbolgraph-extract -module-name AsyncWaitBrowser -I "$browser_modules" -target "$triple" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
docc convert "$browser_package/Sources/AsyncWaitBrowser/AsyncWaitBrowser.docc" \
  --additional-symbol-graph-dir "$graphs" \
  --output-path "$out/AsyncWaitBrowser.doccarchive" \
  --fallback-display-name AsyncWaitBrowser --fallback-bundle-identifier AsyncWaitBrowser \
  --warnings-as-errors
echo "docs: $out/AsyncWaitBrowser.doccarchive"

# One site: the modules' archives merged under a landing page, made ready for
# static hosting, with the root sending a browser to that landing page.
rm -rf "$out/swift-async-wait.doccarchive" "$out/site"
docc merge $(printf -- "$out/%s.doccarchive " "${targets[@]}" AsyncWaitBrowser) \
  --synthesized-landing-page-name swift-async-wait \
  --synthesized-landing-page-kind Package \
  --output-path "$out/swift-async-wait.doccarchive"
docc process-archive transform-for-static-hosting "$out/swift-async-wait.doccarchive" --output-path "$out/site"
cat > "$out/site/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>swift-async-wait</title>
  <meta http-equiv="refresh" content="0; url=documentation/">
</head>
<body><p><a href="documentation/">swift-async-wait documentation</a></p></body>
</html>
HTML
echo "site: $out/site (open its index.html through a web server, for example"
echo "      python3 -m http.server --directory $out/site 8000)"
