#!/bin/sh
# war-machine's example for `make demo` (examples/demo.sh); $1 is the directory of the tools.
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
. "$dir/demo-lib.sh"
# 500 elves against 1,000 orcs: the forces and the exact odds of the battle.
show "Forces|Odds" war-machine battle "$dir/war-machine-field.toml"
