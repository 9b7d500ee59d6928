#!/usr/bin/env python3
"""fire-odds: a scenario table's keys are its subcommand's long options with "_" for "-".

Usage: file_keys_test.py BIN_DIR

The man page (INPUT) promises that each [[artillery]], [[firearm]], [[broadside]], [[arquebus]] and
[[dowel]] table takes its subcommand's long options as keys (flags as booleans), plus `name`. For
each subcommand this reads the options from `fire-odds SUB --help` and the keys from the error a
table with an unknown key gets (its "allowed:" list), and checks both directions, leaving out the
options that shape the whole run rather than a scenario (format, output, tables, charts, rules).
Prints "N passed, M failed".
"""
import pathlib
import re
import subprocess
import sys
import tempfile

SUBCOMMANDS = ["artillery", "firearm", "broadside", "arquebus", "dowel"]
# Options of the run, not of a scenario: common to every subcommand and not file keys.
RUN_OPTIONS = {"help", "version", "format", "output", "explain", "table", "chart", "svg", "distributions",
               "fractions", "csv_formulas", "house_rules", "print_rules"}


def options_of(tool, sub):
    text = subprocess.run([tool, sub, "--help"], capture_output=True, text=True, check=True).stdout
    return {m.replace("-", "_") for m in re.findall(r"(?:^|[\s,])--([a-z0-9][a-z0-9-]*)", text)} - RUN_OPTIONS


def keys_of(tool, sub):
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "unknown.toml"
        path.write_text(f"[[{sub}]]\nnot_a_key_of_any_table = 1\n")
        run = subprocess.run([tool, str(path)], capture_output=True, text=True)
    m = re.search(r"allowed: ([^)]*)\)", run.stderr)
    if run.returncode != 65 or not m:
        raise SystemExit(f"fire-odds {sub}: no list of allowed keys in: {run.stderr!r}")
    return set(m.group(1).split(", ")) - {"name"}


def main():
    tool = str(pathlib.Path(sys.argv[1]) / "fire-odds")
    passed = failed = 0
    for sub in SUBCOMMANDS:
        options, keys = options_of(tool, sub), keys_of(tool, sub)
        for what, missing in (("options that are no file key", options - keys),
                              ("file keys that are no option", keys - options)):
            if missing:
                failed += 1
                print(f"FAIL fire-odds {sub}: {what}: {', '.join(sorted(missing))}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
