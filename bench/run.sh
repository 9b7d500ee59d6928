#!/bin/sh
# Runs every benchmark script of bench/ against the binaries in $1 (default build/bin).
bin=${1:-build/bin}
dir=$(dirname "$0")
for s in "$dir"/*.sh; do
  case $(basename "$s") in run.sh|lib.sh) continue ;; esac
  t=$(basename "$s" .sh)
  [ -x "$bin/$t" ] || { echo "$t: not built, skipped"; continue; }
  sh "$s" "$bin"
done
