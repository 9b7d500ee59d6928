#!/bin/sh
# Benchmark of gunpowder-book (issue 26, item 5): the whole reference book written into a fresh
# directory (every page's command run in-process three times: markdown, csv, json; the HTML and
# the files beside it), on the built-in tables and with a house-rules file (the book made twice,
# to mark the changed cells). Medians of RUNS runs (default 5) of the wall time and of the CPU
# time (user + system), with the date, the commit and the load average. Target: the whole book in
# under 5 s on the 2-core machine. Builds nothing; $1: the binaries' directory, $2: the runs.
set -e
bin=${1:-build/bin}
runs=${2:-5}
dir=$(mktemp -d /tmp/gunpowder-bench-book.XXXXXX)
rules="$(dirname "$0")/../examples/house-rules/30-pdr-gun.toml"
# median_of FILE: the median of the numbers in FILE, one a line.
median_of() {
  sort -n "$1" | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f\n", m}'
}
# measure LABEL ARGS...: RUNS runs of gunpowder-book ARGS into a fresh directory each.
measure() {
  label=$1; shift
  : > "$dir/wall"; : > "$dir/cpu"
  i=0
  while [ $i -lt "$runs" ]; do
    rm -rf "$dir/book"
    /usr/bin/time -f '%e %U %S' -o "$dir/time" "$bin/gunpowder-book" "$dir/book" "$@" >/dev/null
    awk '{print $1 >> "'"$dir/wall"'"; print $2 + $3 >> "'"$dir/cpu"'"}' "$dir/time"
    i=$((i + 1))
  done
  pages=$(ls "$dir/book"/*.html | wc -l)
  bytes=$(du -sk "$dir/book" | cut -f1)
  echo "book: $label: median of $runs: $(median_of "$dir/wall") s wall, $(median_of "$dir/cpu") s CPU ($pages pages, ${bytes} KB; target: under 5 s)"
}
commit=$(git -C "$(dirname "$0")" rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "book: $(date -u '+%Y-%m-%d %H:%M UTC') at $commit, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
measure "built-in tables"
measure "with house rules (30-pdr-gun.toml)" --house-rules "$rules"
echo "book: load average after $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$dir"
