#!/usr/bin/python3
"""Runs every command of README.md's ``sh`` and ``console`` blocks and checks what it shows.

Usage: readme_test.py --readme README.md --bin BUILD/bin --work SCRATCH_DIR

The convention (docs/DEVELOPING.md, "The README is tested"):

- A ```sh block holds commands only: each line is one command (a line ending in a backslash
  continues on the next), blank lines and lines that are only a comment are skipped. Each must
  exit 0; its output is not compared.
- A ```console block holds commands and what they print: a line beginning with "$ " is a command
  (continued by a trailing backslash), and the lines after it, up to the next "$ " line or the end
  of the block, are its standard output, which must match exactly. When the last shown line is
  "..." alone, the shown lines must be the first whole paragraphs of the output (tables are
  separated by blank lines) and the output must go on after them.
- A block right after the line "<!-- readme-test: skip -->" is not run (set-up commands such as
  `make demo`, which the test itself depends on).

Each command runs with `sh -c` in SCRATCH_DIR, which holds a symbolic link to every entry of the
repository root (so relative paths work as from the root, and a file a command writes stays out of
the checkout), with the built tools first on PATH, COLUMNS=100, GUNPOWDER_NO_PROGRESS=1 and no
GUNPOWDER_RULES.

--max-width N also fails a shown output line wider than N columns (issue 13: 100 at COLUMNS=100).

README_UPDATE=1 rewrites the shown outputs of the console blocks from what the tools print now
(keeping a "..." cut after the same number of paragraphs); commands that fail are reported and
their outputs left alone.
"""

import argparse
import difflib
import os
import shutil
import subprocess
import sys

SKIP_MARKER = "<!-- readme-test: skip -->"
ELLIPSIS = "..."


class Command:
    def __init__(self, line, text, shown=None, shown_range=None):
        self.line = line  # 1-based line of README.md where the command starts
        self.text = text  # the command, continuation lines joined
        self.shown = shown  # console blocks: the shown output lines (None for sh blocks)
        self.shown_range = shown_range  # (first, end) 0-based line indices of the shown output


def join_continued(lines, start):
    """The command starting at lines[start] with its backslash continuations, and the index after it."""
    parts = []
    i = start
    while True:
        line = lines[i]
        if line.endswith("\\") and i + 1 < len(lines):
            parts.append(line[:-1])
            i += 1
            continue
        parts.append(line)
        return " ".join(part.strip() for part in parts), i + 1


def parse_sh(lines, first, end, commands):
    i = first
    while i < end:
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("#"):
            i += 1
            continue
        text, nxt = join_continued(lines, i)
        commands.append(Command(i + 1, text.strip()))
        i = nxt


def parse_console(lines, first, end, commands):
    i = first
    while i < end:
        if not lines[i].startswith("$ "):
            raise SystemExit(f"README.md:{i + 1}: a console block's line must follow a '$ ' command line")
        text, nxt = join_continued(lines, i)
        out_first = nxt
        while nxt < end and not lines[nxt].startswith("$ "):
            nxt += 1
        commands.append(Command(i + 1, text[2:].strip(), lines[out_first:nxt], (out_first, nxt)))
        i = nxt


def parse(lines):
    """Every command of the README's sh and console blocks, in order."""
    commands = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("```"):
            i += 1
            continue
        lang = line[3:].strip()
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        if end == len(lines):
            raise SystemExit(f"README.md:{i + 1}: unterminated code block")
        prev = i - 1
        while prev >= 0 and not lines[prev].strip():
            prev -= 1
        skipped = prev >= 0 and lines[prev].strip() == SKIP_MARKER
        if not skipped and lang == "sh":
            parse_sh(lines, i + 1, end, commands)
        elif not skipped and lang == "console":
            parse_console(lines, i + 1, end, commands)
        i = end + 1
    return commands


def paragraphs_prefix(out_lines, count):
    """The first `count` paragraphs of the output (lines up to the count-th blank line), or None."""
    blanks = 0
    for index, line in enumerate(out_lines):
        if line == "":
            blanks += 1
            if blanks == count:
                return out_lines[:index]
    return None


def paragraph_count(lines):
    return sum(1 for line in lines if line == "") + 1 if lines else 0


def check_output(cmd, out_lines):
    """None when the shown output matches, else a description of the difference."""
    shown = cmd.shown
    if shown and shown[-1] == ELLIPSIS:
        wanted = shown[:-1]
        got = paragraphs_prefix(out_lines, paragraph_count(wanted))
        if got is None:
            got = out_lines
            note = "the output has no more paragraphs after these, but the README shows '...'"
        else:
            note = "shown paragraphs differ from the output's first ones"
    else:
        wanted, got, note = shown, out_lines, "shown output differs"
    if got == wanted:
        return None
    diff = difflib.unified_diff(wanted, got, "README.md", "output", lineterm="")
    return note + ":\n" + "\n".join(diff)


def check_width(cmd, max_width):
    """None when every shown line fits in max_width columns (0: no limit)."""
    wide = [line for line in cmd.shown if max_width and len(line) > max_width]
    if not wide:
        return None
    return f"{len(wide)} shown lines wider than {max_width} columns, the widest {max(map(len, wide))}"


def new_shown(cmd, out_lines):
    """The shown lines the update mode writes for a command's output."""
    shown = cmd.shown
    if shown and shown[-1] == ELLIPSIS:
        got = paragraphs_prefix(out_lines, paragraph_count(shown[:-1]))
        if got is not None:
            return got + [ELLIPSIS]
    return out_lines


def scratch_dir(root, work):
    """A fresh directory with a symbolic link to every entry of the repository root."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for name in sorted(os.listdir(root)):
        if name == ".git" or name.startswith("build"):
            continue
        os.symlink(os.path.join(root, name), os.path.join(work, name))


def environment(bin_dir):
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(bin_dir) + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    env["COLUMNS"] = "100"
    env["GUNPOWDER_NO_PROGRESS"] = "1"
    env.pop("GUNPOWDER_RULES", None)
    return env


def run(cmd, work, env):
    try:
        proc = subprocess.run(["sh", "-c", cmd.text], cwd=work, env=env, capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return None, [], "timed out after 300 s"
    out = proc.stdout.decode("utf-8", errors="replace")
    out_lines = out.split("\n")
    if out_lines and out_lines[-1] == "":
        out_lines.pop()
    return proc.returncode, out_lines, proc.stderr.decode("utf-8", errors="replace")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--readme", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--max-width", type=int, default=0)
    args = parser.parse_args()
    update = os.environ.get("README_UPDATE", "") not in ("", "0")

    with open(args.readme, encoding="utf-8") as f:
        lines = f.read().split("\n")
    commands = parse(lines)
    if not commands:
        raise SystemExit("README.md: no command found in its sh and console blocks")
    root = os.path.dirname(os.path.abspath(args.readme))
    scratch_dir(root, args.work)
    env = environment(args.bin)

    failures = 0
    replacements = []
    for cmd in commands:
        code, out_lines, err = run(cmd, args.work, env)
        if code != 0:
            failures += 1
            print(f"README.md:{cmd.line}: `{cmd.text}` exited {code}\n{err.rstrip()}\n")
            continue
        if cmd.shown is None:
            continue
        if update:
            replacements.append((cmd.shown_range, new_shown(cmd, out_lines)))
            continue
        problem = check_output(cmd, out_lines) or check_width(cmd, args.max_width)
        if problem:
            failures += 1
            print(f"README.md:{cmd.line}: `{cmd.text}`: {problem}\n")

    if update:
        for (first, end), shown in reversed(replacements):
            lines[first:end] = shown
        text = "\n".join(lines)
        with open(args.readme, encoding="utf-8") as f:
            changed = f.read() != text
        if changed:
            with open(args.readme, "w", encoding="utf-8") as f:
                f.write(text)
        print(f"README.md: {len(replacements)} shown outputs rewritten")
    shown = sum(1 for c in commands if c.shown is not None)
    print(f"README.md: {len(commands)} commands run ({shown} with shown output), {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
