#!/usr/bin/env python3
"""war-machine's --force flags give the odds of the equivalent battle file.

For every examples/war-machine-*.toml, this script reads the file with Python's own TOML reader
(not the suite's), writes each [[force]] as a --force NAME:TROOPS:KEY=VALUE,... flag and each
[battle] setting as its flag, and checks that `rate` (every file) and `battle`, `campaign` and
`siege` (the files with two sides) print the same JSON from the flags as from the file. Then a
few one-liners against files written here: a troop class alone (its lowest BFR), --situation
after its --force, the default roles, and errors placed on the flag (exit 64).

Usage: force_flags_test.py --bin BUILD/bin --examples EXAMPLES_DIR --work DIR
"""
import argparse
import json
import os
import subprocess
import sys
import tomllib

SETTING_FLAGS = {
    "tie_policy": "--tie-policy",
    "casualty_reading": "--casualty-reading",
    "troop_ratio_reading": "--troop-ratio-reading",
    "statement_reading": "--statement-reading",
    "weeks_besieged": "--weeks-besieged",
}
BOOL_FLAGS = {"simple_siege": "--simple-siege", "siege_machine": "--siege-machine"}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def value_text(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "+".join(value_text(x) for x in v)
    return str(v)


def force_flag(force):
    items = []
    for key, value in force.items():
        if key in ("name", "troops"):
            continue
        if isinstance(value, dict):
            for k, v in value.items():
                items.append(f"{key}.{k}={value_text(v)}")
        else:
            items.append(f"{key}={value_text(value)}")
    return f"{force['name']}:{force['troops']}:" + ",".join(items)


# The [battle] settings each command takes as flags (rate: the statements' reading only; siege is
# the simple siege already).
TAKES = {
    "rate": {"statement_reading"},
    "siege": set(SETTING_FLAGS) - {"weeks_besieged"} | {"siege_machine"},
}


def flags_of(doc, command):
    args = []
    for key, value in doc.get("battle", {}).items():
        if command in TAKES and key not in TAKES[command]:
            continue
        if key in BOOL_FLAGS:
            if value:
                args.append(BOOL_FLAGS[key])
        else:
            args += [SETTING_FLAGS[key], value_text(value)]
    for force in doc["force"]:
        args += ["--force", force_flag(force)]
    return args


def run(tool, args, expect=0, stdin=subprocess.DEVNULL):
    p = subprocess.run([tool] + args, stdin=stdin, capture_output=True, text=True)
    if p.returncode != expect:
        fail(f"{' '.join(args)}: exit {p.returncode}, expected {expect}: {p.stderr.strip()}")
    return p


def same_json(tool, file_args, flag_args, label):
    a = run(tool, file_args + ["--format", "json"])
    b = run(tool, flag_args + ["--format", "json"])
    if a.returncode or b.returncode:
        return
    if json.loads(a.stdout) != json.loads(b.stdout):
        fail(f"{label}: the flags' JSON differs from the file's")
    else:
        print(f"ok: {label}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    tool = os.path.join(a.bin, "war-machine")
    os.makedirs(a.work, exist_ok=True)
    files = sorted(f for f in os.listdir(a.examples) if f.startswith("war-machine-") and f.endswith(".toml"))
    if not files:
        fail("no example battle files")
    for name in files:
        path = os.path.join(a.examples, name)
        with open(path, "rb") as f:
            doc = tomllib.load(f)
        same_json(tool, ["rate", path], ["rate"] + flags_of(doc, "rate"), f"rate {name}")
        roles = {f.get("role") for f in doc["force"]}
        if roles != {"attacker", "defender"}:
            continue  # a battle needs both sides (prince.toml is for rate)
        flags = flags_of(doc, "battle")
        same_json(tool, ["battle", path], ["battle"] + flags, f"battle {name}")
        same_json(tool, ["battle", path, "--roll", "--seed", "7", "--rounds", "3"],
                  ["battle"] + flags + ["--roll", "--seed", "7", "--rounds", "3"], f"battle --roll {name}")
        if len(doc["force"]) == 2:
            same_json(tool, ["campaign", path, "--battles", "3"],
                      ["campaign"] + flags_of(doc, "campaign") + ["--battles", "3"], f"campaign {name}")
            same_json(tool, ["siege", path, "--weeks", "4", "--food-weeks", "2"],
                      ["siege"] + flags_of(doc, "siege") + ["--weeks", "4", "--food-weeks", "2"], f"siege {name}")

    # One-liners against files written here, by the file format's own rules.
    def write(name, text):
        p = os.path.join(a.work, name)
        with open(p, "w") as f:
            f.write(text)
        return p

    # A troop class alone: the lowest BFR of the class (excellent: BFR 101-125 in the War Machine's
    # BFR/Class table), the first force attacks, the second defends, --situation goes to the force
    # before it.
    elves = write("elves.toml", '[[force]]\nname = "Elves"\ntroops = 2000\nrole = "attacker"\nbfr = 101\n'
                  'troop_class = "excellent"\nsituation = ["elves-woods"]\n\n'
                  '[[force]]\nname = "Orcs"\ntroops = 3500\nrole = "defender"\nbr = 72\n')
    same_json(tool, ["battle", elves],
              ["battle", "--force", "Elves:2,000:excellent", "--situation", "elves-woods", "--force", "Orcs:3500:br=72"],
              "battle from a troop class, --situation, default roles")
    # role= overrides the default.
    swapped = write("swapped.toml", '[[force]]\nname = "Orcs"\ntroops = 3500\nrole = "defender"\nbr = 72\n\n'
                    '[[force]]\nname = "Elves"\ntroops = 2000\nrole = "attacker"\nbr = 90\n')
    same_json(tool, ["battle", swapped],
              ["battle", "--force", "Orcs:3500:br=72:role=defender", "--force", "Elves:2000:br=90:role=attacker"],
              "battle with role=")
    # Errors are placed on the flag, exit 64, nothing on stdout.
    for args, needle in [
        (["battle", "--force", "Elves:2000:excelent", "--force", "Orcs:3500:br=72"], "did you mean 'excellent'"),
        (["battle", "--force", "Elves:2k:br=80", "--force", "Orcs:3500:br=72"], "whole number"),
        (["battle", "--force", "Elves:2000:br=80", "--situation", "elves-wood", "--force", "Orcs:3500:br=72"],
         "unknown situation"),
        (["battle", "--situation", "elves-woods", "--force", "Elves:2000:br=80", "--force", "Orcs:3500:br=72"],
         "before any --force"),
        (["battle", "--force", "Elves:2000:br=80:mounted_pc=5", "--force", "Orcs:3500:br=72"], "unknown key"),
    ]:
        p = run(tool, args, expect=64)
        if needle not in p.stderr:
            fail(f"{' '.join(args)}: expected '{needle}' in: {p.stderr.strip()}")
        elif "--force" not in p.stderr.split("error:")[0] + p.stderr:
            fail(f"{' '.join(args)}: the error does not name the flag: {p.stderr.strip()}")
        elif p.stdout:
            fail(f"{' '.join(args)}: printed on stdout")
        elif ".toml" in p.stderr or ":1:" in p.stderr:
            fail(f"{' '.join(args)}: the error names a position in generated text: {p.stderr.strip()}")
        else:
            print(f"ok: error for {' '.join(args[1:3])}")
    # Forces from flags do not read standard input.
    p = subprocess.run([tool, "battle", "--force", "A:100:br=80", "--force", "B:100:br=70", "--summary"],
                       input="[[force]]\n", capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"--force with a pipe on stdin: exit {p.returncode}: {p.stderr.strip()}")
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
