#!/usr/bin/env python3
"""Files a reader can hold (docs/DEVELOPING.md, Size and style): no source or header under lib/ or
tools/ has more than 800 lines.

Usage: file_size_check.py SOURCE_DIR ALLOW_LIST [--max LINES]
       file_size_check.py --self-test

Every .cpp and .hpp under SOURCE_DIR/lib and SOURCE_DIR/tools is counted. A file over the limit
fails the check unless ALLOW_LIST names it (one path a line, relative to SOURCE_DIR; '#' begins a
comment). A listed file that is missing or no longer over the limit fails it too, so that the list
cannot go stale: take it off the list once it is split. Every failure is listed with its line count.
--self-test runs the check on scratch trees and fails if it does not tell each case apart.
"""
import os
import sys
import tempfile

DIRS = ("lib", "tools")
SUFFIXES = (".cpp", ".hpp")


def line_count(path):
    with open(path, "rb") as f:
        return len(f.read().splitlines())


def sources(root):
    for top in DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(SUFFIXES):
                    path = os.path.join(dirpath, name)
                    yield os.path.relpath(path, root).replace(os.sep, "/"), path


def read_allow_list(path):
    allowed = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry = line.split("#", 1)[0].strip()
            if entry:
                allowed.append(entry)
    return allowed


def check(root, allowed, limit):
    """The failures, one line each (empty when the tree passes)."""
    failures = []
    counts = {rel: line_count(path) for rel, path in sources(root)}
    for rel, n in sorted(counts.items()):
        if n > limit and rel not in allowed:
            failures.append(f"{rel}: {n} lines (more than {limit}: split it along the book's sections)")
    for rel in allowed:
        if rel not in counts:
            failures.append(f"{rel}: listed in the allow-list but not found: take it off the list")
        elif counts[rel] <= limit:
            failures.append(f"{rel}: {counts[rel]} lines, not over {limit}: take it off the allow-list")
    return failures


def self_test():
    def tree(files):
        root = tempfile.mkdtemp(prefix="file-size-")
        for rel, n in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write("x\n" * n)
        return root

    cases = [
        # (files, allow-list, failures expected)
        ({"lib/src/a/a.cpp": 800, "tools/t/t.hpp": 10}, [], 0),
        ({"lib/src/a/a.cpp": 801}, [], 1),
        ({"tools/t/t.hpp": 801, "tools/t/notes.txt": 900}, [], 1),
        ({"lib/src/a/a.cpp": 801}, ["lib/src/a/a.cpp"], 0),
        ({"lib/src/a/a.cpp": 800}, ["lib/src/a/a.cpp"], 1),
        ({"lib/src/a/a.cpp": 10}, ["lib/src/gone.cpp"], 1),
        ({"docs/big.cpp": 5000}, [], 0),
    ]
    bad = 0
    for files, allowed, expected in cases:
        got = check(tree(files), allowed, 800)
        if len(got) != expected:
            print(f"self-test: {files} allowing {allowed}: expected {expected} failures, got {got}")
            bad += 1
    print("self-test: " + ("failed" if bad else f"{len(cases)} cases pass"))
    return 1 if bad else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--max"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    root, allowed = argv[1], read_allow_list(argv[2])
    limit = int(argv[4]) if len(argv) == 5 else 800
    failures = check(root, allowed, limit)
    for f in failures:
        print(f)
    if failures:
        print(f"{len(failures)} file(s) fail the {limit}-line limit of lib/ and tools/")
        return 1
    print(f"every .cpp and .hpp of lib/ and tools/ within {limit} lines (allowed over it: {len(allowed)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
