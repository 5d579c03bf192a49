#!/usr/bin/env bash
# Compiles, on Linux, the code of AsyncWaitTesting that only Apple platforms
# build: the XCUIElement/XCUIApplication conformance
# (Sources/AsyncWaitTesting/XCUIElement+WaitableElement.swift) and the
# `canImport(Darwin)` branches of Sources/AsyncWaitTesting/TestFrameworks.swift
# (XCTIssue recording, the `testCase(_:didRecord:)` observer, NSObject base,
# main-queue registration), against small modules under Tests/AppleStubs that
# mirror the Apple declarations they use, then compiles
# Tests/AppleStubs/DesignCalls as a user's UI test would be compiled.
#
# How: AsyncWait and AsyncWaitElements are built from Sources/ with swiftc
# into OUT (default .build/apple-sources), not by `swift build`: the root
# build and its lock are not touched, and AsyncWaitTesting's use of `package`
# members needs one -package-name across the three modules. The
# stubs are built as modules named XCUIAutomation, XCTest and Darwin into a
# directory put first on the import path, so that they shadow the toolchain's
# XCTest (which has no XCTIssue) and so that `canImport(Darwin)` and
# `canImport(XCUIAutomation)` are true: the compiler itself picks the Apple
# branches of the unmodified sources, and its diagnostics point at them (a
# copy with `canImport(Darwin)` rewritten to `true` would move them off the
# real file and miss any other spelling of the condition). The
# Darwin stub is empty, so a Darwin branch calling a Darwin C API fails here.
# Twice, for the two layouts the sources handle: XCUIAutomation as a module of
# its own (Xcode 16.3 and later), and the XCUI types inside XCTest (older).
# Every file of Sources/AsyncWaitTesting is compiled to an object (so that the
# SIL passes, which report region-isolation errors, run) with the library
# flags of Package.swift and warnings as errors; the design calls compile with
# Swift 6 and no upcoming features, like a user's test target, and may warn
# only about their unused Bool results. Neither compile can pass without the
# stubs: the Linux branches call API the stubs leave out.
#
# What it proves: the Apple-only files parse and type-check against these
# declarations under Swift 6 strict concurrency, with the package's upcoming
# features (isolation, Sendable, isolated conformances, access levels on
# imports), in both SDK layouts; the design calls in
# Tests/AppleStubs/DesignCalls resolve to this package's async `Duration`
# waits, unambiguously, while XCUITest's synchronous `TimeInterval` waits stay
# callable beside them.
# What it does not prove: that the stubs match the real SDK (their shapes are
# copied from Apple's documentation; each stub file says which it confirmed
# and which it inferred), that Apple's compiler of the day agrees with this
# toolchain's, that anything links, or any behaviour on a device or simulator.
#
#   Scripts/check-apple-sources.sh [OUT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.build/apple-sources}"
stubs="$root/Tests/AppleStubs"
rm -rf "$out"/{modules,loader,module-cache,XCUIAutomation,XCTest}
mkdir -p "$out/modules"

# The library targets' settings in Package.swift (keep in step with it).
library=(-swift-version 6 -package-name swift_async_wait
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature InferIsolatedConformances)
common=(-parse-as-library -module-cache-path "$out/module-cache" -diagnostic-style llvm)

sources() { find "$root/Sources/$1" -name '*.swift' | sort; }

for target in AsyncWait AsyncWaitElements; do
  mapfile -t files < <(sources "$target")
  swiftc -emit-module -wmo "${common[@]}" "${library[@]}" -module-name "$target" -I "$out/modules" \
    -emit-module-path "$out/modules/$target.swiftmodule" "${files[@]}"
done
mapfile -t testing < <(sources AsyncWaitTesting)
stub() { # stub MODULE FILE...: into $dir/stubs
  swiftc -emit-module "${common[@]}" -swift-version 6 -module-name "$1" \
    -emit-module-path "$dir/stubs/$1.swiftmodule" "${@:2}"
}

for layout in XCUIAutomation XCTest; do
  dir="$out/$layout"
  mkdir -p "$dir/stubs"
  stub Darwin "$stubs/Darwin/Darwin.swift"
  if [[ $layout == XCUIAutomation ]]; then
    stub XCUIAutomation "$stubs/XCUIAutomation/XCUIAutomation.swift"
    stub XCTest "$stubs/XCTest/XCTest.swift"
  else
    stub XCTest "$stubs/XCTest/XCTest.swift" "$stubs/XCUIAutomation/XCUIAutomation.swift"
  fi
  # The stubs' directory first: it must shadow the toolchain's XCTest.
  paths=(-I "$dir/stubs" -I "$dir" -I "$out/modules")

  swiftc -c -wmo -warnings-as-errors "${common[@]}" "${library[@]}" "${paths[@]}" \
    -module-name AsyncWaitTesting -emit-module -emit-module-path "$dir/AsyncWaitTesting.swiftmodule" \
    -o "$dir/AsyncWaitTesting.o" "${testing[@]}"

  log="$dir/DesignCalls.log"
  if ! swiftc -c "${common[@]}" -swift-version 6 "${paths[@]}" -module-name DesignCalls \
    -o "$dir/DesignCalls.o" "$stubs/DesignCalls/DesignCalls.swift" > "$log" 2>&1; then
    cat "$log" >&2
    exit 1
  fi
  if grep ': warning: ' "$log" | grep -v ': warning: result of call to .* is unused' >&2; then
    echo "DesignCalls: a warning other than an unused result (full log: $log)" >&2
    exit 1
  fi
  echo "$layout layout: the Apple-only sources of AsyncWaitTesting compile; the design calls resolve to:"
  grep -o "result of call to '[^']*'" "$log" | sed "s/result of call to //" | sort | uniq -c
done

# The recorder's installer on Apple platforms: the `@section` TestFrameworks.swift
# gives it under `objectFormat(MachO)`, compiled for macOS (no SDK needed:
# the declaration alone, with the compiler's builtin types), must land in a
# section of initializer pointers, which dyld calls at load; a section of
# any other type would leave every Apple test target without its recorder.
section=$(grep -A2 'objectFormat(MachO)' "$root/Sources/AsyncWaitTesting/TestFrameworks.swift" |
  grep -o '@section("[^"]*")' || true)
if [[ -z $section ]]; then
  echo "TestFrameworks.swift: no @section under objectFormat(MachO)" >&2
  exit 1
fi
mkdir -p "$out/installer"
printf '@used %s\nlet installAtLoad: @convention(c) () -> () = {}\n' "$section" > "$out/installer/installer.swift"
swiftc -parse-stdlib -parse-as-library -target arm64-apple-macos14 -c "$out/installer/installer.swift" \
  -o "$out/installer/installer.o"
if ! llvm-objdump --macho --private-headers "$out/installer/installer.o" | grep -q 'type S_MOD_INIT_FUNC_POINTERS'; then
  echo "TestFrameworks.swift: $section is not a section of initializers in a Mach-O object" >&2
  exit 1
fi
echo "Mach-O: the recorder's installer ($section) is an initializer dyld runs at load"
