#!/usr/bin/env bash
# Builds two consumer packages that depend on this repository by URL (a
# file:// URL of its git repository, at HEAD), the way a user's package
# does:
#
# - one that uses each integration through the root package
#   (`.product(name: "AsyncWaitBrowser", package: "swift-async-wait")`,
#   and AsyncWaitATSPI), whose build must read no system library's headers
#   or pkg-config file (AsyncWaitATSPI opens libatspi at run time); and
# - one that uses AsyncWaitTesting alone, which must build none of the
#   integrations' modules; it builds with pkg-config pointed at an empty
#   directory, so that no system library can be found, and the script
#   checks its build folder holds no module of an integration.
#
#   Scripts/check-consumers.sh [SCRATCH_DIR]
#
# It builds what HEAD holds: uncommitted changes are not in it.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${1:-$(mktemp -d)}
rm -rf "$scratch" && mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
# The package's identity is the last part of its URL, so the repository is
# published under its name: a fresh repository holding what HEAD holds
# (whatever this clone's folder is called, and shallow or not).
published="$scratch/swift-async-wait"
mkdir -p "$published"
git archive HEAD | tar -x -C "$published"
git -C "$published" init -q
git -C "$published" add -A
git -C "$published" -c user.name=check-consumers -c user.email=check@localhost commit -qm HEAD
url="file://$published"
revision=$(git -C "$published" rev-parse HEAD)
if ! git diff --quiet HEAD -- Package.swift Sources; then
  echo "check-consumers: note: uncommitted changes to Package.swift or Sources are not built" >&2
fi

# consumer NAME PRODUCTS... : a package with a test target that imports
# each product and uses one symbol of each.
consumer() {
  local name=$1; shift
  local dir="$scratch/$name"
  mkdir -p "$dir/Tests/${name}Tests"
  local products="" imports=""
  for product in "$@"; do
    products+="        .product(name: \"$product\", package: \"swift-async-wait\"),
"
    imports+="import $product
"
  done
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "$name",
  platforms: [.macOS(.v14)],
  dependencies: [.package(url: "$url", revision: "$revision")],
  targets: [
    .testTarget(
      name: "${name}Tests",
      dependencies: [
$products      ])
  ]
)
SWIFT
  cat > "$dir/Tests/${name}Tests/UsesTests.swift" <<SWIFT
${imports}import Testing

@Test func waits() async throws {
  try await requireEventually("it holds", timeout: .zero) { true }
}
SWIFT
}

step() { printf '\n-- %s\n' "$*"; }

consumer Integrations AsyncWaitTesting AsyncWaitBrowser AsyncWaitBrowserTesting AsyncWaitATSPI
cat >> "$scratch/Integrations/Tests/IntegrationsTests/UsesTests.swift" <<'SWIFT'

@Test func namesTheIntegrations() {
  #expect(String(describing: BrowserError.self) == "BrowserError")
  #expect(String(describing: ATSPIError.self) == "ATSPIError")
  #expect(String(describing: NoBrowserContextError.self) == "NoBrowserContextError")
}
SWIFT
step "a consumer of the integrations, by URL, with no system library to find: swift test"
PKG_CONFIG_LIBDIR="$scratch/no-pkg-config" PKG_CONFIG_PATH="" \
  swift build --build-tests -v --package-path "$scratch/Integrations" > "$scratch/integrations-build.log" 2>&1 \
  || { tail -n 30 "$scratch/integrations-build.log" >&2; exit 1; }
if grep -nE 'pkg-config|-I ?/usr/include/(at-spi|glib)' "$scratch/integrations-build.log"; then
  echo "check-consumers: building the integrations read a system library's headers or pkg-config" >&2
  exit 1
fi
swift test --package-path "$scratch/Integrations" 2>&1 | tail -n 3

consumer TestingOnly AsyncWaitTesting
step "a consumer of AsyncWaitTesting alone, by URL, with no system library to find: swift test"
PKG_CONFIG_LIBDIR="$scratch/no-pkg-config" PKG_CONFIG_PATH="" \
  swift test --package-path "$scratch/TestingOnly" 2>&1 | tail -n 3
# SwiftPM plans every target of the dependency (an empty folder with an
# output file map for each); what it compiled is an object file or a module.
products=$(find "$scratch/TestingOnly/.build" -path '*/checkouts' -prune -o -type f \
  \( -name '*.o' -o -name '*.swiftmodule' \) -print)
built=$(echo "$products" | grep -E '/(AsyncWaitBrowser|AsyncWaitATSPI)[^/]*$|/(AsyncWaitBrowser|AsyncWaitATSPI)[^/]*\.build/' || true)
if ! echo "$products" | grep -q '/AsyncWaitTesting\.o$'; then
  echo "check-consumers: found no object file of AsyncWaitTesting: the check looks in the wrong place" >&2
  exit 1
fi
if [ -n "$built" ]; then
  echo "check-consumers: a consumer of AsyncWaitTesting alone built an integration:" >&2
  echo "$built" >&2
  exit 1
fi
modules=$(echo "$products" | grep '\.swiftmodule$' | xargs -n1 basename | grep -v -- '-[A-Z0-9]*\.swiftmodule$' | sort -u | tr '\n' ' ')
echo "check-consumers: AsyncWaitTesting alone built these modules and no integration: $modules"
