#!/bin/sh
# siege-duration's example for `make demo` (examples/demo.sh); $1 is the directory of the tools.
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
. "$dir/demo-lib.sh"
# A stone stronghold besieged with cannon and mortars: how many days it holds.
show "Simplified siege: duration" siege-duration "$dir/siege-duration.toml" --method simplified
