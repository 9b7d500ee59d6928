#!/usr/bin/env python3
"""One key, one meaning, one unit, in every tool: the JSON keys and csv columns the tools declare.

Usage: keys_test.py BIN_DIR

Reads every tool's declared outputs (`TOOL --describe-output`: the JSON keys of each document and
the columns of each csv table, generated from the fields each tool declares once) and checks:
  - a key (the last part of a JSON path, or a csv column) has one kind and one unit wherever it
    appears, in every tool and document;
  - the unit is in the name: a key of unit gp, lb, yd, ft, in, days, weeks, months, miles or hexes
    has the unit (or, for a time, its singular) as one of its words: `shot_lb`, `cost_gp_per_day`,
    `days_stated`, `mean_weeks_to_fall`, `plan_week`; money per period is `<what>_gp_per_<period>`;
  - `p_` begins a probability and only a probability (or `p`, a probability's own column); a
    share of a whole from 0 to 1 that is not a chance is of kind fraction and needs no `p_`;
  - keys are lower-case words joined by `_`; csv booleans and JSON booleans are one kind, boolean.
Tools that declare no document yet are skipped (and listed). Prints "N passed, M failed".
"""
import json
import pathlib
import re
import subprocess
import sys

TOOLS = ["artillery-design", "unit-br", "war-machine", "siege-duration", "fire-odds", "gunpowder-book"]
UNITS = {"gp", "lb", "yd", "ft", "in", "days", "weeks", "months", "miles", "hexes"}
# Keys of the envelope and of the record layout: their meaning is the layout's, not a figure's.
LAYOUT = {"schema.name", "schema.version", "tool", "figure", "value", "unit", "source", "sources", "fractions"}


def kind_of(type_text):
    t = type_text.replace(" or null", "")
    return "enum" if "|" in t else t


# The singular a time unit takes in a name ("plan_week": the week of the plan, in weeks).
SINGULAR = {"days": "day", "weeks": "week", "months": "month"}


def unit_in_name(key, unit):
    """The unit is one of the key's words: a suffix (`shot_lb`), or where the figure's words put it
    (`days_stated`, `mean_weeks_to_fall`, `cost_gp_total`, `price_gp_per_lb`)."""
    words = key.split("_")
    return unit in words or SINGULAR.get(unit) in words


def main():
    binary = pathlib.Path(sys.argv[1])
    seen = {}  # key -> {(kind, unit): [where]}
    skipped, checks, problems = [], 0, []
    for tool in TOOLS:
        desc = json.loads(subprocess.run([str(binary / tool), "--describe-output"], capture_output=True,
                                         text=True, check=True).stdout)
        if not desc["documents"]:
            skipped.append(tool)
            continue
        for d in desc["documents"]:
            rows = [(r["key"], r, f"{tool} {d['name']} JSON") for r in d["json_keys"]]
            for t in d["csv_tables"]:
                rows += [(r["key"], r, f"{tool} csv {t['table']}") for r in t["columns"]]
            for path, r, where in rows:
                if path in LAYOUT or r["type"] in ("array", "object"):
                    continue
                key = re.split(r"[.\]]", path)[-1]
                if key in LAYOUT:
                    continue
                seen.setdefault(key, {}).setdefault((kind_of(r["type"]), r["unit"]), []).append(where)
    for key, uses in sorted(seen.items()):
        checks += 1
        if len(uses) > 1:
            listed = "; ".join(f"{k[0]}{' ' + k[1] if k[1] else ''} in {', '.join(sorted(set(w))[:3])}"
                               for k, w in sorted(uses.items()))
            problems.append(f"{key}: {len(uses)} kinds or units: {listed}")
        (kind, unit), = [next(iter(uses))] if len(uses) == 1 else [sorted(uses)[0]]
        if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", key):
            problems.append(f"{key}: not lower-case words joined by '_'")
        if unit in UNITS and not unit_in_name(key, unit):
            problems.append(f"{key}: its unit {unit} is not in its name")
        if re.search(r"_gp_(month|week|day|year)$", key) or re.search(r"(^|_)(monthly|weekly|daily)_[a-z_]*gp", key):
            problems.append(f"{key}: money per period is <what>_gp_per_<period>")
        if key.startswith("p_") and kind != "probability":
            problems.append(f"{key}: p_ begins only a probability, but it is {kind}")
        if kind == "probability" and not (key.startswith("p_") or key == "p"):
            problems.append(f"{key}: a probability's key begins with p_")
    for p in problems:
        print(p)
    if skipped:
        print("not checked (no declared document yet): " + ", ".join(skipped))
    print(f"{checks - min(len(problems), checks)} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
