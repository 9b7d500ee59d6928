#!/usr/bin/env python3
"""Provenance under house rules: a figure a house rule changed, and every figure computed from it,
says "house rule (FILE)" in csv's `source` column; every other figure keeps its own source.

The expectations below are written from the rules (which figure is computed from which), not
from the tools' output: for each command, the figures whose source must name the house rule.
Every other figure of the table must not name it. A record table names a figure by its key (csv
`figure`); a table of rows, whose source is a row's, names the row by the columns of the case's
key, joined by ':' (a key "id|line" takes the first of id and line that is not empty).
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

WM = "war-machine/"
PRINCE = WM + "71-house-rule-victories-provenance-csv/"
TWO = WM + "72-house-rule-troop-ratio-provenance-csv/two.toml"
RATIO = WM + "72-house-rule-troop-ratio-provenance-csv/ratio.toml"
KILLED = WM + "73-house-rule-casualties-provenance-csv/killed.toml"
ODDS = {"Orcs wins", "Elves wins", "Tie (equal totals)"}

# Tables of rows: (tool, args, rules, key columns, the rows that name the house rule). A path of
# args under tests/cli is given as "@path".
ROW_CASES = [
    # Two points a victory: the Prince's guard gives 12 victories (capped at 10: 20 points), so its
    # victories line and B' name the house rule; the Undead and the goblins' quick rating give none.
    ("war-machine", ["rate", "@" + PRINCE + "prince.toml", "--format", "csv", "--table", "force-rating"],
     PRINCE + "victories.toml", ("force", "id|line"), {"Prince's guard:victories", "Prince's guard:B'"}),
    # ... and the guard's row of the forces (its BFR, hence its class and BR), no other force's.
    ("war-machine", ["rate", "@" + PRINCE + "prince.toml", "--format", "csv", "--table", "forces"],
     PRINCE + "victories.toml", ("name",), {"Prince's guard"}),
    # The statements are measured from the composition against their thresholds: none.
    ("war-machine", ["rate", "@" + PRINCE + "prince.toml", "--format", "csv", "--table", "statements"],
     PRINCE + "victories.toml", ("force", "letter"), set()),
    # The troop-ratio bands: the orcs (1,200 to 1,000, the larger force) get a troop-ratio line from
    # them, and their modified BR adds it; the elves, the smaller force, have no such line.
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "adjustments"],
     RATIO, ("force", "id|adjustment"), {"Orcs:troop-ratio", "Orcs:Modified BR"}),
    # Every odds of the battle is computed from the modified BRs.
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "odds"], RATIO, ("outcome",), ODDS),
    # The forces: the orcs' modified BR; the elves' figures are their own.
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "forces"], RATIO, ("name",), {"Orcs"}),
    # A campaign of such battles: every figure of each side.
    ("war-machine", ["campaign", "@" + TWO, "--battles", "3", "--format", "csv", "--table", "campaign"],
     RATIO, ("force",), {"Orcs", "Elves"}),
    # Two in three casualties killed: the odds (from the BRs alone) and the fatigue and location
    # after the battle do not name it; the casualties expected of each side, and each combat-results
    # row's killed and wounded, do.
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "odds"], KILLED, ("outcome",), set()),
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "after-the-battle"],
     KILLED, ("force", "of", "state"), set()),
    ("war-machine", ["battle", "@" + TWO, "--format", "csv", "--table", "expected-casualties"],
     KILLED, ("force",), {"Orcs", "Elves"}),
    # Starving defenders lose 20% a week: the weeks after the two weeks of food, not the two before.
    ("war-machine", ["siege", "--weeks", "4", "--food-weeks", "2", "--defender-troops", "500", "--format", "csv"],
     WM + "74-house-rule-starving-provenance-csv/starving.toml", ("week",), {"3", "4"}),
    # 51-100 troops march at 3V/4: 80 troops' movement rate, and the forced march and foraging
    # rates in feet (fractions of V'), name it; the forced march's die (the class's row) and the
    # days without food do not.
    ("war-machine", ["march", "--troops", "80", "--troop-class", "fair", "--movement-ft", "120", "--format", "csv"],
     WM + "75-house-rule-movement-provenance-csv/movement.toml", ("id",),
     {"movement", "forced-march", "forage-slow", "forage-very-slow"}),
    ("war-machine", ["march", "--troops", "80", "--troop-class", "fair", "--movement-ft", "120", "--format", "csv",
                     "--table", "forced-march-results"],
     WM + "75-house-rule-movement-provenance-csv/movement.toml", ("roll|printed",), set()),
]

SD = "siege-duration/"
SIEGE = SD + "56-house-rule-bombard-cost-provenance-csv/siege.toml"
MACHINE = "@../../examples/siege-duration-machine.toml"

# siege-duration: records (the figures' keys) and tables of rows.
ROW_CASES += [
    # The 24-pdr cannon counts 20 bonus units (the book: 16): the besieger's units and the advantage;
    # the table's column is read by the advantage, the days from the cell, the outcome from them;
    # the row is read by the stronghold's shp (given), the defender's units are its own.
    ("siege-duration", ["@" + SD + "50-house-rule-bonus-units/siege.toml", "--method", "simplified", "--format", "csv",
                        "--table", "duration"],
     SD + "50-house-rule-bonus-units/bonus-units.toml", ("figure",),
     {"besieger_total", "advantage", "table_column", "table_column_units_min", "table_column_units_max",
      "table_days", "siege_outcome", "by_assault", "days"}),
    # The 24-pdr cannon's cost a day: the park's cost a day and in all, not its damage or the days.
    ("siege-duration", ["@" + SIEGE, "--method", "bombardment", "--format", "csv", "--table", "result"],
     SD + "56-house-rule-bombard-cost-provenance-csv/cost.toml", ("figure",), {"cost_gp_per_day", "cost_gp_total"}),
    ("siege-duration", ["@" + SIEGE, "--method", "bombardment", "--format", "csv", "--table", "park"],
     SD + "56-house-rule-bombard-cost-provenance-csv/cost.toml", ("piece",), {"24-pdr Cannon"}),
    # Its damage a day at long range (where it stands, plunging fire): the park's shp a day, the
    # days, the cost in all (a day x days), the first breach; the days the defender's cannon are lost.
    ("siege-duration", ["@" + SIEGE, "--method", "bombardment", "--format", "csv", "--table", "result"],
     SD + "57-house-rule-bombard-damage-provenance-csv/damage.toml", ("figure",),
     {"shp_per_day", "days", "cost_gp_total", "days_to_first_breach"}),
    ("siege-duration", ["@" + SIEGE, "--method", "bombardment", "--format", "csv", "--table", "artillery-lost"],
     SD + "57-house-rule-bombard-damage-provenance-csv/damage.toml", ("damage_fraction",), {"0.5", "0.75", "1"}),
    # Strength points rounded to a multiple of 5: every structure; the gates and doors are not.
    ("siege-duration", ["@" + SD + "58-house-rule-structures-rounding-provenance-csv/structures.toml", "--format",
                        "csv", "--table", "structural-strength-points"],
     SD + "58-house-rule-structures-rounding-provenance-csv/rounding.toml", ("name",),
     {"East Wing", "Stockade", "Round stone tower"}),
    # Fortified structures of factor 4: the one fortified structure.
    ("siege-duration", ["@" + SD + "58-house-rule-structures-rounding-provenance-csv/structures.toml", "--format",
                        "csv", "--table", "structural-strength-points"],
     SD + "58-house-rule-structures-rounding-provenance-csv/fortified.toml", ("name",), {"Round stone tower"}),
    ("siege-duration", ["@" + SD + "58-house-rule-structures-rounding-provenance-csv/structures.toml", "--format",
                        "csv", "--table", "gates-and-doors"],
     SD + "58-house-rule-structures-rounding-provenance-csv/rounding.toml", ("target",), set()),
    # A defending piece saves on 13+: the besieger's shots at the defender's 12-pdr guns (the
    # mortar never fires at short range), not the defender's shots, which the besieger does not save.
    ("siege-duration", ["@" + SIEGE, "--method", "duel", "--format", "csv", "--table", "shot-odds"],
     SD + "59-house-rule-duel-save-provenance-csv/save.toml", ("shooter", "target", "range_band"),
     {"24-pdr Cannon (besieger):12-pdr Gun:short", "24-pdr Cannon (besieger):12-pdr Gun:medium",
      "24-pdr Cannon (besieger):12-pdr Gun:long", "90-pdr Mortar (besieger):12-pdr Gun:medium",
      "90-pdr Mortar (besieger):12-pdr Gun:long"}),
    # The Siege Machine's battles are War Machine battles: the share of casualties killed is read by
    # every one (each end of the seeded sieges); the marching rate is not read by any.
    ("siege-duration", [MACHINE, "--method", "siege-machine", "--runs", "200", "--format", "csv", "--table",
                        "siege-ends"],
     KILLED, ("end",), {"captured-by-assault", "captured-by-bombardment", "starved", "abandoned", "departed",
                        "lifted", "holding-out"}),
    ("siege-duration", [MACHINE, "--method", "siege-machine", "--runs", "200", "--format", "csv", "--table",
                        "siege-ends"],
     WM + "75-house-rule-movement-provenance-csv/movement.toml", ("end",), set()),
]


def row_key(row, key):
    """The name of a row: the value of each column of `key` ("a|b": the first not empty), by ':'."""
    parts = []
    for spec in key:
        parts.append(next((row.get(c) or "" for c in spec.split("|") if row.get(c)), ""))
    return ":".join(parts)


def run(a, env, tool, args, rules):
    """The csv of the command with the rules file, or None (the failure printed)."""
    args = [os.path.join(a.cases, x[1:]) if x.startswith("@") else x for x in args]
    path = os.path.join(a.cases, rules)
    cmd = [os.path.join(a.bin, tool)] + args + ["--house-rules", path]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        print(f"FAIL {' '.join(cmd)}: exit {out.returncode}: {out.stderr}")
        return None
    return out.stdout


def compare(tool, args, name, ruled, expected):
    if ruled == expected:
        return 0
    print(f"FAIL {tool} {' '.join(args)} with {name}:")
    print(f"  house rule but should not be: {sorted(ruled - expected)}")
    print(f"  should be house rule, is not: {sorted(expected - ruled)}")
    return 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--cases", required=True)
    a = ap.parse_args()
    failures = 0
    env = dict(os.environ, COLUMNS="100", GUNPOWDER_NO_PROGRESS="1")
    env.pop("GUNPOWDER_RULES", None)
    cases = [(tool, args, rules, ("figure",), expected) for tool, args, rules, expected in CASES] + ROW_CASES
    for tool, args, rules, key, expected in cases:
        name = os.path.basename(rules)
        text = run(a, env, tool, args, rules)
        if text is None:
            failures += 1
            continue
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows or "source" not in rows[0]:
            print(f"FAIL {tool} {' '.join(args)} with {name}: no source column")
            failures += 1
            continue
        ruled = {row_key(row, key) for row in rows if f"house rule ({name})" in (row.get("source") or "")}
        failures += compare(tool, args, name, ruled, expected)
    print(f"provenance: {len(cases) - failures} of {len(cases)} commands as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
