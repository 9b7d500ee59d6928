#!/bin/sh
# Benchmark of house rules (issue 15): a rules file of 1 MB (new [[unit]] rows of data/units.toml)
# loaded by unit-br: read, parsed, merged over the built-in table and checked by its loader.
# Prints the median time of the one-liner with and without it; the difference is what loading the
# rules costs (target: under 50 ms). Builds nothing; $1: the binaries' directory.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/lib.sh"
file=/tmp/gunpowder-bench-rules.$$.toml
awk 'BEGIN {
  printf "[house_rules]\ntable = \"units\"\ndescription = \"benchmark: 1 MB of new campaign rows\"\n\n"
  n = split("matchlock-arquebusiers flintlock-arquebusiers matchlock-musketeers flintlock-musketeers pikemen armored-pikemen swordsmen", t, " ");
  bytes = 0; i = 0
  while (bytes < 1048576) {
    row = sprintf("[[unit]]\nkey = \"bench-%06d\"\nname = \"Bench Unit %d\"\nrace = \"human\"\nrace_group = \"human\"\nroster = \"campaign\"\ntroop_type = \"%s\"\nveteran = false\ntroops = 120\ntroops_printed = true\ndaily_move_miles = 24\nweekly_move_miles = 96\nmonthly_wage_gp = %d\nsupply_cost_gp_per_week = 60\nspecialist_cost_gp_per_month = 130\ntotal_cost_gp_per_month = %d\nbattle_rating = 1\nsource = \"bench\"\npage = 47\n\n", i, i, t[i % n + 1], 720 + i % 50, 1090 + i % 50)
    printf "%s", row
    bytes += length(row); i++
  }
}' > $file
size=$(wc -c < $file)
"$bin/unit-br" --troop matchlock-arquebusiers --race man --rules $file > /dev/null
without=$(median_ms 21 "$bin/unit-br" --troop matchlock-arquebusiers --race man)
with=$(median_ms 21 "$bin/unit-br" --troop matchlock-arquebusiers --race man --rules $file)
echo "house rules: unit-br one-liner ${without} ms; with a ${size}-byte rules file ${with} ms (target: loading it under 50 ms)"
# CPU time too, when perf is there: wall clock on a shared machine mostly measures the others.
if command -v perf > /dev/null 2>&1; then
  cpu() { perf stat -x, -e task-clock -r 20 "$@" 2>&1 > /dev/null | awk -F, '/task-clock/ { printf "%.1f", $1 }'; }
  a=$(cpu "$bin/unit-br" --troop matchlock-arquebusiers --race man)
  b=$(cpu "$bin/unit-br" --troop matchlock-arquebusiers --race man --rules $file)
  echo "house rules: CPU (perf task-clock, mean of 20 runs): ${a} ms without, ${b} ms with the rules file"
fi
[ -n "${KEEP:-}" ] && echo "kept $file" || rm -f "$file"
