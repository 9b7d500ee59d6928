#!/usr/bin/env python3
"""The man pages name the flags the tools have, and nothing a user reads names a removed one.

Usage: man_options_test.py SOURCE_DIR BIN_DIR

Both directions, from the tools' own option trees (`TOOL --completion fish` lists every long flag of
every subcommand, as docs.vocabulary reads them):
  - every flag of a tool is named in its page docs/man/TOOL.1;
  - every flag a page names (`\\-\\-flag` in troff) is a flag of some tool of the suite;
  - the page's --format option (its paragraph under OPTIONS) names every value the tool offers for
    it, aliases too (md for markdown), as --help and the completion do;
  - no retired flag (docs/vocabulary.md, "Retired names") is named by a man page, README.md,
    docs/house-rules.md, an example (examples/*) or any tool's --help (the tool's and each
    subcommand's).
Prints one line per problem and "N passed, M failed".
"""
import pathlib
import re
import subprocess
import sys

TOOLS = ["artillery-design", "unit-br", "war-machine", "siege-duration", "fire-odds", "gunpowder-book"]
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def tool_flags(binary, tool):
    """({subcommand: {flags}}, all flags) from the tool's fish completion."""
    out = subprocess.run([str(binary / tool), "--completion", "fish"], capture_output=True, text=True,
                         check=True).stdout
    by_sub = {}
    for line in out.splitlines():
        if not line.startswith("complete -c") or " -l " not in line:
            continue
        seen = re.search(r"'__fish_seen_subcommand_from (\S+)'", line)
        sub = seen.group(1) if seen else ""
        by_sub.setdefault(sub, set()).add("--" + re.search(r" -l (\S+)", line).group(1))
    subs = set(re.findall(r"__fish_use_subcommand' -a '?([a-z][a-z-]*)", out))
    return by_sub, subs


def man_text(path):
    text = path.read_text(encoding="utf-8")
    text = text.replace("\\-", "-").replace("\\%", "").replace("\\&", "")
    return re.sub(r"\\f[BIRP]", "", text)


def format_values(binary, tool):
    """The values the tool's completion offers for --format."""
    out = subprocess.run([str(binary / tool), "--completion", "fish"], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        if " -l format " in line:
            m = re.search(r" -a '([^']*)'", line)
            if m:
                return m.group(1).split()
    return []


def option_paragraph(page, flag):
    """The OPTIONS paragraph of `flag` in a page (man_text): its tag line and the lines up to the next
    paragraph macro; "" when the page has none."""
    lines = page.split("\n")
    in_options = False
    for i, line in enumerate(lines):
        if line.startswith(".SH"):
            in_options = line.strip() == ".SH OPTIONS"
        if in_options and re.match(r"^\.(B|BR|BI|IR|RB) ", line) and i > 0 and lines[i - 1].strip() == ".TP" \
                and re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", line):
            body = [line]
            for nxt in lines[i + 1:]:
                if re.match(r"^\.(TP|PP|SS|SH|IP)\b", nxt):
                    break
                body.append(nxt)
            return "\n".join(body)
    return ""


def retired_flags(vocabulary):
    out = set()
    in_table = False
    for line in vocabulary.read_text(encoding="utf-8").splitlines():
        if line.startswith("| Retired |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            in_table = False
        if in_table:
            first = line.split("|")[1]
            out.update(f for f in re.findall(r"`(--[a-z][a-z0-9-]*)`", first))
    return out


def main():
    src, binary = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    problems, checks = [], 0
    flags, subcommands = {}, {}
    for tool in TOOLS:
        by_sub, subs = tool_flags(binary, tool)
        flags[tool] = set().union(*by_sub.values()) if by_sub else set()
        subcommands[tool] = subs
    suite = set().union(*flags.values()) | {"--completion", "--describe-output"}  # hidden, every tool
    retired = retired_flags(src / "docs" / "vocabulary.md") - suite
    for tool in TOOLS:
        page = man_text(src / "docs" / "man" / (tool + ".1"))
        named = set(FLAG.findall(page))
        for f in sorted(flags[tool]):
            checks += 1
            if f not in named:
                problems.append(f"docs/man/{tool}.1: does not document {f}, a flag of {tool}")
        for f in sorted(named):
            checks += 1
            if f not in suite:
                problems.append(f"docs/man/{tool}.1: names {f}, which no tool of the suite has")
        checks += 1
        paragraph = option_paragraph(page, "--format")
        words = set(re.findall(r"[a-z]+", paragraph))
        for value in format_values(binary, tool):
            if value not in words:
                problems.append(f"docs/man/{tool}.1: its --format paragraph does not name the value {value}")
    readers = [src / "README.md", src / "docs" / "house-rules.md"] + sorted((src / "examples").glob("*"))
    readers += sorted((src / "docs" / "man").glob("*.1"))
    for path in readers:
        if not path.is_file():
            continue
        text = man_text(path) if path.suffix == ".1" else path.read_text(encoding="utf-8", errors="replace")
        for f in sorted(set(FLAG.findall(text)) & retired):
            problems.append(f"{path.relative_to(src)}: names the removed flag {f}")
        checks += 1
    for tool in TOOLS:
        for sub in [""] + sorted(subcommands[tool]):
            args = [str(binary / tool)] + ([sub] if sub else []) + ["--help"]
            out = subprocess.run(args, capture_output=True, text=True, env={"COLUMNS": "200"}).stdout
            checks += 1
            for f in sorted(set(FLAG.findall(out)) & retired):
                problems.append(f"{tool} {sub} --help: names the removed flag {f}".replace("  ", " "))
    for p in problems:
        print(p)
    failed = len(problems)
    print(f"{checks - min(failed, checks)} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
