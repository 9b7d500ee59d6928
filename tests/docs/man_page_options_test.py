#!/usr/bin/python3
"""docs.man-options.TOOL: a man page names only the options its tool has.
Usage: man_page_options_test.py REPO_ROOT BIN_DIR TOOL
Checked, against the tool's own option trees (`TOOL [SUBCOMMAND] --help`):
  1. OPTIONS: each subsection (.SS SUBCOMMAND, or .SS common) names every option of that
     subcommand's --help, and no other; a tool without subcommands, every option of its --help;
  2. the whole page: every option it names (\\-\\-name) is an option of the tool or of one of its
     subcommands (its fish completion), or of the tool whose page the same or the previous line
     names ("siege-duration (1)"): a removed option (--rules, --shot, --repeat) left in prose or an
     example fails here.
"""
import pathlib
import re
import subprocess
import sys

OPTION = re.compile(r"\\-\\-([a-z][a-z\\-]*)")
HELP_OPTION = re.compile(r"^\s+(?:-\w,)?--([a-z][a-z-]*)", re.M)
OTHER_PAGE = re.compile(r"([a-z][a-z-]+) \(1\)")


def help_options(binary, *sub):
    out = subprocess.run([str(binary), *sub, "--help"], capture_output=True, text=True, check=True).stdout
    return set(HELP_OPTION.findall(out)) - {"help", "version"}


ALWAYS = {"help", "version", "completion", "describe-output"}  # every tool's, some hidden from --help


def all_options(binary):
    """Every long option of a tool and its subcommands, from its fish completion (`-l NAME`)."""
    out = subprocess.run([str(binary), "--completion", "fish"], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r" -l ([a-z][a-z-]*)", out)) | ALWAYS


def page_options(text):
    return {m.replace("\\", "") for m in OPTION.findall(text)}


def main():
    root, bindir, tool = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    page = (root / "docs" / "man" / f"{tool}.1").read_text(encoding="utf-8")
    binary = bindir / tool
    fails = []
    opts = page[page.index(".SH OPTIONS") : page.index("\n.SH ", page.index(".SH OPTIONS") + 1)]
    parts = re.split(r"^\.SS (\S+)\n", opts, flags=re.M)
    sections = {parts[i]: page_options(parts[i + 1]) for i in range(1, len(parts), 2)}
    common = help_options(binary)
    every = set(common)
    for name, named in sections.items():
        if name == "common":
            continue
        have = help_options(binary, name)
        every |= have
        for o in sorted(have - common - named - sections.get("common", set())):
            fails.append(f"{tool}.1: OPTIONS {name} does not document --{o}")
        for o in sorted(named - have):
            fails.append(f"{tool}.1: OPTIONS {name} documents --{o}, which `{tool} {name} --help` does not list")
    if all(name == "common" for name in sections):
        # A tool without subcommands (gunpowder-book): OPTIONS, whole or as its .SS common, names
        # every option of `TOOL --help`, and no other.
        named = page_options(opts)
        for o in sorted(common - named):
            fails.append(f"{tool}.1: OPTIONS does not document --{o}")
        for o in sorted(named - common - ALWAYS):
            fails.append(f"{tool}.1: OPTIONS documents --{o}, which `{tool} --help` does not list")
    every |= all_options(binary)
    others = {}
    lines = page.split("\n")
    for n, line in enumerate(lines, start=1):
        # An option named right after another page ("siege-duration (1)") is that tool's.
        context = line + (lines[n - 2] if n > 1 else "")
        owner = next((p for p in reversed(OTHER_PAGE.findall(context)) if p != tool), tool)
        if owner != tool and not (bindir / owner).exists():
            continue  # that tool is not built here
        if owner not in others:
            others[owner] = every if owner == tool else all_options(bindir / owner)
        for o in sorted(page_options(line) - others[owner]):
            fails.append(f"{tool}.1:{n}: --{o} is no option of {owner}")
    for f in fails:
        print("FAIL:", f)
    print(f"{tool}: {len(fails)} problems")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
