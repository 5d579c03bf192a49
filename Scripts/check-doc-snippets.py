#!/usr/bin/env python3
"""Compiles every ```swift block of README.md and the DocC catalogs (the
browser integration's too), and of the doc comments of the browser modules
(AsyncWaitBrowser, AsyncWaitBrowserTesting), so the docs cannot drift from
the API.

Each block becomes one Swift file of a scratch test target that depends on
AsyncWaitTesting, AsyncWaitBrowser and AsyncWaitBrowserTesting, next to Scripts/doc-snippets/Context.swift, which declares
the names the blocks use (a store, a model, a server…). A block with
declarations at its top level (@Test, struct, class…) is nested in a type of
its own, except an XCTestCase subclass, which XCTest finds at the top level
only; any other block becomes the body of an async throwing function.
Imports are hoisted; a block of the browser's catalog imports AsyncWaitBrowser, as
its reader's test does. A manifest (a block whose first line is its
`// swift-tools-version` line) is evaluated with `swift package dump-package` in a folder of its
own. Skipped, and said so in the text around them: Apple-only blocks (first
line `// Apple platforms only`); Scripts/check-apple-sources.sh compiles a
copy of them against stand-ins of Apple's declarations.

    Scripts/check-doc-snippets.py [SCRATCH_DIR]
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
# The modules whose doc comments' examples are compiled too.
DOC_COMMENT_MODULES = "AsyncWaitBrowser*"
scratch = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(tempfile.mkdtemp())
files = [root / "README.md", *sorted(root.glob("Docs/*.docc/**/*.md")), *sorted(root.glob("Sources/*/*.docc/**/*.md"))]
# Doc comments are docs too: the modules' code examples, as DocC shows them.
doc_comment_files = sorted(root.glob(f"Sources/{DOC_COMMENT_MODULES}/**/*.swift"))
declaration = re.compile(r"^(@|struct |final class |class |actor |enum |extension |func |protocol )")

target = scratch / "Tests" / "DocSnippets"
shutil.rmtree(scratch / "Tests", ignore_errors=True)
target.mkdir(parents=True)
shutil.copy(root / "Scripts" / "doc-snippets" / "Context.swift", target / "Context.swift")
(scratch / "Package.swift").write_text(f"""// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "DocSnippets",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-async-wait", path: "{root}"),
  ],
  targets: [
    .testTarget(
      name: "DocSnippets",
      dependencies: [
        .product(name: "AsyncWaitTesting", package: "swift-async-wait"),
        .product(name: "AsyncWaitBrowser", package: "swift-async-wait"),
        .product(name: "AsyncWaitBrowserTesting", package: "swift-async-wait"),
        .product(name: "AsyncWaitATSPI", package: "swift-async-wait"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
""")

compiled, skipped, manifests = 0, 0, 0
sources = {}
failures = []
def doc_comment_text(path):
    """The text of a Swift file's doc comments, `///` and its space taken off."""
    lines = []
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("///"):
            lines.append(stripped[4:] if stripped.startswith("/// ") else stripped[3:])
        else:
            lines.append("")
    return "\n".join(lines)


for path in files + doc_comment_files:
    text = doc_comment_text(path) if path.suffix == ".swift" else path.read_text()
    blocks = re.findall(r"```swift\n(.*?)```", text, re.S)
    for index, block in enumerate(blocks):
        first = block.strip().splitlines()[0] if block.strip() else ""
        if first.startswith("// swift-tools-version"):
            folder = scratch / "Manifests" / f"manifest{manifests}"
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            manifest = block
            (folder / "Package.swift").write_text(manifest)
            checked = subprocess.run(["swift", "package", "dump-package", "--package-path", str(folder)],
                                     capture_output=True, text=True)
            if checked.returncode != 0:
                failures.append(f"{path.relative_to(root)} block {index + 1}: the manifest does not evaluate:\n"
                                + checked.stderr)
            manifests += 1
            continue
        if first.startswith("// Apple platforms only"):
            skipped += 1
            continue
        name = re.sub(r"\W", "_", f"{path.relative_to(root).with_suffix('')}_{index}")
        lines = block.rstrip("\n").splitlines()
        imports = [line for line in lines if line.startswith("import ")]
        body = [line for line in lines if not line.startswith("import ")]
        # The browser's articles are read by tests that import it.
        module = path.relative_to(root).parts[1:2]
        implied = ["import AsyncWaitBrowser"] if module in (("AsyncWaitBrowser",), ("AsyncWaitBrowserTesting",)) else []
        header = "\n".join(
            ["import AsyncWaitTesting", "import Foundation", "import Testing", *implied, *imports])
        location = f"// {path.relative_to(root)}, code block {index + 1}"
        indented = "\n".join(("  " + line) if line else "" for line in body)
        if any(": XCTestCase" in line for line in body):
            # XCTest finds test classes at the top level only.
            text = f"{header}\n\n{location}\n" + "\n".join(body) + "\n"
        elif any(declaration.match(line) for line in body):
            text = f"{header}\n\n{location}\nstruct {name} {{\n{indented}\n}}\n"
        else:
            text = f"{header}\n\n{location}\n@MainActor func {name}() async throws {{\n{indented}\n}}\n"
        (target / f"{name}.swift").write_text(text)
        sources[f"{name}.swift"] = f"{path.relative_to(root)} block {index + 1}"
        compiled += 1

result = subprocess.run(["swift", "build", "--build-tests", "--package-path", str(scratch)],
                        capture_output=True, text=True)
output = result.stdout + result.stderr
errors = [line for line in output.splitlines() if ": error:" in line]
for line in errors:
    match = re.search(r"(\w+\.swift):\d+", line)
    where = sources.get(match.group(1), "") if match else ""
    print(f"{line}  [{where}]" if where else line)
if result.returncode != 0 and not errors:
    print(output)
for failure in failures:
    print(failure)
ok = result.returncode == 0 and not failures
print(f"check-doc-snippets: {compiled} code blocks compiled, {manifests} manifests evaluated, "
      f"{skipped} skipped (Apple-only)" + ("" if ok else ": FAILED"))
sys.exit(0 if ok else 1)
