#!/usr/bin/env python3
"""Hand-set JSON keys in lib/ and tools/ stay few (issue 22: at most 100; the document envelope,
the schema generator's keywords, the derivation steps and the like): every figure's key comes from
its declared report::Field. A hand-set key is a string literal given as a key: `.set("key", ...)`,
`member(out, first, level, "key")`, or raw JSON text `"\"key\":`. JSON Schema's own keywords
("type", "properties", "anyOf", ...), which the schema generator writes, are the standard's names,
not ours, and are not counted. Lists each file's count.
Usage: json_keys_check.py SOURCE_DIR [LIMIT]
"""
import os
import re
import sys

PATTERNS = [
    re.compile(r'\.set\(\s*"([^"]*)"'),
    re.compile(r'\bmember\([^;]*?,\s*"([a-z_$]+)"\s*\)'),
    re.compile(r'"\\"([a-z_]+)\\"\s*:'),
]
SCHEMA_KEYWORDS = {"$schema", "$id", "$defs", "type", "title", "description", "properties", "required",
                   "additionalProperties", "items", "anyOf", "oneOf", "allOf", "enum", "const", "minimum",
                   "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern", "format", "default"}


def main():
    root = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    total = 0
    per_file = {}
    for top in ("lib", "tools"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(d, f)
                text = open(path, encoding="utf-8").read()
                n = sum(1 for p in PATTERNS for key in p.findall(text) if key not in SCHEMA_KEYWORDS)
                if n:
                    per_file[os.path.relpath(path, root)] = n
                    total += n
    for path, n in sorted(per_file.items(), key=lambda x: -x[1]):
        print(f"{n:4d} {path}")
    print(f"hand-set JSON keys: {total} (at most {limit})")
    return 0 if total <= limit else 1


if __name__ == "__main__":
    sys.exit(main())
