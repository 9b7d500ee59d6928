#!/bin/sh
# The examples of war-machine (run by `make demo`; $1 is the directory of the binaries).
set -e
bin=${1:-build/bin}
dir=$(dirname "$0")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
set -x
"$bin/war-machine" rate "$dir/war-machine-prince.toml"
"$bin/war-machine" battle "$dir/war-machine-field.toml" --format json
"$bin/war-machine" battle "$dir/war-machine-field.toml" --roll --seed 7
"$bin/war-machine" battle "$dir/war-machine-field.toml" --roll --seed 7 --rounds 5 --write-forces "$out/after.toml"
"$bin/war-machine" battle "$out/after.toml" --summary
"$bin/war-machine" battle "$dir/war-machine-armies.toml" --summary --format markdown
"$bin/war-machine" march --troops 300 --class good
"$bin/war-machine" siege "$dir/war-machine-siege.toml" --weeks 8 --food-weeks 3 --format csv
