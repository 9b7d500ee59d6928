#!/bin/sh
# Start-up benchmark (issue 15): every command of bench/startup.txt against the C++ hello world,
# alternating starts in one run (bench/startup.cpp); target: each within 1.3x, median of >= 30 pairs.
# $1: the directory of the binaries (bench-startup and bench-hello built by `make bench`); $2: pairs.
set -e
bin=${1:-build/bin}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/.."
"$bin/bench-startup" "$bin" bench/startup.txt "${2:-41}"
