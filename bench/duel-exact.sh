#!/bin/sh
# Benchmark of siege-duration's exact duel odds (issue 27, items 4 and 6; builds nothing): $1 is
# the directory of the binaries. For each duel: the exact odds (a Markov chain over the duel's
# states) against seeded duels enough for the same precision, a standard error of 0.001 on the
# most uncertain end (n = p(1 - p) / 0.001^2 for the exact p nearest 1/2), both cores; the ratio
# sampled / exact. The book's twelve-piece duel (examples/siege-duration.toml): the whole exact
# run (its aim: under 1 s) against 100,000 seeded duels (--runs 100000, both cores), whole
# processes; a run whose odds are not exact fails the bench.
set -e
bin=${1:?usage: bench/duel-exact.sh BIN_DIR}
sd="$bin/siege-duration"
ns() { date +%s%N; }
common="--shp 24000 --besieger-units 60 --defender-units 24 --method duel"

duel() {  # $1 name, then the artillery flags
  name=$1
  shift
  t0=$(ns)
  out=$("$sd" $common "$@" --table duel-ends --format csv)
  t1=$(ns)
  exact_ms=$(( (t1 - t0) / 1000000 ))
  states=$(echo "$out" | awk -F, 'NR == 2 { print $4 }')
  # The runs for a standard error of 0.001 on the end whose exact p is nearest 1/2.
  runs=$(echo "$out" | awk -F, 'NR > 1 { q = $8 * (1 - $8); if (q > m) m = q } END { n = int(m / 0.000001) + 1; if (n > 1000000) n = 1000000; print n }')
  t0=$(ns)
  "$sd" $common "$@" --runs "$runs" --threads 2 --table duel-ends --format csv >/dev/null
  t1=$(ns)
  sampled_ms=$(( (t1 - t0) / 1000000 ))
  echo "$name: exact $exact_ms ms ($states states); $runs seeded duels for the same precision $sampled_ms ms;" \
    "sampled / exact $(awk "BEGIN { printf \"%.1f\", $sampled_ms / ($exact_ms > 0 ? $exact_ms : 1) }")"
}

duel "a gun against two cannon and a mortar" --defender-artillery 1x12-pdr-gun \
  --besieger-artillery 2x24-pdr-cannon --besieger-artillery 1x90-pdr-mortar@2500
duel "two guns against three cannon" --defender-artillery 2x12-pdr-gun --besieger-artillery 3x24-pdr-cannon
duel "a gun against a mortar at 1,500 yd, 400 rounds" --defender-artillery 1x12-pdr-gun \
  --besieger-artillery 1x90-pdr-mortar@1500 --max-rounds 400

dir=$(cd "$(dirname "$0")/.." && pwd)
book="$dir/examples/siege-duration.toml"
t0=$(ns)
out=$("$sd" "$book" --method duel --table duel-ends --format csv)
t1=$(ns)
exact_ms=$(( (t1 - t0) / 1000000 ))
method=$(echo "$out" | awk -F, 'NR == 2 { print $3 }')
states=$(echo "$out" | awk -F, 'NR == 2 { print $4 }')
t0=$(ns)
"$sd" "$book" --method duel --runs 100000 --threads 2 --table duel-ends --format csv >/dev/null
t1=$(ns)
sampled_ms=$(( (t1 - t0) / 1000000 ))
echo "the book's duel: $method $exact_ms ms ($states states); 100,000 seeded duels $sampled_ms ms;" \
  "sampled / exact $(awk "BEGIN { printf \"%.1f\", $sampled_ms / ($exact_ms > 0 ? $exact_ms : 1) }")"
[ "$method" = exact ] || { echo "the book's duel was not exact" >&2; exit 1; }
