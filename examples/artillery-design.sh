#!/bin/sh
# artillery-design's example for `make demo` (examples/demo.sh); $1 is the directory of the tools.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/demo-lib.sh"
# The book's 18-pdr gun: every figure with its source.
show "*" artillery-design --type gun --shot-lb 18
