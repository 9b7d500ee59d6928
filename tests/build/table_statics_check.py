#!/usr/bin/env python3
"""No static holds rule tables (issue 23, item 4; docs/DEVELOPING.md, "How the tables reach the
binary"): the tables of a run, its house rules and whatever is made from them live in the run's
data::Tables, passed by const& to what needs them, never in a static.

Usage: table_statics_check.py SOURCE_DIR
       table_statics_check.py --self-test

Every .cpp and .hpp under SOURCE_DIR/lib and SOURCE_DIR/tools is read without its comments and
string literals. Each variable declared `static` or `thread_local` (at namespace scope, in a class or
in a function) fails the check when its declaration, initialiser included, calls a loader's
accessor (load_*(...)), data::load, a lookup of the house rules (house_rule_source,
house_rules_in_effect, ...), a module's Section or the snapshot, or passes a `tables` argument,
or when its type is one of tables or of what holds them (a Tables, an Expected<...>, a *Catalogue or
*Rules, the data layer's State, the house rules' records). Functions declared static are not
variables and pass. Every failure is listed with its file and line. --self-test runs the check on scratch trees and fails if it does not
tell each case apart.
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from file_size_check import sources  # noqa: E402 (every .cpp and .hpp of lib/ and tools/)

# What a static's declaration must not call: a loader's accessor, the data layer's loading, the
# house rules' lookups, the snapshot.
CALLS = re.compile(
    r"\bload_\w+\s*\(|\bdata::load\w*\s*\(|\bhouse_rule_source\b|\bhouse_rules_in_effect\b|\bhouse_rule_changes\b"
    r"|\bhouse_rules_files\b|\bsnapshot::|\bmade_by\b|\w*Section\s*\.\s*get\b|[(,]\s*tables\s*[,)]"
)
# What its type must not be: tables or what holds them.
TYPES = re.compile(r"\bTables\b|\bExpected\s*<|\w*Catalogue\b|\w*Rules\b|\bState\b|\bRuleChange\b|\bRulesFile\b")
DECL_START = re.compile(r"\b(static|thread_local)\b")
FUNCTION_HEAD = re.compile(r"\)\s*(const|noexcept|override|final|\s)*(->[^=]*)?$")


def strip(text):
    """The text with comments and string and character literals blanked (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + (m.group(1) if m else "") + '"', i)
            j = n if end < 0 else end + len(m.group(1) if m else "") + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declaration(text, start):
    """The statement from `start` to its ';' (or to the '{' of a function body), whether it is a
    function rather than a variable, and the length of its head (the type and name, before its
    initialiser)."""
    depth = 0
    i = start
    head_end = None
    while i < len(text):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{":
            if depth == 0 and head_end is None:
                head_end = i
                if FUNCTION_HEAD.search(text[start:i].rstrip()):
                    return text[start:i], True, i - start
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "=" and depth == 0 and head_end is None and text[i + 1 : i + 2] != "=":
            head_end = i
        elif c == ";" and depth == 0:
            if head_end is None and FUNCTION_HEAD.search(text[start:i].rstrip()):
                return text[start:i], True, i - start
            return text[start : i + 1], False, (head_end if head_end is not None else i) - start
        i += 1
    return text[start:], False, len(text) - start


def failures_in(rel, text):
    out = []
    clean = strip(text)
    for m in DECL_START.finditer(clean):
        decl, function, head = declaration(clean, m.start())
        if function:
            continue
        hit = CALLS.search(decl) or TYPES.search(decl[:head])
        if hit:
            line = clean.count("\n", 0, m.start()) + 1
            out.append(f"{rel}:{line}: a {m.group(1)} variable names {hit.group(0).strip()!r}: "
                       "tables and what is made from them live in the run's data::Tables")
    return out


def check(root):
    failures = []
    for rel, path in sources(root):
        with open(path, encoding="utf-8") as f:
            failures += failures_in(rel, f.read())
    return failures


def self_test():
    bad = {
        # the loaders' statics before issue 23
        "lib/src/war/war_data.cpp": "Expected<const Rules*> load_rules() {\n"
        "  static const Expected<Rules>& rules = data::snapshot::built_in<Rules>(\"war\", build);\n"
        "  return data::pointer_to(rules);\n}\n",
        # a list made once from a loaded table
        "lib/src/units/read_units.cpp": "const std::vector<std::string>& keys() {\n"
        "  static const std::vector<std::string> keys = [] {\n    std::vector<std::string> out;\n"
        "    if (auto cat = firearms::load_catalogue(t))\n      for (const auto& x : (*cat)->types) "
        "out.push_back(x.key);\n    return out;\n  }();\n  return keys;\n}\n",
        # a Tables kept for later, a module's tables of the first Tables asked, and the house rules' state
        "tools/common/x.cpp": "namespace {\nstatic const data::Tables* g_tables = nullptr;\n}\n"
        "const Rules* rules(const data::Tables& tables) {\n  static const auto& r = kWarSection.get(tables);\n"
        "  return &*r;\n}\nconst auto& cat(const data::Tables& tables) {\n"
        "  static const auto keys = names_of(tables, 3);\n  return keys;\n}\n",
        "lib/src/data/rules.cpp": "State& state() {\n  static State& s = *new State;  // the house rules\n"
        "  return s;\n}\nbool in_effect() {\n  thread_local bool x = house_rules_in_effect();\n  return x;\n}\n",
    }
    good = {
        "lib/src/core/a.cpp": "static int twice(int x) { return 2 * x; }\n"
        "int f(double d) { return static_cast<int>(d); }\nstatic_assert(sizeof(int) == 4);\n"
        "const std::string& empty() {\n  static const std::string empty;\n  return empty;\n}\n"
        "const std::vector<std::string>& names() {\n  static const std::vector<std::string> names = {\"a\", "
        "\"load_rules()\"};  // load_catalogue(tables) in a comment\n  return names;\n}\n"
        "struct X {\n  static const X* get(const data::Tables& tables);\n  static void visit(auto& t, auto& v) "
        "{ v(t.tables); }\n};\n"
        "std::vector<const Producer*>& registry() {\n  static std::vector<const Producer*> list;\n  return list;\n}\n",
    }
    expected_bad = 7
    with tempfile.TemporaryDirectory() as root:
        for tree, files in (("bad", bad), ("good", good)):
            for rel, text in files.items():
                path = os.path.join(root, tree, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
        found_bad = check(os.path.join(root, "bad"))
        found_good = check(os.path.join(root, "good"))
    ok = len(found_bad) == expected_bad and not found_good
    for line in found_bad + found_good:
        print(line)
    print(f"self-test: {len(found_bad)} of {expected_bad} statics of tables found, {len(found_good)} wrongly")
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    failures = check(argv[1])
    for line in failures:
        print(line)
    if failures:
        print(f"{len(failures)} static(s) hold tables or what is made from them", file=sys.stderr)
        return 1
    print("no static holds rule tables, house rules or what is made from them")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
