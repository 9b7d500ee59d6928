#!/usr/bin/env python3
"""Writes what the tools declare of their outputs into the docs, or checks that the docs match.

Each tool prints its declared JSON documents and csv tables with the hidden option
--describe-output (tools/common/describe.cpp, from lib/include/gunpowder/core/model.hpp). From it:
  docs/schema/<tool>.<document>.json   the JSON Schema of each document, as the tool describes it
  docs/man/<tool>.1                    the lines between the markers
                                         .\\" generated: json-keys begin / end
                                         .\\" generated: csv-columns begin / end
                                       (one .SS per document or csv table, one .TP per key)
  docs/vocabulary.md                   its "Output keys" table, between the markers
                                         <!-- generated: output-keys begin / end -->
                                       (one row per key of every JSON document and csv table:
                                       its kind, unit, first meaning and tools; docs.vocabulary)
A tool that declares no document is left alone (its schemas and man page are still kept by hand).

  describe-outputs.py --bin build/bin [--root .] [--check]

--check writes nothing and exits 1, listing the stale files, when a committed copy differs from
what the tools describe now (ctest docs.generated). Without it the files are rewritten.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

TOOLS = ["artillery-design", "unit-br", "war-machine", "siege-duration", "fire-odds", "gunpowder-book"]
MARKERS = {
    "json-keys": ('.\\" generated: json-keys begin', '.\\" generated: json-keys end'),
    "csv-columns": ('.\\" generated: csv-columns begin', '.\\" generated: csv-columns end'),
}


def troff(text):
    """Text safe in a man page line: backslashes doubled, a leading '.' or "'" guarded, '-' as \\-."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def key_paragraphs(rows):
    out = []
    for r in rows:
        out.append(".TP")
        # \% keeps a key from being hyphenated; keys are set in bold.
        out.append("\\fB\\%" + troff(r["key"]) + "\\fR")
        what = r["type"] + (", " + r["unit"] if r["unit"] else "")
        meaning = r["meaning"].strip()
        # A list of values may break after each '|' (\: is a break point that prints nothing), so
        # that a long one fits an 80-column terminal.
        line = troff(what).replace("|", "|\\:") + (". " + troff(meaning[0].upper() + meaning[1:]) if meaning else "")
        if not line.endswith("."):
            line += "."
        out.append(line)
    return out


def json_section(desc):
    out = []
    for d in desc["documents"]:
        out.append(".SS Document gunpowder/%s/%s (version %d)" % (desc["tool"], d["name"], d["version"]))
        schema_desc = d["schema"].get("description", "")
        if schema_desc:
            out.append(troff(schema_desc[0].upper() + schema_desc[1:]) + ("" if schema_desc.endswith(".") else "."))
        out.append("Schema: \\fIdocs/schema/%s.%s.json\\fR." % (desc["tool"], d["name"]))
        out += key_paragraphs(d["json_keys"])
    return out


def csv_section(desc):
    # A table of one name in several documents is described once; when its columns differ from one
    # document to another (war-machine's forces in rate and in battle), once per document, named.
    shapes = {}
    for d in desc["documents"]:
        for t in d["csv_tables"]:
            shapes.setdefault(t["table"], set()).add(json.dumps(t["columns"], sort_keys=True))
    out, seen = [], set()
    for d in desc["documents"]:
        for t in d["csv_tables"]:
            shape = (t["table"], json.dumps(t["columns"], sort_keys=True))
            if shape in seen:
                continue
            seen.add(shape)
            where = troff(d["name"]) + " " if len(shapes[t["table"]]) > 1 else ""
            out.append(".SS Table %s (%s\\-\\-table %s)" % (troff(t["title"]), where, troff(t["table"])))
            out += key_paragraphs(t["columns"])
    return out


# Keys of the envelope and of the record layout (figure, value, unit, source): their meaning is the
# layout's, not a figure's; docs/vocabulary.md describes them in words.
LAYOUT = {"schema.name", "schema.version", "tool", "figure", "value", "unit", "source", "sources"}
MARKERS["output-keys"] = ("<!-- generated: output-keys begin -->", "<!-- generated: output-keys end -->")


def output_key_uses(desc):
    """(key, kind, unit, meaning) of every JSON key (its last part) and csv column a tool declares."""
    rows = []
    for d in desc["documents"]:
        uses = list(d["json_keys"])
        for t in d["csv_tables"]:
            uses += t["columns"]
        for r in uses:
            key = re.split(r"[.\]]", r["key"])[-1]
            if r["key"] in LAYOUT or key in LAYOUT or r["type"] in ("array", "object"):
                continue
            kind = r["type"].replace(" or null", "")
            rows.append((key, "enum" if "|" in kind else kind, r["unit"], r["meaning"]))
    return rows


def output_keys_table(descs):
    """The markdown rows of docs/vocabulary.md's "Output keys": one per key, kind and unit."""
    seen = {}
    for desc in descs:
        for key, kind, unit, meaning in output_key_uses(desc):
            row = seen.setdefault((key, kind, unit), {"meaning": meaning, "tools": []})
            if desc["tool"] not in row["tools"]:
                row["tools"].append(desc["tool"])
    out = ["| Key | Kind | Unit | Meaning (its first use) | Tools |", "|---|---|---|---|---|"]
    for (key, kind, unit), r in sorted(seen.items()):
        meaning = r["meaning"].replace("|", "\\|").replace("\n", " ").strip()
        out.append("| `%s` | %s | %s | %s | %s |" % (key, kind, unit, meaning, "; ".join(r["tools"])))
    return out


def splice(page, name, lines):
    begin, end = MARKERS[name]
    if begin not in page:
        return page, False
    head, rest = page.split(begin, 1)
    if end not in rest:
        raise SystemExit("%s: marker %r without %r" % (name, begin, end))
    _, tail = rest.split(end, 1)
    return head + begin + "\n" + "\n".join(lines) + ("\n" if lines else "") + end + tail, True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parent.parent))
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    root = pathlib.Path(a.root)
    stale, written = [], []

    def put(path, text):
        old = path.read_text() if path.exists() else None
        if old == text:
            return
        if a.check:
            stale.append(str(path.relative_to(root)))
        else:
            path.write_text(text)
            written.append(str(path.relative_to(root)))

    descs = []
    for tool in TOOLS:
        exe = pathlib.Path(a.bin) / tool
        desc = json.loads(subprocess.run([str(exe), "--describe-output"], check=True, capture_output=True,
                                         text=True).stdout)
        descs.append(desc)
        if not desc["documents"]:
            continue
        names = set()
        for d in desc["documents"]:
            path = root / "docs" / "schema" / ("%s.%s.json" % (tool, d["name"]))
            names.add(path.name)
            put(path, json.dumps(d["schema"], indent=2, ensure_ascii=False) + "\n")
        for old in sorted((root / "docs" / "schema").glob(tool + ".*.json")):
            if old.name not in names:
                if a.check:
                    stale.append(str(old.relative_to(root)) + " (no such document)")
                else:
                    old.unlink()
                    written.append(str(old.relative_to(root)) + " (removed)")
        man = root / "docs" / "man" / (tool + ".1")
        page = man.read_text()
        page, has_json = splice(page, "json-keys", json_section(desc))
        page, has_csv = splice(page, "csv-columns", csv_section(desc))
        if not (has_json and has_csv):
            stale.append(str(man.relative_to(root)) + " (missing generated markers)")
        put(man, page)
    vocabulary = root / "docs" / "vocabulary.md"
    text, has_keys = splice(vocabulary.read_text(), "output-keys", output_keys_table(descs))
    if not has_keys:
        stale.append(str(vocabulary.relative_to(root)) + " (missing generated markers)")
    put(vocabulary, text)
    if a.check:
        if stale:
            print("stale, regenerate with scripts/describe-outputs.py --bin build/bin:")
            for s in stale:
                print("  " + s)
            print("0 passed, 1 failed")
            return 1
        print("1 passed, 0 failed")
        return 0
    for w in written:
        print("wrote " + w)
    return 0


if __name__ == "__main__":
    sys.exit(main())
