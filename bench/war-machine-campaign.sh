#!/bin/sh
# Benchmark of war-machine campaign (issue 16 target: examples/war-machine-field.toml answered
# exactly, 10 battles, in under 100 ms). Builds nothing: $1 is the directory of the binaries
# (default build/bin). Prints the median wall time, the mean CPU time (user + sys) and the mean
# minor page faults of whole runs, start-up and output included, for each format, and the states
# the walk merged. The CPU time depends on the machine's load (two cores shared); the page faults
# do not (each costs some microseconds of system time in a virtual machine).
set -e
bin=${1:-build/bin}
tool="$bin/war-machine"
dir=$(cd "$(dirname "$0")/.." && pwd)
. "$dir/bench/forces.sh"
field="$dir/examples/war-machine-field.toml"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

measure() {  # runs, label, then the command; median wall and mean cpu of the runs
  runs=$1; label=$2; shift 2
  : > "$tmp/times"
  i=0
  while [ $i -lt $runs ]; do
    /usr/bin/time -f "%e %U %S %R" -o "$tmp/one" "$@" > /dev/null
    cat "$tmp/one" >> "$tmp/times"
    i=$((i + 1))
  done
  sort -n "$tmp/times" | awk -v n=$runs -v label="$label" '
    { wall[NR] = $1; cpu += $2 + $3; faults += $4 }
    END { printf "%s median wall %.0f ms, mean cpu %.0f ms, %.0f page faults (%d runs)\n", label, wall[int((n + 1) / 2)] * 1000, cpu / n * 1000, faults / n, n }'
}

echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
measure 21 "campaign, field, 10 battles, json: " "$tool" campaign "$field" --format json
measure 21 "campaign, field, 10 battles, text: " "$tool" campaign "$field"
measure 21 "campaign, field, 10 battles, chart:" "$tool" campaign "$field" --chart
measure 3 "campaign, field, 20 battles, json: " "$tool" campaign "$field" --battles 20 --format json
"$tool" campaign "$field" --explain --format markdown | grep -E "after battle 9:|distinct battles" | sed 's/^ */  /'

# With $2 = sample or all: the same target measured on a file of many pairs, as the target reads it,
# (and with $3, a reference build's directory: see below)
# on the tool's two threads: all = the 1,250 generated pairs (bench/forces.sh) in one file; sample =
# every 25th of them (13, 38, ..., 1238: 50 pairs spread over the generator's cycles of troops and
# ratings) in one file, its wall and CPU time times 25 an estimate of the whole file's. Prints the
# wall and CPU time, the exit status, and the campaigns that left states unfollowed (the note).
if [ "${2:-}" = sample ] || [ "${2:-}" = all ]; then
  if [ "$2" = all ]; then
    battle_pairs 1 1250 > "$tmp/pairs.toml"; scale=1; what="1,250 pairs"
  else
    : > "$tmp/pairs.toml"
    i=13
    while [ $i -le 1250 ]; do battle_pairs $i $i >> "$tmp/pairs.toml"; i=$((i + 25)); done
    scale=25; what="50 pairs (every 25th of 1,250)"
  fi
  # With $3, the directory of a reference build's binaries (another commit's): the same file run by
  # it and by $1 alternately, twice each, for the ratio of their CPU times in the same minutes.
  if [ -n "${3:-}" ]; then
    for round in 1 2; do
      for which in "$3/war-machine" "$tool"; do
        /usr/bin/time -f "%e %U %S" -o "$tmp/one" "$which" campaign "$tmp/pairs.toml" --battles 100 --format csv > /dev/null 2>&1 || true
        awk -v w="$which" -v r=$round '$1 ~ /^[0-9.]+$/ { printf "  round %d, %s: %.1f s wall, %.1f s of CPU\n", r, w, $1, $2 + $3 }' "$tmp/one"
      done
    done
  fi
  status=0
  /usr/bin/time -f "%e %U %S" -o "$tmp/one" "$tool" campaign "$tmp/pairs.toml" --battles 100 --format csv > "$tmp/out.csv" 2> "$tmp/err" || status=$?
  # The campaign table, a row a side: its first column the campaign, its last p_not_followed.
  # (csv lines end in CR LF.)
  pruned=$(awk -F, '{ sub(/\r$/, "") } NR > 1 && $NF + 0 > 0 { seen[$1] = 1 } END { n = 0; for (c in seen) n++; print n }' "$tmp/out.csv")
  worst=$(awk -F, '{ sub(/\r$/, "") } NR > 1 && $NF + 0 > w { w = $NF + 0 } END { print w + 0 }' "$tmp/out.csv")
  awk -v what="$what" -v scale=$scale -v status=$status -v pruned="$pruned" -v worst="${worst:-0}" '$1 ~ /^[0-9.]+$/ {
    printf "campaigns of 100 battles, %s: %.1f s wall, %.1f s of CPU, %s; %s campaigns left states unfollowed (the most: %s)\n", what, $1, $2 + $3, status == 0 ? "ended" : "exit " status, pruned, worst
    if (scale > 1) printf "  1,250 pairs estimated: %.0f s wall, %.0f s of CPU\n", $1 * scale, ($2 + $3) * scale }' "$tmp/one"
  [ $status -eq 0 ] || sed 's/^/  /' "$tmp/err"
fi

# With $2 = long: 100-battle campaigns (issue 27, item 7: "1,250 forces a side in under a minute"),
# each of the first 10 pairs of bench/batch-memory.sh's generated forces run alone (a batch stops
# at the first campaign that passes the walk's bound of states): the CPU time of each, and whether
# it ended or passed the bound (exit 65).
if [ "${2:-}" = long ]; then
  for i in 1 2 3 4 5 6 7 8 9 10; do
    battle_pairs $i $i > "$tmp/pair.toml"
    status=0
    /usr/bin/time -f "%e %U %S" -o "$tmp/one" "$tool" campaign "$tmp/pair.toml" --battles 100 --format csv > /dev/null 2>&1 || status=$?
    awk -v i=$i -v status=$status '$1 ~ /^[0-9.]+$/ { printf "campaign of 100 battles, pair %d: %.2f s wall, %.2f s of CPU, %s\n", i, $1, $2 + $3, status == 0 ? "ended" : "exit " status " (the bound of states)" }' "$tmp/one"
  done
fi
