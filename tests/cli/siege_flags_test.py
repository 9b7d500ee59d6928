#!/usr/bin/env python3
"""siege-duration's siege flags give the figures of the equivalent siege file.

Each case is a siege description written here in the file format and the same siege as flags
(--shp / --value-gp / --structure, --besieger-units, --besieger-artillery 6x24-pdr-cannon@1000,
...); the JSON of both must be the same but for the input's name. Then malformed flags are usage
errors (exit 64) that name the flag, print nothing on stdout and no position in generated text,
and flags with a pipe on standard input do not read it.

Usage: siege_flags_test.py --bin BUILD/bin --work DIR
"""
import argparse
import json
import os
import subprocess
import sys

CASES = [
    # Guns of War's siege of Steinhauer (examples/siege-duration.toml) without names and labels.
    ("steinhauer",
     '[stronghold]\nname = "Stronghold"\nmaterial = "stone"\nshp = 24000\n\n'
     '[besieger]\nname = "Besieger"\nunits = 60\nartillery = [\n'
     '  { type = "cannon", shot_lb = 24, count = 6, range_yd = 1000 },\n'
     '  { type = "mortar", shot_lb = 90, count = 2, range_yd = 2500 },\n]\n\n'
     '[defender]\nname = "Defender"\nunits = 24\nartillery = [ { type = "gun", shot_lb = 12, count = 4 } ]\n',
     ["--shp", "24000", "--besieger-units", "60", "--besieger-artillery", "6x24-pdr-cannon@1000",
      "--besieger-artillery", "2x90-pdr-mortar@2500yd", "--defender-units", "24", "--defender-artillery", "4x12-pdr-gun"]),
    # A small castle from the structure list, four 24-pdr cannon, on an island.
    ("castle",
     '[stronghold]\nname = "Stronghold"\nmaterial = "stone"\nsite = "island"\nstructures = [\n'
     '  { key = "keep_square", count = 1 },\n  { key = "tower_round_small", count = 4 },\n]\n\n'
     '[besieger]\nname = "Besieger"\nunits = 40\nartillery = [ { type = "cannon", shot_lb = 24, count = 4 } ]\n\n'
     '[defender]\nname = "Defender"\nunits = 10\n',
     ["--structure", "keep_square", "--structure", "4xtower_round_small", "--site", "island",
      "--besieger-units", "40", "--besieger-artillery", "4x24-pdr-cannon", "--defender-units", "10"]),
    # A wooden fort by its value.
    ("fort",
     '[stronghold]\nname = "Stronghold"\nmaterial = "wood"\nvalue_gp = 50000\n\n'
     '[besieger]\nname = "Besieger"\nunits = 12\n\n[defender]\nname = "Defender"\nunits = 5\n',
     ["--value-gp", "50000", "--material", "wood", "--besieger-units", "12", "--defender-units", "5"]),
]

ERRORS = [
    (["--shp", "1000", "--besieger-units", "5", "--defender-units", "2", "--besieger-artillery", "4x24-pdr-canon"],
     "error: --besieger-artillery: unknown type", "allowed: cannon, gun, mortar"),
    (["--shp", "1000", "--besieger-units", "5", "--defender-units", "2", "--defender-artillery", "4x12-pdr-gun@300"],
     "--defender-artillery", "only the besieger"),
    (["--shp", "1000", "--value-gp", "5000", "--besieger-units", "5", "--defender-units", "2"], "--shp", "one of"),
    (["--shp", "1000", "--besieger-units", "5"], "--defender-units", "garrison"),
    (["--structure", "keep_squar", "--besieger-units", "5", "--defender-units", "2"], "error: --structure:", "keep_squar"),
    # A figure the rules refuse after reading (a mortar's range, a count over the bound): named by
    # its flag, a usage error, without the made description's line.
    (["--shp", "5000", "--besieger-units", "10", "--defender-units", "5", "--besieger-artillery", "2x200-pdr-mortar@100"],
     "error: --besieger-artillery: a mortar cannot fire at short range", "(100 yd, up to 400 yd)"),
    (["--shp", "5000", "--besieger-units", "10", "--defender-units", "5", "--defender-artillery", "100000x24-pdr-cannon"],
     "error: --defender-artillery: 'count' must be at most 1000", "got 100000"),
    (["--shp", "100", "--besieger-units", "10", "--defender-units", "5", "--besieger-artillery", "600x24-pdr-cannon",
      "--besieger-artillery", "600x24-pdr-cannon"], "error: --besieger-artillery:", "more than 1,000"),
]


def strip_input(doc):
    """The JSON without the input's name (a file's path, or "the siege flags")."""
    if isinstance(doc, dict):
        return {k: strip_input(v) for k, v in doc.items() if k != "input"}
    if isinstance(doc, list):
        return [strip_input(x) for x in doc]
    return doc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    tool = os.path.join(a.bin, "siege-duration")
    os.makedirs(a.work, exist_ok=True)
    failures = 0
    for name, text, flags in CASES:
        path = os.path.join(a.work, name + ".toml")
        with open(path, "w") as f:
            f.write(text)
        outs = []
        for args in ([path], flags):
            p = subprocess.run([tool] + args + ["--format", "json"], capture_output=True, text=True,
                               stdin=subprocess.DEVNULL)
            if p.returncode != 0:
                print(f"FAIL: {name}: {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
                failures += 1
            outs.append(strip_input(json.loads(p.stdout)) if p.returncode == 0 else None)
        if outs[0] is not None and outs[0] == outs[1]:
            print(f"ok: {name}")
        elif outs[0] is not None and outs[1] is not None:
            print(f"FAIL: {name}: the flags' JSON differs from the file's")
            failures += 1
    for args, flag, needle in ERRORS:
        p = subprocess.run([tool] + args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        problems = []
        if p.returncode != 64:
            problems.append(f"exit {p.returncode}")
        if flag not in p.stderr or needle not in p.stderr:
            problems.append(f"expected {flag!r} and {needle!r}")
        if p.stdout:
            problems.append("output on stdout")
        if "flags:" in p.stderr and any(ch.isdigit() for ch in p.stderr.split("flags:")[1].split("error")[0]):
            problems.append("a position in generated text")
        if problems:
            print(f"FAIL: {' '.join(args)}: {'; '.join(problems)}: {p.stderr.strip()}")
            failures += 1
        else:
            print(f"ok: error naming {flag}")
    p = subprocess.run([tool, "--shp", "1000", "--besieger-units", "5", "--defender-units", "2"], input="[x\n",
                       capture_output=True, text=True)
    if p.returncode != 0:
        print(f"FAIL: flags with a pipe on stdin: exit {p.returncode}: {p.stderr.strip()}")
        failures += 1
    print(f"{failures} failure(s)" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
