#!/usr/bin/python3
"""Prints the keys of a JSON Schema of docs/schema/ as a man-page (tbl) table: name, type, unit, meaning.

Usage: schema-keys.py docs/schema/<tool>.<document>.json [PROPERTY]

--common instead of PROPERTY prints the keys every document has (schema, tool, explain, house_rules).
PROPERTY (a top-level key) limits the table to that key's elements. Nested keys are written
parent[].key; a key without a description in the schema shows "-" as its meaning. The keys every
document has (schema, tool, explain, house_rules) are left out of a whole document's table.
"""
import json
import sys


def type_text(node):
    if "const" in node:
        return json.dumps(node["const"])
    t = node.get("type", "any")
    return " or ".join(t) if isinstance(t, list) else t


COMMON = ("schema", "tool", "explain", "house_rules")

# The unit a key's name carries (docs/vocabulary.md, "Units are part of the name").
SUFFIXES = [("_lb", "lb"), ("_yd", "yd"), ("_ft", "ft"), ("_in", "in"), ("_gp", "gp"), ("_sp", "sp"),
            ("_days", "days"), ("_weeks", "weeks"), ("_pct", "percent"), ("_per_day", "per day"),
            ("_per_week", "per week")]


def unit_text(key, node):
    """The unit of a key: its schema's "x-unit", else its name's suffix or p_ prefix, else "-"."""
    if "x-unit" in node:
        return node["x-unit"]
    types = node.get("type", [])
    types = types if isinstance(types, list) else [types]
    if not {"number", "integer"} & set(types):
        return "\\-"  # only a number has a unit (built_in is a boolean, not inches)
    leaf = key.split(".")[-1].split("[]")[-1].lstrip(".")
    if leaf.startswith("p_") or leaf == "p":
        return "probability 0-1"
    for suffix, unit in SUFFIXES:
        if leaf.endswith(suffix) or (suffix + "_") in leaf:
            return unit
    return "\\-"  # described once, above the tables


def rows(node, prefix):
    for key, sub in node.get("properties", {}).items():
        if not prefix and key in COMMON and "$schema" in node:
            continue
        name = prefix + key
        yield name, type_text(sub), unit_text(name, sub), sub.get("description", "\\-")
        if "properties" in sub:
            yield from rows(sub, name + ".")
        items = sub.get("items", {})
        if "properties" in items:
            yield from rows(items, name + "[].")


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    node = schema
    if len(sys.argv) > 2 and sys.argv[2] == "--common":  # the keys every document has, once
        node = {"properties": {k: v for k, v in schema["properties"].items() if k in COMMON}}
    elif len(sys.argv) > 2:
        node = schema["properties"][sys.argv[2]]
        node = node.get("items", node)
    print(".TS\ntab(|);\nl l l lx.\nname|type|unit|meaning\n_")
    for name, t, u, d in rows(node, ""):
        print(f"{name}|{t}|{u}|T{{\n{d}\nT}}")
    print(".TE")


if __name__ == "__main__":
    main()
