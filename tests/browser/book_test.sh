#!/bin/sh
# ctest browser.book: gunpowder-book writes the book into OUT, then check-site.mjs loads every page
# in headless Chromium (tests/browser/check-site.mjs) and writes the screenshots of three pages into
# SCREENSHOTS (build/book-screenshots for ctest), for a person to look at. Exit 77 (ctest: skipped), from the checker, where Chromium or the npm packages are missing.
# Usage: book_test.sh BOOK OUT SCREENSHOTS NODE NODE_MODULES
set -u
book=$1
out=$2
shots=$3
node=$4
modules=$5
rm -rf "$out" "$shots"
"$book" "$out" || { code=$?; echo "browser.book: $book $out failed (exit $code)"; exit 1; }
# The three pages shot: the index, a page of tables (the artillery catalogue) and a page of charts
# (the odds of a battle by the difference of the BRs), at 375 and 1280 px.
"$node" "$(dirname "$0")/check-site.mjs" --modules "$modules" --screenshots "$shots" --shot index.html \
  --shot artillery-catalogue.html --shot war-machine-odds-by-br-difference.html "$out"
code=$?
[ "$code" -eq 0 ] || exit "$code"
n=$(ls "$shots"/*.png 2>/dev/null | wc -l)
[ "$n" -eq 6 ] || { echo "browser.book: $n screenshots in $shots, not the 6 of three pages at two widths"; exit 1; }
echo "browser.book: screenshots for a person to look at: $shots"
