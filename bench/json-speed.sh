#!/bin/sh
# JSON as fast as csv (issue 22, item 8): the same 150,000 custom pieces from one TOML file to csv
# and to JSON in the same run (the streamed batch path, memory flat), and the ratio of the two
# times (at most 2). $1: the directory of the binaries.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/lib.sh"
file=/tmp/gunpowder-bench-json-speed-$$.toml
awk 'BEGIN { split("cannon gun mortar", t, " ");
  for (i = 0; i < 150000; i++) {
    printf "[[piece]]\ntype = \"%s\"\nshot_lb = %.2f\n\n", t[i % 3 + 1], 1 + (i % 997) * 0.173 }
}' > $file
csv=$(once_ms "$bin/artillery-design" "$file" --format csv)
json=$(once_ms "$bin/artillery-design" "$file" --format json)
echo "artillery-design 150,000 custom pieces: csv ${csv} ms, json ${json} ms; json/csv $(awk -v a=$json -v b=$csv 'BEGIN{printf "%.2f", a/b}')"
rm -f $file
