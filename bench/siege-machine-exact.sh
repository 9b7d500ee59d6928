#!/bin/sh
# Benchmark of siege-duration's exact Siege Machine odds (issue 27, items 4 and 6; builds
# nothing): $1 is the directory of the binaries. For each siege: the exact odds (a Markov chain
# over the siege's states between weeks) against seeded sieges enough for the same precision, a
# standard error of 0.001 on the most uncertain end (n = p(1 - p) / 0.001^2 for the exact p
# nearest 1/2), both cores; the ratio sampled / exact; whole processes. A run whose odds are not
# exact fails the bench. Then the book's example (examples/siege-duration-machine.toml), which
# passes the chain's bound: what the attempt costs (the default run against --runs 10000).
set -e
bin=${1:?usage: bench/siege-machine-exact.sh BIN_DIR}
sd="$bin/siege-duration"
dir=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ns() { date +%s%N; }

siege() {  # $1 name, $2 file
  t0=$(ns)
  out=$("$sd" "$2" --method siege-machine --table siege-ends --format csv)
  t1=$(ns)
  exact_ms=$(( (t1 - t0) / 1000000 ))
  method=$(echo "$out" | awk -F, 'NR == 2 { print $3 }')
  states=$(echo "$out" | awk -F, 'NR == 2 { print $4 }')
  [ "$method" = exact ] || { echo "$1: not exact ($method)" >&2; exit 1; }
  runs=$(echo "$out" | awk -F, 'NR > 1 { q = $8 * (1 - $8); if (q > m) m = q } END { n = int(m / 0.000001) + 1; if (n > 1000000) n = 1000000; print n }')
  t0=$(ns)
  "$sd" "$2" --method siege-machine --runs "$runs" --threads 2 --table siege-ends --format csv >/dev/null
  t1=$(ns)
  sampled_ms=$(( (t1 - t0) / 1000000 ))
  echo "$1: exact $exact_ms ms ($states states); $runs seeded sieges for the same precision $sampled_ms ms;" \
    "sampled / exact $(awk "BEGIN { printf \"%.1f\", $sampled_ms / ($exact_ms > 0 ? $exact_ms : 1) }")"
}

siege "sixty defenders in a keep under two trebuchets, 12 weeks (examples/siege-duration-machine-small.toml)" \
  "$dir/examples/siege-duration-machine-small.toml"
# The same keep with seventy defenders (near even odds).
sed -e 's/^troops = 60$/troops = 70/' "$dir/examples/siege-duration-machine-small.toml" >"$tmp/double.toml"
siege "the same keep with seventy defenders" "$tmp/double.toml"

book="$dir/examples/siege-duration-machine.toml"
t0=$(ns)
out=$("$sd" "$book" --method siege-machine --table siege-ends --format csv)
t1=$(ns)
default_ms=$(( (t1 - t0) / 1000000 ))
method=$(echo "$out" | awk -F, 'NR == 2 { print $3 }')
t0=$(ns)
"$sd" "$book" --method siege-machine --runs 10000 --table siege-ends --format csv >/dev/null
t1=$(ns)
sampled_ms=$(( (t1 - t0) / 1000000 ))
echo "the book's example: $method by default, $default_ms ms (the exact attempt and 10,000 seeded sieges);" \
  "--runs 10000 alone $sampled_ms ms"
