#!/bin/sh
# Benchmark of siege-duration (builds nothing): $1 is the directory of the binaries.
# Targets (issue 5): 100,000 seeded duels of the book's example under 2 s using both cores.
set -e
bin=${1:?usage: bench/siege-duration.sh BIN_DIR}
dir=$(cd "$(dirname "$0")/.." && pwd)
input="$dir/examples/siege-duration.toml"
ms() { echo $(( ($2 - $1) / 1000000 )); }

for threads in 1 2; do
  t0=$(date +%s%N)
  "$bin/siege-duration" "$input" --method duel --runs 100000 --seed 1 --threads "$threads" --format json >/dev/null
  t1=$(date +%s%N)
  echo "duel odds, 100,000 duels of the book's example, $threads thread(s): $(ms "$t0" "$t1") ms (target < 2000 ms with 2)"
done

t0=$(date +%s%N)
"$bin/siege-duration" "$input" --method duel --trace --seed 1 --format json >/dev/null
t1=$(date +%s%N)
echo "one traced duel: $(ms "$t0" "$t1") ms"

t0=$(date +%s%N)
i=0
while [ $i -lt 100 ]; do
  "$bin/siege-duration" "$input" --method simplified --format json >/dev/null
  i=$((i + 1))
done
t1=$(date +%s%N)
echo "simplified siege, 100 runs of the tool: $(ms "$t0" "$t1") ms in all"

t0=$(date +%s%N)
"$bin/siege-duration" "$input" --method bombardment --breaches 5 --format json >/dev/null
t1=$(date +%s%N)
echo "bombardment: $(ms "$t0" "$t1") ms"

# Target: 10,000 Siege Machine runs under 1 s.
machine="$dir/examples/siege-duration-machine.toml"
for threads in 1 2; do
  t0=$(date +%s%N)
  "$bin/siege-duration" "$machine" --method siege-machine --runs 10000 --seed 1 --threads "$threads" --format json >/dev/null
  t1=$(date +%s%N)
  echo "Siege Machine, 10,000 runs, $threads thread(s): $(ms "$t0" "$t1") ms (target < 1000 ms)"
done
