#!/usr/bin/env python3
"""toml++ stays inside the input layer (docs/DEVELOPING.md, Layers): no file compiled for
tools/ includes <toml++/...>, directly or through a header.

Usage: includes_check.py SOURCE_DIR COMPILE_COMMANDS_JSON

Every source of tools/ is preprocessed with its own compile command (g++ -M: every header it
reaches, system headers included, which -MM would leave out), and so is every header of tools/ on
its own (with the command of a source of its folder). A header under toml++/ in the list fails the
check, naming the file and the chain of headers that brought it in (g++ -H). Headers are found as
the compiler finds them: a build with unity batches lists each batch, whose sources are read back
from it.
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

FORBIDDEN = re.compile(r"(^|/)toml\+\+/")


def command_of(entry):
    """The entry's compile command without the launcher, the output and the source."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    if os.path.basename(args[0]) in ("ccache", "sccache"):
        args = args[1:]
    source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
    out, it = [], iter(args)
    for a in it:
        if a in ("-o", "-MF", "-MT", "-MQ"):
            next(it, None)
        elif a in ("-c", "-MD", "-MMD"):
            continue
        elif os.path.realpath(os.path.join(entry["directory"], a)) != source:
            out.append(a)
    return out


def unity_sources(path):
    """The sources a unity batch includes (CMake's unity_N_cxx.cxx: #include "/abs/path.cpp")."""
    with open(path, encoding="utf-8") as f:
        return re.findall(r'#include\s+"([^"]+)"', f.read())


def headers_reached(cmd, source, directory, header=False):
    lang = ["-x", "c++-header"] if header else []
    r = subprocess.run(cmd + ["-M"] + lang + [source], cwd=directory, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    deps = r.stdout.replace("\\\n", " ").split(":", 1)[-1].split()
    return deps, ""


def chain(cmd, source, directory, header=False):
    """The include chain down to the first toml++ header (g++ -H prints one dot a level)."""
    lang = ["-x", "c++-header"] if header else []
    r = subprocess.run(cmd + ["-H", "-fsyntax-only"] + lang + [source], cwd=directory, capture_output=True,
                       text=True)
    stack = []
    for line in r.stderr.splitlines():
        m = re.match(r"^(\.+) (.*)$", line)
        if not m:
            continue
        depth = len(m.group(1))
        stack = stack[: depth - 1] + [m.group(2)]
        if FORBIDDEN.search(m.group(2)):
            return " -> ".join(stack)
    return "(chain not found)"


def main():
    source_dir = os.path.realpath(sys.argv[1])
    tools_dir = os.path.join(source_dir, "tools") + os.sep
    with open(sys.argv[2], encoding="utf-8") as f:
        entries = json.load(f)
    units = []  # (command, source, directory)
    for e in entries:
        path = os.path.realpath(os.path.join(e["directory"], e["file"]))
        cmd = command_of(e)
        if path.startswith(tools_dir):
            units.append((cmd, path, e["directory"]))
        elif re.search(r"/Unity/unity_\d+_cxx\.cxx$", path) and os.path.exists(path):
            for src in unity_sources(path):
                if os.path.realpath(src).startswith(tools_dir):
                    units.append((cmd, os.path.realpath(src), e["directory"]))
    if not units:
        print(f"includes: no source of {tools_dir} in {sys.argv[2]}", file=sys.stderr)
        return 1
    # Each header of tools/ on its own, with the command of a source of its folder.
    by_dir = {os.path.dirname(src): (cmd, d) for cmd, src, d in units}
    headers = []
    for root, _, files in os.walk(tools_dir):
        for name in sorted(files):
            if name.endswith((".hpp", ".h")) and root in by_dir:
                cmd, d = by_dir[root]
                headers.append((cmd, os.path.join(root, name), d))
    failures = 0
    todo = units + headers
    # The preprocessor runs are independent: as many at once as the machine has cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        reached = list(pool.map(lambda u: headers_reached(u[0], u[1], u[2], not u[1].endswith(".cpp")), todo))
    for (cmd, src, d), (deps, err) in zip(todo, reached):
        is_header = not src.endswith(".cpp")
        rel = os.path.relpath(src, source_dir)
        if deps is None:
            print(f"includes: {rel}: the compiler failed:\n{err}", file=sys.stderr)
            failures += 1
            continue
        bad = [h for h in deps if FORBIDDEN.search(h)]
        if bad:
            failures += 1
            print(f"includes: {rel} reaches toml++: {chain(cmd, src, d, is_header)}", file=sys.stderr)
    checked = len(units) + len(headers)
    if failures:
        print(f"includes: {failures} of {checked} files of tools/ reach toml++ (it belongs to the input layer: "
              "include gunpowder/input/document.hpp, not reader.hpp; gunpowder/data/house_rules.hpp, not data.hpp)",
              file=sys.stderr)
        return 1
    print(f"includes: none of the {len(units)} sources and {len(headers)} headers of tools/ reaches toml++")
    return 0


if __name__ == "__main__":
    sys.exit(main())
