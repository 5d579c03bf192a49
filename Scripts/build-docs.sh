#!/usr/bin/env bash
# Builds the DocC documentation of every library target without the DocC plugin,
# treating every warning as an error.
#
#   Scripts/build-docs.sh [OUTPUT_DIR]    (default: .build/docs)
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
