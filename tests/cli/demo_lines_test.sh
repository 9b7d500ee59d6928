#!/bin/sh
# `make demo` without its build step: examples/demo.sh runs every tool's example (each must
# succeed) and prints fewer than MAX lines in all, standard output and error together (issue 13).
# Usage: demo_lines_test.sh DEMO_SCRIPT BIN_DIR MAX
demo=$1
bin=$2
max=$3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! COLUMNS=100 GUNPOWDER_NO_PROGRESS=1 sh "$demo" "$bin" >"$out" 2>&1; then
  cat "$out"
  echo "demo: $demo failed" >&2
  exit 1
fi
# It ends by saying where the tools are: the line that puts them on PATH.
if ! grep -qxF "  export PATH=\"$bin:\$PATH\"" "$out"; then
  cat "$out"
  echo "demo: no line 'export PATH=\"$bin:\$PATH\"'" >&2
  exit 1
fi
lines=$(wc -l <"$out")
if [ "$lines" -ge "$max" ]; then
  cat "$out"
  echo "demo: $lines lines, not under $max" >&2
  exit 1
fi
echo "demo: $lines lines (under $max)"
