#!/usr/bin/python3
"""Every csv the suite shows is one table (issue 12): each golden csv output (tests/cli/*/*/ with
--format csv, and every *.csv.expected file) and every docs/tables/*.csv loads with csv.DictReader
into rows as wide as the header, under a header of distinct, non-empty column names, with no
empty line, and with raw values, not display text (DISPLAY). Usage: csv_tables_test.py REPO_ROOT [PATH-PART]
(PATH-PART: check only the outputs whose path holds it, e.g. `docs/tables/siege-`)."""
import csv
import io
import pathlib
import re
import sys

# Display text where a program wants a raw value (issue 12: "CSV cells are display text"): a whole
# cell shaped like one of these is a figure formatted for people, which csv must write raw (a number,
# a fraction for a probability, an empty cell for "no value", one column per number of a composite).
DISPLAY = [
    ("thousands separators", re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?%?$")),
    ("a percentage (csv holds probabilities as fractions)", re.compile(r"^[+-]?[\d.]+%( - [\d.]+%)?$")),
    ("feet and inches", re.compile(r"^\d+(\.\d+)?'(\d+(\.\d+)?\")?$|^\d+(\.\d+)?\"$")),
    ("a leading + sign", re.compile(r"^\+\d")),
    ("a dash for no value (csv leaves the cell empty)", re.compile(r"^[-–—]$|^n/a$")),
    ("a slash figure (one column per number)", re.compile(r"^[\d-]+(/[\d-]+)+$")),
    ("a number with its unit (the unit goes in the column name)",
     re.compile(r"^[+-]?\d+(\.\d+)? ?(yd|ft|in|gp|sp|lb|days?|weeks?|rounds?|turns?|pts|r|line|horses?|men|x)$")),
]

# Outputs not yet converted to raw cells (path prefixes under the repository root): none since
# every tool writes raw cells; kept so that a new tool can be converted in steps.
PENDING = []


def problems(text, raw=True):
    """What makes `text` other than one rectangular csv table (empty list: nothing)."""
    if not text:
        return []  # an empty output (an error case) holds no table
    out = []
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if any(len(r) == 0 for r in rows):
        out.append("an empty line (several tables?)")
    header = rows[0]
    if any(not k for k in header) or len(set(header)) != len(header):
        out.append(f"header with empty or repeated names: {header}")
    for n, r in enumerate(csv.DictReader(io.StringIO(text, newline="")), start=2):
        if None in r or None in r.values():
            out.append(f"row {n} is not as wide as the header")
            break
        if not raw:
            continue
        for key, value in r.items():
            why = next((w for w, pat in DISPLAY if value is not None and pat.search(value)), None)
            if why:
                out.append(f"row {n}, column {key}: {value!r} is display text: {why}")
                if len(out) > 5:
                    return out
    return out


def csv_outputs(root):
    for case in sorted((root / "tests" / "cli").glob("*/*")):
        args = case / "args"
        if args.is_file() and "csv" in args.read_text().split("\n") and (case / "stdout").is_file():
            # --format csv: the value after the flag is "csv"
            words = args.read_text().split("\n")
            if any(words[i] in ("--format", "-f") and words[i + 1] == "csv" for i in range(len(words) - 1)):
                yield case / "stdout"
        yield from sorted(case.glob("*.csv.expected"))
    yield from sorted((root / "docs" / "tables").glob("*.csv"))


def main():
    root = pathlib.Path(sys.argv[1])
    checked, failed = 0, 0
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    for path in csv_outputs(root):
        rel = str(path.relative_to(root))
        if only not in rel:
            continue
        checked += 1
        raw = not any(rel.startswith(p) for p in PENDING)
        for p in problems(path.read_text(encoding="utf-8"), raw):
            failed += 1
            print(f"FAIL: {path.relative_to(root)}: {p}")
    print(f"{checked} csv outputs checked, {failed} problems")
    if checked < 20 and not only:
        print("FAIL: fewer csv outputs than expected: is the repository root right?")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
