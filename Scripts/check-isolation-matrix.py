#!/usr/bin/env python3
"""Fails when a public wait is missing from the isolation matrix.

    Scripts/check-isolation-matrix.py GRAPH_DIR... [--matrix FILE]

Reads the public symbols of every module whose symbol graphs are in the
GRAPH_DIRs (as `swift symbolgraph-extract` writes them; Scripts/build-docs.sh
leaves them in .build/docs/symbol-graphs/<Module>) and picks each function,
method and initializer that runs, or may run, the caller's code or reads an
element on a wait's probes:

  - it takes an `isolated` parameter (the caller's isolation: every wait
    does, so that its probes run there);
  - it is async and takes a closure that is not `@Sendable` (code of the
    caller's, which can read the caller's actor's state);
  - it is async and takes an element, a query or a locator;
  - it is async and takes a closure that inherits the caller's actor
    (`@_inheritActorContext`).

An async property (`exists`, `count`) is one read, not a wait: it runs where
its caller does, and the waits that read it are in the matrix.

Each must be an `Entry` of Tests/IsolationMatrix/IsolationMatrix.swift (which
runs it from the main actor, an actor and nonisolated code, on probes 1 to
4, for every source that can wake it) or a key of its `exemptions`, with the
reason it needs no row. The check fails, too, on a row or an exemption that
names no public symbol of a module it read, so that a renamed wait does not
leave a row that runs nothing.

A symbol is named `Module.Path.name(labels:)`, without the caller's location
labels (`callSite:fileID:filePath:line:column:`) and `isolation:`, which every wait
takes; where two symbols would share a
name, the type of the last closure they take (the condition) follows in brackets, without
its attributes, or, for symbols that take none, the type of their first parameter.

The promise matrix (PromiseMatrix.swift, beside it) runs every `Entry`
with each kind of error on its probes and with its task cancelled; the
check fails when an exemption of the isolation matrix is not also a key of
its `promiseExemptions`, with the reason its errors and cancellation need
no row, or when a key there names no exemption.

It fails, too, on a public symbol that takes the caller's location as
`fileID:filePath:line:column:` without `callSite:` before them: every wait
lets a helper forward its caller's place as one value.
"""

import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MATRIX = os.path.join(ROOT, "Tests", "IsolationMatrix", "IsolationMatrix.swift")
KINDS = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.subscript"}
ELEMENT_TYPES = re.compile(r"\b(ElementLocator|WaitableElement|TreeElement|ElementQuery)\b")
LOCATION_LABELS = "callSite:fileID:filePath:line:column:"


def fragments_text(fragments):
    return "".join(f["spelling"] for f in fragments)


def parameter_types(symbol):
    """The spelled type of each parameter, from the function signature."""
    types = []
    for parameter in symbol.get("functionSignature", {}).get("parameters", []):
        text = fragments_text(parameter.get("declarationFragments", []))
        # "name: Type" or "label name: Type": the type follows the first colon.
        types.append(text.split(":", 1)[1].strip() if ":" in text else text)
    return types


def is_closure(type_text):
    return "->" in type_text


def bare_closure_type(type_text):
    text = re.sub(r"nonisolated\(nonsending\)|@escaping|@Sendable|@autoclosure", "", type_text)
    return re.sub(r"\s+", " ", text).strip()


def selected(symbol):
    """Why the symbol must be in the matrix, or None."""
    declaration = fragments_text(symbol.get("declarationFragments", []))
    types = parameter_types(symbol)
    is_async = re.search(r"\)\s*(async|reasync)\b", declaration) is not None
    # The parameters' fragments leave `isolated` out; the declaration has it.
    if re.search(r"\w+\s*:\s*isolated\b", declaration):
        return "takes the caller's isolation"
    if is_async and any(is_closure(t) and "@Sendable" not in t for t in types):
        return "is async and takes a closure that is not @Sendable"
    if is_async and any(ELEMENT_TYPES.search(t) for t in types):
        return "is async and takes an element"
    if is_async and "@_inheritActorContext" in declaration:
        return "is async and takes a closure that inherits the caller's actor"
    return None


def without_call_site(graph_dirs):
    """The public symbols that take the caller's location as the four
    literals but not as one `callSite:` value before them: a helper could
    not forward its caller's place to them."""
    found = []
    for directory in graph_dirs:
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            graph = json.load(open(path))
            for symbol in graph["symbols"]:
                last = symbol["pathComponents"][-1]
                declaration = fragments_text(symbol.get("declarationFragments", []))
                # A wait is async; `CallSite.init(fileID:filePath:line:column:)` is not.
                is_async = re.search(r"\)\s*(async|reasync)\b", declaration) is not None
                if is_async and "fileID:filePath:line:column:" in last and LOCATION_LABELS not in last:
                    found.append(graph["module"]["name"] + "." + ".".join(symbol["pathComponents"]))
    return sorted(found)


def public_waits(graph_dirs):
    """{name: reason} for every selected symbol, and the modules read."""
    found = []
    modules = set()
    for directory in graph_dirs:
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            graph = json.load(open(path))
            module = graph["module"]["name"]
            modules.add(module)
            for symbol in graph["symbols"]:
                if symbol["kind"]["identifier"] not in KINDS:
                    continue
                reason = selected(symbol)
                if reason is None:
                    continue
                components = list(symbol["pathComponents"])
                components[-1] = components[-1].replace(LOCATION_LABELS, "").replace("isolation:", "")
                name = module + "." + ".".join(components)
                types = parameter_types(symbol)
                closures = [bare_closure_type(t) for t in types if is_closure(t)]
                # Without a closure, the first parameter's type tells them apart.
                found.append((name, closures[-1] if closures else (types[0] if types else ""), reason))
    counts = {}
    for name, _, _ in found:
        counts[name] = counts.get(name, 0) + 1
    waits = {}
    clashes = []
    for name, closure, reason in found:
        key = f"{name} [{closure}]" if counts[name] > 1 else name
        if key in waits:
            clashes.append(key)
        waits[key] = reason
    return waits, modules, sorted(set(clashes))


def matrix_names(path):
    """The entries' and the exemptions' names in the matrix's source: the
    raw values of `enum Entry`'s cases and the keys of its `exemptions`,
    comments left out."""
    source = re.sub(r"//[^\n]*", "", open(path).read())
    body = source.split("enum Entry:", 1)[1]
    cases, rest = body.split("static let exemptions", 1)
    entries = set(re.findall(r'case\s+\w+\s*=\s*"([^"]+)"', cases))
    exemptions_source = rest.split("]\n", 1)[0]
    exemptions = set(re.findall(r'^\s*"([^"]+)":', exemptions_source, re.MULTILINE))
    return entries, exemptions


def main(arguments):
    matrix = DEFAULT_MATRIX
    if "--matrix" in arguments:
        index = arguments.index("--matrix")
        matrix = arguments[index + 1]
        del arguments[index : index + 2]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    waits, modules, clashes = public_waits(arguments)
    for name in clashes:
        print(f"two public waits share the name {name}: the matrix cannot tell them apart", file=sys.stderr)
    no_call_site = without_call_site(arguments)
    for name in no_call_site:
        print(f"takes fileID:filePath:line:column: without callSite: before them: {name}", file=sys.stderr)
    entries, exemptions = matrix_names(matrix)
    listed = entries | exemptions
    missing = sorted(set(waits) - listed)
    stale = sorted(n for n in listed - set(waits) if n.split(".", 1)[0] in modules)
    for name in missing:
        print(f"not in the isolation matrix: {name} ({waits[name]})", file=sys.stderr)
    for name in stale:
        print(f"in the isolation matrix, but no public symbol of {name.split('.', 1)[0]}: {name}", file=sys.stderr)
    if no_call_site and not (missing or stale or clashes):
        return 1
    if missing or stale or clashes:
        print(
            f"Add each public wait to `Entry` in {os.path.relpath(matrix, ROOT)}, or, with the reason it "
            "runs no caller code on its probes, to `exemptions`.",
            file=sys.stderr,
        )
        return 1
    # The promise matrix (PromiseMatrix.swift, beside the isolation matrix)
    # runs every entry; each exemption of the isolation matrix must say
    # there why its errors and cancellation need no row.
    promise = os.path.join(os.path.dirname(matrix), "PromiseMatrix.swift")
    promise_source = re.sub(r"//[^\n]*", "", open(promise).read())
    promise_exemptions = set(
        re.findall(
            r'^\s*"([^"]+)":',
            promise_source.split("static let promiseExemptions", 1)[1].split("]\n", 1)[0],
            re.MULTILINE,
        )
    )
    unexplained = sorted(n for n in exemptions if n in waits and n not in promise_exemptions)
    stale_promise = sorted(promise_exemptions - exemptions)
    for name in unexplained:
        print(f"exempt from the isolation matrix, but not from the promise matrix: {name}", file=sys.stderr)
    for name in stale_promise:
        print(f"exempt from the promise matrix, but no exemption of the isolation matrix: {name}", file=sys.stderr)
    if unexplained or stale_promise:
        print(
            f"Add each to `promiseExemptions` in {os.path.relpath(promise, ROOT)}, with the reason its "
            "errors and cancellation need no row, or make it an `Entry`.",
            file=sys.stderr,
        )
        return 1
    covered = sorted(n for n in waits if n in entries)
    exempt = sorted(n for n in waits if n in exemptions)
    print(
        f"{len(waits)} public waits of {', '.join(sorted(modules))}: "
        f"{len(covered)} in the isolation and promise matrices, {len(exempt)} exempt from both with a reason"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
