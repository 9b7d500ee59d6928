#!/usr/bin/env python3
"""Provenance under house rules: a figure a house rule changed, and every figure computed from it,
says "house rule (FILE)" in csv's `source` column; every other figure keeps its own source.

The expectations below are written from the rules (which figure is computed from which), not
from the tools' output: for each command, the figures whose source must name the house rule.
Every other figure of the table must not name it.
Usage: provenance_test.py --bin BUILD/bin --cases tests/cli
"""
import argparse
import csv
import io
import os
import subprocess
import sys

CASES = [
    # A 12-pdr gun of 9d10 (the book: 6d10): the dice, and nothing else of a book piece (its area
    # of effect, bombardment and battle rating are the book's own figures, not read from the dice).
    ("artillery-design", ["--type", "gun", "--shot-lb", "12", "--format", "csv"],
     "artillery-design/64-house-rule-damage-provenance-csv/damage-9.toml", {"damage", "damage_dice"}),
    # [rules.design] damage_band: a designed 15-pdr's dice, and its line's length (5' + 5' a die).
    ("artillery-design", ["--type", "gun", "--shot-lb", "15", "--format", "csv"],
     "artillery-design/65-house-rule-design-damage-band-csv/dmg-band.toml", {"damage", "damage_dice", "aoe_ft"}),
    # A matchlock arquebus of 1d10: the damage, its mean, and the damage a minute (hits x mean).
    ("fire-odds", ["firearm", "--weapon", "matchlock arquebus", "--range-ft", "30", "--target-ac", "5",
                   "--format", "csv"],
     "fire-odds/81-house-rule-damage-provenance-csv/arq-d10.toml",
     {"damage", "damage_mean", "expected_damage_per_minute_long_run"}),
    # The 12-pdr gun of 9d10 fired: the damage, its mean and the structural damage expected of it.
    ("fire-odds", ["artillery", "--type", "gun", "--shot-lb", "12", "--range-yd", "400", "--target-ac", "6",
                   "--format", "csv", "--table", "damage"],
     "fire-odds/82-house-rule-artillery-damage-csv/damage-9.toml",
     {"damage", "damage_mean", "expected_shp_direct_hits", "expected_shp_with_close_hits"}),
    # Dwarven matchlock arquebusiers at 15 gp: the troop's wage, the unit's (x troops), the total.
    ("unit-br", ["--troop", "matchlock-arquebusiers", "--race", "dwarf", "--format", "csv", "--table",
                 "campaign-cost"],
     "unit-br/77-house-rule-wage-provenance-csv/wage.toml",
     {"troop_wage_gp_per_month", "wage_gp_per_month", "total_gp_per_month"}),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--cases", required=True)
    a = ap.parse_args()
    failures = 0
    env = dict(os.environ, COLUMNS="100", GUNPOWDER_NO_PROGRESS="1")
    env.pop("GUNPOWDER_RULES", None)
    for tool, args, rules, expected in CASES:
        path = os.path.join(a.cases, rules)
        name = os.path.basename(path)
        cmd = [os.path.join(a.bin, tool)] + args + ["--house-rules", path]
        out = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if out.returncode != 0:
            print(f"FAIL {' '.join(cmd)}: exit {out.returncode}: {out.stderr}")
            failures += 1
            continue
        ruled = set()
        for row in csv.DictReader(io.StringIO(out.stdout)):
            if f"house rule ({name})" in (row.get("source") or ""):
                ruled.add(row["figure"])
        if ruled != expected:
            print(f"FAIL {tool} {' '.join(args)} with {name}:")
            print(f"  house rule but should not be: {sorted(ruled - expected)}")
            print(f"  should be house rule, is not: {sorted(expected - ruled)}")
            failures += 1
    print(f"provenance: {len(CASES) - failures} of {len(CASES)} commands as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
