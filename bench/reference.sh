#!/bin/sh
# bench/reference.sh BIN_DIR - the library's exact odds against brute-force enumerations (issue 7):
# runs bench-reference (bench/reference.cpp), which times both in one process, checks that they
# agree to 1e-12 and prints a markdown table of the times per call and their ratio. Builds
# nothing; fails if the two disagree.
set -eu
BIN=${1:-build/bin}
TOOL="$BIN/bench-reference"
[ -x "$TOOL" ] || { echo "bench-reference not found in $BIN" >&2; exit 1; }
echo "exact odds against brute force; load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$TOOL"
