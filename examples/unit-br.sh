#!/bin/sh
# The examples of unit-br (run by `make demo`; $1 is the directory of the binaries).
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
set -x
"$bin/unit-br" --troop "matchlock musketeers" --race man --troops 120 --format json
"$bin/unit-br" --troop "flintlock arquebusiers" --race man --veteran --format csv
"$bin/unit-br" --troop dragoons --reform-lost 3 4 --format markdown
"$bin/unit-br" --catalogue --compare
"$bin/unit-br" "$dir/unit-br-units.toml"
"$bin/unit-br" --troop halfling-arquebusiers --race halfling --rules "$dir/house-rules/halfling-arquebusiers.toml" --rules "$dir/house-rules/halfling-arquebusiers-units.toml"
