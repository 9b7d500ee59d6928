#!/bin/sh
# Regenerates docs/tables/ (markdown, csv and json) and the reference book's site: `make tables`.
# $1: the directory of the binaries; $2: the output directory of the tables (default docs/tables);
# $3: the site's directory (default build/book), made anew.
# The pages are declared once, in tools/gunpowder-book/pages.cpp: gunpowder-book writes each page's
# HTML with its markdown, csv (the main table, and NAME.TABLE.csv for each other table) and json
# beside it, and the tables of docs/tables are those files, so the site and docs/tables cannot
# disagree. Deterministic: running it twice gives the same files (CI checks that the committed
# tables are not stale). The built-in tables only: GUNPOWDER_RULES is not read.
set -eu
bin=${1:-build/bin}
out=${2:-docs/tables}
site=${3:-build/book}
rm -rf "$site"
GUNPOWDER_RULES= "$bin/gunpowder-book" "$site" >/dev/null
mkdir -p "$out"
rm -f "$out"/*.md "$out"/*.csv "$out"/*.json
cp "$site"/*.md "$site"/*.csv "$site"/*.json "$out"/
