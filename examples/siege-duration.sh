#!/bin/sh
# The examples of siege-duration (run by `make demo`; $1 is the directory of the binaries).
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
set -x
"$bin/siege-duration" "$dir/siege-duration.toml" --method simplified --format json
"$bin/siege-duration" "$dir/siege-duration.toml" --method simplified --bonus-units example
"$bin/siege-duration" "$dir/siege-duration.toml" --method bombardment --cautious --breaches 3
"$bin/siege-duration" "$dir/siege-duration.toml" --method duel --trace --seed 1 --max-rounds 130
"$bin/siege-duration" "$dir/siege-duration.toml" --method duel --runs 20000 --seed 7
"$bin/siege-duration" "$dir/siege-duration-structures.toml" --format markdown
"$bin/siege-duration" "$dir/siege-duration-machine.toml" --method siege-machine --runs 10000
"$bin/siege-duration" "$dir/siege-duration-machine.toml" --method siege-machine --trace --seed 1
"$bin/siege-duration" "$dir/siege-duration-machine-sally.toml" --method siege-machine --trace --seed 3
"$bin/siege-duration" "$dir/siege-duration-machine-sally.toml" --method siege-machine --runs 10000 --seed 1
"$bin/siege-duration" "$dir/siege-duration-machine-money.toml" --method siege-machine --trace --seed 1 --explain
"$bin/siege-duration" "$dir/siege-duration-machine-money.toml" --method siege-machine --runs 10000 --seed 1
