#!/bin/sh
# fire-odds' example for `make demo` (examples/demo.sh); $1 is the directory of the tools.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/demo-lib.sh"
# A broadside of five poker dice: the exact odds of every hand.
show "Hands" fire-odds broadside --dice 5 --rerolls 0
