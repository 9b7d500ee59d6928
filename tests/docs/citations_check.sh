#!/bin/sh
# citations_check.sh - what a user reads cites the books by name and section (docs/sources.md), never
# a source file's number ("seed 004"), a line of a text file ("l. 70"), the project's notes files
# (rules-gaps, rules-notes) or an issue number. Scans the golden expected outputs, the
# man pages, the examples, the README, the reference tables and the house-rules guide; lists every
# offending line as file:line: text and fails if there is one.
# Usage: citations_check.sh SOURCE_DIR
set -u
root=${1:-.}
cd "$root" || exit 2
pattern='seed 00|(^|[^[:alnum:]_])l\. [0-9]|rules-gaps|rules-notes|\(issue '
files=$(find tests/cli -type f \( -name stdout -o -name stderr -o -name '*.expected' \) 2>/dev/null;
        find docs/man examples docs/tables -type f 2>/dev/null; echo README.md; echo docs/house-rules.md)
# shellcheck disable=SC2086
found=$(printf '%s\n' $files | sort | xargs grep -nE "$pattern" 2>/dev/null)
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  printf 'citations_check: %s line(s) above cite a file, a line or an issue instead of a book and its section\n' \
    "$(printf '%s\n' "$found" | wc -l | tr -d ' ')" >&2
  exit 1
fi
echo "citations_check: no file, line or issue citation in what a user reads"
