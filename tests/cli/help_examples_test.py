#!/usr/bin/env python3
"""Every example of every tool's --help runs as printed, from a copy of the examples folder.

Usage: help_examples_test.py --bin DIR --examples DIR --work DIR

A tool's --help ends with an "Examples" block: each example is a command at two spaces' indent
that begins with the tool's name (continued on the next lines, six spaces in, after a trailing
" \\"), after its note, if any, as a shell comment ("  # ..."), so that the block can be pasted
into a shell. Checked for each tool:
  - the block is there and holds at least three examples;
  - every line of the block fits an 80-column terminal (80 columns with its indent), and a command
    holds no run of two spaces outside quotes (a note run into it would read as its arguments);
  - every file a command reads (an argument ending in .toml, not the value of an option that
    writes a file) is one of the examples folder's;
  - the command, split as the shell splits it, exits 0 with the built tools first on PATH, in a
    fresh copy of the examples folder (examples may write files there), and prints something.
Prints one line per example and "N passed, M failed"; exits 1 on any failure.
"""
import argparse
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

TOOLS = ["artillery-design", "unit-br", "war-machine", "siege-duration", "fire-odds", "gunpowder-book"]
# Options whose value is a file the command writes, not one it reads.
WRITTEN = {"--write-forces", "--output", "-o", "--svg"}


def examples_of(tool, help_text):
    """The example commands of `help_text` as (command, printed lines)."""
    lines = help_text.splitlines()
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith("Examples"))
    except StopIteration:
        return None
    out, i = [], start + 1
    while i < len(lines) and (lines[i].startswith(" ") or not lines[i]):
        line = lines[i]
        if len(line) > 80:
            out.append((None, [line]))
        if line.startswith(f"  {tool} ") or line == f"  {tool}":
            printed = [line]
            while printed[-1].endswith(" \\") and i + 1 < len(lines):
                i += 1
                printed.append(lines[i])
            command = " ".join(p.strip().removesuffix("\\").strip() for p in printed)
            out.append((command, printed))
        i += 1
    return out


def two_spaces_outside_quotes(line):
    quote = None
    prev = ""
    for c in line.strip():
        if quote:
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == " " and prev == " ":
            return True
        prev = c
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    bin_dir = pathlib.Path(a.bin).resolve()
    examples = pathlib.Path(a.examples).resolve()
    work = pathlib.Path(a.work)
    known = {p.relative_to(examples).as_posix() for p in examples.rglob("*.toml")}  # as run from a copy of it
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", COLUMNS="200",
               GUNPOWDER_NO_PROGRESS="1")
    env.pop("GUNPOWDER_RULES", None)
    passed, failed = 0, []
    for tool in TOOLS:
        help_text = subprocess.run([str(bin_dir / tool), "--help"], capture_output=True, text=True, env=env,
                                   check=True).stdout
        found = examples_of(tool, help_text)
        if not found or len(found) < 3:
            failed.append(f"{tool}: --help has {'no' if not found else len(found)} examples (at least 3)")
            continue
        for line in [p[0] for c, p in found if c is None]:
            failed.append(f"{tool}: an example line of {len(line)} columns (80 at most): {line.strip()}")
        found = [(c, p) for c, p in found if c is not None]
        for n, (command, printed) in enumerate(found, 1):
            problems = []
            for line in printed:
                if len(line) > 80:
                    problems.append(f"a line of {len(line)} columns (80 at most): {line.strip()}")
                if two_spaces_outside_quotes(line.removesuffix(" \\")):
                    problems.append(f"two spaces in the command (a note run into it?): {line.strip()}")
            args = shlex.split(command)
            for prev, arg in zip([""] + args, args):
                if prev in WRITTEN:  # a file the example writes
                    continue
                if arg.endswith(".toml") and arg not in known:
                    problems.append(f"{arg} is not a file of the examples folder")
            if not problems:
                scratch = work / f"{tool}-{n}"
                shutil.rmtree(scratch, ignore_errors=True)
                shutil.copytree(examples, scratch)
                try:
                    r = subprocess.run(args, cwd=scratch, capture_output=True, text=True, env=env, timeout=120)
                    if r.returncode != 0:
                        problems.append(f"exit {r.returncode}: {r.stderr.strip()[:300]}")
                    elif not r.stdout.strip():
                        problems.append("printed nothing")
                except subprocess.TimeoutExpired:
                    problems.append("did not finish in 120 s")
                shutil.rmtree(scratch, ignore_errors=True)
            if problems:
                failed.append(f"{command}: " + "; ".join(problems))
                print(f"FAIL {command}")
            else:
                passed += 1
                print(f"ok   {command}")
    for f in failed:
        print(f"help-examples: {f}", file=sys.stderr)
    print(f"{passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
