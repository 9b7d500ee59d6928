#!/bin/sh
# bench/sampling.sh BIN_DIR - the library's exact distributions against seeded sampling to the same
# precision (issue 27, item 6): runs bench-sampling (bench/sampling.cpp), which times the exact
# computation and a sampler written there (the project's own generator) drawing enough for a
# standard error of 0.001 on every probability, and prints a markdown table with their ratio.
# Builds nothing (make bench builds it); fails if a sample strays more than 5 standard errors.
set -eu
BIN=${1:-build/bin}
TOOL="$BIN/bench-sampling"
[ -x "$TOOL" ] || { echo "bench-sampling not found in $BIN" >&2; exit 1; }
echo "$(date -u '+%Y-%m-%d %H:%M UTC') at $(git -C "$(dirname "$0")/.." rev-parse --short HEAD 2>/dev/null || echo unknown); load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$TOOL"
