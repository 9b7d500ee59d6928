#!/usr/bin/python3
"""docs.man-keys: every JSON key and every csv column a tool writes is described in its man page
(issue 12: "Every JSON key and CSV column is listed in the man page as a table: name, type, unit,
meaning").

Usage: man_keys_test.py REPO_ROOT [TOOL]

For each tool, docs/man/<tool>.1 holds tbl tables whose header row is `name|type|unit|meaning`:
  - under `.SH JSON OUTPUT`, a row for every property of the tool's schemas (docs/schema/<tool>.*.json;
    a row's name is the key, or its path `parent.key` / `parent[].key`: its last part is matched);
  - under `.SH CSV OUTPUT`, a row for every column of the tool's csv outputs (the csv golden cases
    of tests/cli/<tool>/ and the tool's files of docs/tables/).
Every such row has a type and a meaning (not empty, not "-"), and every property of the schemas has a
"description".
"""
import csv
import io
import json
import pathlib
import re
import sys

TOOLS = {
    "artillery-design": ["artillery-"],
    "unit-br": ["unit-"],
    "war-machine": ["war-machine-"],
    "siege-duration": ["siege-"],
    "fire-odds": ["arquebus-", "broadside-"],
}
HEADER = ["name", "type", "unit", "meaning"]


def man_tables(path):
    """{section: {leaf name: (type, unit, meaning)}} of the man page's name|type|unit|meaning tables."""
    out, section = {}, ""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(".SH "):
            section = line[4:].strip().strip('"')
        if line.strip() == ".TS":
            j = i + 1
            while j < len(lines) and not lines[j].rstrip().endswith("."):
                j += 1  # options and the format line, which ends with "."
            body, k = [], j + 1
            while k < len(lines) and lines[k].strip() != ".TE":
                body.append(lines[k])
                k += 1
            rows, cur = [], None
            for b in body:  # rows: cells split at '|'; a T{ ... T} cell runs over several lines
                if cur is not None:
                    if b.startswith("T}"):
                        rows.append(cur)
                        cur = None
                    else:
                        cur[-1] += (" " if cur[-1] else "") + b
                    continue
                cells = b.split("|")
                if cells[-1] == "T{":
                    cur = cells[:-1] + [""]
                else:
                    rows.append(cells)
            if rows and [c.strip() for c in rows[0]] == HEADER:
                table = out.setdefault(section, {})
                for r in rows[1:]:
                    if len(r) == 1 and r[0].strip() in ("_", "="):
                        continue
                    name = r[0].strip()
                    leaf = re.split(r"\.|\[\]\.?", name)[-1] if name else name
                    table[leaf] = tuple(c.strip() for c in (r + ["", "", ""])[1:4])
            i = k
        i += 1
    return out


def schema_keys(path):
    """(key, has description) of every property of a schema, nested ones too."""
    out = []

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.get("properties", {}).items():
                out.append((k, bool(isinstance(v, dict) and v.get("description", "").strip())))
                walk(v)
            for key, v in node.items():
                if key != "properties" and isinstance(v, (dict, list)):
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(json.loads(path.read_text(encoding="utf-8")))
    return out


def csv_outputs(root, tool, prefixes):
    for case in sorted((root / "tests" / "cli" / tool).glob("*")):
        args = case / "args"
        if args.is_file() and (case / "stdout").is_file():
            words = args.read_text().split("\n")
            if any(words[i] in ("--format", "-f") and words[i + 1] == "csv" for i in range(len(words) - 1)):
                yield case / "stdout"
        yield from sorted(case.glob("*.csv.expected"))
    for prefix in prefixes:
        yield from sorted((root / "docs" / "tables").glob(prefix + "*.csv"))


def meaningful(row):
    t, _, meaning = row
    return t not in ("", "\\-", "-") and meaning not in ("", "\\-", "-")


def check_tool(root, tool, prefixes):
    fails = []
    man = man_tables(root / "docs" / "man" / f"{tool}.1")
    json_rows, csv_rows = man.get("JSON OUTPUT", {}), man.get("CSV OUTPUT", {})
    for schema in sorted((root / "docs" / "schema").glob(f"{tool}.*.json")):
        for key, described in schema_keys(schema):
            if not described:
                fails.append(f"{schema.name}: property {key} has no description")
            if key not in json_rows:
                fails.append(f"{tool}.1: JSON OUTPUT has no row for {key} ({schema.name})")
            elif not meaningful(json_rows[key]):
                fails.append(f"{tool}.1: JSON OUTPUT row {key} lacks a type or meaning")
    seen = set()
    for path in csv_outputs(root, tool, prefixes):
        text = path.read_text(encoding="utf-8")
        if not text:
            continue
        for col in next(csv.reader(io.StringIO(text, newline=""))):
            if col in seen:
                continue
            seen.add(col)
            if col not in csv_rows:
                fails.append(f"{tool}.1: CSV OUTPUT has no row for column {col} ({path.relative_to(root)})")
            elif not meaningful(csv_rows[col]):
                fails.append(f"{tool}.1: CSV OUTPUT row {col} lacks a type or meaning")
    return fails, len(seen)


def main():
    root = pathlib.Path(sys.argv[1])
    only = sys.argv[2] if len(sys.argv) > 2 else None
    total = 0
    for tool, prefixes in TOOLS.items():
        if only and tool != only:
            continue
        # A man page whose key tables are generated from the tool's declarations (docs.generated
        # checks them) needs no check by hand.
        if '.\\" generated: json-keys begin' in (root / "docs" / "man" / (tool + ".1")).read_text():
            print(f"{tool}: key tables generated, skipped")
            continue
        fails, columns = check_tool(root, tool, prefixes)
        for f in fails:
            print("FAIL:", f)
        print(f"{tool}: {columns} csv columns, {len(fails)} problems")
        total += len(fails)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
