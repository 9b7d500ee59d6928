#!/bin/sh
# Benchmarks of unit-br (issue 3): 100,000 units from one TOML file (target: under 1 s), in csv
# and json, and the one-liner against a C++ hello world. Builds nothing; $1: the binaries' directory.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/lib.sh"
file=/tmp/gunpowder-bench-units.$$.toml
awk 'BEGIN {
  n = split("matchlock-arquebusiers flintlock-arquebusiers matchlock-musketeers flintlock-musketeers pikemen armored-pikemen swordsmen armored-swordsmen heavy-swordsmen dragoons hussars coutiliers reiters harquebusiers cuirassiers demi-lancers gendarmes", t, " ");
  for (i = 0; i < 100000; i++) {
    printf "[[unit]]\nname = \"Unit %d\"\ntroop = \"%s\"\nrace = \"man\"\ntroops = %d\nveteran = %s\n\n", i, t[i % n + 1], 60 + (i % 7) * 10, (i % 4 == 0) ? "true" : "false"
  }
}' > $file
csv=$(once_ms "$bin/unit-br" "$file" --format csv)
text=$(once_ms "$bin/unit-br" "$file")
json=$(once_ms "$bin/unit-br" "$file" --format json)
echo "unit-br 100,000 units from one TOML file: csv ${csv} ms, text ${text} ms, json ${json} ms (target < 1000 ms)"
rm -f $file
if [ -x "$bin/bench-hello" ]; then
  hello=$(median_ms 21 "$bin/bench-hello")
  one=$(median_ms 21 "$bin/unit-br" --troop "matchlock musketeers" --format json)
  echo "unit-br one-liner (--troop \"matchlock musketeers\" --format json): median ${one} ms; hello world: median ${hello} ms"
fi
