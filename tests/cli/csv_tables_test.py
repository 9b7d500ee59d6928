#!/usr/bin/python3
"""Every csv the suite shows is one table (issue 12): each golden csv output (tests/cli/*/*/ with
--format csv, and every *.csv.expected file) and every docs/tables/*.csv loads with csv.DictReader
into rows as wide as the header, under a header of distinct, non-empty column names, with no
empty line. Usage: csv_tables_test.py REPO_ROOT"""
import csv
import io
import pathlib
import sys


def problems(text):
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
    for path in csv_outputs(root):
        checked += 1
        for p in problems(path.read_text(encoding="utf-8")):
            failed += 1
            print(f"FAIL: {path.relative_to(root)}: {p}")
    print(f"{checked} csv outputs checked, {failed} problems")
    if checked < 20:
        print("FAIL: fewer csv outputs than expected: is the repository root right?")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
