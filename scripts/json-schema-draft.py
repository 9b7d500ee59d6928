#!/usr/bin/python3
"""Drafts or widens the JSON Schemas of docs/schema/ from sample documents.

Usage: json-schema-draft.py SCHEMA_DIR SAMPLE.json...

Each sample names its schema in its "schema" member (gunpowder/<tool>/<document>); the samples of
one name are merged into docs/schema/<tool>.<document>.json: every object closed
(additionalProperties: false), a key required when every sample has it, a type list of every type
seen (integer only where every sample is whole and the key is not a probability, mean, ratio or a
measure in a unit: a real that happens to be whole in every sample is still a real).
What a schema file already holds is kept: its descriptions, and the types and keys it knows (a
draft only widens). Read the result: a sample set that misses a case (a key that is null only
sometimes) gives a schema too narrow, which the golden cases then show.
"""
import collections
import json
import os
import re
import sys

REAL_KEY = re.compile(r"(^p$|^p_|_p$|mean|expected|ratio|_pct$|pct_|average|per_|_per|_in$|_ft$|_yd$|"
                      r"error|share|fraction|rate$|odds|probability|_lb$|weeks$|days$|hours$|_gp$|_st$|cost|price|"
                      r"weight|damage$|_value$)")


# Objects of one array that differ by this key's value (fire-odds scenarios: the subcommand)
# each get their own schema, chosen by the key's value.
DISCRIMINATOR = "command"


def variant(obj):
    """The name of an object's variant: its DISCRIMINATOR, and "catalogue" for the firearm catalogue
    (the scenario of `fire-odds firearm --catalogue`, which holds only the list of firearms)."""
    name = obj[DISCRIMINATOR]
    return name + " catalogue" if "firearms" in obj else name


class Node:
    def __init__(self):
        self.types = set()
        self.props = collections.OrderedDict()
        self.required = None
        self.items = None
        self.variants = None  # an array of objects told apart by DISCRIMINATOR: one Node each

    def add(self, value, key=""):
        if value is None:
            self.types.add("null")
        elif isinstance(value, bool):
            self.types.add("boolean")
        elif isinstance(value, int):
            self.types.add("number" if REAL_KEY.search(key) else "integer")
        elif isinstance(value, float):
            self.types.add("number")
        elif isinstance(value, str):
            self.types.add("string")
        elif isinstance(value, list):
            self.types.add("array")
            if value and all(isinstance(v, dict) and isinstance(v.get(DISCRIMINATOR), str) for v in value):
                self.variants = self.variants or collections.OrderedDict()
                for v in value:
                    self.variants.setdefault(variant(v), Node()).add(v, key)
                return
            if self.items is None:
                self.items = Node()
            for v in value:
                self.items.add(v, key)
        elif isinstance(value, dict):
            self.types.add("object")
            keys = set(value)
            self.required = keys if self.required is None else self.required & keys
            for k, v in value.items():
                self.props.setdefault(k, Node()).add(v, k)


def type_of(types):
    if "number" in types and "integer" in types:
        types = types - {"integer"}
    order = ["object", "array", "string", "number", "integer", "boolean", "null"]
    t = [x for x in order if x in types]
    return t[0] if len(t) == 1 else t


def emit(node, old):
    out = collections.OrderedDict()
    old = old or {}
    if "description" in old:
        out["description"] = old["description"]
    types = set(node.types)
    ot = old.get("type")
    if ot:
        types |= set([ot] if isinstance(ot, str) else ot)
    if types:
        out["type"] = type_of(types)
    for extra in ("enum", "minimum", "maximum", "x-unit"):
        if extra in old:
            out[extra] = old[extra]
    if "object" in types:
        props = collections.OrderedDict()
        oldp = old.get("properties", {})
        for k in list(oldp) + [k for k in node.props if k not in oldp]:
            props[k] = emit(node.props.get(k, Node()), oldp.get(k))
        out["properties"] = props
        req = [k for k in props if k in (node.required or set())]
        if "required" in old:
            req = [k for k in props if k in old["required"] and (node.required is None or k in node.required)]
        out["required"] = req
        out["additionalProperties"] = False
    if "array" in types:
        old_items = old.get("items") or {}
        if node.variants or "oneOf" in old_items:
            old_by = {b["title"]: b for b in old_items.get("oneOf", [])}
            variants = node.variants or {}
            branches = []
            for name in list(old_by) + [n for n in variants if n not in old_by]:
                b = collections.OrderedDict(title=name)
                b.update(emit(variants.get(name, Node()), old_by.get(name)))
                b["properties"][DISCRIMINATOR] = collections.OrderedDict(
                    b["properties"][DISCRIMINATOR], const=name.split(" ")[0])
                branches.append(b)
            out["items"] = {"oneOf": branches}
        else:
            out["items"] = emit(node.items or Node(), old_items)
    return out


def main():
    schema_dir, samples = sys.argv[1], sys.argv[2:]
    by_name = collections.OrderedDict()
    for path in samples:
        with open(path, encoding="utf-8") as f:
            try:
                doc = json.load(f)
            except json.JSONDecodeError:
                continue
        if not isinstance(doc, dict) or not isinstance(doc.get("schema"), dict):
            continue
        by_name.setdefault(doc["schema"]["name"], (doc["schema"].get("version", 1), Node()))[1].add(doc)
    for name, (version, node) in by_name.items():
        _, tool, document = name.split("/", 2)
        path = os.path.join(schema_dir, f"{tool}.{document}.json")
        old = {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = json.load(f)
        body = emit(node, old)
        schema = collections.OrderedDict()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"urn:gunpowder:schema:{tool}.{document}"
        schema["title"] = old.get("title", f"{tool} {document} (--format json)")
        schema["x-name"] = name
        schema["x-version"] = version
        schema.update(body)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(schema, f, indent=2, ensure_ascii=False)
            f.write("\n")
        print(path)


if __name__ == "__main__":
    main()
