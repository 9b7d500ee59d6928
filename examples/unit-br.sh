#!/bin/sh
# unit-br's example for `make demo` (examples/demo.sh); $1 is the directory of the tools.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/demo-lib.sh"
# A company of musketeers: its battle rating step by step, against the campaign roster's.
show "Battle rating" unit-br --troop "matchlock musketeers" --race man --troops 120
