#!/bin/sh
# Regenerates docs/tables/ (markdown, csv and json) from the tools themselves: `make tables`.
# $1: the directory of the binaries; $2: the output directory (default docs/tables).
# Deterministic: running it twice gives the same files (CI checks that the committed tables
# are not stale).
set -eu
bin=${1:-build/bin}
out=${2:-docs/tables}
mkdir -p "$out"
# table NAME TOOL ARGS...: writes NAME.md (every table), NAME.csv (the main table) and
# NAME.TABLE.csv for each other table of the output (--table help lists them, the main first),
# and NAME.json.
table() {
  name=$1; shift
  tool=$1; shift
  "$bin/$tool" "$@" --format markdown --output "$out/$name.md"
  "$bin/$tool" "$@" --format csv --output "$out/$name.csv"
  "$bin/$tool" "$@" --format json --output "$out/$name.json"
  "$bin/$tool" "$@" --table help | tail -n +2 | while read -r t; do
    "$bin/$tool" "$@" --format csv --table "$t" --output "$out/$name.$t.csv"
  done
}
table artillery-catalogue artillery-design --catalogue
table artillery-formula-vs-book artillery-design --compare
table artillery-economies artillery-design --economies
for t in cannon:24 gun:6 mortar:90; do
  table "artillery-$(echo $t | tr : -)" artillery-design --type "${t%%:*}" --shot-lb "${t##*:}"
done
table unit-rosters unit-br --catalogue
table unit-rosters-vs-formulas unit-br --catalogue --compare
for c in untrained poor below-average fair average good excellent elite; do
  table "war-machine-march-$c" war-machine march --troops 300 --troop-class "$c"
done
table war-machine-field-battle war-machine battle examples/war-machine-field.toml
for n in 1 2 3 4 5; do
  table "broadside-$n-dice" fire-odds broadside --dice "$n" --rerolls 0
done
table broadside-5-dice-4-rerolls fire-odds broadside --dice 5 --rerolls 4
for r in 4 8 12 16; do
  for cover in none half over-half; do
    table "arquebus-10-men-$r-in-$cover" fire-odds arquebus --men 10 --range-in "$r" --cover "$cover"
  done
done
table siege-simplified siege-duration examples/siege-duration.toml --method simplified
table siege-bombardment siege-duration examples/siege-duration.toml --method bombardment
table siege-duel-odds siege-duration examples/siege-duration.toml --method duel --runs 2000 --seed 1
table siege-structures siege-duration examples/siege-duration-structures.toml
