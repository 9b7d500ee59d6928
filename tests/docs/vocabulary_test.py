#!/usr/bin/python3
"""docs.vocabulary: the tools keep to docs/vocabulary.md (issue 12, "one vocabulary for the whole suite").

Usage: vocabulary_test.py REPO_ROOT BIN_DIR [TOOL]   (TOOL: report only the problems of that tool's flags and rows)

The flags come from the tools' own option trees (`TOOL --completion fish` lists every long flag of
every subcommand with the values it offers). Checked:
  1. every long flag of every tool and subcommand has a row whose Tools cell names the tool (or the
     tool and subcommand), and every row's flag is a flag of each tool it names: a tool named alone
     ("everywhere in it") is one whose every subcommand takes the flag, else the row names the
     subcommands that do;
  2. no flag, TOML key or JSON key is in two rows (one concept, one name);
  3. a TOML key is its flag without `--`, with `_` for `-`; a JSON key is the TOML key (or, without
     one, the flag so spelled);
  4. an enum flag's Values cell lists exactly the values each tool and subcommand of its row offers,
     and no value holds `_` (but the values of --print-rules, which are table names, that is keys);
     where the places offer different values the cell gives them place by place
     ("fire-odds artillery: `none` `hard`; fire-odds broadside: ...");
  5. every JSON key of a row is a property of some schema in docs/schema/, and every TOML key of a
     row is read somewhere in lib/src or tools (a string literal);
  6. no retired name is a flag of a tool, a property of a schema, or a column of a csv golden output
     or reference table;
  7. every JSON key (the last part of its path) and csv column of every document the tools declare
     (`TOOL --describe-output`) is a row of the "Output keys" table with its kind and unit, and
     every row of that table is a key of some tool's output, in the tools its row names;
  8. the "Table names" table lists exactly the tables (top-level arrays of docs/schema/) whose name
     is also a row of the "Output keys" table, with the documents that hold them; the "Keys of an
     --explain step" table lists exactly the keys of the schemas' explain steps (and their inputs).
"""
import csv
import io
import json
import pathlib
import re
import subprocess
import sys

TOOLS = ["artillery-design", "unit-br", "war-machine", "siege-duration", "fire-odds", "gunpowder-book"]
HEADER = ["Concept", "Flag", "TOML key", "JSON key", "Unit", "Values", "Tools"]
NONE = "—"
KEY_VALUED = {"--print-rules"}  # its values are table names (keys), not enum values


def code(cell):
    """The names in backticks of a cell, in order."""
    return re.findall(r"`([^`]*)`", cell)


KEYS_HEADER = ["Key", "Kind", "Unit", "Meaning (its first use)", "Tools"]
# The envelope's and the record layout's keys, not figures (the "Output keys" section says so).
LAYOUT = {"schema.name", "schema.version", "tool", "figure", "value", "unit", "source", "sources", "fractions"}


def vocabulary(path, output_keys=None):
    """Rows of every table of docs/vocabulary.md under HEADER, and the retired names; the rows of
    the "Output keys" table go into `output_keys` ({key: (line, kind, unit, tools)})."""
    rows, retired = [], []
    if output_keys is None:
        output_keys = {}
    header = None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(line.replace("|", "").strip()) <= set("-: "):
            continue
        if header == HEADER:
            rows.append((n, dict(zip(HEADER, cells))))
        elif header and header[0] == "Retired":
            retired.extend(code(cells[0]))
        elif header == KEYS_HEADER:
            key = (code(cells[0]) or [cells[0]])[0]
            if key in output_keys:
                output_keys[key] = (n, "two rows", "", set())
            else:
                output_keys[key] = (n, cells[1], cells[2], {c.strip() for c in cells[4].split(";")})
    return rows, retired


def output_key_uses(binary, tool):
    """{key: {(kind, unit)}} of every JSON key (its last part) and csv column the tool declares."""
    desc = json.loads(subprocess.run([str(binary / tool), "--describe-output"], capture_output=True, text=True,
                                     check=True).stdout)
    uses = {}
    for d in desc["documents"]:
        rows = list(d["json_keys"])
        for t in d["csv_tables"]:
            rows += t["columns"]
        for r in rows:
            key = re.split(r"[.\]]", r["key"])[-1]
            if r["key"] in LAYOUT or key in LAYOUT or r["type"] in ("array", "object"):
                continue
            kind = r["type"].replace(" or null", "")
            uses.setdefault(key, set()).add(("enum" if "|" in kind else kind, r["unit"]))
    return uses


def check_output_keys(binary, output_keys):
    """Check 7: the tools' output keys against the "Output keys" table, both ways."""
    fails, used = [], {}
    if not output_keys:
        return ["docs/vocabulary.md has no \"Output keys\" table"]
    for tool in TOOLS:
        for key, kinds in output_key_uses(binary, tool).items():
            used.setdefault(key, set()).add(tool)
            row = output_keys.get(key)
            if row is None:
                fails.append(f"{tool}: output key {key} is not in the Output keys table of docs/vocabulary.md")
                continue
            n, kind, unit, tools = row
            for k, u in sorted(kinds):
                if (k, u) != (kind, unit):
                    fails.append(f"vocabulary.md:{n}: {key} is {kind} {unit} there, but {tool} writes it as {k} {u}")
            if tool not in tools:
                fails.append(f"vocabulary.md:{n}: {key} is written by {tool}, which its Tools cell does not name")
    for key, (n, _, _, tools) in sorted(output_keys.items()):
        if key not in used:
            fails.append(f"vocabulary.md:{n}: output key {key} is no tool's output key")
        elif tools - used[key]:
            fails.append(f"vocabulary.md:{n}: output key {key} is not written by {', '.join(sorted(tools - used[key]))}")
    return fails


TABLES_HEADER = ["Key", "As a figure (kind, unit; tools)", "As a table (tool, document)"]
STEP_HEADER = ["Step key", "Kind", "Meaning"]


def rows_under(path, header):
    """{first cell's key: (line, cells)} of the rows of the tables of `path` under `header`."""
    out, current = {}, None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.startswith("|"):
            current = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if current is None:
            current = cells
            continue
        if current == header and not set(line.replace("|", "").strip()) <= set("-: "):
            key = (code(cells[0]) or [cells[0]])[0]
            out[key] = (n, cells)
    return out


def check_tables_and_steps(root, output_keys):
    """Check 8: the table names that are also figures' keys (as the Output keys table gives the figure),
    and the keys of an --explain step."""
    fails = []
    page = root / "docs" / "vocabulary.md"
    listed = rows_under(page, TABLES_HEADER)
    found, steps = {}, set()

    def step_keys(items):
        for k, v in items.get("properties", {}).items():
            steps.add(k)
            if isinstance(v, dict) and isinstance(v.get("items"), dict):
                step_keys(v["items"])

    for p in sorted((root / "docs" / "schema").glob("*.json")):
        schema = json.loads(p.read_text(encoding="utf-8"))
        tool, document = p.stem.split(".", 1)
        for key, prop in schema.get("properties", {}).items():
            if key == "explain":
                step_keys(prop.get("items", {}))
            elif prop.get("type") == "array" and key in output_keys:
                found.setdefault(key, set()).add(f"{tool} {document}")
    for key, places in sorted(found.items()):
        if key not in listed:
            fails.append(f"vocabulary.md: table {key} ({', '.join(sorted(places))}) shares its name with an output "
                         f"key but is not in the Table names table")
            continue
        n, cells = listed[key]
        _, kind, unit, tools = output_keys[key]
        figure = re.fullmatch(r"(\w+)(?:, ([^(]+))? \(([^)]*)\)", cells[1])
        if not figure or (figure.group(1), (figure.group(2) or "").strip(),
                          {t.strip() for t in figure.group(3).split(";")}) != (kind, unit, tools):
            fails.append(f"vocabulary.md:{n}: {key} as a figure is {kind} {unit} ({'; '.join(sorted(tools))}) in "
                         f"the Output keys table, not {cells[1]}")
        named = {c.strip() for c in cells[2].split(";") if c.strip()}
        if named != places:
            fails.append(f"vocabulary.md:{n}: table {key} is in {sorted(places)}, its row names {sorted(named)}")
    for key, (n, _) in sorted(listed.items()):
        if key not in found:
            fails.append(f"vocabulary.md:{n}: {key} is no table that shares its name with an output key")
    listed_steps = rows_under(page, STEP_HEADER)
    if not steps:
        fails.append("docs/schema: no explain step found")
    for key in sorted(steps - set(listed_steps)):
        fails.append(f"vocabulary.md: the --explain step key {key} has no row in Keys of an --explain step")
    for key in sorted(set(listed_steps) - steps):
        fails.append(f"vocabulary.md:{listed_steps[key][0]}: {key} is no key of an --explain step")
    return fails


def tool_flags(binary, tool):
    """{(subcommand or "", "--flag"): [values]} from the tool's fish completion."""
    out = subprocess.run([str(binary / tool), "--completion", "fish"], capture_output=True, text=True, check=True).stdout
    flags = {}
    for line in out.splitlines():
        if not line.startswith("complete -c") or " -l " not in line:
            continue
        seen = re.search(r"'__fish_seen_subcommand_from (\S+)'", line)
        sub = seen.group(1) if seen else ""
        flag = "--" + re.search(r" -l (\S+)", line).group(1)
        values = re.search(r" -a '([^']*)'", line)
        flags[(sub, flag)] = values.group(1).split() if values and not values.group(1).startswith("(") else []
    return flags


def schema_properties(root):
    props = set()

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.get("properties", {}).items():
                props.add(k)
                walk(v)
            for v in node.values():
                if isinstance(v, (dict, list)):
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for p in sorted((root / "docs" / "schema").glob("*.json")):
        walk(json.loads(p.read_text(encoding="utf-8")))
    return props


def source_literals(root):
    text = []
    for folder in ("lib/src", "lib/include", "tools"):
        for p in (root / folder).rglob("*.[ch]pp"):
            text.append(p.read_text(encoding="utf-8", errors="replace"))
    return set(re.findall(r'"([a-z0-9_]+)"', "\n".join(text)))


def csv_columns(root):
    cols = set()
    paths = list((root / "docs" / "tables").glob("*.csv"))
    for case in (root / "tests" / "cli").glob("*/*"):
        args = case / "args"
        if args.is_file() and (case / "stdout").is_file():
            words = args.read_text().split("\n")
            if any(words[i] in ("--format", "-f") and words[i + 1] == "csv" for i in range(len(words) - 1)):
                paths.append(case / "stdout")
    for p in paths:
        text = p.read_text(encoding="utf-8")
        if text:
            cols.update(next(csv.reader(io.StringIO(text, newline=""))))
    return cols


def values_by_place(cell):
    """The Values cell: {place: set} when it gives values place by place ("fire-odds artillery:
    `none` `hard`; ..."), else {None: set}."""
    parts = [p.strip() for p in cell.split(";") if p.strip()]
    if parts and all(re.match(r"^[a-z][a-z-]*( [a-z][a-z-]*)?:", p) for p in parts):
        return {p.split(":", 1)[0].strip(): set(code(p.split(":", 1)[1])) for p in parts}
    return {None: set(code(cell))}


def check_values(r, flag, places, offered_at):
    """Check 4 for one row: the values each place of the row offers, as its Values cell lists them."""
    fails = []
    # What each place of the row offers: a tool named alone, at its top level and in every subcommand.
    offered = {}
    for place in places:
        got = [v for where, v in offered_at.items() if where == place or where.startswith(place + " ")]
        offered[place] = set().union(*got) if got else set()
    listed = values_by_place(r["Values"])
    n = r["_line"]
    if None in listed:
        distinct = {frozenset(v) for v in offered.values()}
        if len(distinct) > 1:
            fails.append(f"vocabulary.md:{n}: {flag} values differ from place to place ("
                         + "; ".join(f"{p}: {' '.join(sorted(v))}" for p, v in offered.items())
                         + "): give them place by place")
        union = set().union(*offered.values()) if offered else set()
        if union != listed[None]:
            fails.append(f"vocabulary.md:{n}: {flag} values listed {sorted(listed[None])}, the tools offer {sorted(union)}")
        return fails
    for place in sorted(set(listed) | set(offered)):
        if listed.get(place) != offered.get(place):
            fails.append(f"vocabulary.md:{n}: {flag} values listed for {place}: {sorted(listed.get(place, []))}, "
                         f"it offers {sorted(offered.get(place, []))}")
    return fails


def main():
    root, binary = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    fails = []
    output_keys = {}
    rows, retired = vocabulary(root / "docs" / "vocabulary.md", output_keys)
    by_flag = {}
    for n, r in rows:
        names = code(r["Flag"])
        flag = names[0] if names and names[0].startswith("--") else NONE
        r["_flag"], r["_line"] = flag, n
        if flag != NONE:
            if flag in by_flag:
                fails.append(f"vocabulary.md:{n}: {flag} has two rows (line {by_flag[flag]['_line']})")
            by_flag[flag] = r

    # 2 and 3: one name per concept, keys spelled from the flag.
    seen = {"TOML key": {}, "JSON key": {}}
    for n, r in rows:
        flag = r["_flag"]
        toml = (code(r["TOML key"]) or [NONE])[0]
        js = (code(r["JSON key"]) or [NONE])[0]
        r["_toml"], r["_json"] = toml, js
        for col, name in (("TOML key", toml), ("JSON key", js)):
            if name == NONE:
                continue
            if name in seen[col]:
                fails.append(f"vocabulary.md:{n}: {col} {name} is in two rows (line {seen[col][name]})")
            seen[col][name] = n
        spelled = flag[2:].replace("-", "_") if flag != NONE else None
        if toml != NONE and spelled and toml != spelled:
            fails.append(f"vocabulary.md:{n}: TOML key {toml} is not the flag {flag} spelled with _ ({spelled})")
        if js != NONE and js != (toml if toml != NONE else spelled or js):
            fails.append(f"vocabulary.md:{n}: JSON key {js} differs from the TOML key or flag ({toml}, {flag})")

    # 1 and 4: the tools' flags against the rows.
    used = {}
    offered_at = {}  # flag -> {place: set of values}, a place being "tool" or "tool subcommand"
    subcommands = {}  # tool -> its subcommands
    flags_of = {}  # (tool, subcommand) -> its flags
    for tool in TOOLS:
        for (sub, flag), values in tool_flags(binary, tool).items():
            if sub:
                subcommands.setdefault(tool, set()).add(sub)
            flags_of.setdefault((tool, sub), set()).add(flag)
            where = f"{tool} {sub}".strip()
            offered_at.setdefault(flag, {})[where] = set(values)
            r = by_flag.get(flag)
            if r is None:
                fails.append(f"{where}: {flag} has no row in docs/vocabulary.md")
                continue
            places = [p.strip() for p in r["Tools"].split(";")]
            # Before the subcommand (sub ""), a flag of the subcommands that take it.
            top_level = not sub and any(pl.startswith(tool + " ") for pl in places)
            if tool not in places and where not in places and not top_level:
                fails.append(f"vocabulary.md:{r['_line']}: {flag} is in {where}, which its Tools cell does not name")
            used.setdefault(flag, set()).update({tool, where})
            if flag not in KEY_VALUED:
                for v in values:
                    if "_" in v:
                        fails.append(f"{where}: {flag} value {v} joins words with _ (enum values use -)")
    for flag, r in by_flag.items():
        places = [p.strip() for p in r["Tools"].split(";") if p.strip()]
        for place in places:
            if place not in used.get(flag, set()):
                fails.append(f"vocabulary.md:{r['_line']}: {flag} is not a flag of {place}")
            elif place in subcommands:
                # A tool named alone: every subcommand of it takes the flag.
                lacking = sorted(sub for sub in subcommands[place] if flag not in flags_of.get((place, sub), set()))
                if lacking:
                    fails.append(f"vocabulary.md:{r['_line']}: {flag} is named for all of {place}, but "
                                 f"{', '.join(place + ' ' + sub for sub in lacking)} does not take it "
                                 f"(name the subcommands that do)")
        fails += check_values(r, flag, places, offered_at.get(flag, {}))

    # 5: the names are real.
    props, literals = schema_properties(root), source_literals(root)
    for n, r in rows:
        if r["_json"] != NONE and r["_json"] not in props:
            fails.append(f"vocabulary.md:{n}: JSON key {r['_json']} is in no schema of docs/schema/")
        if r["_toml"] != NONE and r["_toml"] not in literals:
            fails.append(f"vocabulary.md:{n}: TOML key {r['_toml']} is read nowhere in lib/ or tools/")

    # 6: retired names are gone.
    columns = csv_columns(root)
    for name in retired:
        if name.startswith("--"):
            if name in {f for tool in TOOLS for (_, f) in tool_flags(binary, tool)}:
                fails.append(f"retired flag {name} is still a flag")
        else:
            if name in props:
                fails.append(f"retired name {name} is still a property of a schema")
            if name in columns:
                fails.append(f"retired name {name} is still a csv column")

    # 7: every output key has its row, every row is used.
    fails += check_output_keys(binary, output_keys)

    # 8: table names that are figures' keys too, and the keys of an --explain step.
    fails += check_tables_and_steps(root, output_keys)

    if len(sys.argv) > 3:
        only = sys.argv[3]
        lines = {r["_line"] for _, r in rows if only in r["Tools"]}
        fails = [f for f in fails if f.startswith(only) or only in f
                 or any(f.startswith(f"vocabulary.md:{n}:") for n in lines)]
    for f in fails:
        print("FAIL:", f)
    print(f"{len(rows)} vocabulary rows, {len(by_flag)} flags, {len(retired)} retired names, "
          f"{len(output_keys)} output keys; {len(fails)} problems")
    if len(rows) < 10:
        print("FAIL: fewer rows than expected: is the repository root right?")
        return 1
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
