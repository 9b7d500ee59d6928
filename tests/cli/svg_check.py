#!/usr/bin/env python3
"""The SVG charts of every tool that draws, parsed as XML and checked as pictures.

Usage: svg_check.py BIN_DIR SOURCE_DIR WORK_DIR

Each command below writes --svg; the file must be well-formed XML (xml.etree), and each chart
panel must have its title, a value axis with its title and ticks, its bars inside the picture,
and a legend entry for each colour when it has more than one.
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"

# A scenario whose names hold what XML forbids or must escape: controls, markup, a quote.
HOSTILE = """[[arquebus]]
name = "A\\u0001 <b>&amp; \\"q\\" \\u001b[2J"
men = 4
range_in = 8

[[broadside]]
name = "]]> <!-- x"
dice = 3
range_band = "long"
"""

COMMANDS = [
    ["fire-odds", "broadside", "--cannon", "3", "--weight", "heavy", "--range-band", "short"],
    ["fire-odds", "broadside", "--cannon", "7", "--weight", "medium", "--range-in", "10", "--target-points", "40",
     "--target-guns", "6"],
    ["fire-odds", "artillery", "--type", "mortar", "--shot-lb", "200", "--range-yd", "2000", "--troops", "120", "--hd",
     "1-1", "--unit-save", "17"],
    ["fire-odds", "firearm", "--weapon", "matchlock musket", "--range-ft", "150", "--target-ac", "6", "--minutes", "5"],
    ["fire-odds", "arquebus", "--system", "attack-dice", "--men", "10", "--range-in", "8", "--ar", "6", "--turns", "4"],
    ["fire-odds", "arquebus", "--men", "40", "--range-in", "8", "--turns", "6"],
    ["fire-odds", "dowel", "--gun", "heavy", "--call", "white", "--range-in", "26", "--depth-in", "8", "--turns",
     "10", "--offsets=0,1,2,-1,-2,3", "--width-in", "4"],
    ["fire-odds", "{WORK}/hostile.toml"],
    ["war-machine", "battle", "{SRC}/tests/cli/war-machine/17-battle-chart/field.toml"],
    ["war-machine", "campaign", "{SRC}/examples/war-machine-field.toml"],
    ["war-machine", "march", "--troops", "300", "--troop-class", "good"],
    ["war-machine", "siege", "{SRC}/tests/cli/war-machine/12-siege-text/siege.toml", "--weeks", "6", "--food-weeks",
     "3"],
    ["siege-duration", "{SRC}/tests/cli/siege-duration/28-duel-chart/siege.toml", "--method", "duel", "--runs", "300",
     "--seed", "5"],
    ["siege-duration", "{SRC}/tests/cli/siege-duration/25-siege-machine-odds-json/siege.toml", "--runs", "300",
     "--seed", "2"],
]


def check_panel(g, width, height, where):
    problems = []
    title = g.find(NS + "title")
    if title is None or not (title.text or "").strip():
        problems.append("a panel without its title")
    texts = [t.text or "" for t in g.iter(NS + "text")]
    if len([t for t in g.iter(NS + "text") if t.get("font-weight") == "bold"]) < 2:
        problems.append("no chart title or no value axis title")
    ticks = [t for t in texts if t.endswith("%") or t.replace(".", "").isdigit()]
    if len(ticks) < 2:
        problems.append("a value axis without ticks")
    rects = g.findall(NS + "rect")
    swatches = {r.get("fill") for r in rects if r.get("height") == "11"}
    bars = [r for r in rects if r.get("height") in ("13", "18")]
    if not bars:
        problems.append("no bar")
    for r in bars:
        x, w = float(r.get("x")), float(r.get("width"))
        if w < 0 or x + w > width or float(r.get("y")) > height:
            problems.append("a bar outside the picture: " + ET.tostring(r, encoding="unicode"))
    colours = {r.get("fill") for r in bars}
    if len(colours) > 1 and not colours <= swatches:
        problems.append("colours without a legend entry: %s" % sorted(colours - swatches))
    return ["%s: %s" % (where, p) for p in problems]


def main():
    bin_dir, src, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "hostile.toml"), "w", encoding="utf-8") as f:
        f.write(HOSTILE)
    failures = []
    for i, cmd in enumerate(COMMANDS):
        svg = os.path.join(work, "chart-%d.svg" % i)
        args = [a.replace("{SRC}", src).replace("{WORK}", work) for a in cmd]
        args = [os.path.join(bin_dir, args[0])] + args[1:] + ["--svg", svg]
        run = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        where = " ".join(cmd)
        if run.returncode != 0:
            failures.append("%s: exit %d: %s" % (where, run.returncode, run.stderr.strip()))
            continue
        try:
            root = ET.parse(svg).getroot()
        except ET.ParseError as e:
            failures.append("%s: not well-formed: %s" % (where, e))
            continue
        width, height = float(root.get("width")), float(root.get("height"))
        panels = root.findall(NS + "g")
        if not panels:
            failures.append("%s: no chart" % where)
        for g in panels:
            failures += check_panel(g, width, height, where)
    for f in failures:
        print(f)
    print("%d commands, %d problems" % (len(COMMANDS), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
