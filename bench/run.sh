#!/bin/sh
# Runs every benchmark script of bench/ against the binaries in $1 (default build/bin).
# bench/<tool>.sh runs when $1/<tool> is built; bench/reference.sh needs $1/bench-reference.
bin=${1:-build/bin}
dir=$(dirname "$0")
for s in "$dir"/*.sh; do
  case $(basename "$s") in run.sh|lib.sh|setup-time.sh) continue ;; esac
  t=$(basename "$s" .sh)
  case $t in reference) exe=bench-reference ;; sampling) exe=bench-sampling ;; startup) exe=bench-startup ;; batch-memory|json-speed) exe=artillery-design ;; war-machine-campaign) exe=war-machine ;; duel-exact) exe=siege-duration ;; house-rules) exe=unit-br ;; book) exe=gunpowder-book ;; *) exe=$t ;; esac
  [ -x "$bin/$exe" ] || { echo "$t: not built, skipped"; continue; }
  sh "$s" "$bin"
done
