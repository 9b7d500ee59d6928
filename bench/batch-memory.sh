#!/bin/sh
# Batch output and memory (issue 14): artillery-design on generated files of [[piece]] tables of
# about 20 MB and 200 MB, to csv and to JSON, output counted by wc -c. Prints the wall time,
# the peak resident memory (/usr/bin/time -v) and the output's size. $1: the directory of the
# binaries; $2 (optional): the sizes in MB to run (default "20 200"). The wall time depends on the
# machine's load; the CPU time (user + system) less so. A batch is read twice (checked, then
# written), and the output is counted by wc -c through a pipe.
set -e
bin=${1:-build/bin}
sizes=${2:-20 200}
[ -x /usr/bin/time ] || { echo "batch-memory: /usr/bin/time not installed, skipped"; exit 0; }
for mb in $sizes; do
  file=/tmp/gunpowder-bench-batch-$mb.toml
  # name, type and shot weight: about 55 bytes a piece, every piece designed by the formulas.
  awk -v bytes=$((mb * 1000000)) 'BEGIN { split("cannon gun mortar", t, " "); n = 0; i = 0;
    while (n < bytes) {
      s = sprintf("[[piece]]\nname = \"P%d\"\ntype = \"%s\"\nshot_lb = %.2f\n\n", i, t[i % 3 + 1], 1 + (i % 997) * 0.173);
      printf "%s", s; n += length(s); i++ }
    print i > "/dev/stderr" }' > $file 2> $file.count
  pieces=$(cat $file.count)
  for fmt in csv json; do
    /usr/bin/time -v -o $file.time "$bin/artillery-design" "$file" --format $fmt | wc -c > $file.out
    bytes=$(cat $file.out)
    awk -v mb=$mb -v n=$pieces -v fmt=$fmt -v out=$bytes '
      /Elapsed \(wall clock\)/ { split($NF, a, ":"); s = (length(a) == 3) ? a[1] * 3600 + a[2] * 60 + a[3] : a[1] * 60 + a[2] }
      /Maximum resident set size/ { kb = $NF }
      /User time \(seconds\)/ { cpu += $NF }
      /System time \(seconds\)/ { cpu += $NF }
      END { printf "artillery-design %d MB file (%d pieces) to %s: %.2f s (CPU %.2f s), peak %.0f MB, output %.0f MB (%.0f MB/s)\n",
            mb, n, fmt, s, cpu, kb / 1024, out / 1e6, (s > 0 ? out / 1e6 / s : 0) }' $file.time
    rm -f $file.out $file.time
  done
  rm -f $file $file.count
done
