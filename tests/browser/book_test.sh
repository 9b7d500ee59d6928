#!/bin/sh
# ctest browser.book: gunpowder-book writes the book into OUT, then check-site.mjs loads every page
# in headless Chromium (tests/browser/check-site.mjs) and writes the screenshots of three pages into
# SCREENSHOTS. Exit 77 (ctest: skipped), from the checker, where Chromium or the npm packages are missing.
# Usage: book_test.sh BOOK OUT SCREENSHOTS NODE NODE_MODULES
set -u
book=$1
out=$2
shots=$3
node=$4
modules=$5
rm -rf "$out" "$shots"
"$book" "$out" || { code=$?; echo "browser.book: $book $out failed (exit $code)"; exit 1; }
exec "$node" "$(dirname "$0")/check-site.mjs" --modules "$modules" --screenshots "$shots" "$out"
