#!/bin/sh
# Benchmarks of artillery-design (issue 2): start-up of a one-liner against a C++ hello world,
# and 100,000 custom pieces from one TOML file. $1: the directory of the binaries.
set -e
bin=${1:-build/bin}
. "$(dirname "$0")/lib.sh"
hello=$(median_ms 51 "$bin/bench-hello")
one=$(median_ms 51 "$bin/artillery-design" --type gun --shot-lb 18 --format json)
echo "artillery-design one-liner (--type gun --shot-lb 18 --format json): median ${one} ms; hello world: median ${hello} ms; ratio $(awk -v a=$one -v b=$hello 'BEGIN{printf "%.2f", a/b}')"
file=/tmp/gunpowder-bench-pieces.toml
awk 'BEGIN { split("cannon gun mortar", t, " "); srand(1);
  for (i = 0; i < 100000; i++) {
    printf "[[piece]]\ntype = \"%s\"\nshot_lb = %.2f\n\n", t[i % 3 + 1], 1 + (i % 997) * 0.173 }
}' > $file
ms=$(once_ms "$bin/artillery-design" "$file" --format csv)
echo "artillery-design 100,000 custom pieces from one TOML file (csv): ${ms} ms"
rm -f $file
