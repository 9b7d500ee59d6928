#!/bin/sh
# JSON as fast as csv (issue 22, item 8): the same 150,000 custom pieces from one TOML file to csv
# and to JSON (the streamed batch path, memory flat), csv and JSON alternated $2 times (default 3):
# the median wall time of each, its CPU time (user + system, /usr/bin/time) and peak memory, and
# the ratios json/csv. The target is at most 2; above it the script says so and exits 1. It judges
# by the CPU times when /usr/bin/time is installed (the wall times of a shared machine follow its
# load: a busy minute has made a ratio of 1.1 read 1.5), else by the wall times. $1: the directory
# of the binaries.
set -e
bin=${1:-build/bin}
runs=${2:-3}
file=/tmp/gunpowder-bench-json-speed-$$.toml
awk 'BEGIN { split("cannon gun mortar", t, " ");
  for (i = 0; i < 150000; i++) {
    printf "[[piece]]\ntype = \"%s\"\nshot_lb = %.2f\n\n", t[i % 3 + 1], 1 + (i % 997) * 0.173 }
}' > $file
# run FORMAT: one run; appends "wall_ms cpu_ms peak_kb" to $file.FORMAT (CPU and peak 0 without
# /usr/bin/time).
run() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %U %S %M" -o $file.time "$bin/artillery-design" "$file" --format $1 > /dev/null
    awk '{ printf "%.1f %.1f %d\n", $1 * 1000, ($2 + $3) * 1000, $4 }' $file.time >> $file.$1
  else
    s=$(date +%s%N); "$bin/artillery-design" "$file" --format $1 > /dev/null; e=$(date +%s%N)
    echo "$(( (e - s) / 1000000 )) 0 0" >> $file.$1
  fi
}
: > $file.csv
: > $file.json
i=0
while [ $i -lt $runs ]; do
  run csv
  run json
  i=$((i + 1))
done
# median FORMAT COLUMN
median() { cut -d' ' -f$2 $file.$1 | sort -n | awk '{a[NR]=$1} END {printf "%.0f", (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
csv=$(median csv 1); json=$(median json 1)
csv_cpu=$(median csv 2); json_cpu=$(median json 2)
csv_kb=$(median csv 3); json_kb=$(median json 3)
rm -f $file $file.csv $file.json $file.time
ratio() { awk -v a=$1 -v b=$2 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
wall=$(ratio $json $csv)
cpu=$(ratio $json_cpu $csv_cpu)
if [ -x /usr/bin/time ]; then
  echo "artillery-design 150,000 custom pieces (median of $runs): csv ${csv} ms (CPU ${csv_cpu} ms, peak $((csv_kb / 1024)) MB), json ${json} ms (CPU ${json_cpu} ms, peak $((json_kb / 1024)) MB); json/csv $wall (CPU $cpu)"
  judged=$cpu
else
  echo "artillery-design 150,000 custom pieces (median of $runs): csv ${csv} ms, json ${json} ms; json/csv $wall"
  judged=$wall
fi
if awk -v r=$judged 'BEGIN { exit !(r > 2) }'; then
  echo "json-speed: json/csv $judged is over the target of 2"
  exit 1
fi
