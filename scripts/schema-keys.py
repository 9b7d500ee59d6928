#!/usr/bin/python3
"""Prints the keys of a JSON Schema of docs/schema/ as a man-page (tbl) table: name, type, meaning.

Usage: schema-keys.py docs/schema/<tool>.<document>.json [PROPERTY]

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


COMMON = ("schema", "tool", "explain", "house_rules")  # described once, above the tables


def rows(node, prefix):
    for key, sub in node.get("properties", {}).items():
        if not prefix and key in COMMON and node.get("x-name"):
            continue
        name = prefix + key
        yield name, type_text(sub), sub.get("description", "\\-")
        if "properties" in sub:
            yield from rows(sub, name + ".")
        items = sub.get("items", {})
        if "properties" in items:
            yield from rows(items, name + "[].")


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    node = schema
    if len(sys.argv) > 2:
        node = schema["properties"][sys.argv[2]]
        node = node.get("items", node)
    print(".TS\ntab(|);\nl l lx.\nname|type|meaning\n_")
    for name, t, d in rows(node, ""):
        print(f"{name}|{t}|T{{\n{d}\nT}}")
    print(".TE")


if __name__ == "__main__":
    main()
