#!/usr/bin/env python3
"""Rule code does not pick data rows by literal ids (docs/DEVELOPING.md, "Closed kinds and open
lists"; issue 23, item 2). Where a rule must know what a row is, the kinds are an enum declared
once with its spelling and the loader maps each row to its kind; where it need not, what it says of
a row is a field of the row. Either way, no rule compares a row's id, key or kind with a string
literal, nor looks a row up by one.

Counted in every .cpp and .hpp of lib/src and tools (comments left out):
  - a comparison `X == "lit"`, `X != "lit"` (or the literal first) where X ends in a member or
    variable named as a row's identity or kind (id, key, name, kind, type, category, group, race,
    troop_type, roster, variant, band, hand, tactic, option, column, quantity, unit, shape, bore,
    mechanism, gunpowder, detected, item, component);
  - a look-up of a row by a literal: `adjustment("...")`, `race("...")`, `troop("...", ...)`,
    `roster_row("...", ...)`, `hand_index("...")`, `cannon_class("...")`, `modifier("...")`,
    `find_*("...")`, and the like.
A match not in the allow-list fails the check, and so does an allow-list entry that matches nothing
(take it off the list). The allow-list holds the justified ones, each with its reason: a
comparison with a user's command-line value or a request's choice, a schema's own words, an
internal tag that is no data row.

Usage: literal_ids_check.py SOURCE_DIR ALLOW_LIST
       literal_ids_check.py --self-test
"""
import os
import re
import sys
import tempfile

DIRS = ("lib/src", "tools")
SUFFIXES = (".cpp", ".hpp")
FIELDS = (r"(?:id|key|name|kind|type|category|group|race_group|race|troop_type|roster|variant|band|hand|"
          r"tactic|option|column|quantity|unit|shape|bore|mechanism|gunpowder|detected|item|component)")
LIT = r'"([a-z][a-z0-9_ -]*)"'
PATTERNS = [
    re.compile(r"(?:\.|->|\b)" + FIELDS + r"(?:\(\))?\s*[=!]=\s*" + LIT),
    re.compile(LIT + r"\s*[=!]=\s*[\w.>*-]*?(?:\.|->|\b)" + FIELDS + r"\b"),
    re.compile(r"\b(?:adjustment|group|race|troop|troop_type|roster_row|hand_index|cannon_class|cannon_type|"
               r"catapult_rate|modifier|ammo|band|gunpowder|tactic|equipment|fortification|firearm_type|"
               r"find_\w+)\(\s*" + LIT),
]


def strip_comment(line):
    """The line without a // comment (a // inside a string literal is kept)."""
    out, in_str, i = [], False, 0
    while i < len(line):
        c = line[i]
        if in_str:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def matches(root):
    """(path, literal, line number, line) of every literal-id comparison or look-up."""
    for top in DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        code = strip_comment(line)
                        for p in PATTERNS:
                            for m in p.finditer(code):
                                yield rel, m.group(1), n, line.strip()


def read_allow_list(path):
    """(path, literal) -> reason, from lines `path: "literal"  # reason`."""
    allowed = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            entry, _, reason = line.partition("#")
            entry = entry.strip()
            if not entry:
                continue
            m = re.fullmatch(r'(\S+):\s*"([^"]*)"', entry)
            if not m:
                raise SystemExit("%s: cannot read the line %r (path: \"literal\"  # reason)" % (path, line.strip()))
            if not reason.strip():
                raise SystemExit("%s: %s needs its reason after '#'" % (path, entry))
            allowed[(m.group(1), m.group(2))] = reason.strip()
    return allowed


def check(root, allowed):
    failures, seen, count = [], set(), 0
    for rel, lit, n, line in matches(root):
        count += 1
        if (rel, lit) in allowed:
            seen.add((rel, lit))
            continue
        failures.append('%s:%d: "%s" compared or looked up as a data id: %s\n'
                        '    (declare a closed kind, or make it a field of the row; see docs/DEVELOPING.md,\n'
                        '    "Closed kinds and open lists"; a justified one goes in the allow-list with its reason)'
                        % (rel, n, lit, line))
    for key in sorted(set(allowed) - seen):
        failures.append('%s: "%s" is in the allow-list but no longer found: take it off the list' % key)
    return failures, count


def self_test():
    cases = [
        ('if (r.race->key == "man") x();\n', 1),
        ('if ("withdraw" == a.tactic) x();\n', 1),
        ('const auto* a = R.adjustment("troop-class-advantage-2");\n', 1),
        ('if (k == R.withdraw.tactic) x();  // not "withdraw" == tactic\n', 0),
        ('if (gp.kind == GunpowderKind::dwarven) x();\n', 0),
        ('error("unknown key \\"x\\" (id == \\"y\\")");\n', 0),
    ]
    bad = 0
    for text, want in cases:
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "lib/src/m"))
            with open(os.path.join(d, "lib/src/m/a.cpp"), "w", encoding="utf-8") as f:
                f.write(text)
            got = len(list(matches(d)))
            if got != want:
                print("self-test: %r: %d matches, expected %d" % (text, got, want))
                bad += 1
        # an allow-list entry matching nothing fails
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "lib/src/m"))
        with open(os.path.join(d, "lib/src/m/a.cpp"), "w", encoding="utf-8") as f:
            f.write('if (x.id == "a") y();\n')
        failures, _ = check(d, {("lib/src/m/a.cpp", "a"): "r", ("lib/src/m/a.cpp", "b"): "r"})
        if len(failures) != 1 or "no longer found" not in failures[0]:
            print("self-test: a stale allow-list entry is not reported: %r" % failures)
            bad += 1
    print("self-test: %s" % ("failed" if bad else "ok"))
    return 1 if bad else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    root, allow = sys.argv[1], sys.argv[2]
    allowed = read_allow_list(allow)
    failures, count = check(root, allowed)
    for f in failures:
        print(f)
    print("literal-id comparisons and look-ups: %d, %d of them allowed (%s)" % (count, count - len(
        [f for f in failures if "no longer found" not in f]), os.path.basename(allow)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
