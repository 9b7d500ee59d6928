#!/usr/bin/env python3
"""data.perturbation: every figure of data/*.toml is read by a rule, or house rules refuse it.

For each built-in table data/NAME.toml, every numeric leaf (and every boolean, a rule flag) is
changed in turn by a house-rules file (`[house_rules] table = "NAME"`) that gives only that figure
(x -> 2x+1 for an integer, 2x-1 when negative; a float x in (0, 1) -> x/2, else as an integer; a
boolean is flipped). The table's probe commands (PROBES below: golden cases of tests/cli, run with
`--format json` unless they ask for csv, and a few commands of their own) are then run with
`--house-rules rules.toml`; the figure passes when some probe's standard output differs from its
output under a rules file that changes nothing (compared without the list of changes and without
the provenance of the figures: a house rule marks every figure it reaches "house rule (FILE)", a
whole table's when a tool reads all of it, so a mark alone says nothing of the figure), or when the
tool refuses the file with exit status 65 (a key no rule reads, a value the loader or a cross-check refuses). A figure whose every probe
prints the same is a failure: it is a figure no rule reads (make a rule read it, or move it into a
comment of the table), or one the probes do not reach (add a probe that does).

An error probe is a golden case that fails (it has a `code` file): a figure that decides a refusal
(a flag that forbids, a bound) is seen only there, since loosening it makes the refused input
succeed. Its output under the rules file that changes nothing must be its failure, and the figure
passes when its exit status, standard output or standard error changes.

Speed: the probes of a table run one after the other until one tells (the cheapest first), two
figures at a time (--jobs). By default each key *path* (a key of a table, or of every row of an
array of tables, e.g. `piece[].crew`) is tried on one row chosen deterministically (a hash of the
path): every key of every table is covered, not every row. `--all` tries every row of every key.
A probe is normally a command that succeeds; a figure that only bounds what a user may give (and
so changes no output it lets through) is probed by a command refused without the change (exit 64).
The natural key of a row (its `key`, `id`, `name`, ...: rules.cpp) and the worked examples
(`example`: read by the unit tests, refused to house rules) are named in the summary, not perturbed
one by one: a sample of them is checked to be refused.

Prints one line per failure and a summary `N passed, M failed`; exits 1 when something failed.
Only the standard library (Python 3.11: tomllib).
"""
import argparse
import concurrent.futures
import copy
import csv
import hashlib
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib

# The structures of data/siege_duration.toml's [siege_structure], one each in a probe.
SIEGE_STRUCTURES = ["barbican", "battlement", "building_stone", "building_wood", "gatehouse", "keep_square",
                    "tower_round_small", "tower_round_medium", "tower_round_large", "tower_round_huge",
                    "wall_stone_20ft", "wall_stone_30ft", "wall_stone_40ft", "wall_stone_50ft", "wall_stone_60ft",
                    "rampart_earthen", "palisade_wood", "drawbridge_wood"]

# The probes of each table: a golden case "tool/NN-name" (its args, {CASE} replaced, its stdin) or
# a command ["tool", args...] ({EXAMPLES}: examples/, {CASES}: tests/cli/, {PROBES}: the inputs of
# tests/data/probes/, which only this test reads). Cheapest and widest first: each figure stops at the first probe that
# changes.
PROBES = {
    "artillery": [
        ["artillery-design", "--catalogue", "--format", "json"],
        ["artillery-design", "--economies", "--format", "json"],
        ["artillery-design", "--compare", "--format", "json"],
        ["artillery-design", "--type", "cannon", "--shot-lb", "24", "--format", "json"],
        ["artillery-design", "--type", "mortar", "--shot-lb", "90", "--format", "json"],
        "artillery-design/05-custom-mortar-field",
        "artillery-design/09-reduced-charge-explain",
        "artillery-design/10-dwarven-automaton-json",
        "artillery-design/11-formula-forced",
        "artillery-design/53-formula-15lb-gun-rof-first",
        "artillery-design/07-pieces-file",
        "fire-odds/02-artillery-json",
        "fire-odds/75-artillery-mortar-all-json",
        "fire-odds/56-artillery-scatter-csv",
        "siege-duration/09-duel-odds-json",
        "siege-duration/03-duel-trace",
        "siege-duration/04-bombardment-markdown",
        "artillery-design/94-explain-json",
        "fire-odds/86-explain-json",
    ],
    "artillery_damage": [
        "fire-odds/02-artillery-json",
        "fire-odds/75-artillery-mortar-all-json",
        "fire-odds/05-artillery-units-heroes",
        "fire-odds/19-artillery-explain",
        "fire-odds/51-artillery-results-csv",
        "fire-odds/52-artillery-units-csv",
        "fire-odds/53-artillery-heroes-csv",
        "fire-odds/54-artillery-creatures-book-cover-csv",
        "fire-odds/55-artillery-damage-csv",
        "fire-odds/73-artillery-veteran-text",
        "fire-odds/03-artillery-plunging-markdown",
        "fire-odds/04-artillery-example2-csv",
        "fire-odds/92-artillery-enfilade-json",
        # Every cell of every damage table: each HD column's lowest HD at each troop band's fewest.
        ["fire-odds", "{PROBES}/artillery-damage-cells.toml", "--format", "json"],
        # One troop past each table's largest band (61 to 120): refused.
        {"exit": 64, "argv": ["fire-odds", "artillery", "--type", "mortar", "--shot-lb", "200", "--range-yd", "2000",
                              "--troops", "121", "--hd", "1", "--unit-save", "14"]},
        {"exit": 64, "argv": ["fire-odds", "artillery", "--type", "mortar", "--shot-lb", "90", "--range-yd", "2000",
                              "--troops", "121", "--hd", "1", "--unit-save", "14"]},
        {"exit": 64, "argv": ["fire-odds", "artillery", "--type", "cannon", "--shot-lb", "60", "--range-yd", "400",
                              "--troops", "121", "--hd", "1", "--unit-save", "14"]},
    ],
    "broadside": [
        "fire-odds/09-broadside-json",
        "fire-odds/76-broadside-dice-target-json",
        "fire-odds/10-broadside-dice",
        "fire-odds/11-broadside-canister-markdown",
        "fire-odds/18-broadside-aim-high",
        "fire-odds/60-broadside-point-blank-casualties-csv",
        "fire-odds/61-broadside-special-csv",
        "fire-odds/62-broadside-target-csv",
        "fire-odds/63-broadside-dice-csv",
        "fire-odds/64-broadside-structural-csv",
        "siege-duration/04-bombardment-markdown",
        "siege-duration/24-siege-machine-trace",
        "fire-odds/89-broadside-captain-casualties-json",
        "fire-odds/90-broadside-medium-range-explain-json",
        "fire-odds/86-explain-json",
        "fire-odds/91-broadside-err-chain-long",
        # Every row of the Number of Dice to roll table: one to five cannon of each type.
        ["fire-odds", "{PROBES}/broadside-dice-pools.toml", "--format", "json"],
    ],
    "chainmail": [
        "fire-odds/13-arquebus-attack-dice-json",
        "fire-odds/12-arquebus-text",
        "fire-odds/35-arquebus-turns-json",
        "fire-odds/14-dowel-text",
        "fire-odds/33-dowel-terrain-text",
        "fire-odds/34-dowel-terrain-crew-json",
        "fire-odds/39-dowel-level-flight-first-called",
        "fire-odds/67-dowel-sections-csv",
        "fire-odds/69-dowel-cannon-ranges-csv",
        "fire-odds/70-dowel-faces-csv",
        "fire-odds/71-dowel-shots-csv",
        # The accuracy die's farthest and nearest bands (6-12 is 12-arquebus-text's), with both cover
        # and the rest; the attack dice's short and long bands (medium is 13's) at an effective AR of
        # 2 and 3, where the self-hit face takes a face that would hit the target.
        ["fire-odds", "arquebus", "--men", "10", "--range-in", "15", "--cover", "over-half", "--rested",
         "--format", "json"],
        ["fire-odds", "arquebus", "--men", "10", "--range-in", "3", "--format", "json"],
        ["fire-odds", "arquebus", "--system", "attack-dice", "--men", "10", "--range-in", "3", "--ar", "12",
         "--format", "json"],
        ["fire-odds", "arquebus", "--system", "attack-dice", "--men", "10", "--range-in", "15", "--ar", "3",
         "--format", "json"],
        # Each class's dowel shifted by the variation die across a narrow target (its thickness
        # counts), over six turns (its catapult's rate of fire).
        ["fire-odds", "dowel", "--gun", "light", "--call", "white", "--range-in", "14", "--depth-in", "4",
         "--width-in", "1", "--offsets", "0,1.5,3,-1.5,-3,0", "--turns", "6", "--format", "json"],
        ["fire-odds", "dowel", "--gun", "heavy", "--call", "white", "--range-in", "14", "--depth-in", "4",
         "--width-in", "1", "--offsets", "0,1.5,3,-1.5,-3,0", "--turns", "6", "--format", "json"],
        ["fire-odds", "dowel", "--gun", "bombard", "--call", "white", "--range-in", "14", "--depth-in", "4",
         "--width-in", "1", "--offsets", "0,1.5,3,-1.5,-3,0", "--turns", "6", "--format", "json"],
        # An offset off the 6" variation measure centred on the dowel's end (3.5" > 3"): refused.
        {"exit": 64, "argv": ["fire-odds", "dowel", "--gun", "heavy", "--call", "white", "--range-in", "26",
                              "--depth-in", "8", "--width-in", "4", "--offsets", "0,1.5,3.5,-1.5,-3,0"]},
    ],
    "firearms": [
        "fire-odds/07-firearm-json",
        "fire-odds/08-firearm-catalogue-markdown",
        "fire-odds/06-firearm-text",
        "fire-odds/57-firearm-veteran-shot-csv",
        "fire-odds/58-firearm-volley-csv",
        ["fire-odds", "firearm", "--weapon", "matchlock musket", "--range-ft", "150", "--target-ac", "6",
         "--carried-stone", "11", "--uncleaned", "--no-rest", "--penalties", "rule", "--format", "json"],
        ["fire-odds", "firearm", "--weapon", "matchlock arquebus", "--range-ft", "80", "--target-ac", "6",
         "--carried-stone", "6", "--penalties", "rule", "--format", "json"],
        ["fire-odds", "firearm", "--weapon", "rifled flintlock musket", "--range-ft", "150", "--target-ac", "6",
         "--carried-stone", "8", "--penalties", "rule", "--format", "json"],
        ["fire-odds", "firearm", "--weapon", "flintlock arquebus", "--range-ft", "20", "--target-ac", "6",
         "--scattershot", "--format", "json"],
        ["unit-br", "--catalogue", "--format", "json"],
        "unit-br/01-json-matchlock-musketeers",
        "unit-br/64-csv-table-attacks-dragoons",
        "unit-br/04-file-text",
        "unit-br/83-file-rifled-flyers-json",
    ],
    "gunpowder_economies": [
        ["artillery-design", "--economies", "--format", "json"],
        "artillery-design/10-dwarven-automaton-json",
        "artillery-design/47-automaton-stone-12-grimm",
        "artillery-design/46-economies-grimm-set-up-x5",
        ["artillery-design", "--catalogue", "--format", "json"],
        "unit-br/25-catalogue-markdown-beastman",
        "artillery-design/94-explain-json",
        "artillery-design/97-dwarven-price-multiplier-low-json",
        "artillery-design/99-house-rules-automaton-abilities-json",
        "artillery-design/98-err-price-multiplier-above-machinist",
    ],
    "siege_duration": [
        "siege-duration/02-simplified-json",
        "siege-duration/06-structures",
        "siege-duration/07-bonus-table",
        "siege-duration/08-wood-site",
        "siege-duration/38-worked-example-bonus-units-27",
        "siege-duration/27-spiked",
        "siege-duration/21-explain",
        # A stronghold of one of each structure (40,372 shp) on an island: every row's shp is in its
        # total; 20 days on the table, x4.
        ["siege-duration", "--method", "simplified", "--besieger-units", "80", "--defender-units", "20",
         "--site", "island"] + [a for key in SIEGE_STRUCTURES for a in ("--structure", key)],
        # The Duration of Siege table's row 200,001-250,000, column 51-75 (120 days).
        ["siege-duration", "--method", "simplified", "--shp", "220000", "--besieger-units", "80",
         "--defender-units", "20"],
    ],
    "siege_machine": [
        "siege-duration/24-siege-machine-trace",
        "siege-duration/29-siege-machine-sally",
        "siege-duration/30-siege-machine-depart-json",
        "siege-duration/31-siege-machine-bombardment-damage",
        "siege-duration/36-siege-machine-money-json",
        "siege-duration/40-siege-machine-columns-200",
        "siege-duration/45-field-construction-csv",
        "siege-duration/44-weekly-costs-csv",
        "war-machine/12-siege-text",
        # The BR bonuses of a harassment under concentrated fire and of an assault, figure by figure.
        "siege-duration/63-siege-machine-harass-bonuses-csv",
        "siege-duration/64-siege-machine-assault-bonuses-csv",
        "siege-duration/65-field-construction-overseers-csv",
        "siege-duration/66-siege-machine-create-food-costs-csv",
        # The harassment over six weeks: its battles' locations and engaged troops, and the
        # derivation's "beyond 200' of the front".
        ["siege-duration", "{CASES}/siege-duration/63-siege-machine-harass-bonuses-csv/siege.toml", "--method",
         "siege-machine", "--trace", "--seed", "1", "--weeks", "6", "--explain", "--format", "json"],
        # A departure under bombardment, never noticed ([[departure_detection]] noticed = false).
        ["siege-duration", "{CASES}/siege-duration/30-siege-machine-depart-json/siege.toml", "--method",
         "siege-machine", "--plan", "bombard", "--trace", "--seed", "3", "--format", "json"],
        ["siege-duration", "{PROBES}/siege-machine-ammunition.toml", "--method", "siege-machine", "--trace", "--seed",
         "1", "--format", "json"],
        ["siege-duration", "{PROBES}/siege-machine-ballistas.toml", "--method", "siege-machine", "--trace", "--seed",
         "1", "--format", "json"],
        ["siege-duration", "{PROBES}/siege-machine-sally-fatigue.toml", "--method", "siege-machine", "--trace",
         "--seed", "1", "--format", "json"],
        ["siege-duration", "{PROBES}/siege-machine-harass-rout.toml", "--method", "siege-machine", "--trace",
         "--seed", "1", "--format", "json"],
    ],
    "structures": [
        "siege-duration/06-structures",
        ["siege-duration", "{EXAMPLES}/siege-duration-structures.toml", "--format", "json"],
        "siege-duration/04-bombardment-markdown",
        "siege-duration/31-siege-machine-bombardment-damage",
    ],
    "troops": [
        ["unit-br", "--catalogue", "--format", "json"],
        "unit-br/03-catalogue-compare",
        "unit-br/25-catalogue-markdown-beastman",
        "unit-br/65-csv-table-availability",
        "unit-br/02-csv-veteran-flintlock-arquebusiers",
        "unit-br/84-csv-table-realms-pikemen",
        "unit-br/85-csv-table-realms-hussars",
        "unit-br/88-csv-table-realms-harquebusiers",
        "unit-br/89-csv-table-realms-demi-lancers",
        "unit-br/90-csv-table-availability-swordsmen",
        "unit-br/91-csv-table-availability-armored-swordsmen",
        "unit-br/92-csv-table-availability-hussars",
        "unit-br/87-house-rules-riding-horse-json",
        "unit-br/86-err-kobold-musket",
    ],
    "unit_rules": [
        ["unit-br", "--catalogue", "--format", "json"],
        "unit-br/03-catalogue-compare",
        "unit-br/09-compare-json-text-reading",
        "unit-br/05-markdown-dragoons-reform",
        "unit-br/07-text-explain-cuirassiers",
        "unit-br/04-file-text",
        "unit-br/08-stdin-custom-json",
        "unit-br/69-csv-table-battle-rating",
        "unit-br/64-csv-table-attacks-dragoons",
        "unit-br/83-file-rifled-flyers-json",
        # Every cell of both movement tables, and every row of the rate of fire's Other column.
        ["unit-br", "{PROBES}/unit-movement-and-rates.toml", "--format", "json"],
    ],
    "units": [
        ["unit-br", "--catalogue", "--format", "json"],
        "unit-br/03-catalogue-compare",
        "unit-br/02-csv-veteran-flintlock-arquebusiers",
        "unit-br/66-csv-table-battle-rosters",
    ],
    "war_machine": [
        "war-machine/04-battle-json",
        "war-machine/02-rate-json",
        "war-machine/11-march-json",
        "war-machine/52-campaign-json",
        "war-machine/12-siege-text",
        "war-machine/13-armies-text",
        "war-machine/09-battle-explain",
        "war-machine/07-battle-roll",
        "war-machine/48-rate-percent-exact-json",
        "war-machine/49-battle-ratio-floor",
        ["war-machine", "march", "--troops", "300", "--troop-class", "elite", "--format", "json"],
        ["war-machine", "march", "--troops", "300", "--troop-class", "untrained", "--format", "json"],
        "siege-duration/24-siege-machine-trace",
        # The adjustment lines of four battles by the card, figure by figure; a force's BFR lines (in
        # JSON, with its statements).
        "war-machine/102-battle-adjustments-by-the-card-csv",
        "war-machine/103-rate-officers-special-troops-text",
        # Lines that last one battle, over rounds; a withdrawing winner; a simple siege's defender.
        ["war-machine", "battle", "--roll", "--seed", "1", "--rounds", "5", "--force",
         "A:1000:br=60,role=attacker,situation=attacking-on-march,situation=ambush", "--force",
         "B:1000:br=130,role=defender", "--format", "json"],
        ["war-machine", "battle", "--force", "W:500:br=200,role=attacker,tactic=withdraw", "--force",
         "E:500:br=50,role=defender,tactic=envelop", "--format", "json"],
        ["war-machine", "battle", "--simple-siege", "--force", "A:2000:br=150,role=attacker", "--force",
         "D:200:br=100,role=defender", "--format", "json"],
        # A poor force, seriously fatigued, three days without food.
        ["war-machine", "march", "--troops", "300", "--troop-class", "poor", "--fatigue", "serious",
         "--days-without-food", "3", "--format", "json"],
        ["war-machine", "march", "--troops", "300", "--troop-class", "poor", "--format", "json"],
    ],
}

NATURAL_KEYS = [["key"], ["id"], ["name"], ["code"], ["type"], ["race", "troop_type"]]
NOTE_TABLES = {"example"}  # top-level tables of worked examples: the tests read them, no rule does


def is_key_value(v):
    return isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool))


def natural_key(rows):
    """rules.cpp's natural_key: the first candidate every row holds as a string or an integer, unique."""
    for fields in NATURAL_KEYS:
        seen = set()
        ok = True
        for row in rows:
            if not all(f in row and is_key_value(row[f]) for f in fields):
                ok = False
                break
            v = tuple(row[f] for f in fields)
            if v in seen:
                ok = False
                break
            seen.add(v)
        if ok:
            return fields
    return []


def is_table_array(v):
    return isinstance(v, list) and v and all(isinstance(e, dict) for e in v)


def leaves(node, path=()):
    """(path, value) of every number and boolean; a path step is a key or a list index."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from leaves(v, path + (i,))
    elif isinstance(node, (bool, int, float)):
        yield path, node


def signature(path):
    """The key path of a leaf, rows and list items as []: piece[].crew."""
    out = ""
    for step in path:
        out += "[]" if isinstance(step, int) else ("." if out else "") + step
    return out


def is_natural_key_field(doc, path):
    node = doc
    for i, step in enumerate(path):
        if isinstance(step, int) and is_table_array(node) and i + 1 == len(path) - 1:
            return path[-1] in natural_key(node)
        node = node[step]
    return False


def perturb(x):
    if isinstance(x, bool):
        return not x
    if isinstance(x, int):
        return 2 * x + 1 if x >= 0 else 2 * x - 1
    if 0 < x < 1:
        return x / 2
    return 2 * x + 1 if x >= 0 else 2 * x - 1


def overlay(node, path, value):
    """The least a rules file gives to change the leaf at `path` of `node` to `value`."""
    if not path:
        return value
    step, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {step: overlay(node[step], rest, value)}
    if is_table_array(node):
        fields = natural_key(node)
        if fields:
            row = {f: node[step][f] for f in fields}
            row.update(overlay(node[step], rest, value))
            return [row]
    return replaced(node, path, value)  # rows without a natural key or a list of figures: replaced whole


def replaced(node, path, value):
    """A copy of `node` with the leaf at `path` changed to `value` (every other key kept)."""
    whole = copy.deepcopy(node)
    at = whole
    for step in path[:-1]:
        at = at[step]
    at[path[-1]] = value
    return whole


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(e) for e in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(json.dumps(k) + " = " + toml_value(e) for k, e in v.items()) + "}"
    return json.dumps(str(v))  # dates: none in the tables


def rules_text(table, over):
    lines = [json.dumps(k) + " = " + toml_value(v) for k, v in over.items()]
    return "\n".join(lines) + ("\n" if lines else "") + '[house_rules]\ntable = "%s"\n' % table


class Probe:
    def __init__(self, spec, args):
        self.cases = args.cases
        self.bin = args.bin
        self.stdin = None
        # A figure that only refuses input (a bound of what a user may give) changes no output it
        # lets through: its probe is a command refused without the change, {"exit": 64, "argv": [...]}
        # (never 65, which says that the rules file is refused). A golden case that fails (it has a
        # code file) is an error probe too: its baseline is its failure, stderr included.
        self.exit = 0
        self.watch_err = False
        if isinstance(spec, dict):
            self.exit = spec["exit"]
            assert self.exit not in (0, 65), spec
            spec = spec["argv"]
        if isinstance(spec, str):
            case = os.path.join(args.cases, spec)
            with open(os.path.join(case, "args"), encoding="utf-8") as f:
                argv = [spec.split("/")[0]] + [a.replace("{CASE}", case) for a in f.read().splitlines()]
            if os.path.exists(os.path.join(case, "stdin")):
                self.stdin = os.path.join(case, "stdin")
            if os.path.exists(os.path.join(case, "code")):  # an error probe: its baseline is its failure
                with open(os.path.join(case, "code"), encoding="utf-8") as f:
                    self.exit = int(f.read().strip())
                    self.watch_err = True
            self.name = spec
        else:
            argv = [a.replace("{EXAMPLES}", args.examples).replace("{CASES}", args.cases)
                    .replace("{PROBES}", os.path.join(os.path.dirname(os.path.abspath(__file__)), "probes"))
                    for a in spec]
            self.name = " ".join(spec)
        # json (or csv) only: a text or markdown output lists the changed figure itself. JSON holds
        # every table: a --table of text is dropped.
        if self.watch_err:
            pass  # an error probe runs as its golden case does
        elif "--format" not in argv:
            argv += ["--format", "json"]
        else:
            at = argv.index("--format") + 1
            if argv[at] not in ("json", "csv"):
                argv[at] = "json"
        if "--table" in argv and argv[argv.index("--format") + 1] == "json":
            at = argv.index("--table")
            del argv[at:at + 2]
        self.tool = argv[0]
        self.argv = [os.path.join(args.bin, argv[0])] + argv[1:]

    def run(self, cwd, rules):
        env = dict(os.environ, COLUMNS="100", GUNPOWDER_NO_PROGRESS="1")
        env.pop("GUNPOWDER_RULES", None)
        stdin = open(self.stdin, "rb") if self.stdin else subprocess.DEVNULL
        try:
            p = subprocess.run(self.argv + ["--house-rules", rules], cwd=cwd, env=env, stdin=stdin,
                               capture_output=True, timeout=120)
        finally:
            if self.stdin:
                stdin.close()
        return p.returncode, normalize(p.stdout), p.stderr.decode("utf-8", "replace")


PROVENANCE = re.compile(r"house rule \([^)]*\)(, )?")


def plain_source(v):
    """A source with the house rule's provenance taken out: "house rule (FILE), formula" is
    "formula", and "house rule (FILE)" stands where the plain source is "book" or none, so those
    three are one. A source says where a figure comes from, not what it is: a house rule marks
    every figure it reaches (a whole table's, for a tool that reads all of it), so that a figure
    that only changed its source is not taken for a figure that changed."""
    if isinstance(v, str):
        v = PROVENANCE.sub("", v)
        return None if v in ("", "book") else v
    if isinstance(v, dict):
        return {k: plain_source(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain_source(x) for x in v]
    return v


def without_provenance(node):
    if isinstance(node, dict):
        return {k: plain_source(v) if k in ("source", "sources") else without_provenance(v) for k, v in node.items()}
    if isinstance(node, list):
        return [without_provenance(v) for v in node]
    return node


def normalize(out):
    """The output without the list of changes (which names the changed figure) and without the
    provenance of its figures (JSON's `source` and `sources`, csv's `source` column)."""
    try:
        doc = json.loads(out)
    except ValueError:
        return normalize_csv(out)
    if isinstance(doc, dict):
        hr = doc.pop("house_rules", None)
        if hr is not None and set(doc) == {"result"}:
            doc = doc["result"]
    return json.dumps(without_provenance(doc), sort_keys=True).encode()


def normalize_csv(out):
    try:
        rows = list(csv.reader(io.StringIO(out.decode("utf-8"))))
    except (UnicodeDecodeError, csv.Error):
        return out
    if not rows or "source" not in rows[0]:
        return out
    at = rows[0].index("source")
    for row in rows[1:]:
        if at < len(row):
            row[at] = plain_source(row[at]) or ""
    return json.dumps(rows).encode()


class Worker:
    """A scratch directory per thread: the rules file is always ./rules.toml, so that outputs
    naming the file are the same for every figure."""

    def __init__(self, work, n):
        self.dir = os.path.join(work, "w%s" % n)
        os.makedirs(self.dir, exist_ok=True)

    def write(self, text):
        with open(os.path.join(self.dir, "rules.toml"), "w", encoding="utf-8") as f:
            f.write(text)
        return "rules.toml"


class Baseline:
    """The outputs of the probes under a rules file for `table` that changes nothing, by probe, made
    on first use in a scratch directory of its own (./rules.toml, as the workers')."""

    def __init__(self, table, workers):
        self.table = table
        self.worker = Worker(os.path.dirname(workers[0].dir), "-base-" + table)
        self.worker.write(rules_text(table, {}))
        self.lock = threading.Lock()
        self.outputs = {}
        self.broken = []

    def get(self, i, probe):
        with self.lock:
            if i not in self.outputs:
                code, out, err = probe.run(self.worker.dir, "rules.toml")
                if code != probe.exit:
                    self.broken.append("probe %s exits %d without changes, not %d: %s" %
                                       (probe.name, code, probe.exit, err.strip()))
                self.outputs[i] = (code, out, err if probe.watch_err else "")
            return self.outputs[i]


def check_figure(worker, table, doc, path, probes, baseline):
    value = doc
    for step in path:
        value = value[step]
    new = perturb(value)
    rules = worker.write(rules_text(table, overlay(doc, path, new)))
    for i, probe in enumerate(probes):
        code, out, err = probe.run(worker.dir, rules)
        if code < 0:
            return "crashed", probe.name, "signal %d" % -code
        if probe.watch_err:  # an error probe: any change of its failure tells
            if (code, out, err) != baseline.get(i, probe):
                return "changed", probe.name, "exit %d" % code
            continue
        if code == 65:
            return "refused", probe.name, err.strip().splitlines()[0] if err.strip() else ""
        if (code, out, "") != baseline.get(i, probe):
            return "changed", probe.name, "exit %d" % code if code else ""
    return "unchanged", "", "%r -> %r" % (value, new)


def golden_cases(args):
    """Every golden case that succeeds and writes no file: candidates for PROBES."""
    out = []
    for tool in sorted(os.listdir(args.cases)):
        tdir = os.path.join(args.cases, tool)
        if not os.path.isdir(tdir):
            continue
        for case in sorted(os.listdir(tdir)):
            cdir = os.path.join(tdir, case)
            if not os.path.exists(os.path.join(cdir, "args")) or os.path.exists(os.path.join(cdir, "code")):
                continue
            if os.path.exists(os.path.join(cdir, "files")):
                continue
            text = open(os.path.join(cdir, "args"), encoding="utf-8").read()
            if any(f in text.split("\n") for f in ("--output", "--svg", "--write-forces", "--house-rules", "--chart",
                                                     "--help", "--version", "--print-rules", "--completion")):
                continue
            out.append(tool + "/" + case)
    return out


DISCOVER_CACHE = {}


def discover(worker, table, doc, path, args):
    if table not in DISCOVER_CACHE:
        probes = [Probe(spec, args) for spec in golden_cases(args)]
        DISCOVER_CACHE[table] = (probes, [p.run(worker.dir, worker.write(rules_text(table, {}))) for p in probes])
    probes, base = DISCOVER_CACHE[table]
    value = doc
    for step in path:
        value = value[step]
    rules = worker.write(rules_text(table, overlay(doc, path, perturb(value))))
    for probe, (bcode, bout, _) in zip(probes, base):
        if bcode != 0:
            continue
        code, out, _ = probe.run(worker.dir, rules)
        if code == 65 or (code, out) != (bcode, bout):
            return probe.name
    return "no golden case"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--cases", required=True, help="tests/cli")
    ap.add_argument("--examples", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--all", action="store_true", help="every row of every key, not one row per key")
    ap.add_argument("--table", action="append", help="only these tables")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--known", help="a file of 'table: key path' lines not yet read by a rule nor reached: skipped")
    ap.add_argument("--discover", action="store_true",
                    help="for each failure, try every golden case of tests/cli and name one that tells (to add to PROBES)")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # a line per table as it is done, under ctest too
    args.cases = os.path.abspath(args.cases)
    args.examples = os.path.abspath(args.examples)
    args.bin = os.path.abspath(args.bin)
    shutil.rmtree(args.work, ignore_errors=True)
    workers = [Worker(args.work, n) for n in range(max(1, args.jobs))]

    tables = sorted(f[:-5] for f in os.listdir(args.data) if f.endswith(".toml"))
    missing = [t for t in tables if t not in PROBES]
    if missing:
        print("no probes for data/%s.toml: add them to PROBES" % ", ".join(missing))
        return 1
    passed = failed = total = natural = notes = skipped = 0
    known = set()
    if args.known:
        with open(args.known, encoding="utf-8") as f:
            known = {line.split("#")[0].strip() for line in f if line.split("#")[0].strip()}
    for table in tables:
        if args.table and table not in args.table:
            continue
        with open(os.path.join(args.data, table + ".toml"), "rb") as f:
            doc = tomllib.load(f)
        # The table's own probes first, then every other table's (a figure may show in another
        # tool's output: the artillery attack rules in fire-odds artillery).
        specs = list(PROBES[table])
        for other in sorted(PROBES):
            specs += [p for p in PROBES[other] if p not in specs]
        probes = [Probe(spec, args) for spec in specs]
        # The outputs under a rules file that changes nothing (the same name, the same notes), made
        # when a figure first reaches the probe (most figures tell at the first probes).
        baseline = Baseline(table, workers)
        chosen = {}  # what is tried: (hash, path) by key path
        for path, value in leaves(doc):
            total += 1
            if path[0] in NOTE_TABLES:
                notes += 1
                chosen.setdefault(("note", path[0]), ("", path))  # one per table of examples: refused
                continue
            if is_natural_key_field(doc, path):
                natural += 1
                continue
            sig = signature(path)
            if "%s: %s" % (table, sig) in known:
                skipped += 1
                continue
            if args.all:
                chosen[(sig, path)] = ("", path)
                continue
            # One row per key path, chosen by a hash of the path and the row (deterministic).
            h = hashlib.sha1(repr(path).encode()).hexdigest()
            if sig not in chosen or h < chosen[sig][0]:
                chosen[sig] = (h, path)
        paths = [path for _, path in chosen.values()]
        results = {}
        with concurrent.futures.ThreadPoolExecutor(len(workers)) as pool:
            free = list(range(len(workers)))
            futures = {}
            lock = threading.Lock()

            def run(path):
                with lock:
                    w = free.pop()
                try:
                    return check_figure(workers[w], table, doc, path, probes, baseline)
                finally:
                    with lock:
                        free.append(w)

            for path in paths:
                futures[pool.submit(run, path)] = path
            for fut in concurrent.futures.as_completed(futures):
                results[futures[fut]] = fut.result()
        t_pass = t_fail = 0
        for msg in baseline.broken:
            print("FAIL %s: %s" % (table, msg))
            t_fail += 1
        for path in paths:
            what, probe, detail = results[path]
            name = "%s: %s" % (table, signature(path) if not args.all else path)
            if what in ("changed", "refused"):
                t_pass += 1
                if args.verbose:
                    print("ok   %s %s by %s %s" % (name, what, probe, detail))
            else:
                t_fail += 1
                print("FAIL %s (%s): %s %s" % (name, ".".join(map(str, path)), what, detail))
                if args.discover:
                    print("     told by: %s" % discover(workers[0], table, doc, path, args))
        print("data/%s.toml: %d keys, %d passed, %d failed" % (table, len(paths), t_pass, t_fail))
        passed += t_pass
        failed += t_fail
    print("%d figures in the tables, %d natural keys of rows and %d figures of worked examples" %
          (total, natural, notes))
    print("%d figures of %d known key paths skipped (not yet read by a rule nor reached by a probe: %s)" %
          (skipped, len(known), args.known))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
