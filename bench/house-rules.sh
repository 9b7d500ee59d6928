#!/bin/sh
# Benchmark of house rules (issue 15): a rules file of 1 MB (new [[unit]] rows of data/units.toml)
# loaded by unit-br: read, parsed, merged over the built-in table and checked by its loader.
# The one-liner with and without it, started alternately (with bench-startup, when built, which
# also starts the hello world in between: PAIRS pairs, default 31), medians of the wall time and of
# the CPU time (user + system, which a loaded machine disturbs less); the difference is what
# loading the rules costs (target: under 50 ms). Builds nothing; $1: the binaries' directory,
# $2: the pairs. KEEP=1 keeps the generated file.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/lib.sh"
file=/tmp/gunpowder-bench-rules.$$.toml
awk 'BEGIN {
  printf "[house_rules]\ntable = \"units\"\ndescription = \"benchmark: 1 MB of new campaign rows\"\n\n"
  n = split("matchlock-arquebusiers flintlock-arquebusiers matchlock-musketeers flintlock-musketeers pikemen armored-pikemen swordsmen", t, " ");
  bytes = 0; i = 0
  while (bytes < 1048576) {
    row = sprintf("[[unit]]\nkey = \"bench-%06d\"\nname = \"Bench Unit %d\"\nrace = \"human\"\nrace_group = \"human\"\nroster = \"campaign\"\ntroop_type = \"%s\"\nveteran = false\ntroops = 120\ndaily_miles = 24\nweekly_miles = 96\nwage_gp_month = %d\nsupply_gp_week = 60\nspecialist_gp_month = 130\ntotal_gp_month = %d\nbr = 1\nsource = \"bench\"\npage = 47\n\n", i, i, t[i % n + 1], 720 + i % 50, 1090 + i % 50)
    printf "%s", row
    bytes += length(row); i++
  }
}' > $file
size=$(wc -c < $file)
rows=$(grep -c '^\[\[unit\]\]' $file)
"$bin/unit-br" --troop matchlock-arquebusiers --race man --house-rules $file > /dev/null
echo "house rules: a ${size}-byte rules file of ${rows} new [[unit]] rows; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -x "$bin/bench-startup" ]; then
  case $bin in /*) abs=$bin ;; *) abs=$(pwd)/$bin ;; esac
  list=/tmp/gunpowder-bench-rules.$$.txt
  printf 'unit-br --troop matchlock-arquebusiers --race man\nunit-br --troop matchlock-arquebusiers --race man --house-rules %s\n' "$file" > $list
  "$abs/bench-startup" "$abs" $list "${2:-31}"
  rm -f $list
else
  without=$(median_ms 21 "$bin/unit-br" --troop matchlock-arquebusiers --race man)
  with=$(median_ms 21 "$bin/unit-br" --troop matchlock-arquebusiers --race man --house-rules $file)
  echo "house rules: unit-br one-liner ${without} ms; with the rules file ${with} ms (medians of 21; target: loading it under 50 ms)"
fi
[ -n "${KEEP:-}" ] && echo "kept $file" || rm -f "$file"
