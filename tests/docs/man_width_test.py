#!/usr/bin/env python3
"""Man pages for an 80-column terminal: every page of docs/man/, rendered by man(1) at MANWIDTH=80,
has no line wider than 80 columns, and `mandoc -T lint -W warning` finds nothing in it.

Usage: man_width_test.py MAN_DIR
The pages set `.hy 0` (and the register HY, which the man macros reset hyphenation from), so that
no flag or key is split across lines. Without man(1) the test fails, saying so (make test-deps
installs man-db and mandoc); without mandoc the lint is skipped with a message.
"""
import os
import pathlib
import shutil
import subprocess
import sys


def main():
    pages = sorted(pathlib.Path(sys.argv[1]).glob("*.1"))
    if not pages:
        print(f"man-width: no page in {sys.argv[1]}", file=sys.stderr)
        return 1
    if not shutil.which("man"):
        print("man-width: man(1) is not installed (make test-deps installs man-db)", file=sys.stderr)
        return 1
    env = dict(os.environ, MANWIDTH="80", MANPAGER="cat", LC_ALL="C.UTF-8")
    failures = 0
    for page in pages:
        text = subprocess.run(["man", "-l", str(page)], capture_output=True, text=True, env=env).stdout
        wide = [line for line in text.splitlines() if len(line) > 80]
        for line in wide[:10]:
            print(f"man-width: {page.name}: a line of {len(line)} columns: {line.strip()}", file=sys.stderr)
        failures += bool(wide)
        with open(page, encoding="utf-8") as f:
            if ".hy 0" not in f.read():
                print(f"man-width: {page.name} does not set .hy 0 (flags would be hyphenated)", file=sys.stderr)
                failures += 1
    if shutil.which("mandoc"):
        r = subprocess.run(["mandoc", "-T", "lint", "-W", "warning"] + [str(p) for p in pages], capture_output=True,
                           text=True)
        out = (r.stdout + r.stderr).strip()
        if out:
            print(out, file=sys.stderr)
            failures += 1
    else:
        print("man-width: mandoc not installed: lint skipped (make test-deps installs it)")
    print(f"man-width: {len(pages)} pages, {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
