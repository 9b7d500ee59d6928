#!/bin/sh
# Benchmarks of war-machine (issue 4 targets: the full outcome table of one battle in under 1 ms
# of compute; 10,000 battles from one file in under 1 s). Builds nothing: $1 is the directory of
# the binaries (default build/bin). Prints the figures.
set -e
bin=${1:-build/bin}
tool="$bin/war-machine"
dir=$(cd "$(dirname "$0")/.." && pwd)
field="$dir/examples/war-machine-field.toml"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s%N; }
ms() { echo "$1" | awk '{printf "%.3f", $1 / 1e6}'; }

# 1. One battle, full outcome table (exact odds, every results row, casualties, fatigue and
#    location distributions) as JSON: mean wall time of N runs, start-up and embedded tables
#    included (the per-battle compute alone is the 10,000-battle figure below divided by 10,000).
runs=100
t0=$(now); i=0
while [ $i -lt $runs ]; do "$tool" battle "$field" --format json >/dev/null; i=$((i + 1)); done
t1=$(now)
echo "one battle, full outcome table, json:        $(ms $(( (t1 - t0) / runs ))) ms a run (wall, $runs runs, start-up included)"

# 2. 10,000 battles from one file: 10,000 attacker/defender pairs (20,000 [[force]] tables, each
#    pair fixed by `opponent`): exact odds of every battle; wall and CPU time (user + sys) of the
#    whole run (parsing, rating, matching, odds, report) with one row per battle (--summary), and
#    with every battle's full outcome table as csv.
awk 'BEGIN {
  for (i = 1; i <= 10000; i++) {
    printf "[[force]]\nname = \"A%d\"\nside = \"north\"\nrole = \"attacker\"\ntroops = %d\nbfr = %d\nmounted_pct = %d\nopponent = \"D%d\"\ntactic = \"attack\"\n\n", i, 100 + (i * 37) % 900, 40 + (i * 13) % 90, (i * 7) % 60, i
    printf "[[force]]\nname = \"D%d\"\nside = \"south\"\nrole = \"defender\"\ntroops = %d\nbr = %d\nsituation = [\"defending-in-place\"]\ntactic = \"hold\"\n\n", i, 100 + (i * 53) % 900, 50 + (i * 29) % 120
  }
}' > "$tmp/many.toml"
timed() {  # label, then the command
  label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" > /dev/null
  read -r wall user sys < "$tmp/time"
  echo "$label wall ${wall} s, cpu $(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}') s"
}
timed "10,000 battles, one row each (--summary):  " "$tool" battle "$tmp/many.toml" --format csv --summary
timed "10,000 battles, full outcome tables (csv):  " "$tool" battle "$tmp/many.toml" --format csv
echo "  per battle: the cpu figure above / 10,000 (parsing, rating, odds and its tables included)"
timed "20,000 forces rated (rate, csv):            " "$tool" rate "$tmp/many.toml" --format csv

# 3. 10,000 rolled battles of one file (--roll --runs), tallied against the exact odds.
timed "10,000 rolled battles (--runs 10000):       " "$tool" battle "$field" --roll --seed 1 --runs 10000

# 4. Issue 14: pairing without `opponent`. 5,000 forces a side, every one choosing its opponent by
#    the book's rule (the highest BR chooses the opponent it is most likely to beat); before, this
#    was quadratic (2,000 a side: 19.7 s; 5,000 a side did not finish in 20 s). Wall and CPU time
#    and peak memory of the whole run; 10,000 a side shows how it grows.
pairing() {  # forces a side, file
  awk -v n="$1" 'BEGIN {
    for (i = 1; i <= n; i++) {
      printf "[[force]]\nname = \"A%d\"\nside = \"north\"\nrole = \"attacker\"\ntroops = %d\nbfr = %d\nmounted_pct = %d\n\n", i, 100 + (i * 37) % 900, 40 + (i * 13) % 90, (i * 7) % 60
      printf "[[force]]\nname = \"D%d\"\nside = \"south\"\nrole = \"defender\"\ntroops = %d\nbr = %d\nsituation = [\"defending-in-place\"]\n\n", i, 100 + (i * 53) % 900, 50 + (i * 29) % 120
    }
  }' > "$2"
}
peak() {  # label, then the command
  label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" > /dev/null
  read -r wall user sys kb < "$tmp/time"
  echo "$label wall ${wall} s, cpu $(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}') s, peak $((kb / 1024)) MB"
}
pairing 5000 "$tmp/pair5k.toml"
pairing 10000 "$tmp/pair10k.toml"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
peak "5,000 a side paired, one row each:          " "$tool" battle "$tmp/pair5k.toml" --format csv --summary
peak "5,000 a side paired, full tables (csv):     " "$tool" battle "$tmp/pair5k.toml" --format csv
peak "10,000 a side paired, one row each:         " "$tool" battle "$tmp/pair10k.toml" --format csv --summary
