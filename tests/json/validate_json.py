#!/usr/bin/python3
"""Validates every JSON document the suite commits against the JSON Schema it names.

Usage: validate_json.py SOURCE_DIR

The documents: the expected standard output of every golden case of tests/cli/<tool>/<case>/ run
with --format json (and every expected file *.json.expected of such a case), and every
docs/tables/*.json. Each document names its schema in its top-level "schema" member,
{"name": "gunpowder/<tool>/<document>", "version": N}; the schema is docs/schema/<tool>.<document>.json,
whose "x-version" must be N. The schemas are JSON Schema draft 2020-12, read with Debian's
python3-jsonschema.

A schema must describe its document whole: the first object at each place of every document is
also validated with one key added that no schema knows, and that must fail (additionalProperties:
false everywhere). Closed value sets and bounds must hold too (issue 22, item 4): in every schema a
probability (`p`, `p_*`) is bounded 0 to 1 and money (a key with the word `gp`) is at least 0; and
at the first object of each place, a value whose schema has an `enum` is set to "howitzer", one
with a `minimum` to 5 below it and one with a `maximum` to 0.5 above it, each of which must fail.
"""
import glob
import json
import os
import re
import sys

import jsonschema

UNKNOWN = "__key_no_schema_knows__"


def documents(src):
    """(label, text) of every committed JSON document."""
    for args in sorted(glob.glob(os.path.join(src, "tests/cli/*/*/args"))):
        case = os.path.dirname(args)
        with open(args, encoding="utf-8") as f:
            argv = f.read().split("\n")
        if "json" not in argv and "--format=json" not in argv:
            continue
        code_file = os.path.join(case, "code")
        if os.path.exists(code_file) and open(code_file, encoding="utf-8").read().strip() not in ("", "0"):
            continue
        out = os.path.join(case, "stdout")
        if os.path.exists(out) and os.path.getsize(out) > 0:
            yield os.path.relpath(out, src), open(out, encoding="utf-8").read()
        for exp in sorted(glob.glob(os.path.join(case, "*.json.expected"))):
            yield os.path.relpath(exp, src), open(exp, encoding="utf-8").read()
    for table in sorted(glob.glob(os.path.join(src, "docs/tables/*.json"))):
        yield os.path.relpath(table, src), open(table, encoding="utf-8").read()


def objects(value, path="$"):
    """Every object of a document with its path, the document itself first."""
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from objects(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from objects(v, f"{path}[{i}]")


def declared(schema, member):
    """The name or version a schema declares: the const of its "schema" member (a schema generated
    from the tools' declarations), else its x-name / x-version (one still kept by hand)."""
    head = schema.get("properties", {}).get("schema", {}).get("properties", {})
    if member in head and "const" in head[member]:
        return head[member]["const"]
    return schema.get("x-" + member)


def declared_name(schema):
    return declared(schema, "name")


def load_schemas(src):
    schemas = {}
    for path in sorted(glob.glob(os.path.join(src, "docs/schema/*.json"))):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        tool, document = os.path.basename(path)[: -len(".json")].split(".", 1)
        name = f"gunpowder/{tool}/{document}"
        if declared_name(schema) != name:
            raise SystemExit(f"{path}: names {declared_name(schema)!r}, expected {name!r}")
        schemas[name] = (os.path.relpath(path, src), schema, jsonschema.Draft202012Validator(schema))
    return schemas


def properties_of(schema):
    """The properties of an object schema, through anyOf branches."""
    props = dict(schema.get("properties", {}))
    for branch in schema.get("anyOf", []):
        props.update(properties_of(branch))
    return props


def items_of(schema):
    if "items" in schema:
        return schema["items"]
    for branch in schema.get("anyOf", []):
        if "items" in branch:
            return branch["items"]
    return None


def facets(schema):
    """enum, minimum, maximum and type of a value's schema, through anyOf branches."""
    out = {}
    for f in [schema] + schema.get("anyOf", []):
        for k in ("enum", "minimum", "maximum", "type"):
            if k in f:
                out.setdefault(k, f[k])
    return out


def enum_keys(src):
    """The output keys of kind enum in docs/vocabulary.md ("Output keys": | `key` | enum | ...)."""
    keys = set()
    with open(os.path.join(src, "docs/vocabulary.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\| `([a-z0-9_]+)` \| enum \|", line)
            if m:
                keys.add(m.group(1))
    return keys


def schema_bounds(where, schema, enums, path="$"):
    """Probabilities bounded 0..1, money at least 0 and the vocabulary's enum keys closed, everywhere
    in a schema."""
    problems = []
    for key, sub in properties_of(schema).items():
        f = facets(sub)
        # A derivation step's members and a record's `sources` (figure key -> source) are layout,
        # not figures: their keys are not the vocabulary's output keys.
        if key in ("explain", "sources"):
            continue
        if key in enums and "enum" not in f and f.get("type") != "array":
            problems.append(f"{where}: {path}.{key}: an enum key of the vocabulary without an enum")
        numeric = f.get("type") in ("number", "integer")
        if numeric and (key == "p" or key.startswith("p_")) and (f.get("minimum") != 0 or f.get("maximum") != 1):
            problems.append(f"{where}: {path}.{key}: a probability without the bounds 0 and 1")
        if numeric and re.search(r"(^|_)gp($|_)", key) and f.get("minimum") is None:
            problems.append(f"{where}: {path}.{key}: money without a minimum")
        problems += schema_bounds(where, sub, enums, f"{path}.{key}")
    items = items_of(schema)
    if items is not None:
        problems += schema_bounds(where, items, enums, path + "[]")
    return problems


def values_with_facets(value, schema, path="$"):
    """(container, key, facets, path) of every value of a document whose schema has an enum or a bound."""
    if isinstance(value, dict):
        props = properties_of(schema)
        for k, v in value.items():
            if k not in props:
                continue
            f = facets(props[k])
            if any(x in f for x in ("enum", "minimum", "maximum")) and not isinstance(v, (dict, list, bool)) and v is not None:
                yield value, k, f, f"{path}.{k}"
            yield from values_with_facets(v, props[k], f"{path}.{k}")
    elif isinstance(value, list):
        items = items_of(schema)
        if items is not None:
            for i, v in enumerate(value):
                yield from values_with_facets(v, items, f"{path}[{i}]")


def significant_digits(literal):
    """The significant digits of a JSON number literal: 0.533333333333 has 12, 24000 has 2, 1e-20 has 1."""
    mantissa = re.split(r"[eE]", literal.lstrip("-"))[0]
    digits = mantissa.replace(".", "").lstrip("0")
    if "." not in mantissa:
        digits = digits.rstrip("0")
    return len(digits)


def check(label, text, schemas):
    """The problems of one document (empty when it is valid and its schema is closed)."""
    long_floats = []

    def parse_float(literal):  # the one float policy (issue 12): at most 12 significant digits
        if significant_digits(literal) > 12:
            long_floats.append(literal)
        return float(literal)

    try:
        doc = json.loads(text, parse_float=parse_float)
    except json.JSONDecodeError as e:
        return [f"{label}: not JSON: {e}"]
    if long_floats:
        return [f"{label}: {len(long_floats)} numbers with more than 12 significant digits, e.g. {long_floats[0]}"]
    ref = doc.get("schema") if isinstance(doc, dict) else None
    if not isinstance(ref, dict) or not isinstance(ref.get("name"), str):
        return [f"{label}: no top-level \"schema\" object with a name"]
    if ref["name"] not in schemas:
        return [f"{label}: no schema file for {ref['name']}"]
    where, schema, validator = schemas[ref["name"]]
    if ref.get("version") != declared(schema, "version"):
        return [f"{label}: schema version {ref.get('version')} but {where} is version {declared(schema, 'version')}"]
    problems = [f"{label}: {'/'.join(map(str, e.absolute_path)) or '$'}: {e.message} (schema {where})"
                for e in validator.iter_errors(doc)]
    if problems:
        return problems[:20]
    # Every object must refuse a key its schema does not know: checked at the first object of each
    # place (array indices aside), so that a large document costs a few validations, not one per element.
    seen = set()
    for path, obj in objects(doc):
        place = (re.sub(r"\[\d+\]", "[]", path), obj.get("command"), "firearms" in obj)  # and each variant
        if place in seen:
            continue
        seen.add(place)
        obj[UNKNOWN] = 1
        accepted = validator.is_valid(doc)
        del obj[UNKNOWN]
        if accepted:
            problems.append(f"{label}: {path}: the schema {where} accepts an unknown key there")
            if len(problems) >= 5:
                break
    # Every enum and bound refuses a value outside it (the first value at each place).
    seen = set()
    for container, key, f, path in list(values_with_facets(doc, schema)):
        place = re.sub(r"\[\d+\]", "[]", path)
        if place in seen:
            continue
        seen.add(place)
        old = container[key]
        wrong = []
        if "enum" in f:
            wrong.append("howitzer")
        if "minimum" in f:
            wrong.append(f["minimum"] - 5)
        if "maximum" in f:
            wrong.append(f["maximum"] + 0.5)
        for w in wrong:
            container[key] = w
            if validator.is_valid(doc):
                problems.append(f"{label}: {path}: the schema {where} accepts {w!r} there")
        container[key] = old
        if len(problems) >= 5:
            break
    return problems


def main():
    src = sys.argv[1]
    schemas = load_schemas(src)
    problems, count, used = [], 0, set()
    enums = enum_keys(src)
    if len(enums) < 20:
        problems.append(f"docs/vocabulary.md: only {len(enums)} enum keys found (its Output keys table moved?)")
    for where, schema, _ in schemas.values():
        problems += schema_bounds(where, schema, enums)
    for label, text in documents(src):
        count += 1
        found = check(label, text, schemas)
        problems += found
        try:
            used.add(json.loads(text)["schema"]["name"])
        except (ValueError, KeyError, TypeError):
            pass
    for p in problems:
        print(p)
    unused = sorted(set(schemas) - used)
    if unused:
        print("schemas no committed document uses (add a golden case):", ", ".join(unused))
    print(f"{count} JSON documents checked against {len(schemas)} schemas")
    ok = count > 0 and not problems and not unused
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
