#!/bin/sh
# The examples of fire-odds (run by `make demo`; $1 is the directory of the binaries).
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
set -x
"$bin/fire-odds" artillery --type gun --shot 6 --range-yd 1000 --format json
"$bin/fire-odds" artillery --type cannon --shot 24 --range-yd 1000 --plunging
"$bin/fire-odds" firearm --weapon "matchlock musket" --range-ft 150 --target-ac 6
"$bin/fire-odds" broadside --cannon 3 --weight heavy --range short --format json
"$bin/fire-odds" broadside --dice 5 --rerolls 0
"$bin/fire-odds" arquebus --men 10 --range-in 8 --cover half
"$bin/fire-odds" dowel --gun heavy --call white --distance-in 26 --depth-in 8
"$bin/fire-odds" dowel --gun heavy --call white --distance-in 26 --depth-in 8 --obstacle water:25-26 --turns 6
"$bin/fire-odds" "$dir/fire-odds.toml" --format markdown
