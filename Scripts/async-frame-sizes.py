#!/usr/bin/env python3
"""Prints the async frame size of every async function in a binary.

Each async function has an "async function pointer" (a symbol whose mangled
name ends in "Tu"): a 32-bit relative offset to the function, then the 32-bit
size of the context the caller allocates for it in the task's allocator. A
sleeping wait keeps the frames of every function on its chain allocated in
the task's 1,016-byte slabs, so these sizes say how many slabs it holds.

  Scripts/async-frame-sizes.py BINARY [REGEX]

REGEX filters the mangled names; the output is the size and the demangled
name, largest first. Linux (ELF) only: it reads `readelf -SW` and `nm`.
"""
import re
import struct
import subprocess
import sys


def sections(binary):
    found = []
    listing = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match:
            found.append((match.group(1), int(match.group(2), 16), int(match.group(3), 16), int(match.group(4), 16)))
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    pattern = re.compile(sys.argv[2]) if len(sys.argv) > 2 else None
    data = open(binary, "rb").read()
    places = sections(binary)
    rows = []
    symbols = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    for line in symbols.splitlines():
        parts = line.split()
        if len(parts) != 3 or not parts[2].endswith("Tu") or (pattern and not pattern.search(parts[2])):
            continue
        address = int(parts[0], 16)
        for name, start, offset, size in places:
            if name != ".bss" and start <= address < start + size:
                position = offset + address - start
                _, context = struct.unpack("<iI", data[position:position + 8])
                rows.append((context, parts[2]))
                break
    names = subprocess.run(
        ["swift", "demangle", "--simplified"], input="\n".join(name for _, name in rows),
        capture_output=True, text=True).stdout.splitlines()
    for (context, mangled), demangled in sorted(zip(rows, names), reverse=True):
        print(context, demangled or mangled)


if __name__ == "__main__":
    main()
