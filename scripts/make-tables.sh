#!/bin/sh
# Regenerates docs/tables/ (markdown and csv) from the tools themselves: `make tables`.
# $1: the directory of the binaries; $2: the output directory (default docs/tables).
# Deterministic: running it twice gives the same files (CI checks that the committed tables
# are not stale).
set -eu
bin=${1:-build/bin}
out=${2:-docs/tables}
mkdir -p "$out"
# table NAME TOOL ARGS...: writes NAME.md and NAME.csv
table() {
  name=$1; shift
  tool=$1; shift
  "$bin/$tool" "$@" --format markdown --output "$out/$name.md"
  "$bin/$tool" "$@" --format csv --output "$out/$name.csv"
}
table artillery-catalogue artillery-design --catalogue
table artillery-formula-vs-book artillery-design --compare
for t in cannon:24 gun:6 mortar:90; do
  table "artillery-$(echo $t | tr : -)" artillery-design --type "${t%%:*}" --shot "${t##*:}"
done
