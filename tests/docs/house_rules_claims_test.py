#!/usr/bin/env python3
"""docs.house-rules-claims: what docs/house-rules.md says a command derives, the command derives.

Usage: house_rules_claims_test.py REPO_ROOT BIN_DIR

In docs/house-rules.md, each sentence that names an `artillery-design ...` command in backticks and
says what it "derives" gives figures as "name (value)": base weight, rate of fire, structural hit
points, shots a day, powder and shot a day. The test runs the command (text output, no house rules)
and checks that it prints each such figure with that value (the rule's 30-pdr gun is checked
against the formulas it claims to follow). Prints one line per problem and "N passed, M failed".
"""
import os
import pathlib
import re
import shlex
import subprocess
import sys

# The figure as the page names it -> a pattern of artillery-design's text output giving its value.
FIGURES = {
    "base weight": r"^Base weight +([\d.]+) lb",
    "rate of fire": r"^Rate of fire +(\S+)",
    "structural hit points": r"^Structural hit points +(\d+)",
    "shots a day": r"^Shots per day +(\d+)",
    "powder and shot a day": r"powder and shot (\d+) gp a day",
}
CLAIM = re.compile(r"(base weight|rate of fire|structural hit points|shots a day|powder and shot a day) "
                   r"\(([\d,./]+)(?: [a-z]+)?\)", re.I)


def sentences(text):
    """The page's sentences, each on one line (a sentence ends at '.' before a space or newline)."""
    flat = re.sub(r"\s*\n\s*", " ", text)
    return re.split(r"(?<=[.])\s+(?=[A-Z])", flat)


def main():
    root, binary = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    page = (root / "docs" / "house-rules.md").read_text(encoding="utf-8")
    checks, problems = 0, []
    for sentence in sentences(page):
        if "derives" not in sentence:
            continue
        commands = re.findall(r"`(artillery-design [^`]*)`", sentence)
        claims = CLAIM.findall(sentence)
        if not commands or not claims:
            continue
        args = shlex.split(commands[0])
        out = subprocess.run([str(binary / args[0])] + args[1:], capture_output=True, text=True,
                             env={k: v for k, v in os.environ.items() if k != "GUNPOWDER_RULES"}).stdout
        for name, value in claims:
            checks += 1
            m = re.search(FIGURES[name.lower()], out, re.M)
            got = m.group(1) if m else None
            if got != value.replace(",", ""):
                problems.append(f"docs/house-rules.md: says `{commands[0]}` derives {name} {value}; it prints {got}")
    if checks == 0:
        problems.append("docs/house-rules.md: no figure a command derives was found (has the page changed?)")
    for p in problems:
        print(p)
    print(f"{checks - min(len(problems), checks)} passed, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
